// What a show folder holds: one sheet per catalogue table, its columns (SPEC §3 field names), the natural
// key that finds a row again without its id, and the references a spreadsheet writes by name.
import {
  ACTIVITY_LEVELS,
  BODY_BUILDS,
  BODY_SIZES,
  COAT_LENGTHS,
  GROOMING_LEVELS,
  HABITATS,
  INDEPENDENCE_LEVELS,
  SHEDDING_LEVELS,
  VOCALITIES,
} from '../../shared/breed-traits.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { FACILITY_KINDS, PLACE_KINDS } from '../../shared/row-schemas.ts';

type CellKind =
  | 'text'
  | 'int'
  | 'number'
  | 'bool'
  | 'date'
  | 'time'
  /** One image: a storage path in the images bucket, a URL, or a file in the folder. */
  | 'image'
  /** A catalogue number as printed ("052a" is read as "52A": shared/catalogue.ts). */
  | 'catalogueNumber'
  /** A pen in its one written form ("b 12 " is "B 12": shared/pens.ts), as the console writes it. */
  | 'pen'
  /** A list of images stored as text[] (one per line in a cell). */
  | 'imageList'
  /** A list of images stored as SPEC list text ("{a,b}"). */
  | 'imageListText'
  /** A word of a vocabulary, read whatever its case, with spaces or dashes for underscores ("First aid" is first_aid). */
  | 'choice'
  /** A polygon as `x y, x y, x y` (three points or more), stored as jsonb [[x, y], …]. */
  | 'outline'
  /** jsonb holding a list (one per line) or a text list (a cell starting with { or "). */
  | 'listOrText'
  | 'imageListOrText'
  | 'ref';

export interface ColumnSpec {
  /** The header in the sheet. */
  header: string;
  /** The database column. */
  column: string;
  kind: CellKind;
  /** An empty cell is an error. */
  required?: boolean;
  /** What an empty cell stores when the column has a not-null default. */
  empty?: unknown;
  /** The referenced table, for kind 'ref'. */
  ref?: MirrorTable;
  /** The allowed values (the quiz vocabulary), with what to call them in a message. */
  vocabulary?: { values: readonly string[]; what: string };
}

export interface TableSpec {
  table: MirrorTable;
  /** The sheet's name in a folder (`<sheet>.csv`, a workbook's sheet) when it is not the table's. */
  sheet?: string;
  columns: ColumnSpec[];
  /** The columns (database names) that find a row without its id; unique within the show. */
  key: string[];
  /** How a reference cell names one of this table's rows, when not by id. */
  refBy?: string;
  /** The rows a show folder holds, when not all of the table's: the rest are neither exported, matched nor pruned. */
  only?: { column: string; value: string };
}

const col = (header: string, kind: CellKind = 'text', extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ header, column: header, kind, ...extra });
const ref = (header: string, column: string, table: MirrorTable, required = true): ColumnSpec => ({ header, column, kind: 'ref', ref: table, required });
const vocab = (header: string, values: readonly string[], what: string): ColumnSpec => col(header, 'text', { vocabulary: { values, what } });

const BODY_TYPES = Object.keys(BODY_SIZES).flatMap((s) => Object.keys(BODY_BUILDS).map((b) => `${s}, ${b}`));

/** In the order an import writes them: every table after the ones it references. */
export const SHOW_TABLES: TableSpec[] = [
  {
    table: 'organizations',
    key: ['name'],
    refBy: 'name or abbreviation',
    columns: [col('name', 'text', { required: true }), col('abbreviation'), col('description')],
  },
  {
    table: 'quality_labels',
    key: ['name'],
    refBy: 'name',
    columns: [col('name', 'text', { required: true }), col('description')],
  },
  {
    table: 'breeds',
    key: ['universal_breed_abbreviation'],
    refBy: 'abbreviation',
    columns: [
      col('breed_name', 'text', { required: true }),
      col('universal_breed_abbreviation', 'text', { required: true }),
      col('overview_image', 'image'),
      col('detail_images', 'imageListText'),
      vocab('activity_level', Object.keys(ACTIVITY_LEVELS), 'activity level'),
      vocab('grooming_level', GROOMING_LEVELS, 'grooming level'),
      vocab('vocality', Object.keys(VOCALITIES), 'vocality'),
      vocab('habitat', Object.keys(HABITATS), 'habitat'),
      col('life_expectancy'),
      col('colors'),
      col('about'),
      col('temperament'),
      col('health_and_development'),
      col('health_challenges'),
      col('health_tests'),
      vocab('coat_length', Object.keys(COAT_LENGTHS), 'coat length'),
      vocab('body_type', BODY_TYPES, 'body type'),
      vocab('shedding_level', Object.keys(SHEDDING_LEVELS), 'shedding level'),
      vocab('independence_level', Object.keys(INDEPENDENCE_LEVELS), 'independence level'),
    ],
  },
  {
    table: 'catteries',
    key: ['name'],
    refBy: 'name',
    columns: [
      col('name', 'text', { required: true }),
      col('profile_image_url', 'image'),
      col('city'),
      col('country'),
      col('street_address'),
      col('postal_code'),
      col('website'),
      col('website_url'),
      col('email'),
      col('phone'),
      col('first_name'),
      col('last_name'),
      col('description'),
      col('is_verified', 'bool', { empty: false }),
      col('detail_images', 'imageList', { empty: [] }),
      ref('organization', 'organization_id', 'organizations', false),
      col('latitude', 'number'),
      col('longitude', 'number'),
    ],
  },
  {
    table: 'cattery_has_breed',
    key: ['cattery_id', 'breed_id'],
    columns: [
      ref('cattery', 'cattery_id', 'catteries'),
      ref('breed', 'breed_id', 'breeds'),
      col('certification_url'),
      col('certification_date', 'date'),
      col('is_primary_breed', 'bool', { empty: false }),
    ],
  },
  {
    table: 'cattery_has_quality_label',
    key: ['cattery_id', 'quality_label_id'],
    columns: [
      ref('cattery', 'cattery_id', 'catteries'),
      ref('quality_label', 'quality_label_id', 'quality_labels'),
      col('issued_date', 'date'),
      col('expiration_date', 'date'),
      col('certificate_url'),
    ],
  },
  {
    table: 'litters',
    key: ['cattery_id', 'date_of_birth', 'dam'],
    refBy: '"<cattery> / <date_of_birth> / <dam>"',
    columns: [
      ref('cattery', 'cattery_id', 'catteries'),
      ref('breed', 'breed_id', 'breeds', false),
      col('date_of_birth', 'date', { required: true }),
      col('num_male_kittens', 'int', { empty: 0 }),
      col('num_female_kittens', 'int', { empty: 0 }),
      col('available_male_kittens', 'int', { empty: 0 }),
      col('available_female_kittens', 'int', { empty: 0 }),
      col('litter_image_url', 'image'),
      col('sire'),
      col('dam'),
      col('sire_picture_url', 'image'),
      col('dam_picture_url', 'image'),
    ],
  },
  {
    table: 'litter_images',
    key: ['litter_id', 'image_url'],
    columns: [ref('litter', 'litter_id', 'litters'), col('image_url', 'image', { required: true })],
  },
  {
    table: 'events',
    key: ['name'],
    refBy: 'name',
    columns: [
      col('name', 'text', { required: true }),
      col('start_date', 'date', { required: true }),
      col('end_date', 'date', { required: true }),
      col('city'),
      col('country'),
      col('venue_name'),
      col('street_address'),
      col('postal_code'),
      col('expected_attendance', 'int'),
      col('description'),
      col('event_picture_url', 'image'),
      col('latitude', 'number'),
      col('longitude', 'number'),
      col('time_zone', 'text', { empty: 'Europe/Amsterdam' }),
    ],
  },
  {
    table: 'event_schedule',
    key: ['event_id', 'schedule_date', 'start_time', 'title'],
    columns: [
      ref('event', 'event_id', 'events'),
      col('schedule_date', 'date', { required: true }),
      col('start_time', 'time', { required: true }),
      col('end_time', 'time', { required: true }),
      col('title', 'text', { required: true }),
      col('description'),
      col('location'),
    ],
  },
  {
    // The show catalogue: registries word class, section and colour differently, so they are free text.
    table: 'catalogue_entries',
    sheet: 'entries',
    key: ['catalogue_number', 'event_id'],
    columns: [
      ref('event', 'event_id', 'events'),
      col('catalogue_number', 'catalogueNumber', { required: true }),
      col('name', 'text', { required: true }),
      ref('breed', 'breed_id', 'breeds'),
      col('colour'),
      col('sex', 'text', { required: true, vocabulary: { values: ['male', 'female'], what: 'sex' } }),
      col('date_of_birth', 'date'),
      col('class'),
      col('section'),
      ref('cattery', 'cattery_id', 'catteries', false),
      col('sire'),
      col('dam'),
      col('owner'),
      col('pen', 'pen'),
      col('absent', 'bool', { empty: false }),
    ],
  },
  {
    table: 'advertisers',
    key: ['company_name'],
    columns: [
      col('company_name', 'text', { required: true }),
      col('company_logo_url', 'image'),
      col('website'),
      col('street_address'),
      col('city'),
      col('postal_code'),
      col('country'),
      col('intro_text'),
      col('product_images', 'imageListOrText', { empty: [] }),
      col('product_descriptions', 'listOrText', { empty: [] }),
      col('discount_voucher_enabled', 'bool', { empty: false }),
      col('discount_voucher_amount', 'number'),
      col('rebate_voucher_enabled', 'bool', { empty: false }),
      col('rebate_voucher_percentage', 'number'),
      col('latitude', 'number'),
      col('longitude', 'number'),
      // Added with the hall: an older folder without them leaves them as they are.
      col('stand'),
      col('opening_hours'),
    ],
  },
  {
    // One per event: its picture and the coordinate space its places are drawn in. An empty width or height is
    // the picture's own size (plan-pictures.ts reads it from the file in the folder).
    table: 'floor_plans',
    key: ['event_id'],
    refBy: "its event's name",
    columns: [
      ref('event', 'event_id', 'events'),
      col('image', 'image', { column: 'image_url', required: true }),
      col('width', 'number'),
      col('height', 'number'),
      col('description'),
    ],
  },
  {
    // A place names its plan by the plan's event (one plan per event); plan-places.ts checks what each kind needs.
    table: 'places',
    key: ['floor_plan_id', 'kind', 'label'],
    columns: [
      ref('event', 'floor_plan_id', 'floor_plans'),
      col('kind', 'choice', { required: true, vocabulary: { values: PLACE_KINDS, what: 'kind' } }),
      col('facility', 'choice', { vocabulary: { values: FACILITY_KINDS, what: 'facility' } }),
      col('label', 'text', { required: true }),
      col('x', 'number', { required: true }),
      col('y', 'number', { required: true }),
      col('width', 'number', { required: true }),
      col('height', 'number', { required: true }),
      col('outline', 'outline'),
      col('location'),
      col('pens'),
      ref('advertiser', 'advertiser_id', 'advertisers', false),
    ],
  },
  {
    // The judging's results as a judging program exports them: final, so published unless the sheet says
    // otherwise. A cat is named by its catalogue number in the row's event; a ring is a schedule location
    // (empty: the show's own, as Best in Show). Visitor's Choice is published from the organiser's results
    // page, from the votes, so its rows are neither exported nor read here (readTableRows: kind judging).
    table: 'results',
    key: ['event_id', 'ring', 'award', 'entry_id'],
    only: { column: 'kind', value: 'judging' },
    columns: [
      ref('event', 'event_id', 'events'),
      col('ring'),
      col('award', 'text', { required: true }),
      col('place', 'int'),
      { header: 'catalogue_number', column: 'entry_id', kind: 'ref', ref: 'catalogue_entries', required: true },
      col('judge'),
      col('published', 'bool', { empty: true }),
    ],
  },
];

export const TABLE_SPECS = new Map(SHOW_TABLES.map((t) => [t.table, t]));

/** The name of a table's sheet in a folder: `entries` for catalogue_entries, the table's own name for the rest. */
export const sheetNameOf = (table: MirrorTable): string => TABLE_SPECS.get(table)?.sheet ?? table;
const SHEET_TABLES = new Map(SHOW_TABLES.map((t) => [sheetNameOf(t.table), t.table]));
/** Every sheet a folder may hold, by name. */
export const SHEET_NAMES: readonly string[] = [...SHEET_TABLES.keys()];
/** The table a sheet's name stands for, or undefined for a name that is no sheet of a show folder. */
export const tableOfSheet = (name: string): MirrorTable | undefined => SHEET_TABLES.get(name);

/** Every header a sheet may have: id, then the columns in order. */
export const headersOf = (spec: TableSpec): string[] => ['id', ...spec.columns.map((c) => c.header)];

/** A database row as the show command reads it: its id and the table spec's columns. */
export type DbRow = Record<string, unknown> & { id: number };

/** The database columns a table spec reads (id included). */
export const dbColumnsOf = (spec: TableSpec): string[] => ['id', ...spec.columns.map((c) => c.column)];

// The rows sync_pull returns, one zod schema per mirrored table (SPEC §3: the server's column names), and
// their row types, inferred from the schemas: the sync engine parses each pulled row with them (unknown
// columns are stripped), the app reads the mirror as these types, and the venue server's show import
// checks a folder's rows with them, so a sheet accepts exactly what a phone does.
import * as z from './zod-mini.ts';
import type { MirrorTable } from './mirror-tables.ts';

const id = z.int().check(z.positive());
const text = z.string();
const optText = z.nullable(z.string());
const date = z.iso.date();
const optDate = z.nullable(date);
const time = z.iso.time();
const count = z.int().check(z.nonnegative());
const optNumber = z.nullable(z.number());
const latitude = z.nullable(z.number().check(z.gte(-90), z.lte(90)));
const longitude = z.nullable(z.number().check(z.gte(-180), z.lte(180)));
/** SPEC §2: a list, or a text holding a quoted comma-separated list. */
const listOrText = z.union([z.array(z.string()), z.string()]);

const synced = { id, updated_at: z.iso.datetime({ offset: true }) };

const organizationSchema = z.object({ ...synced, name: text, abbreviation: optText, description: optText });

const breedSchema = z.object({
  ...synced,
  breed_name: text,
  universal_breed_abbreviation: text,
  overview_image: optText,
  /** A text list in braces (SPEC §3); read it with parseListText. */
  detail_images: optText,
  activity_level: optText,
  grooming_level: optText,
  vocality: optText,
  habitat: optText,
  life_expectancy: optText,
  colors: optText,
  about: optText,
  temperament: optText,
  health_and_development: optText,
  health_challenges: optText,
  health_tests: optText,
  coat_length: optText,
  body_type: optText,
  shedding_level: optText,
  independence_level: optText,
});

const catterySchema = z.object({
  ...synced,
  name: text,
  profile_image_url: optText,
  city: optText,
  country: optText,
  street_address: optText,
  postal_code: optText,
  website: optText,
  website_url: optText,
  email: optText,
  phone: optText,
  first_name: optText,
  last_name: optText,
  description: optText,
  is_verified: z.boolean(),
  detail_images: z.array(z.string()),
  organization_id: z.nullable(id),
  latitude,
  longitude,
});

const catteryBreedSchema = z.object({
  ...synced,
  cattery_id: id,
  breed_id: id,
  certification_url: optText,
  certification_date: optDate,
  is_primary_breed: z.boolean(),
});

const qualityLabelSchema = z.object({ ...synced, name: text, description: optText });

const catteryQualityLabelSchema = z.object({
  ...synced,
  cattery_id: id,
  quality_label_id: id,
  issued_date: optDate,
  expiration_date: optDate,
  certificate_url: optText,
});

const litterSchema = z.object({
  ...synced,
  cattery_id: id,
  breed_id: z.nullable(id),
  date_of_birth: date,
  num_male_kittens: count,
  num_female_kittens: count,
  available_male_kittens: count,
  available_female_kittens: count,
  litter_image_url: optText,
  sire: optText,
  dam: optText,
  sire_picture_url: optText,
  dam_picture_url: optText,
});

const litterImageSchema = z.object({ ...synced, litter_id: id, image_url: text });

/** A show or expo (not the DOM's Event). */
const showEventSchema = z.object({
  ...synced,
  name: text,
  start_date: date,
  end_date: date,
  city: optText,
  country: optText,
  venue_name: optText,
  street_address: optText,
  postal_code: optText,
  expected_attendance: z.nullable(count),
  description: optText,
  event_picture_url: optText,
  latitude,
  longitude,
  /** The venue's IANA time zone; the event's session dates and times are wall-clock times there. */
  time_zone: text,
});

/** One item of an event's schedule. */
const scheduleSessionSchema = z.object({
  ...synced,
  event_id: id,
  schedule_date: date,
  start_time: time,
  end_time: time,
  title: text,
  description: optText,
  /** The CURRENT place: an organiser's move changes it (old builds show the new place too). */
  location: optText,
  // Defaults: a server from before the live schedule sends none of these (docs/SYNC-COMPATIBILITY.md).
  /** 'cancelled' by the organiser; absent on rows mirrored before the live schedule. */
  status: z._default(z.enum(['scheduled', 'cancelled']), 'scheduled'),
  /** What the session was before its first change (all null while unchanged): "Moved from 14:00". */
  original_date: z._default(optDate, null),
  original_start_time: z._default(z.nullable(time), null),
  original_end_time: z._default(z.nullable(time), null),
  original_location: z._default(optText, null),
});

/** A one-line announcement to an event's visitors, shown until ends_at (null: until withdrawn). */
const showNoticeSchema = z.object({
  ...synced,
  event_id: id,
  message: text,
  ends_at: z.nullable(z.iso.datetime({ offset: true })),
  created_at: z.iso.datetime({ offset: true }),
});

/** One cat in an event's catalogue, as the printed catalogue lists it (registries' words kept as text). */
const catalogueEntrySchema = z.object({
  ...synced,
  event_id: id,
  /** As printed: "52", or "52A" for a late entry; shared/catalogue.ts orders and matches them. */
  catalogue_number: text,
  /** With the titles, as the registry writes them ("GIC Amberlight's Tiger Lily"). */
  name: text,
  breed_id: id,
  /** The registry's words or an EMS code, as written ("MCO n 22"). */
  colour: optText,
  sex: z.enum(['male', 'female']),
  date_of_birth: optDate,
  class: optText,
  /** The catalogue's section or category heading, when the show prints one. */
  section: optText,
  cattery_id: z.nullable(id),
  sire: optText,
  dam: optText,
  /** Only what the organiser publishes with the exhibitor's consent. */
  owner: optText,
  pen: optText,
  /** The cat did not come: shown as "Absent", never hidden. */
  absent: z.boolean(),
});

const advertiserSchema = z.object({
  ...synced,
  company_name: text,
  company_logo_url: optText,
  website: optText,
  street_address: optText,
  city: optText,
  postal_code: optText,
  country: optText,
  intro_text: optText,
  /** A list, or quoted comma-separated text (SPEC §2); read it with parseListText. */
  product_images: listOrText,
  product_descriptions: listOrText,
  discount_voucher_enabled: z.boolean(),
  discount_voucher_amount: optNumber,
  rebate_voucher_enabled: z.boolean(),
  rebate_voucher_percentage: optNumber,
  latitude,
  longitude,
  /** Where the stand is and when it is open, as the organiser words them ("Stand 12"); a server before the hall sends neither. */
  stand: z._default(optText, null),
  opening_hours: z._default(optText, null),
});

/** An event's floor plan: the picture and the coordinate space its places are drawn in. */
const floorPlanSchema = z.object({
  ...synced,
  event_id: id,
  /** In the images bucket: an SVG as is, or a raster picture's photo-pipeline path. */
  image_url: text,
  /** The plan's own units: x right and y down from the picture's top left. */
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
  /** The picture in words. */
  description: optText,
});

/** The kinds of place on a plan, and of facility (the server's check constraints list the same). */
export const PLACE_KINDS = ['ring', 'benching', 'stand', 'facility', 'area'] as const;
export const FACILITY_KINDS = ['entrance', 'exit', 'toilets', 'food', 'first_aid', 'vet_check', 'info_desk'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export type FacilityKind = (typeof FACILITY_KINDS)[number];

/** A place on a floor plan: a ring, a benching row, a stand, a facility or an area. */
const placeSchema = z.object({
  ...synced,
  floor_plan_id: id,
  kind: z.enum(PLACE_KINDS),
  facility: z.nullable(z.enum(FACILITY_KINDS)),
  label: text,
  /** The bounding rectangle in the plan's coordinates. */
  x: z.number(),
  y: z.number(),
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
  /** A polygon inside the rectangle ([[x, y], …]); null: the place is the rectangle. */
  outline: z.nullable(z.array(z.tuple([z.number(), z.number()]))),
  /** A ring: the schedule location it is. */
  location: optText,
  /** A benching row: its pens in order along the row ("A1-A20, A21-A40"); shared/floor-plan.ts reads it. */
  pens: optText,
  /** A stand: its advertiser. */
  advertiser_id: z.nullable(id),
});

/** Where a call stands at its ring. */
export const CALL_STATUSES = ['called', 'judging', 'done'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** A ring call: the cats a clerk calls to a ring together, and where judging them stands. */
const ringCallSchema = z.object({
  ...synced,
  event_id: id,
  /** A location of the event's schedule, as the schedule writes it. */
  ring: text,
  /** What the clerk called them by, when anything ("Shorthair kittens"). */
  label: optText,
  /** The entries called, as printed and in the order called. */
  catalogue_numbers: z.array(text),
  status: z.enum(CALL_STATUSES),
  called_at: z.iso.datetime({ offset: true }),
  /** When the status last changed. */
  status_at: z.iso.datetime({ offset: true }),
});

/**
 * A published result: an award or a final's place given to a cat of the catalogue, in the registry's
 * words ("EX1", "Best Kitten", "Top 10 Allbreed Kitten"). A phone's mirror holds published ones only.
 */
const resultSchema = z.object({
  ...synced,
  event_id: id,
  /** The ring's schedule location; null for the show's own awards (BIS, Visitor's Choice). */
  ring: optText,
  award: text,
  /** The place in a final; null for an award without places (EX1, NOM, CAC). */
  place: z.nullable(z.int().check(z.positive())),
  entry_id: id,
  judge: optText,
  /** 'visitors_choice': the poll's winners; more kinds may come, read as judging. */
  kind: z.catch(z.enum(['judging', 'visitors_choice']), 'judging'),
  published_at: z.nullable(z.iso.datetime({ offset: true })),
});

/** The schema of each mirrored table (unknown columns are stripped). */
export const rowSchemas = {
  breeds: breedSchema,
  organizations: organizationSchema,
  catteries: catterySchema,
  cattery_has_breed: catteryBreedSchema,
  quality_labels: qualityLabelSchema,
  cattery_has_quality_label: catteryQualityLabelSchema,
  litters: litterSchema,
  litter_images: litterImageSchema,
  events: showEventSchema,
  event_schedule: scheduleSessionSchema,
  advertisers: advertiserSchema,
  show_notices: showNoticeSchema,
  catalogue_entries: catalogueEntrySchema,
  floor_plans: floorPlanSchema,
  places: placeSchema,
  ring_calls: ringCallSchema,
  results: resultSchema,
} satisfies Record<MirrorTable, z.ZodMiniType>;

// The row types: what a schema's parse returns (defaults filled in), as the mirror stores it.
/** The row type of a mirrored table, by the table's name. */
export type MirrorRow<T extends MirrorTable> = z.output<(typeof rowSchemas)[T]>;
export type Organization = z.output<typeof organizationSchema>;
export type Breed = z.output<typeof breedSchema>;
export type Cattery = z.output<typeof catterySchema>;
export type CatteryBreed = z.output<typeof catteryBreedSchema>;
export type QualityLabel = z.output<typeof qualityLabelSchema>;
export type CatteryQualityLabel = z.output<typeof catteryQualityLabelSchema>;
export type Litter = z.output<typeof litterSchema>;
export type LitterImage = z.output<typeof litterImageSchema>;
export type ShowEvent = z.output<typeof showEventSchema>;
export type ScheduleSession = z.output<typeof scheduleSessionSchema>;
export type ShowNotice = z.output<typeof showNoticeSchema>;
export type Advertiser = z.output<typeof advertiserSchema>;
export type CatalogueEntry = z.output<typeof catalogueEntrySchema>;
export type FloorPlan = z.output<typeof floorPlanSchema>;
export type Place = z.output<typeof placeSchema>;
export type RingCall = z.output<typeof ringCallSchema>;
export type ShowResult = z.output<typeof resultSchema>;

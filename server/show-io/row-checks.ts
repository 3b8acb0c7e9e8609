// The checks a row of the folder must pass before anything is written: the database's own constraints
// (which the app's row schemas do not hold) and the app's row schema itself, so a write never fails half-way.
import { rowSchemas } from '../../shared/row-schemas.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { PEN_MAX_LENGTH } from '../../shared/pens.ts';
import { parsePens } from '../../shared/floor-plan.ts';
import type { TableSpec } from './tables.ts';
import { lower, type PlannedRow } from './plan-keys.ts';

/** A stand-in for the columns the database fills itself, so the row schema checks the rest. */
const ANY_UPDATED_AT = '2026-01-01T00:00:00Z';

const DB_CHECKS = {
  abbreviation: /^[A-Za-z0-9-]{2,12}$/,
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
  zone: /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/,
};

function isTimeZone(zone: string): boolean {
  if (!DB_CHECKS.zone.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The unique constraints of the catalogue tables (supabase/migrations/20261121000100_catalogue.sql, 20261201000100_catalogue_entries.sql, 20261203000100_ring_calls_results.sql). */
export const UNIQUES: Partial<Record<MirrorTable, string[][]>> = {
  breeds: [['universal_breed_abbreviation'], ['breed_name']],
  catteries: [['name']],
  quality_labels: [['name']],
  cattery_has_breed: [['cattery_id', 'breed_id']],
  cattery_has_quality_label: [['cattery_id', 'quality_label_id']],
  catalogue_entries: [['catalogue_number', 'event_id']],
  floor_plans: [['event_id']],
  results: [['event_id', 'ring', 'award', 'entry_id']],
};

/** Whether the database holds the table's natural key unique. */
export const isUniqueKey = (spec: TableSpec): boolean => spec.table in UNIQUES;

/** The longest text each catalogue entry column holds (the table's checks, in characters). */
const ENTRY_MAX_CHARS: Record<string, number> = { name: 200, colour: 120, class: 80, section: 120, sire: 200, dam: 200, owner: 200, pen: PEN_MAX_LENGTH };

/** The longest text a result's columns hold (supabase/migrations/20261203000100_ring_calls_results.sql, in characters). */
const RESULT_MAX_CHARS: Record<string, number> = { ring: 80, award: 80, judge: 120 };
/** The award organiser_publish_visitors_choice gives the poll's winners (the same migration), show-wide. */
const VISITORS_CHOICE_AWARD = "Visitor's Choice";
/** The highest place a result may have (the results table's check). */
const RESULT_PLACE_MAX = 999;

/** The longest text the hall's columns hold (supabase/migrations/20261202000100_floor_plans.sql, in characters). */
const HALL_MAX_CHARS: Partial<Record<MirrorTable, Record<string, number>>> = {
  advertisers: { stand: 40, opening_hours: 200 },
  floor_plans: { image_url: 300, description: 500 },
  places: { label: 80, location: 100, pens: 500 },
};
/** The largest width or height a plan's coordinate space may have (the floor_plans table's check). */
const PLAN_SIZE_MAX = 100_000;

/** What each kind of place names, and in which column: a ring its location, a row its pens, … (the table's checks). */
const PLACE_KIND_COLUMNS = [
  { column: 'location', kind: 'ring', noun: 'a location', needs: 'the schedule location it is, e.g. "Ring 1"' },
  { column: 'pens', kind: 'benching', noun: 'pens', needs: 'its pens in order along the row, e.g. A1-A20, A21-A40' },
  { column: 'advertiser_id', kind: 'stand', noun: 'an advertiser', needs: "its advertiser's company_name, as in advertisers" },
  { column: 'facility', kind: 'facility', noun: 'a facility', needs: 'what it is: entrance, exit, toilets, food, first aid, vet check or info desk' },
] as const;
/** A kind of place in words. */
const PLACE_KIND_WORDS: Record<string, string> = { ring: 'a ring', benching: 'a benching row', stand: 'a stand', facility: 'a facility', area: 'an area' };

/**
 * Whether a cell holds an e-mail address or a phone number (seven digits or more in one run of digits,
 * spaces, dots, dashes, brackets or a plus): the catalogue is public, and names an owner only.
 */
function holdsContact(text: string): boolean {
  if (/[^@\s]+@[^@\s]+\.[^@\s]+/.test(text)) return true;
  return (text.match(/[\d+][\d ().+-]*/g) ?? []).some((run) => run.replace(/\D/g, '').length >= 7);
}

/** The checks the database makes that the app's row schemas do not: caught here so nothing fails half-way. */
export function checkRow(p: PlannedRow, reportAt: (header: string, message: string) => void): void {
  // A column these checks reported already is not reported again in the row schema's words.
  const reported = new Set<string>();
  const report = (header: string, message: string) => {
    reported.add(header);
    reportAt(header, message);
  };
  const v = (c: string) => (c in p.values ? p.values[c] : p.current?.[c]);
  const header = (c: string) => p.spec.columns.find((x) => x.column === c)!.header;
  const has = (c: string) => c in p.values;
  for (const [column, max] of Object.entries(HALL_MAX_CHARS[p.spec.table] ?? {})) {
    const text = has(column) ? v(column) : null;
    if (typeof text === 'string' && [...text].length > max) report(header(column), `at most ${max} characters (this has ${[...text].length})`);
  }
  switch (p.spec.table) {
    case 'floor_plans':
      for (const column of ['width', 'height']) {
        if (has(column) && Number(v(column)) > PLAN_SIZE_MAX) report(column, `at most ${PLAN_SIZE_MAX.toLocaleString('en')}`);
      }
      break;
    case 'places':
      {
        const kind = String(v('kind'));
        for (const need of PLACE_KIND_COLUMNS) {
          const value = need.column === 'advertiser_id' ? (need.column in p.refs ? p.refs[need.column] : p.current?.[need.column]) : v(need.column);
          const set = value !== null && value !== undefined;
          const what = PLACE_KIND_WORDS[need.kind]!;
          if (kind === need.kind && !set) report(header(need.column), `required for ${what}: ${need.needs}`);
          if (kind !== need.kind && set) report(header(need.column), `only ${what} has ${need.noun}; this row is ${PLACE_KIND_WORDS[kind] ?? kind}`);
        }
        if (kind === 'benching' && has('pens') && typeof v('pens') === 'string') {
          const pens = parsePens(String(v('pens')));
          if ('error' in pens) report('pens', pens.error);
        }
        // The outline is the place's shape inside its rectangle (SPEC §3): a point outside it is a typing error.
        const outline = v('outline');
        if (has('outline') && Array.isArray(outline)) {
          const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((c) => Number(v(c)));
          const outside = (outline as [number, number][]).find(([px, py]) => px < x! || px > x! + w! || py < y! || py > y! + h!);
          if (outside) report('outline', `the point ${outside.join(' ')} is outside the place's rectangle (x ${x}–${x! + w!}, y ${y}–${y! + h!})`);
        }
        break;
      }
      if (has('universal_breed_abbreviation') && !DB_CHECKS.abbreviation.test(String(v('universal_breed_abbreviation')))) {
        report('universal_breed_abbreviation', 'must be 2 to 12 letters, digits or dashes');
      }
      break;
    case 'catteries':
      if (has('email') && v('email') !== null && !DB_CHECKS.email.test(String(v('email')))) report('email', `not an e-mail address: "${String(v('email'))}"`);
      break;
    case 'litters':
      for (const sex of ['male', 'female']) {
        const avail = Number(v(`available_${sex}_kittens`) ?? 0);
        const total = Number(v(`num_${sex}_kittens`) ?? 0);
        if (avail > total) report(`available_${sex}_kittens`, `more than num_${sex}_kittens (${total})`);
      }
      break;
    case 'cattery_has_quality_label':
      if (v('issued_date') && v('expiration_date') && String(v('expiration_date')) < String(v('issued_date'))) {
        report('expiration_date', `before issued_date (${String(v('issued_date'))})`);
      }
      break;
    case 'events':
      if (v('start_date') && v('end_date') && String(v('end_date')) < String(v('start_date'))) report('end_date', `before start_date (${String(v('start_date'))})`);
      if (has('time_zone') && !isTimeZone(String(v('time_zone')))) report('time_zone', `not a time zone name such as Europe/Amsterdam: "${String(v('time_zone'))}"`);
      break;
    case 'event_schedule':
      if (v('start_time') && v('end_time') && String(v('end_time')) <= String(v('start_time'))) report('end_time', `not after start_time (${String(v('start_time'))})`);
      break;
    case 'catalogue_entries':
      for (const [column, max] of Object.entries(ENTRY_MAX_CHARS)) {
        const text = has(column) ? v(column) : null;
        if (typeof text === 'string' && [...text].length > max) report(column, `at most ${max} characters (this has ${[...text].length})`);
      }
      if (has('owner') && typeof v('owner') === 'string' && holdsContact(String(v('owner')))) {
        report('owner', "an e-mail address or phone number: the public catalogue shows only the owner's name, and only with the exhibitor's consent");
      }
      break;
    case 'results':
      for (const [column, max] of Object.entries(RESULT_MAX_CHARS)) {
        const text = has(column) ? v(column) : null;
        if (typeof text === 'string' && [...text].length > max) report(header(column), `at most ${max} characters (this has ${[...text].length})`);
      }
      if (has('place') && v('place') !== null && !(Number(v('place')) >= 1 && Number(v('place')) <= RESULT_PLACE_MAX)) {
        report('place', `a place from 1 to ${RESULT_PLACE_MAX}, or empty for an award without places (EX1, NOM)`);
      }
      if (has('award') && v('ring') === null && lower(v('award')) === lower(VISITORS_CHOICE_AWARD)) {
        report('award', `${VISITORS_CHOICE_AWARD} is published from the votes, on the organiser's results page, not imported`);
      }
      break;
    case 'advertisers':
      if (v('discount_voucher_enabled') === true && !(Number(v('discount_voucher_amount')) > 0))
        report('discount_voucher_amount', 'required above 0 when discount_voucher_enabled');
      if (v('rebate_voucher_enabled') === true && !(Number(v('rebate_voucher_percentage')) > 0))
        report('rebate_voucher_percentage', 'required above 0 when rebate_voucher_enabled');
      if (has('rebate_voucher_percentage') && v('rebate_voucher_percentage') !== null && Number(v('rebate_voucher_percentage')) > 100)
        report('rebate_voucher_percentage', 'at most 100');
      break;
  }
  // The app's own row schema: what a phone would refuse, refused here first.
  const row: Record<string, unknown> = { id: p.dbId ?? 1, updated_at: ANY_UPDATED_AT };
  for (const c of p.spec.columns) {
    if (c.kind === 'ref') row[c.column] = c.column in p.refs ? (p.refs[c.column] ? 1 : null) : (p.current?.[c.column] ?? (c.required ? 1 : null));
    else row[c.column] = c.column in p.values ? p.values[c.column] : (p.current?.[c.column] ?? c.empty ?? null);
  }
  const parsed = rowSchemas[p.spec.table].safeParse(row);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (p.spec.columns.some((c) => c.column === column) && !reported.has(header(column))) report(header(column), issue.message);
    }
  }
}

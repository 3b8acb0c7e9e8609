// The hall's sheets in the planner (plan.ts): the checks across rows that one row cannot make alone: a ring (of the
// plan, or of a result) names a session's location of its event (the database's trigger refuses it otherwise, half-way
// through a write), and a pen sits in one row only.
import { pensOf } from '../../shared/floor-plan.ts';
import { lower, targetToken, type PlannedRow, type Target } from './plan-keys.ts';
import { report, type Reading } from './plan-rows.ts';

/** A folder row's value of a column, else its database row's. */
const valueOf = (p: PlannedRow, column: string): unknown => (column in p.values ? p.values[column] : p.current?.[column]);
const refOf = (p: PlannedRow, column: string): Target | null => {
  if (column in p.refs) return p.refs[column] ?? null;
  const id = p.current?.[column];
  return id === null || id === undefined ? null : { db: Number(id) };
};

/** The token of the event a plan (a folder row or a database row) belongs to. */
function eventOfPlan(reading: Reading, plan: Target | null): string {
  if (!plan) return '';
  if ('planned' in plan) return targetToken(refOf(plan.planned, 'event_id'));
  const row = reading.dbById.get('floor_plans')?.get(plan.db);
  return row ? targetToken({ db: Number(row.event_id) }) : '';
}

/** Database rows a folder sheet leaves alone: every row when it has no sheet; the unmatched ones unless pruned. */
function keptDbRows(reading: Reading, table: 'event_schedule' | 'places', prune: boolean) {
  const planned = reading.planned.get(table);
  if (!planned) return reading.db.get(table) ?? [];
  if (prune) return [];
  const matched = new Set(planned.map((q) => q.dbId));
  return (reading.db.get(table) ?? []).filter((r) => !matched.has(r.id));
}

/** The schedule's locations of each event (by its token), as they will be once written: lowercase → as written. */
function scheduleLocations(reading: Reading, prune: boolean): Map<string, Map<string, string>> {
  const locations = new Map<string, Map<string, string>>();
  const addLocation = (event: string, location: unknown) => {
    if (typeof location !== 'string' || !location.trim()) return;
    const list = locations.get(event) ?? new Map<string, string>();
    if (!list.has(lower(location))) list.set(lower(location), location.trim());
    locations.set(event, list);
  };
  for (const q of reading.planned.get('event_schedule') ?? []) addLocation(targetToken(refOf(q, 'event_id')), valueOf(q, 'location'));
  for (const r of keptDbRows(reading, 'event_schedule', prune)) addLocation(targetToken({ db: Number(r.event_id) }), r.location);
  return locations;
}

/** Why a ring is none of its event's: the triggers' own words (places_check_ring, event_ring), and where the sessions are. */
function notHeldIn(ring: string, held: Map<string, string> | undefined): string {
  const where = held?.size ? ` (its sessions are held in: ${[...held.values()].join(', ')})` : ' (its schedule names no location)';
  return `No session of this show is held in "${ring.trim()}"${where}`;
}

/** The folder's rows of a table with no problem of their own yet. */
function soundRows(reading: Reading, table: 'places' | 'results'): PlannedRow[] {
  const flawed = new Set(reading.problems.map((q) => q.at));
  return (reading.planned.get(table) ?? []).filter((p) => !flawed.has(`${p.sheet.label}:${p.source.row}`));
}

/**
 * A result's ring is a session's location of its event, written as the schedule writes it (so "ring 1" is
 * no change to a stored "Ring 1"); an empty ring is the show's own (Best in Show).
 */
export function checkResultRings(reading: Reading, prune: boolean): void {
  const results = soundRows(reading, 'results');
  if (!results.length) return;
  const locations = scheduleLocations(reading, prune);
  for (const p of results) {
    const ring = p.values.ring;
    if (typeof ring !== 'string') continue;
    const held = locations.get(targetToken(refOf(p, 'event_id')));
    const written = held?.get(lower(ring));
    if (written) p.values.ring = written;
    else report(reading, p.sheet, p.source.row, 'ring', notHeldIn(ring, held));
  }
}

/** Rings name a session's location of their event; no pen is named by two rows of one plan. */
export function checkPlaces(reading: Reading, prune: boolean): void {
  const places = reading.planned.get('places');
  if (!places) return;
  const sound = soundRows(reading, 'places');
  const locations = scheduleLocations(reading, prune);

  for (const p of sound) {
    if (valueOf(p, 'kind') !== 'ring') continue;
    const location = valueOf(p, 'location');
    if (typeof location !== 'string') continue;
    const held = locations.get(eventOfPlan(reading, refOf(p, 'floor_plan_id')));
    if (held?.has(lower(location))) continue;
    report(reading, p.sheet, p.source.row, 'location', notHeldIn(location, held));
  }

  // Each plan's pens: the rows the import keeps first, then the folder's in order.
  const owners = new Map<string, Map<string, string>>();
  const claim = (plan: string, pens: string[], owner: string): Map<string, string[]> => {
    const taken = owners.get(plan) ?? new Map<string, string>();
    owners.set(plan, taken);
    const clashes = new Map<string, string[]>();
    for (const pen of pens) {
      const other = taken.get(pen);
      if (other) clashes.set(other, [...(clashes.get(other) ?? []), pen]);
      else taken.set(pen, owner);
    }
    return clashes;
  };
  for (const r of keptDbRows(reading, 'places', prune)) {
    if (r.kind === 'benching')
      claim(
        `db:${Number(r.floor_plan_id)}`,
        pensOf(r.pens as string | null),
        `places row ${r.id} ("${String(r.label)}"), which is not in ${places[0]?.sheet.label ?? 'places'}`,
      );
  }
  for (const p of sound) {
    if (valueOf(p, 'kind') !== 'benching') continue;
    const plan = targetToken(refOf(p, 'floor_plan_id'));
    const clashes = claim(plan, pensOf(valueOf(p, 'pens') as string | null), `row ${p.source.row}`);
    for (const [other, pens] of clashes) {
      const named =
        pens.length === 1 ? `pen ${pens[0]} is` : `pens ${pens.length > 6 ? `${pens.slice(0, 5).join(', ')} and ${pens.length - 5} more` : pens.join(', ')} are`;
      report(reading, p.sheet, p.source.row, 'pens', `${named} also in ${other}: a pen sits in one row of a plan`);
    }
  }
}

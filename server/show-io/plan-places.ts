// The hall's sheets in the planner (plan.ts): the checks across rows that one row cannot make alone: a ring names a session's location of its event
// (the database's trigger refuses it otherwise, half-way through a write), and a pen sits in one row only.
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

/** Rings name a session's location of their event; no pen is named by two rows of one plan. */
export function checkPlaces(reading: Reading, prune: boolean): void {
  const places = reading.planned.get('places');
  if (!places) return;
  const flawed = new Set(reading.problems.map((q) => q.at));
  const sound = places.filter((p) => !flawed.has(`${p.sheet.label}:${p.source.row}`));

  // The schedule's locations of each event, as they will be once written.
  const locations = new Map<string, Map<string, string>>();
  const addLocation = (event: string, location: unknown) => {
    if (typeof location !== 'string' || !location.trim()) return;
    const list = locations.get(event) ?? new Map<string, string>();
    if (!list.has(lower(location))) list.set(lower(location), location.trim());
    locations.set(event, list);
  };
  for (const q of reading.planned.get('event_schedule') ?? []) addLocation(targetToken(refOf(q, 'event_id')), valueOf(q, 'location'));
  for (const r of keptDbRows(reading, 'event_schedule', prune)) addLocation(targetToken({ db: Number(r.event_id) }), r.location);

  for (const p of sound) {
    if (valueOf(p, 'kind') !== 'ring') continue;
    const location = valueOf(p, 'location');
    if (typeof location !== 'string') continue;
    const held = locations.get(eventOfPlan(reading, refOf(p, 'floor_plan_id')));
    if (held?.has(lower(location))) continue;
    const where = held?.size ? ` (its sessions are held in: ${[...held.values()].join(', ')})` : ' (its schedule names no location)';
    // The trigger's own words (places_check_ring), said before anything is written.
    report(reading, p.sheet, p.source.row, 'location', `No session of this show is held in "${location.trim()}"${where}`);
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

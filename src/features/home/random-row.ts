// A random row of a mirror table for the home tiles. The tiles' query runs again on every mirror change,
// so it reads a row or two (a count, then a cursor advanced to the picked place), never a whole table.
import type { EntityTable } from 'dexie';

/**
 * The row at `fraction` (0 ≤ fraction < 1) of the table in key order; when that row fails `has` (no
 * picture), the next one that passes, else the first that does; undefined when none does.
 */
export async function randomRow<T extends { id: number }>(table: EntityTable<T, 'id'>, fraction: number, has: (row: T) => boolean = () => true): Promise<T | undefined> {
  const count = await table.count();
  const row = count === 0 ? undefined : await table.offset(Math.floor(fraction * count)).first();
  if (!row || has(row)) return row;
  return (await table.where('id').above(row.id).filter(has).first()) ?? table.filter(has).first();
}

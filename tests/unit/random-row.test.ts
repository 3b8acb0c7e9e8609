// The home tiles' random row: the row at the picked place, or the next one with a picture, reading a row or
// two rather than the table (the query runs on every mirror change).
import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomRow } from '../../src/features/home/random-row.ts';

interface Row {
  id: number;
  picture: string | null;
}

describe('randomRow', () => {
  const db = new Dexie('random-row-test') as Dexie & { rows: EntityTable<Row, 'id'>; none: EntityTable<Row, 'id'> };
  db.version(1).stores({ rows: 'id', none: 'id' });

  beforeAll(async () => {
    // ids 1..1000 (in key order 1, 2, ... 1000); every row from 500 to 520 and the last 100 have no picture.
    await db.rows.bulkPut(Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, picture: (i + 1 >= 500 && i + 1 <= 520) || i >= 900 ? null : `p${i + 1}` })));
  });
  afterAll(() => db.delete());

  const hasPicture = (calls: Row[]) => (r: Row) => (calls.push(r), r.picture !== null);

  it('is the row at the picked place in key order, checked once', async () => {
    const calls: Row[] = [];
    expect((await randomRow(db.rows, 0))?.id).toBe(1);
    expect((await randomRow(db.rows, 0.25, hasPicture(calls)))?.id).toBe(251);
    expect((await randomRow(db.rows, 0.9999))?.id).toBe(1000);
    expect(calls.map((r) => r.id)).toEqual([251]);
  });

  it('gives way to the next row with a picture, reading only the rows in between', async () => {
    const calls: Row[] = [];
    expect((await randomRow(db.rows, 0.505, hasPicture(calls)))?.id).toBe(521);
    expect(calls.map((r) => r.id)).toEqual([506, ...Array.from({ length: 15 }, (_, i) => 507 + i)]);
  });

  it('starts again from the first row when none after the picked one has a picture', async () => {
    expect((await randomRow(db.rows, 0.95, (r) => r.picture !== null))?.id).toBe(1);
  });

  it('is undefined for an empty table, or when no row has a picture', async () => {
    expect(await randomRow(db.none, 0.5)).toBeUndefined();
    expect(await randomRow(db.rows, 0.5, () => false)).toBeUndefined();
  });
});

// The PGlite worker host (server/db/pglite-host.ts): a statement past its role's statement_timeout ends
// with 57014 in time, the worker is replaced on the same files, and nothing committed is lost, even
// when the statement was a write cut off halfway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAs, type DbRole } from '../../server/db/context.ts';
import { openPgliteWorker, timeoutMs } from '../../server/db/pglite-host.ts';
import type { Db } from '../../server/db/types.ts';

let db: Db & { restarts(): number };

beforeAll(async () => {
  db = await openPgliteWorker(null);
  await db.exec(`
    create role anon nologin;
    create role authenticated nologin;
    create table kept (id int primary key, note text);
    insert into kept select g, 'row ' || g from generate_series(1, 500) g;
    grant select, insert on kept to anon;
  `);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

const as = <T>(role: DbRole, readOnly: boolean, fn: Parameters<typeof runAs<T>>[2]) => runAs(db, { role, claims: {}, readOnly }, fn);

async function count(): Promise<number> {
  return Number((await db.query<{ n: string }>('select count(*)::text as n from kept')).rows[0]!.n);
}

describe('PGlite in a worker', () => {
  it('reads statement_timeout values', () => {
    expect(timeoutMs('3s')).toBe(3_000);
    expect(timeoutMs('500ms')).toBe(500);
    expect(timeoutMs('250')).toBe(250);
    expect(timeoutMs('0')).toBe(0);
    expect(timeoutMs(undefined)).toBe(0);
  });

  it('ends a runaway read at the anon timeout and keeps the data', async () => {
    const restarts = db.restarts();
    const t = performance.now();
    const err = await as('anon', true, (tx) => tx.query('select count(*) from generate_series(1, 10000000000)')).catch((e: unknown) => e);
    const ms = performance.now() - t;
    expect(err).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(ms).toBeGreaterThanOrEqual(2_900);
    expect(ms).toBeLessThan(4_500);
    expect(db.restarts()).toBe(restarts + 1);
    expect(await count()).toBe(500);
  }, 60_000);

  it('cuts a write off halfway without losing what was committed, and takes writes afterwards', async () => {
    const err = await as('anon', false, (tx) => tx.query("insert into kept select g, repeat('x', 100) from generate_series(1000, 1000000000) g")).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: '57014' });
    expect(await count()).toBe(500);
    await as('anon', false, (tx) => tx.query("insert into kept values (501, 'after the restart')"));
    expect(await count()).toBe(501);
    const { rows } = await db.query<{ note: string }>('select note from kept where id = 501');
    expect(rows[0]!.note).toBe('after the restart');
  }, 60_000);

  it('leaves quick statements and service-role work alone', async () => {
    const rows = await as('anon', true, async (tx) => (await tx.query<{ n: number }>('select 1 as n')).rows);
    expect(rows).toEqual([{ n: 1 }]);
    // Errors keep their Postgres fields across the thread boundary.
    const err = await db.query('select * from missing_table').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '42P01' });
  });
});

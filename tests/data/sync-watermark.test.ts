// The late-commit guard counts only catalogue writers, from their first write (20261129000100): an idle
// transaction elsewhere does not stall a phone, and a late commit is still never skipped.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { LIVE_GUARD_MS } from '../../shared/live.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { freshDb, sleep, tapClient, WATERMARK_WAIT_MS } from './sync-helpers.ts';

/** How soon a phone must see an organiser's change while another session sits in an open transaction. */
const CHANGE_SEEN_WITHIN_MS = 5_000;

const dbs: ShowDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

describe.each(forEngines(['pglite', 'postgres'], 'open and late transactions on other connections exist only on PostgreSQL'))('the late-commit guard on %s', (kind) => {
  let venue: VenueServer;
  let admin: SupabaseClient;
  const sessions: pg.Client[] = [];

  beforeAll(async () => {
    venue = await startTestServer(kind, {}, { ownDatabase: true });
    admin = client(venue, 'service_role');
    await sleep(WATERMARK_WAIT_MS);
  });
  afterEach(async () => {
    // Whatever a test left open ends here, committed or not.
    await Promise.all(
      sessions.splice(0).map(async (s) =>
        s
          .query('rollback')
          .catch(() => undefined)
          .then(() => s.end()),
      ),
    );
  });
  afterAll(() => venue?.close());

  /** A phone: the app's sync engine over a real supabase-js client, its answers recorded. */
  function phone() {
    const { db } = freshDb();
    dbs.push(db);
    const tap = tapClient(venue);
    return { db, tap, engine: createSyncEngine({ db, client: tap.client, status: createSyncStatusStore() }) };
  }

  /** Another session on the venue's PostgreSQL database (the SQL editor, a forgotten psql, a service). */
  async function session(): Promise<pg.Client> {
    const s = new pg.Client({ connectionString: venue.config.databaseUrl });
    await s.connect();
    sessions.push(s);
    return s;
  }

  async function firstBreed(): Promise<number> {
    return (await admin.from('breeds').select('id').order('id').limit(1).single()).data!.id as number;
  }

  it('stamps a row with the time it is written, not its transaction start, and its tombstone likewise', async () => {
    const stamps = await venue.db.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.3)');
      const a = (
        await tx.query<{ id: string; after_begin: number; at: string }>(
          `insert into public.organizations (name) values ('Stamp Registry A')
           returning id, extract(epoch from updated_at - now())::float8 as after_begin, updated_at::text as at`,
        )
      ).rows[0]!;
      await tx.query('select pg_sleep(0.2)');
      const b = (
        await tx.query<{ after_a: number; at: string }>(
          `insert into public.organizations (name) values ('Stamp Registry B')
           returning extract(epoch from updated_at - $1::timestamptz)::float8 as after_a, updated_at::text as at`,
          [a.at],
        )
      ).rows[0]!;
      await tx.query('delete from public.organizations where id = $1', [a.id]);
      const tomb = (
        await tx.query<{ after_b: number }>(
          `select extract(epoch from deleted_at - $1::timestamptz)::float8 as after_b
             from public.sync_tombstones where table_name = 'organizations' and row_id = $2`,
          [b.at, a.id],
        )
      ).rows[0]!;
      return { a: a.after_begin, b: b.after_a, tomb: tomb.after_b };
    });
    expect(stamps.a).toBeGreaterThanOrEqual(0.3);
    expect(stamps.b).toBeGreaterThanOrEqual(0.2);
    expect(stamps.tomb).toBeGreaterThan(0);
  });

  it('a transaction that sat open, then wrote a breed and committed late: a phone that pulled before the commit still gets it', async () => {
    // PGlite has one backend and the venue runs one transaction at a time: the pull below waits for the
    // commit, and no other session can hold a transaction open meanwhile. PostgreSQL answers it at once.
    const { db, engine } = phone();
    await engine.pull();
    const name = `Late Breed ${crypto.randomUUID().slice(0, 8)}`;
    let pulledBeforeCommit: Promise<unknown> = Promise.resolve();
    const id = await venue.db.transaction(async (tx) => {
      await tx.query('select pg_sleep(1)'); // begun, idle
      const row = (
        await tx.query<{ id: string }>(`insert into public.breeds (breed_name, universal_breed_abbreviation) values ($1, $2) returning id`, [
          name,
          `LB-${crypto.randomUUID().slice(0, 6)}`,
        ])
      ).rows[0]!;
      pulledBeforeCommit = engine.pull();
      await tx.query('select pg_sleep(0.5)'); // commits late
      return Number(row.id);
    });
    await pulledBeforeCommit;
    await vi.waitFor(
      async () => {
        await engine.pull();
        expect(await db.breeds.get(id)).toMatchObject({ breed_name: name });
      },
      { timeout: CHANGE_SEEN_WITHIN_MS, interval: 250 },
    );
  });

  it.runIf(kind === 'postgres')('(a) an idle open transaction elsewhere, or one that only read the catalogue, does not hold a phone back', async () => {
    const idle = await session();
    await idle.query('begin');
    await idle.query('select 1');
    const reader = await session();
    await reader.query('begin');
    await reader.query('select count(*) from public.breeds');
    const idleSince = Date.now();

    const { db, engine, tap } = phone();
    await engine.pull();
    const id = await firstBreed();
    const about = `Changed while a session idles ${crypto.randomUUID()}`;
    expect((await admin.from('breeds').update({ about }).eq('id', id)).error).toBeNull();
    const changedAt = Date.now();
    await vi.waitFor(
      async () => {
        await engine.pull();
        expect(await db.breeds.get(id)).toMatchObject({ about });
      },
      { timeout: CHANGE_SEEN_WITHIN_MS, interval: 250 },
    );
    expect(Date.now() - changedAt).toBeLessThan(CHANGE_SEEN_WITHIN_MS);
    expect(Date.parse(tap.received.at(-1)!.watermark)).toBeGreaterThan(idleSince);
    // Both were open all along.
    for (const s of [idle, reader]) {
      expect((await s.query<{ open: boolean }>('select now() < statement_timestamp() as open')).rows[0]!.open).toBe(true);
    }
  });

  it.runIf(kind === 'postgres')('(b) a transaction begun long ago writes a breed, then another change commits, then it commits: no row is skipped', async () => {
    const late = await session();
    await late.query('begin');
    await late.query('select 1');
    await sleep(1_500); // idle, as a forgotten session would be
    const { db, engine, tap } = phone();
    await engine.pull();

    const name = `Late Commit Breed ${crypto.randomUUID().slice(0, 8)}`;
    const written = (
      await late.query<{ id: string; stamped: Date; begun: Date }>(
        `insert into public.breeds (breed_name, universal_breed_abbreviation) values ($1, $2)
         returning id, updated_at as stamped, now() as begun`,
        [name, `LC-${crypto.randomUUID().slice(0, 6)}`],
      )
    ).rows[0]!;
    // Stamped when written, not when the transaction began.
    expect(written.stamped.getTime() - written.begun.getTime()).toBeGreaterThanOrEqual(1_500);

    // An organiser changes another breed after it and commits first: its stamp is past the late row's.
    const other = await firstBreed();
    const about = `Committed before the late one ${crypto.randomUUID()}`;
    expect((await admin.from('breeds').update({ about }).eq('id', other)).error).toBeNull();
    await sleep(LIVE_GUARD_MS);
    await engine.pull();
    // The phone pulled in between: the open writer holds both back, so its breeds cursor cannot pass the late row.
    const between = tap.received.at(-1)!;
    expect(between).toMatchObject({ held_back: true });
    expect(Date.parse(between.watermark)).toBeLessThan(written.stamped.getTime());
    expect(await db.breeds.get(other)).not.toMatchObject({ about });

    await late.query('commit');
    await vi.waitFor(
      async () => {
        await engine.pull();
        expect(await db.breeds.get(Number(written.id))).toMatchObject({ breed_name: name });
        expect(await db.breeds.get(other)).toMatchObject({ about });
      },
      { timeout: CHANGE_SEEN_WITHIN_MS, interval: 250 },
    );
  });

  it.runIf(kind === 'postgres')('(c) a transaction that wrote the catalogue and has not committed holds the watermark back until it ends', async () => {
    const writer = await session();
    await writer.query('begin');
    const id = await firstBreed();
    const { rows } = await writer.query<{ stamped: Date }>(`update public.breeds set about = 'not yet committed' where id = $1 returning updated_at as stamped`, [id]);
    const stamped = rows[0]!.stamped.getTime();
    const { tap, engine } = phone();
    for (let i = 0; i < 2; i++) {
      await sleep(WATERMARK_WAIT_MS);
      await engine.pull();
      const w = Date.parse(tap.received.at(-1)!.watermark);
      expect(w).toBeLessThan(stamped);
      // From its first write (the key is read just before its stamp; a cold session plans the trigger in between).
      expect(w).toBeGreaterThanOrEqual(stamped - 1_000 - 500);
    }
    // Another session asking directly sees the same.
    const third = await session();
    const direct = (await third.query<{ w: Date }>('select public.sync_watermark() as w')).rows[0]!.w.getTime();
    expect(direct).toBeLessThan(stamped);

    await writer.query('rollback');
    await engine.pull();
    expect(Date.parse(tap.received.at(-1)!.watermark)).toBeGreaterThan(stamped);
  });

  it.runIf(kind === 'postgres')('a write rolled back to its savepoint stops holding the watermark back; a write after it starts again', async () => {
    const writer = await session();
    const other = await session();
    const id = await firstBreed();
    const watermark = async () => (await other.query<{ w: Date }>('select public.sync_watermark() as w')).rows[0]!.w.getTime();
    await writer.query('begin');
    await writer.query('savepoint s');
    await writer.query(`update public.breeds set about = 'rolled back' where id = $1`, [id]);
    await sleep(WATERMARK_WAIT_MS);
    const held = await watermark();
    await writer.query('rollback to savepoint s');
    expect(await watermark()).toBeGreaterThan(held + WATERMARK_WAIT_MS - 100);
    const { rows } = await writer.query<{ stamped: Date }>(`update public.breeds set about = 'written again' where id = $1 returning updated_at as stamped`, [id]);
    await sleep(WATERMARK_WAIT_MS);
    expect(await watermark()).toBeLessThan(rows[0]!.stamped.getTime());
    await writer.query('rollback');
  });
});

// The sync contract between installed apps and the server (docs/SYNC-COMPATIBILITY.md): what a migration
// may change without stopping an installed app, what a version bump announces, and the deadline on a pull.
// Each test migrates its server's schema, so they run on in-memory PGlite only (PostgreSQL is one
// database shared by the run's test files).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { MIRROR_TABLES } from '../../shared/mirror-tables.ts';
import { SYNC_CONTRACT_VERSION } from '../../src/data/sync/contract.ts';
import { createSyncEngine, OUTDATED_MESSAGE, SyncError, TIMEOUT_MESSAGE } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { startSyncTriggers } from '../../src/data/sync/triggers.ts';
import { testClient } from '../helpers/client.ts';
import { ADD_SPONSORS_AND_BREED_ORIGIN, raiseMinClient } from '../helpers/later-migrations.ts';
import { client, startTestServer } from '../helpers/server.ts';
import { stallingProxy } from '../helpers/stalling-proxy.ts';
import { freshDb, sleep, tapClient, WATERMARK_WAIT_MS } from './sync-helpers.ts';

const servers: VenueServer[] = [];
const dbs: ShowDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

let current: VenueServer;
// A fresh server per test (each migrates its schema), started in a hook: a start may take a while.
beforeEach(async () => {
  current = await startTestServer('pglite');
  servers.push(current);
  await sleep(WATERMARK_WAIT_MS); // the seed is younger than the watermark margin
});
const server = async (): Promise<VenueServer> => current;

function anonClient(url: string, fetch?: typeof globalThis.fetch) {
  return testClient(url, DEMO_ANON_KEY, { fetch });
}

function engineFor(s: VenueServer, options: { deadlineMs?: number; fetch?: typeof fetch } = {}) {
  const { db } = freshDb();
  dbs.push(db);
  const status = createSyncStatusStore();
  const tap = tapClient(s);
  const engine = createSyncEngine({ db, client: tap.client, status, persist: async () => true, ...options });
  return { db, status, tap, engine };
}

async function addSponsorsAndBreedOrigin(s: VenueServer): Promise<void> {
  await s.db.exec(ADD_SPONSORS_AND_BREED_ORIGIN);
  await sleep(WATERMARK_WAIT_MS);
}

describe('the sync contract', () => {
  it("sync_tables() is the client's list of mirrored tables, in order", async () => {
    const s = await server();
    const { rows } = await s.db.query<{ tables: string[] }>('select public.sync_tables() as tables');
    expect(rows[0]!.tables).toEqual([...MIRROR_TABLES]);
  });

  it('announces its version; the client names its tables and contract version', async () => {
    const s = await server();
    const { tap, engine } = engineFor(s);
    let sent: Record<string, unknown> | undefined;
    const anon = anonClient(s.url, async (input, init) => {
      sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return fetch(input, init);
    });
    const { db } = freshDb();
    dbs.push(db);
    await createSyncEngine({ db, client: anon, status: createSyncStatusStore() }).pull();
    expect(sent).toMatchObject({ p_tables: [...MIRROR_TABLES], p_client: SYNC_CONTRACT_VERSION });
    await engine.pull();
    expect(tap.received[0]).toMatchObject({ schema_version: 2, min_client: 1 });
  });

  it('an installed build keeps syncing after a migration adds a mirrored table and a column', async () => {
    const s = await server();
    const { db, status, tap, engine } = engineFor(s);
    await engine.pull();
    await addSponsorsAndBreedOrigin(s);

    const summary = await engine.pull();
    expect(status.getState()).toMatchObject({ lastError: null, outdated: false });
    expect(summary.quarantined).toBe(0);
    // The column this build does not know is stripped; the change itself arrives.
    const aby = await db.breeds.where('universal_breed_abbreviation').equals('ABY').first();
    expect(aby).toMatchObject({ breed_name: 'Abyssinian (new)' });
    expect(aby).not.toHaveProperty('origin_country');
    // It named its tables, so the new one was never sent to it.
    expect(Object.keys(tap.received.at(-1)!.tables).sort()).toEqual([...MIRROR_TABLES].sort());
  });

  it('a build from before the versioned contract (names no tables) still gets exactly the tables it knows', async () => {
    const s = await server();
    await addSponsorsAndBreedOrigin(s);
    const { data, error } = await client(s).rpc('sync_pull', { p_cursors: {}, p_limit: 1000 });
    expect(error).toBeNull();
    // The v1 list, frozen: that build validated `tables` exhaustively against it (show_notices, added
    // later, never reaches it).
    const v1 = [
      'breeds',
      'organizations',
      'catteries',
      'cattery_has_breed',
      'quality_labels',
      'cattery_has_quality_label',
      'litters',
      'litter_images',
      'events',
      'event_schedule',
      'advertisers',
    ];
    expect(Object.keys(data.tables).sort()).toEqual(v1.sort());
    expect(MIRROR_TABLES).toEqual(expect.arrayContaining(v1));
  });

  it('a newer build that names the new table receives it', async () => {
    const s = await server();
    await addSponsorsAndBreedOrigin(s);
    const { data, error } = await client(s).rpc('sync_pull', { p_cursors: {}, p_tables: [...MIRROR_TABLES, 'sponsors'], p_client: 3 });
    expect(error).toBeNull();
    expect(data.tables.sponsors.rows).toEqual([expect.objectContaining({ name: 'Whisker Foods' })]);
    expect(data.tables.breeds.rows).toContainEqual(expect.objectContaining({ universal_breed_abbreviation: 'ABY', origin_country: 'Ethiopia' }));
  });

  it('ignores a table it does not know and keeps the cursor of a table the answer lacks', async () => {
    const s = await server();
    const { db, status, engine } = engineFor(s);
    await engine.pull();
    const cursorBefore = await db.sync_state.get('advertisers');
    const edited = tapClient(s, {
      edit: (body) => {
        body.tables.sponsors = { rows: [{ id: 1, name: 'x' }], more: false, cursor: null };
        delete body.tables.advertisers;
      },
    });
    const again = createSyncEngine({ db, client: edited.client, status, persist: async () => true });
    await again.pull();
    expect(status.getState().lastError).toBeNull();
    expect(await db.sync_state.get('advertisers')).toEqual(cursorBefore);
    expect(await db.advertisers.count()).toBeGreaterThan(0);
  });

  it('a build below min_client says so, stops applying pulls and keeps its mirror to browse', async () => {
    const s = await server();
    const { db, status, engine } = engineFor(s);
    await engine.pull();
    const breeds = await db.breeds.count();
    const syncedAt = status.getState().lastSyncedAt;
    await s.db.exec(raiseMinClient(SYNC_CONTRACT_VERSION + 1));
    await s.db.exec(`update public.breeds set breed_name = 'Changed' where universal_breed_abbreviation = 'ABY'`);
    await sleep(WATERMARK_WAIT_MS);

    await expect(engine.pull()).rejects.toMatchObject({ code: 'outdated', message: OUTDATED_MESSAGE });
    expect(status.getState()).toMatchObject({ outdated: true, lastError: OUTDATED_MESSAGE, lastSyncedAt: syncedAt, syncing: false });
    expect(await db.breeds.count()).toBe(breeds);
    expect((await db.breeds.where('universal_breed_abbreviation').equals('ABY').first())?.breed_name).not.toBe('Changed');
  });
});

describe('a pull that never answers', () => {
  it('fails at its deadline as an ordinary error, is retried with backoff and succeeds later', async () => {
    const s = await server();
    const proxy = await stallingProxy(s);
    try {
      const { db } = freshDb();
      dbs.push(db);
      const status = createSyncStatusStore();
      const anon = anonClient(proxy.url);
      const engine = createSyncEngine({ db, client: anon, status, persist: async () => true, deadlineMs: 1_500 });

      await expect(engine.pull()).rejects.toEqual(new SyncError('timeout', TIMEOUT_MESSAGE));
      expect(status.getState()).toMatchObject({ syncing: false, lastError: TIMEOUT_MESSAGE, lastSyncedAt: null });

      // The triggers retry on their own: still stalled, then answered.
      const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as const });
      const delays: number[] = [];
      const retryDelayMs = vi.fn((attempt: number) => {
        delays.push(attempt);
        if (attempt === 1) proxy.stall = false;
        return 50;
      });
      const stop = startSyncTriggers(engine, { target: new EventTarget(), doc, status, isOnline: () => true, retryDelayMs });
      try {
        await vi.waitFor(() => expect(status.getState().retryAt).not.toBeNull(), { timeout: 5_000 });
        await vi.waitFor(() => expect(status.getState().lastSyncedAt).not.toBeNull(), { timeout: 20_000 });
        expect(status.getState()).toMatchObject({ lastError: null, syncing: false, retryAt: null });
        // Stalled twice more (the trigger's pull, retry 0), then answered; a slow machine may need one more try.
        expect(delays.slice(0, 2)).toEqual([0, 1]);
        expect(proxy.stalled).toBe(3);
        expect(await db.breeds.count()).toBeGreaterThan(0);
      } finally {
        stop();
      }
    } finally {
      await proxy.close();
    }
  });
});

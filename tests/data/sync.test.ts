// The pull side of sync against the real venue server (PGlite) and fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { MIRROR_TABLES } from '../../shared/mirror-tables.ts';
import type { VoteItem } from '../../src/data/outbox/types.ts';
import { createSyncEngine, OFFLINE_MESSAGE, QUOTA_MESSAGE, SyncError, type PullSummary, type SyncEngineOptions } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore, type SyncStatusStore } from '../../src/data/sync/status.ts';
import { startSyncTriggers } from '../../src/data/sync/triggers.ts';
import { LIVE_GUARD_MS } from '../../shared/live.ts';
import { LIVE_HELD_BACK_PULLS, startLiveShow, type LiveChannelState } from '../../src/data/sync/live.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { freshDb, rowKeys, sleep, tapClient, WATERMARK_WAIT_MS } from './sync-helpers.ts';

let server: VenueServer;
let anon: SupabaseClient;
let service: SupabaseClient;
let eventId: number;

beforeAll(async () => {
  server = await startTestServer('pglite');
  anon = client(server);
  service = client(server, 'service_role');
  eventId = (await anon.from('events').select('id').order('id').limit(1).single()).data!.id as number;
  await sleep(WATERMARK_WAIT_MS); // the seed is younger than the watermark margin
});
afterAll(() => server?.close());

const dbs: ShowDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});

function setup(tapOptions: Parameters<typeof tapClient>[1] = {}, options: Partial<SyncEngineOptions> = {}) {
  const { db, writes } = freshDb();
  dbs.push(db);
  const tap = tapClient(server, tapOptions);
  const status = createSyncStatusStore();
  const persist = vi.fn(async () => true);
  const engine = createSyncEngine({ db, client: tap.client, status, persist, ...options });
  return { db, writes, tap, status, persist, engine };
}

async function serverCount(table: string): Promise<number> {
  const { count, error } = await anon.from(table).select('*', { count: 'exact', head: true });
  expect(error).toBeNull();
  return count!;
}

async function serverIds(table: string): Promise<number[]> {
  const { rows } = await server.db.query<{ id: number }>(`select id from public.${table} order by id`);
  return rows.map((r) => Number(r.id));
}

async function expectMirrorsServer(db: ShowDb) {
  for (const table of MIRROR_TABLES) {
    const local = (await db.table(table).toCollection().primaryKeys()) as number[];
    expect(local, table).toEqual(await serverIds(table));
  }
}

describe('sync engine', () => {
  it('mirrors every table on the first pull, stores cursors and lastSyncedAt, asks for persistence once', async () => {
    const { db, engine, status, persist, writes } = setup();
    const summary = await engine.pull();

    for (const table of MIRROR_TABLES) expect(await db.table(table).count(), table).toBe(await serverCount(table));
    expect(summary.rows).toBeGreaterThan(1000);
    expect(summary).toMatchObject({ requests: 1, writes: 1, quarantined: 0, reset: false });
    expect(writes()).toBe(1);

    const states = await db.sync_state.toArray();
    // A table with no rows yet has no cursor to store: show_notices before any notice (the demo show
    // has none; it has a catalogue, a hall, ring calls and results).
    const empty = ['show_notices'];
    const withRows: string[] = [];
    for (const table of MIRROR_TABLES) if ((await serverCount(table)) > 0) withRows.push(table);
    expect(withRows).toEqual(MIRROR_TABLES.filter((t) => !empty.includes(t)));
    expect(states.map((s) => s.table).sort()).toEqual([...withRows, '_tombstones'].sort());
    const breeds = states.find((s) => s.table === 'breeds')!;
    expect(breeds.cursor).toEqual({ id: expect.any(Number), updated_at: expect.stringMatching(/^\d{4}-/) });

    const { lastSyncedAt, lastError, syncing } = status.getState();
    expect(lastSyncedAt).toEqual(expect.any(Number));
    expect(lastError).toBeNull();
    expect(syncing).toBe(false);
    expect((await db.meta.get('lastSyncedAt'))?.value).toEqual(expect.any(Number));

    await engine.pull();
    expect(persist).toHaveBeenCalledTimes(1);

    // A reload: the saved time shows at once, and persistence is not asked again.
    const reloadedStatus = createSyncStatusStore();
    const persistAgain = vi.fn();
    const reloaded = createSyncEngine({ db, client: anon, status: reloadedStatus, persist: persistAgain });
    await reloaded.ready;
    expect(reloadedStatus.getState().lastSyncedAt).toBe((await db.meta.get('lastSyncedAt'))?.value);
    await reloaded.pull();
    expect(persistAgain).not.toHaveBeenCalled();
  });

  it('makes exactly one request and no IndexedDB write when nothing changed', async () => {
    const { engine, tap, writes } = setup();
    await engine.pull();
    expect(writes()).toBeGreaterThan(0);
    const [requestsBefore, writesBefore] = [tap.requests, writes()];

    const summary = await engine.pull();
    expect(tap.requests - requestsBefore).toBe(1);
    expect(writes() - writesBefore).toBe(0);
    expect(summary).toEqual({ requests: 1, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack: false });
  });

  it('brings an insert and an update and removes a deleted row in one pull', async () => {
    const org = (await service.from('organizations').insert({ name: 'Sync Engine Registry' }).select().single()).data!;
    const session = (
      await service
        .from('event_schedule')
        .insert({ event_id: eventId, schedule_date: '2026-11-21', start_time: '09:00', end_time: '09:30', title: 'Sync check' })
        .select()
        .single()
    ).data!;
    await sleep(WATERMARK_WAIT_MS);
    const { db, engine } = setup();
    await engine.pull();
    expect(await db.event_schedule.get(session.id)).toMatchObject({ title: 'Sync check' });

    const added = (await service.from('organizations').insert({ name: 'Sync Engine Registry 2' }).select().single()).data!;
    expect((await service.from('organizations').update({ abbreviation: 'SER' }).eq('id', org.id)).error).toBeNull();
    expect((await service.from('event_schedule').delete().eq('id', session.id)).error).toBeNull();
    await sleep(WATERMARK_WAIT_MS);

    const summary = await engine.pull();
    expect(summary).toMatchObject({ requests: 1, rows: 2, deleted: 1, writes: 1 });
    expect(await db.organizations.get(added.id)).toMatchObject({ name: 'Sync Engine Registry 2' });
    expect(await db.organizations.get(org.id)).toMatchObject({ abbreviation: 'SER' });
    expect(await db.event_schedule.get(session.id)).toBeUndefined();
    await expectMirrorsServer(db);
  });

  it('resumes from the committed cursors after a failure between pages, without loss or duplicates', async () => {
    const broken = setup({ failOn: 2 }, { pageLimit: 50 });
    const error = await broken.engine.pull().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncError);
    expect((error as SyncError).code).toBe('network');
    expect(broken.status.getState()).toMatchObject({ lastError: OFFLINE_MESSAGE, syncing: false, lastSyncedAt: null });
    expect(await broken.db.litters.count()).toBe(50); // page 1 committed, page 2 lost
    expect((await broken.db.sync_state.get('litters'))?.cursor).toEqual(broken.tap.received[0]!.tables.litters!.cursor);

    // A new engine, as after a reload, with a healthy connection.
    const healthy = tapClient(server);
    const status = createSyncStatusStore();
    const summary = await createSyncEngine({ db: broken.db, client: healthy.client, pageLimit: 50, status }).pull();
    expect(summary.requests).toBeGreaterThan(2);
    await expectMirrorsServer(broken.db);
    expect(status.getState().lastError).toBeNull();

    const received = rowKeys([...broken.tap.received, ...healthy.received]);
    expect(new Set(received).size).toBe(received.length); // nothing applied twice
    const fetched = [...received, ...rowKeys(broken.tap.lost)];
    const fetchedTwice = fetched.length - new Set(fetched).size;
    expect(fetchedTwice).toBeLessThanOrEqual(rowKeys(broken.tap.lost).length);
    expect(fetchedTwice).toBeLessThanOrEqual(50 * MIRROR_TABLES.length);
  });

  it('quarantines an invalid row and applies the rest of its table', async () => {
    let badId = 0;
    const { db, engine, tap } = setup({
      edit: (body, call) => {
        if (call !== 1) return;
        const row = body.tables.breeds!.rows[3]!;
        badId = row.id as number;
        row.breed_name = 42;
      },
    });
    const summary = await engine.pull();
    expect(summary.quarantined).toBe(1);

    const [entry, ...others] = await db.quarantine.toArray();
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({ table: 'breeds', row: { id: badId, breed_name: 42 } });
    expect(entry!.error).toContain('breed_name');
    expect(await db.breeds.get(badId)).toBeUndefined();
    expect(await db.breeds.count()).toBe((await serverCount('breeds')) - 1);
    expect((await db.sync_state.get('breeds'))?.cursor).toEqual(tap.received[0]!.tables.breeds!.cursor);
    expect(await db.litters.count()).toBe(await serverCount('litters'));
  });

  it('sets aside a row that a local unique index refuses instead of stalling the table', async () => {
    const { db, engine } = setup();
    const taken = (await anon.from('breeds').select('id, universal_breed_abbreviation').order('id').limit(1).single()).data!;
    // A stale local breed holding the abbreviation (as if its delete had not arrived yet).
    await db.breeds.put({ id: 999_999, universal_breed_abbreviation: taken.universal_breed_abbreviation } as never);

    const summary = await engine.pull();
    expect(summary.quarantined).toBe(1);
    expect(await db.quarantine.toArray()).toEqual([expect.objectContaining({ table: 'breeds', row: expect.objectContaining({ id: taken.id }) })]);
    expect(await db.breeds.count()).toBe(await serverCount('breeds')); // the others, plus the stale one
  });

  it('clears and re-pulls the mirror when its tombstone cursor is older than the server keeps tombstones', async () => {
    const { db, engine } = setup();
    await engine.pull();
    // Offline for months: deletes since then may have been pruned from sync_tombstones.
    await db.sync_state.put({
      table: '_tombstones',
      cursor: { deleted_at: '2000-01-01T00:00:00.123456+00:00', table_name: '', row_id: '' },
      updatedAt: 0,
    });
    const stale = { ...(await db.organizations.toCollection().first())!, id: 9_999_999, name: 'Long gone' };
    await db.organizations.put(stale);

    const summary = await engine.pull();
    expect(summary.reset).toBe(true);
    expect(summary.requests).toBe(2);
    expect(await db.organizations.get(stale.id)).toBeUndefined();
    await expectMirrorsServer(db);
    const tombstones = await db.sync_state.get('_tombstones');
    expect(Date.parse(tombstones!.cursor!.deleted_at as string)).toBeGreaterThan(Date.now() - 60_000);

    // Back in step: the next pull neither resets nor writes.
    expect(await engine.pull()).toMatchObject({ reset: false, writes: 0, requests: 1 });
  });

  it('reports a server error with its message and leaves the mirror as it was', async () => {
    const { db, engine, status } = setup({
      respond: (call) =>
        call === 2
          ? new Response(JSON.stringify({ code: 'XX000', message: 'The venue server is restarting', details: null, hint: null }), {
              status: 503,
              headers: { 'content-type': 'application/json' },
            })
          : undefined,
    });
    await engine.pull();
    const cursors = await db.sync_state.toArray();
    await expect(engine.pull()).rejects.toMatchObject({ code: 'server', message: 'The venue server is restarting' });
    expect(status.getState()).toMatchObject({ lastError: 'The venue server is restarting', syncing: false });
    expect(await db.sync_state.toArray()).toEqual(cursors);

    await engine.pull();
    expect(status.getState().lastError).toBeNull();
  });

  it('lets an AbortError through untouched and shares one running cycle between callers', async () => {
    const { engine, status, tap } = setup();
    const controller = new AbortController();
    const aborted = engine.pull(controller.signal);
    controller.abort();
    const error = await aborted.catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
    expect(status.getState()).toMatchObject({ lastError: null, syncing: false });

    const requests = tap.requests;
    const [a, b] = [engine.pull(), engine.pull()];
    expect(status.getState().syncing).toBe(true);
    expect(a).toBe(b);
    await a;
    expect(tap.requests - requests).toBe(1);
  });

  it('on a storage quota error clears the mirror, never the outbox, and says so', async () => {
    const { db, engine, status } = setup();
    await engine.pull();
    const vote: VoteItem = {
      id: crypto.randomUUID(),
      kind: 'vote',
      payload: { event_id: eventId, first_name: 'Ada', last_name: 'L', email: 'ada@example.com', phone: null, catalog_number: '7' },
      status: 'queued',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      createdAt: Date.now(),
      sendingSince: null,
      sentAt: null,
    };
    await db.outbox.put(vote);
    await service.from('organizations').insert({ name: 'Sync Quota Registry' });
    await sleep(WATERMARK_WAIT_MS);
    vi.spyOn(db.table('organizations'), 'bulkPut').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));

    await expect(engine.pull()).rejects.toMatchObject({ code: 'quota', message: QUOTA_MESSAGE });
    expect(status.getState()).toMatchObject({ lastError: QUOTA_MESSAGE, lastSyncedAt: null, storageFull: true });
    for (const table of MIRROR_TABLES) expect(await db.table(table).count(), table).toBe(0);
    expect(await db.sync_state.count()).toBe(0);
    expect(await db.outbox.toArray()).toEqual([vote]);

    await engine.pull(); // it can be pulled again
    await expectMirrorsServer(db);
    expect(status.getState()).toMatchObject({ lastError: null, storageFull: false });
    expect(await db.outbox.toArray()).toEqual([vote]);
  });
});

describe('rows held back at the watermark (sync_pull held_back)', () => {
  it('an answer without held_back (a server from before it) is read as before, as holding nothing back', async () => {
    const { db, engine, tap } = setup({ edit: (body) => void delete (body as { held_back?: boolean }).held_back });
    await engine.pull();
    const org = (await service.from('organizations').insert({ name: 'Sync Old Server Registry' }).select().single()).data!;
    // The server held the new row back but did not say so.
    expect(await engine.pull()).toMatchObject({ heldBack: false, rows: 0 });
    await sleep(WATERMARK_WAIT_MS);
    expect(await engine.pull()).toMatchObject({ heldBack: false, rows: 1 });
    expect(tap.received.length).toBe(3);
    for (const body of tap.received) expect(body).not.toHaveProperty('held_back');
    expect(await db.organizations.get(org.id)).toMatchObject({ name: 'Sync Old Server Registry' });
    await expectMirrorsServer(db);
  });
});

describe.each(forEngines(['pglite', 'postgres'], "the watermark reads each engine's transaction state"))('a change committed right before a pull, on %s', (kind) => {
  let venue: VenueServer;
  let admin: SupabaseClient;
  beforeAll(async () => {
    venue = await startTestServer(kind, {}, { ownDatabase: true });
    admin = client(venue, 'service_role');
    await sleep(WATERMARK_WAIT_MS);
  });
  afterAll(() => venue?.close());

  function engineOn(options: Parameters<typeof tapClient>[1] = {}) {
    const { db } = freshDb();
    dbs.push(db);
    const tap = tapClient(venue, options);
    const status = createSyncStatusStore();
    return { db, tap, status, engine: createSyncEngine({ db, client: tap.client, status }) };
  }

  it('is held back, and the answer says held_back; a pull after the guard brings it', async () => {
    const { db, tap, engine } = engineOn();
    await engine.pull();
    const org = (await admin.from('organizations').insert({ name: 'Held Back Registry' }).select().single()).data!;
    const held = await engine.pull();
    expect(tap.received.at(-1)).toMatchObject({ held_back: true });
    expect(held.heldBack).toBe(true);
    expect(await db.organizations.get(org.id)).toBeUndefined();

    await sleep(LIVE_GUARD_MS);
    expect(await engine.pull()).toMatchObject({ heldBack: false, rows: 1 });
    expect(tap.received.at(-1)).toMatchObject({ held_back: false });
    expect(await db.organizations.get(org.id)).toMatchObject({ name: 'Held Back Registry' });
  });

  it('the live show: the pull answering a poke held it back, so one more pull after the guard brings it (no second poke)', async () => {
    const { db, tap, engine, status } = engineOn();
    await engine.pull();
    const session = (await admin.from('event_schedule').select('id, location').order('id').limit(1).single()).data!;
    const location = `Ring ${crypto.randomUUID().slice(0, 8)}`;
    let changed = false;
    const pulls: number[] = [];
    // The organiser's change commits just as the poked pull leaves: the poke for it is missed.
    const poked = {
      pull: vi.fn(async () => {
        if (!changed) {
          changed = true;
          const { error } = await admin.from('event_schedule').update({ location }).eq('id', session.id);
          if (error) throw new Error(`The organiser's change failed: ${error.message}`);
        }
        pulls.push(Date.now());
        return engine.pull();
      }),
    };
    const channel: { poke?: (payload: unknown) => void; state?: (s: LiveChannelState) => void } = {};
    const stop = startLiveShow({
      engine: poked,
      open: (poke, state) => {
        Object.assign(channel, { poke, state });
        return { close: async () => 'ok' };
      },
      status,
      target: new EventTarget(),
      doc: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }),
      isOnline: () => true,
      random: () => 0,
    });
    try {
      await vi.waitFor(() => expect(channel.state).toBeDefined());
      // Straight to the poke: the join's catch-up pull is the poked pull here.
      channel.state!('SUBSCRIBED');
      channel.poke!({ tables: ['event_schedule'] });
      await vi.waitFor(() => expect(tap.received.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
      expect(tap.received[1]).toMatchObject({ held_back: true });
      await vi.waitFor(async () => expect(await db.event_schedule.get(session.id)).toMatchObject({ location }), { timeout: 10_000 });
      expect(pulls[1]! - pulls[0]!).toBeGreaterThanOrEqual(LIVE_GUARD_MS);
      expect(poked.pull.mock.calls.length).toBeLessThanOrEqual(1 + LIVE_HELD_BACK_PULLS);
    } finally {
      stop();
    }
  });
});

describe('sync triggers', () => {
  const summary: PullSummary = { requests: 1, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack: false };

  function fakes(online = true) {
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const status: SyncStatusStore = createSyncStatusStore();
    const engine = { pull: vi.fn(async () => summary) };
    return { target, doc, status, engine, isOnline: () => online };
  }

  it('pulls on start, when back online and when the tab is visible again; stop() removes every listener', () => {
    const { engine, ...options } = fakes(false);
    const stop = startSyncTriggers(engine, { ...options, intervalMs: 3_600_000 });
    expect(engine.pull).toHaveBeenCalledTimes(1);
    expect(options.status.getState().online).toBe(false);

    options.target.dispatchEvent(new Event('online'));
    expect(engine.pull).toHaveBeenCalledTimes(2);
    expect(options.status.getState().online).toBe(true);
    options.target.dispatchEvent(new Event('offline'));
    expect(options.status.getState().online).toBe(false);

    options.doc.visibilityState = 'hidden';
    options.doc.dispatchEvent(new Event('visibilitychange'));
    expect(engine.pull).toHaveBeenCalledTimes(2);
    options.doc.visibilityState = 'visible';
    options.doc.dispatchEvent(new Event('visibilitychange'));
    expect(engine.pull).toHaveBeenCalledTimes(3);

    stop();
    options.target.dispatchEvent(new Event('online'));
    options.doc.dispatchEvent(new Event('visibilitychange'));
    expect(engine.pull).toHaveBeenCalledTimes(3);
    expect(options.status.getState().online).toBe(false);
  });

  it('pulls every interval while visible, not while hidden, and stops with stop()', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { engine, ...options } = fakes();
      const stop = startSyncTriggers(engine, { ...options, intervalMs: 60_000 });
      vi.advanceTimersByTime(120_000);
      expect(engine.pull).toHaveBeenCalledTimes(3);
      options.doc.visibilityState = 'hidden';
      vi.advanceTimersByTime(120_000);
      expect(engine.pull).toHaveBeenCalledTimes(3);
      options.doc.visibilityState = 'visible';
      vi.advanceTimersByTime(60_000);
      expect(engine.pull).toHaveBeenCalledTimes(4);
      stop();
      vi.advanceTimersByTime(600_000);
      expect(engine.pull).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('catches a failing pull (no unhandled rejection); the real engine shows it in the status', async () => {
    const { db } = freshDb();
    dbs.push(db);
    const status = createSyncStatusStore();
    const offline = tapClient(server, { offline: true });
    const engine = createSyncEngine({ db, client: offline.client, status });
    const pull = vi.spyOn(engine, 'pull');
    const { target, doc } = fakes();
    const stop = startSyncTriggers(engine, { target, doc, status, intervalMs: 3_600_000 });
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(status.getState()).toMatchObject({ syncing: false, lastError: OFFLINE_MESSAGE }));
    expect(pull).toHaveBeenCalledTimes(2);
    stop();
  });
});

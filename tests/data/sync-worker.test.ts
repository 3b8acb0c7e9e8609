// The sync engine behind the worker protocol: the worker's side (serveSyncEngine) and the page's proxy
// (createWorkerSyncEngine) joined by a real MessageChannel, against the real venue server and fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VenueServer } from '../../server/start.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { MIRROR_TABLES } from '../../shared/mirror-tables.ts';
import { createSyncEngine, OFFLINE_MESSAGE, SyncError, type SyncEngine } from '../../src/data/sync/engine.ts';
import type { PageMessage, WorkerMessage } from '../../src/data/sync/protocol.ts';
import { createSyncStatusStore, type SyncStatus } from '../../src/data/sync/status.ts';
import { createWorkerSyncEngine, type SyncWorkerHandle } from '../../src/data/sync/worker-engine.ts';
import { serveSyncEngine } from '../../src/data/sync/worker-host.ts';
import { startTestServer } from '../helpers/server.ts';
import { freshDb, sleep, tapClient, WATERMARK_WAIT_MS, type TapOptions } from './sync-helpers.ts';

let server: VenueServer;

beforeAll(async () => {
  server = await startTestServer('pglite');
  await sleep(WATERMARK_WAIT_MS);
});
afterAll(() => server?.close());

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

function trackDb(db: ShowDb): ShowDb {
  cleanups.push(() => db.delete());
  return db;
}

/** The page's proxy for `handle`, falling back to an engine in the page on a fresh database. */
function withPageFallback(handle: SyncWorkerHandle, silenceMs?: number) {
  const db = trackDb(freshDb().db);
  const tap = tapClient(server);
  const status = createSyncStatusStore();
  const engine = createWorkerSyncEngine({
    spawn: () => handle,
    fallback: () => createSyncEngine({ db, client: tap.client, status, persist: () => true }),
    status,
    silenceMs,
  });
  return { db, status, engine };
}

/** A "worker": an engine served on one end of a MessageChannel; the other end is what the page holds. */
function startWorker(tapOptions: TapOptions = {}) {
  const { db, writes } = freshDb();
  trackDb(db);
  const tap = tapClient(server, tapOptions);
  const workerStatus = createSyncStatusStore();
  const { port1, port2 } = new MessageChannel();
  const workerSide = port1 as unknown as Parameters<typeof serveSyncEngine>[0];
  const engine = createSyncEngine({ db, client: tap.client, status: workerStatus, persist: () => workerSide.postMessage({ type: 'persist' }) });
  serveSyncEngine(workerSide, engine, workerStatus);
  const errors = new EventTarget();
  const handle: SyncWorkerHandle = {
    postMessage: (m: PageMessage) => port2.postMessage(m),
    addEventListener: ((type: 'message' | 'error', listener: (event: { data: WorkerMessage }) => void) => {
      if (type === 'error') errors.addEventListener('error', listener as () => void);
      else port2.addEventListener('message', listener as unknown as EventListener);
    }) as SyncWorkerHandle['addEventListener'],
    terminate: vi.fn(() => port2.close()),
  };
  port1.start();
  port2.start();
  cleanups.push(() => {
    port1.close();
    port2.close();
  });
  return { db, writes, tap, handle, fail: () => errors.dispatchEvent(new Event('error')) };
}

describe('sync through the worker protocol', () => {
  it('mirrors every table, brings the status to the page and asks the page to persist storage once', async () => {
    const worker = startWorker();
    const status = createSyncStatusStore();
    const seen: Partial<SyncStatus>[] = [];
    status.subscribe((s) => seen.push({ syncing: s.syncing }));
    const persist = vi.fn(async () => true);
    const fallback = vi.fn<() => SyncEngine>();
    const engine = createWorkerSyncEngine({ spawn: () => worker.handle, fallback, status, persist });
    await engine.ready;

    const summary = await engine.pull();
    expect(summary).toMatchObject({ requests: 1, writes: 1, quarantined: 0, reset: false });
    for (const table of MIRROR_TABLES) {
      const { rows } = await server.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
      expect(await worker.db.table(table).count(), table).toBe(rows[0]!.n);
    }
    await vi.waitFor(() => expect(status.getState().syncing).toBe(false));
    expect(seen.some((s) => s.syncing)).toBe(true);
    expect(status.getState()).toMatchObject({ lastError: null, storageFull: false, online: true });
    expect(status.getState().lastSyncedAt).toEqual(expect.any(Number));
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));

    // A no-change resync: one request, nothing written, and no second persist request.
    const writesBefore = worker.writes();
    expect(await engine.pull()).toMatchObject({ requests: 1, writes: 0, rows: 0 });
    expect(worker.writes()).toBe(writesBefore);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(fallback).not.toHaveBeenCalled();
  });

  it('runs one cycle at a time: a pull made while one runs joins it', async () => {
    const worker = startWorker();
    const engine = createWorkerSyncEngine({ spawn: () => worker.handle, fallback: vi.fn(), status: createSyncStatusStore(), persist: () => true });
    const [a, b] = await Promise.all([engine.pull(), engine.pull()]);
    expect(a).toBe(b);
    expect(worker.tap.requests).toBe(1);
  });

  it('rejects with the SyncError code and message of the worker, and the page status shows it', async () => {
    const worker = startWorker({ offline: true });
    const status = createSyncStatusStore();
    const engine = createWorkerSyncEngine({ spawn: () => worker.handle, fallback: vi.fn(), status, persist: () => true });
    const error = await engine.pull().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncError);
    expect(error).toMatchObject({ code: 'network', message: OFFLINE_MESSAGE });
    await vi.waitFor(() => expect(status.getState()).toMatchObject({ syncing: false, lastError: OFFLINE_MESSAGE, lastSyncedAt: null }));
  });

  it('runs the engine in the page when the worker cannot start', async () => {
    const db = trackDb(freshDb().db);
    const tap = tapClient(server);
    const status = createSyncStatusStore();
    const local = createSyncEngine({ db, client: tap.client, status, persist: () => true });
    const engine = createWorkerSyncEngine({
      spawn: () => {
        throw new Error('no module workers');
      },
      fallback: () => local,
      status,
    });
    expect(engine).toBe(local);
    expect(await engine.pull()).toMatchObject({ requests: 1, writes: 1 });
  });

  it('moves a pull waiting on a worker that fails to the engine in the page', async () => {
    // A worker that never answers (as when its script fails to load), then reports an error.
    const { port1, port2 } = new MessageChannel();
    cleanups.push(() => {
      port1.close();
      port2.close();
    });
    const errors = new EventTarget();
    const terminate = vi.fn();
    const handle: SyncWorkerHandle = {
      postMessage: (m: PageMessage) => port2.postMessage(m),
      addEventListener: ((type: string, listener: () => void) => {
        if (type === 'error') errors.addEventListener('error', listener);
      }) as SyncWorkerHandle['addEventListener'],
      terminate,
    };
    const { db, status, engine } = withPageFallback(handle);
    const pulled = engine.pull();
    errors.dispatchEvent(new Event('error'));
    expect(await pulled).toMatchObject({ requests: 1, writes: 1 });
    expect(terminate).toHaveBeenCalledTimes(1);
    await engine.ready;
    expect(await db.breeds.count()).toBeGreaterThan(0);
    expect(status.getState()).toMatchObject({ syncing: false, lastError: null });
  });

  it('replaces a worker that falls silent with the engine in the page, after the silence deadline', async () => {
    // A worker that takes the pull and then never says anything again, nor reports an error.
    const terminate = vi.fn();
    const handle: SyncWorkerHandle = { postMessage: () => undefined, addEventListener: () => undefined, terminate };
    const { status, engine } = withPageFallback(handle, 300);
    expect(await engine.pull()).toMatchObject({ requests: 1, writes: 1 });
    expect(terminate).toHaveBeenCalledTimes(1);
    expect(status.getState()).toMatchObject({ syncing: false, lastError: null });
  });

  it('keeps a slow worker that says it is alive', async () => {
    const { port1, port2 } = new MessageChannel();
    cleanups.push(() => {
      port1.close();
      port2.close();
    });
    const terminate = vi.fn();
    let pullId = 0;
    const handle: SyncWorkerHandle = {
      postMessage: (m: PageMessage) => {
        if (m.type === 'pull') pullId = m.id;
      },
      addEventListener: ((type: string, listener: (event: { data: WorkerMessage }) => void) => {
        if (type === 'message') port2.addEventListener('message', listener as unknown as EventListener);
      }) as SyncWorkerHandle['addEventListener'],
      terminate,
    };
    port2.start();
    const engine = createWorkerSyncEngine({ spawn: () => handle, fallback: vi.fn(), status: createSyncStatusStore(), silenceMs: 300 });
    const pulled = engine.pull();
    for (let i = 0; i < 5; i++) {
      await sleep(150);
      port1.postMessage({ type: 'alive' } satisfies WorkerMessage);
    }
    const summary = { requests: 1, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack: false };
    port1.postMessage({ type: 'done', id: pullId, summary } satisfies WorkerMessage);
    expect(await pulled).toEqual(summary);
    expect(terminate).not.toHaveBeenCalled();
  });
});

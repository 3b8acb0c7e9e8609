// Pulls the show's catalogue from sync_pull into the Dexie mirror: one round trip and one transaction per page.
import Dexie from 'dexie';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from '../../lib/zod.ts';
import { MIRROR_TABLES, type MirrorTable, type QuarantinedRow, type ShowDb } from '../db.ts';
import { compareText } from '../../lib/compare.ts';
import { isQuotaError } from '../quota.ts';
import { OFFLINE_MESSAGE, QUOTA_MESSAGE } from './messages.ts';
import { rowSchemas } from './schemas.ts';
import { SyncError, orAbort, type PullSummary, type SyncEngine } from './contract.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

/** The server caps a page at 1000 rows per table. */
export const SYNC_PAGE_LIMIT = 1000;
/**
 * A no-change cycle writes nothing, except that lastSyncedAt (and the tombstone cursor, moved up to the
 * watermark) are re-saved when older than this, so a reload shows a recent time and the cursor never
 * falls behind the tombstone horizon merely because nothing was deleted.
 */
export const SYNC_BOOKKEEPING_INTERVAL_MS = 15 * 60_000;

export { OFFLINE_MESSAGE, QUOTA_MESSAGE } from './messages.ts';
export { SyncError, orAbort, type PullSummary, type SyncEngine, type SyncErrorCode } from './contract.ts';
const INVALID_RESPONSE_MESSAGE = 'The server sent sync data this version of the app cannot read.';

const TOMBSTONES = '_tombstones';
const META_LAST_SYNCED = 'lastSyncedAt';
const META_PERSIST_REQUESTED = 'persistRequested';

export interface SyncEngineOptions {
  db: ShowDb;
  client: SupabaseClient;
  pageLimit?: number;
  now?: () => number;
  status?: SyncStatusStore;
  /** Asks the browser to keep our storage; called once, after the first complete mirror. */
  persist?: () => unknown;
}

type Cursor = Record<string, unknown> | null;
type Cursors = Map<string, Cursor>;
type Page = z.infer<typeof pageSchema>;

const cursorSchema = z.record(z.string(), z.unknown()).nullable();
const tablePageSchema = z.object({ rows: z.array(z.unknown()), more: z.boolean(), cursor: cursorSchema });
const pageSchema = z.object({
  watermark: z.string(),
  tombstone_horizon: z.string(),
  tables: z.record(z.enum(MIRROR_TABLES), tablePageSchema),
  tombstones: z.object({
    rows: z.array(z.object({ table_name: z.string(), row_id: z.string(), deleted_at: z.string() })),
    more: z.boolean(),
    cursor: cursorSchema,
  }),
});

const mirrorTableNames: ReadonlySet<string> = new Set(MIRROR_TABLES);
const isMirrorTable = (name: string): name is MirrorTable => mirrorTableNames.has(name);

/** Order-independent comparison: IndexedDB and jsonb may order a cursor's keys differently. */
function cursorKey(cursor: Cursor | undefined): string {
  if (!cursor) return 'null';
  return JSON.stringify(Object.entries(cursor).sort(([a], [b]) => compareText(a, b)));
}

const isAbort = (e: unknown, signal?: AbortSignal) => signal?.aborted === true && e === signal.reason;

function defaultPersist(): unknown {
  return globalThis.navigator?.storage?.persist?.();
}

/** The pull side of sync (DESIGN.md "Sync and outbox"): plain TypeScript, no React. */
export function createSyncEngine({
  db,
  client,
  pageLimit = SYNC_PAGE_LIMIT,
  now = Date.now,
  status = syncStatus,
  persist = defaultPersist,
}: SyncEngineOptions): SyncEngine {
  const mirrorStores = [...MIRROR_TABLES, 'sync_state', 'meta'];
  let persistedAt: number | null = null;
  let persistRequested = false;
  let running: Promise<PullSummary> | null = null;

  const ready = Promise.all([db.meta.get(META_LAST_SYNCED), db.meta.get(META_PERSIST_REQUESTED)]).then(
    ([last, asked]) => {
      persistedAt = typeof last?.value === 'number' ? last.value : null;
      persistRequested = asked?.value === true;
      if (persistedAt !== null && (status.getState().lastSyncedAt ?? 0) < persistedAt) {
        status.setState({ lastSyncedAt: persistedAt });
      }
    },
  );
  ready.catch(() => undefined); // reported by the first pull instead

  async function loadCursors(): Promise<Cursors> {
    const states = await db.sync_state.toArray();
    return new Map(states.map((s) => [s.table, s.cursor]));
  }

  async function fetchPage(cursors: Cursors, signal?: AbortSignal): Promise<Page> {
    const p_cursors = Object.fromEntries([...cursors].filter(([, c]) => c !== null));
    let request = client.rpc('sync_pull', { p_cursors, p_limit: pageLimit });
    if (signal) request = request.abortSignal(signal);
    const { data, error, status: httpStatus } = await request;
    signal?.throwIfAborted(); // supabase-js turns an abort into an error result
    if (error) {
      if (httpStatus === 0) throw new SyncError('network', OFFLINE_MESSAGE, { cause: error });
      throw new SyncError('server', error.message || `The server answered ${httpStatus}.`, { cause: error });
    }
    const parsed = pageSchema.safeParse(data);
    if (!parsed.success) throw new SyncError('invalid_response', INVALID_RESPONSE_MESSAGE, { cause: parsed.error });
    return parsed.data;
  }

  /** Empties the mirror and its cursors (they can be pulled again); never the outbox. */
  async function clearMirror(): Promise<void> {
    await db.transaction('rw', mirrorStores, async () => {
      await Promise.all(MIRROR_TABLES.map((t) => db.table(t).clear()));
      await db.sync_state.clear();
      await db.meta.delete(META_LAST_SYNCED);
    });
    persistedAt = null;
    status.setState({ lastSyncedAt: null });
  }

  async function putRows(table: MirrorTable, rows: unknown[], quarantine: QuarantinedRow[], at: number) {
    try {
      await db.table(table).bulkPut(rows);
      return rows.length;
    } catch (e) {
      // A local unique index (a breed's abbreviation) may refuse a row the server holds: set it aside.
      if (!(e instanceof Dexie.BulkError)) throw e;
      const failures = Object.entries(e.failuresByPos);
      if (failures.some(([, f]) => f.name !== 'ConstraintError')) throw e;
      for (const [pos, f] of failures) quarantine.push({ table, row: rows[Number(pos)], error: f.message, at });
      return rows.length - failures.length;
    }
  }

  /** Applies one page with its cursors in one transaction, or skips it when there is nothing to write. */
  async function applyPage(page: Page, cursors: Cursors, final: boolean, summary: PullSummary): Promise<void> {
    const at = now();
    const quarantine: QuarantinedRow[] = [];
    const puts: [MirrorTable, unknown[]][] = [];
    const nextCursors: Cursors = new Map();
    for (const table of MIRROR_TABLES) {
      const { rows, cursor } = page.tables[table];
      const valid: unknown[] = [];
      for (const row of rows) {
        const parsed = rowSchemas[table].safeParse(row);
        if (parsed.success) valid.push(parsed.data);
        else quarantine.push({ table, row, error: z.prettifyError(parsed.error), at });
      }
      if (valid.length > 0) puts.push([table, valid]);
      if (cursorKey(cursor) !== cursorKey(cursors.get(table))) nextCursors.set(table, cursor);
    }
    const deletes = new Map<MirrorTable, number[]>();
    for (const { table_name, row_id } of page.tombstones.rows) {
      const id = Number(row_id);
      if (!isMirrorTable(table_name) || !Number.isSafeInteger(id)) continue;
      const ids = deletes.get(table_name) ?? [];
      ids.push(id);
      deletes.set(table_name, ids);
    }
    const { tombstones } = page;
    if (cursorKey(tombstones.cursor) !== cursorKey(cursors.get(TOMBSTONES))) {
      nextCursors.set(TOMBSTONES, tombstones.cursor);
    }

    const changed = quarantine.length > 0 || puts.length > 0 || deletes.size > 0 || nextCursors.size > 0;
    const bookkeeping =
      final && (!persistRequested || persistedAt === null || at - persistedAt >= SYNC_BOOKKEEPING_INTERVAL_MS);
    if (!changed && !bookkeeping) return;
    // Every tombstone below the watermark has been seen, so the cursor may move up to it.
    if (!tombstones.more) nextCursors.set(TOMBSTONES, { deleted_at: page.watermark, table_name: '', row_id: '' });

    let rows = 0;
    await db.transaction('rw', [...mirrorStores, 'quarantine'], async () => {
      // Deletes first: a row in this page exists on the server now, whatever older tombstone it has.
      for (const [table, ids] of deletes) await db.table(table).bulkDelete(ids);
      for (const [table, valid] of puts) rows += await putRows(table, valid, quarantine, at);
      if (quarantine.length > 0) await db.quarantine.bulkAdd(quarantine);
      await db.sync_state.bulkPut([...nextCursors].map(([table, cursor]) => ({ table, cursor, updatedAt: at })));
      if (final) {
        await db.meta.bulkPut([
          { key: META_LAST_SYNCED, value: at },
          { key: META_PERSIST_REQUESTED, value: true },
        ]);
      }
    });
    for (const [table, cursor] of nextCursors) cursors.set(table, cursor);
    if (final) persistedAt = at;
    summary.writes++;
    summary.rows += rows;
    summary.deleted += [...deletes.values()].reduce((n, ids) => n + ids.length, 0);
    summary.quarantined += quarantine.length;
  }

  function tombstonesExpired(cursors: Cursors, horizon: string): boolean {
    const deletedAt = cursors.get(TOMBSTONES)?.deleted_at;
    return typeof deletedAt === 'string' && Date.parse(deletedAt) < Date.parse(horizon);
  }

  function requestPersistence(): void {
    if (persistRequested) return;
    persistRequested = true;
    try {
      // Not awaited: Firefox answers persist() only after asking the user.
      Promise.resolve(persist()).catch(() => undefined);
    } catch {
      // No StorageManager: nothing to ask.
    }
  }

  async function cycle(signal?: AbortSignal): Promise<PullSummary> {
    const summary: PullSummary = { requests: 0, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false };
    status.setState({ syncing: true });
    try {
      await ready;
      let cursors = await loadCursors();
      for (;;) {
        signal?.throwIfAborted();
        const page = await fetchPage(cursors, signal);
        summary.requests++;
        if (!summary.reset && tombstonesExpired(cursors, page.tombstone_horizon)) {
          // Deletes older than the server keeps may have been missed: start the mirror again.
          await clearMirror();
          summary.reset = true;
          summary.writes++;
          cursors = new Map();
          continue;
        }
        const final = !page.tombstones.more && MIRROR_TABLES.every((t) => !page.tables[t].more);
        try {
          await applyPage(page, cursors, final, summary);
        } catch (e) {
          if (!isQuotaError(e)) throw e;
          await clearMirror().catch(() => undefined);
          throw new SyncError('quota', QUOTA_MESSAGE, { cause: e });
        }
        if (final) break;
      }
      status.setState({ lastSyncedAt: now(), lastError: null, storageFull: false });
      requestPersistence();
      return summary;
    } catch (e) {
      if (!isAbort(e, signal)) {
        const lastError = e instanceof Error ? e.message : String(e);
        // Storage stays "full" until a cycle completes: a later offline failure does not refill the mirror.
        if (e instanceof SyncError && e.code === 'quota') status.setState({ lastError, storageFull: true });
        else status.setState({ lastError });
      }
      throw e;
    } finally {
      status.setState({ syncing: false });
    }
  }

  return {
    ready,
    pull(signal) {
      if (running) return signal ? orAbort(running, signal) : running;
      running = cycle(signal).finally(() => {
        running = null;
      });
      return running;
    },
  };
}

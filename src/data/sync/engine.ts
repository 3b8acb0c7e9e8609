// Pulls the show's catalogue from sync_pull into the Dexie mirror: one round trip and one transaction per page.
import Dexie from 'dexie';
import * as z from '../../../shared/zod-mini.ts';
import type { QuarantinedRow, ShowDb } from '../db.ts';
import { MIRROR_TABLES, type MirrorTable } from '../../../shared/mirror-tables.ts';
import { compareText } from '../../../shared/compare.ts';
import type { ShowRpcClient } from '../client.ts';
import { isQuotaError } from '../quota.ts';
import { OFFLINE_MESSAGE, OUTDATED_MESSAGE, QUOTA_MESSAGE, TIMEOUT_MESSAGE } from './messages.ts';
import { rowSchemas } from '../../../shared/row-schemas.ts';
import {
  deadlineSignal,
  isDeadlineError,
  NETWORK_DEADLINE_MS,
  orAbort,
  SYNC_CONTRACT_VERSION,
  SyncError,
  type PullSummary,
  type SyncEngine,
} from './contract.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

/** The server caps a page at 1000 rows per table. */
export const SYNC_PAGE_LIMIT = 1000;
/**
 * A no-change cycle writes nothing, except that lastSyncedAt (and the tombstone cursor, moved up to the
 * watermark) are re-saved when older than this, so a reload shows a recent time and the cursor never
 * falls behind the tombstone horizon merely because nothing was deleted.
 */
export const SYNC_BOOKKEEPING_INTERVAL_MS = 15 * 60_000;

export { OFFLINE_MESSAGE, OUTDATED_MESSAGE, QUOTA_MESSAGE, TIMEOUT_MESSAGE } from './messages.ts';
export { SyncError, orAbort, type PullSummary, type SyncEngine, type SyncErrorCode } from './contract.ts';
const INVALID_RESPONSE_MESSAGE = 'The server sent sync data this version of the app cannot read.';

const TOMBSTONES = '_tombstones';
const META_LAST_SYNCED = 'lastSyncedAt';
const META_PERSIST_REQUESTED = 'persistRequested';

export interface SyncEngineOptions {
  db: ShowDb;
  /** sync_pull is the engine's one call: the workers' PostgREST client or the page's supabase-js. */
  client: ShowRpcClient;
  pageLimit?: number;
  now?: () => number;
  status?: SyncStatusStore;
  /** Asks the browser to keep our storage; called once, after the first complete mirror. */
  persist?: () => unknown;
  /** A page that has not arrived by then is a failed, retried pull. */
  deadlineMs?: number;
  /** The tables to mirror (a test's newer build may know more); every one needs a store in `db`. */
  tables?: readonly MirrorTable[];
}

type Cursor = Record<string, unknown> | null;
type Cursors = Map<string, Cursor>;
type Page = z.infer<typeof pageSchema>;

const cursorSchema = z.nullable(z.record(z.string(), z.unknown()));
const tablePageSchema = z.object({ rows: z.array(z.unknown()), more: z.boolean(), cursor: cursorSchema });
type TablePage = z.infer<typeof tablePageSchema>;
const contractVersion = z.int().check(z.positive());
/**
 * The envelope of a sync_pull answer. Tables are read one by one (tableOf): a table this build does not
 * know is ignored, and a missing one means "no rows, keep the cursor" — so a server that mirrors a table
 * more, or one fewer, never stops an installed app (docs/SYNC-COMPATIBILITY.md).
 */
const pageSchema = z.object({
  /** Absent before the contract was versioned: version 1. */
  schema_version: z.optional(contractVersion),
  min_client: z.optional(contractVersion),
  watermark: z.string(),
  tombstone_horizon: z.string(),
  /** Rows at or past the watermark were held back (20261128000200); absent from older servers. */
  held_back: z.optional(z.boolean()),
  tables: z.record(z.string(), z.unknown()),
  tombstones: z.object({
    rows: z.array(z.object({ table_name: z.string(), row_id: z.string(), deleted_at: z.string() })),
    more: z.boolean(),
    cursor: cursorSchema,
  }),
});

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
  deadlineMs = NETWORK_DEADLINE_MS,
  tables = MIRROR_TABLES,
}: SyncEngineOptions): SyncEngine {
  const mirrorStores = [...tables, 'sync_state', 'meta'];
  const tableNames: ReadonlySet<string> = new Set(tables);
  const isMirrorTable = (name: string): name is MirrorTable => tableNames.has(name);
  /** False once the server said it needs the contract versioned, until then unknown: the pre-version server. */
  let serverKnowsTables = true;
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
    const deadline = deadlineSignal(deadlineMs, signal);
    try {
      const args = serverKnowsTables ? { p_cursors, p_limit: pageLimit, p_tables: tables, p_client: SYNC_CONTRACT_VERSION } : { p_cursors, p_limit: pageLimit };
      let { data, error, status: httpStatus } = await client.rpc('sync_pull', args).abortSignal(deadline.signal);
      if (error?.code === 'PGRST202' && serverKnowsTables) {
        // A server from before the versioned contract: it sends the tables this build was made for.
        serverKnowsTables = false;
        ({ data, error, status: httpStatus } = await client.rpc('sync_pull', { p_cursors, p_limit: pageLimit }).abortSignal(deadline.signal));
      }
      signal?.throwIfAborted(); // supabase-js turns an abort into an error result
      if (deadline.signal.aborted) throw new SyncError('timeout', TIMEOUT_MESSAGE, { cause: deadline.signal.reason });
      if (error) {
        if (httpStatus === 0) throw new SyncError('network', OFFLINE_MESSAGE, { cause: error });
        throw new SyncError('server', error.message || `The server answered ${httpStatus}.`, { cause: error });
      }
      const parsed = pageSchema.safeParse(data);
      if (!parsed.success) throw new SyncError('invalid_response', INVALID_RESPONSE_MESSAGE, { cause: parsed.error });
      if ((parsed.data.min_client ?? 1) > SYNC_CONTRACT_VERSION) throw new SyncError('outdated', OUTDATED_MESSAGE);
      return parsed.data;
    } catch (e) {
      if (isDeadlineError(e) && !signal?.aborted) throw new SyncError('timeout', TIMEOUT_MESSAGE, { cause: e });
      throw e;
    } finally {
      deadline.clear();
    }
  }

  /** A known table's page; a table the server did not send has no rows and keeps its cursor. */
  function tableOf(page: Page, table: MirrorTable, cursors: Cursors): TablePage {
    const parsed = tablePageSchema.safeParse(page.tables[table]);
    if (parsed.success) return parsed.data;
    if (page.tables[table] === undefined) return { rows: [], more: false, cursor: cursors.get(table) ?? null };
    throw new SyncError('invalid_response', INVALID_RESPONSE_MESSAGE, { cause: parsed.error });
  }

  /** Empties the mirror and its cursors (they can be pulled again); never the outbox. */
  async function clearMirror(): Promise<void> {
    await db.transaction('rw', mirrorStores, async () => {
      await Promise.all(tables.map((t) => db.table(t).clear()));
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
    for (const table of tables) {
      const { rows, cursor } = tableOf(page, table, cursors);
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
    const summary: PullSummary = { requests: 0, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack: false };
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
        const final = !page.tombstones.more && tables.every((t) => !tableOf(page, t, cursors).more);
        // The last page's word counts: rows held back earlier may have come of age since.
        if (final) summary.heldBack = page.held_back === true;
        try {
          await applyPage(page, cursors, final, summary);
        } catch (e) {
          if (!isQuotaError(e)) throw e;
          await clearMirror().catch(() => undefined);
          throw new SyncError('quota', QUOTA_MESSAGE, { cause: e });
        }
        if (final) break;
      }
      status.setState({ lastSyncedAt: now(), lastError: null, storageFull: false, outdated: false });
      requestPersistence();
      return summary;
    } catch (e) {
      if (!isAbort(e, signal)) {
        const lastError = e instanceof Error ? e.message : String(e);
        // Storage stays "full" until a cycle completes: a later offline failure does not refill the mirror.
        if (e instanceof SyncError && e.code === 'quota') status.setState({ lastError, storageFull: true });
        // The mirror stays as it is, read-only, until the visitor reloads into a newer build.
        else if (e instanceof SyncError && e.code === 'outdated') status.setState({ lastError, outdated: true });
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

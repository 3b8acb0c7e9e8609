// Pulls the show's catalogue from sync_pull into the Dexie mirror: one round trip and one transaction per
// page. This file builds the engine and runs one cycle at a time; pull-page.ts fetches a page,
// apply-page.ts writes it, mirror-bookkeeping.ts keeps what outlasts a cycle, pull-cycle.ts runs one.
import type { ShowDb } from '../db.ts';
import { MIRROR_TABLES, type MirrorTable } from '../../../shared/mirror-tables.ts';
import type { ShowRpcClient } from '../client.ts';
import { NETWORK_DEADLINE_MS, orAbort, type PullSummary, type SyncEngine } from './contract.ts';
import { createMirror } from './apply-page.ts';
import { defaultPersist, emptyBookkeeping, loadBookkeeping } from './mirror-bookkeeping.ts';
import { runPullCycle, type PullCycleContext } from './pull-cycle.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

/** The server caps a page at 1000 rows per table. */
const SYNC_PAGE_LIMIT = 1000;

export { OFFLINE_MESSAGE, OUTDATED_MESSAGE, QUOTA_MESSAGE, TIMEOUT_MESSAGE } from './messages.ts';
export { SyncError, type PullSummary, type SyncEngine } from './contract.ts';

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

/** The pull side of sync (docs/DESIGN.md §4): plain TypeScript, no React. */
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
  const bookkeeping = emptyBookkeeping();
  const ready = loadBookkeeping(db, bookkeeping, status);
  ready.catch(() => undefined); // reported by the first pull instead
  const context: PullCycleContext = {
    mirror: createMirror(db, tables, now),
    request: { client, pageLimit, deadlineMs, tables },
    server: { knowsTables: true },
    bookkeeping,
    status,
    persist,
    ready,
  };
  let running: Promise<PullSummary> | null = null;
  return {
    ready,
    pull(signal) {
      if (running) return signal ? orAbort(running, signal) : running;
      running = runPullCycle(context, signal).finally(() => {
        running = null;
      });
      return running;
    },
  };
}

// One pull cycle: pages fetched and applied until the server has nothing more, the mirror started again
// when tombstones expired, and the outcome written to the sync status.
import { isQuotaError } from '../quota.ts';
import { QUOTA_MESSAGE } from './messages.ts';
import { SyncError, type PullSummary } from './contract.ts';
import { applyPage, clearMirror, loadCursors, tombstonesExpired, type Mirror } from './apply-page.ts';
import { requestPersistence, type Bookkeeping } from './mirror-bookkeeping.ts';
import { fetchPage, tableOf, type PageRequest, type ServerContract } from './pull-page.ts';
import type { SyncStatusStore } from './status.ts';

/** Everything a cycle reads and updates; the engine holds one for its lifetime. */
export interface PullCycleContext {
  mirror: Mirror;
  request: PageRequest;
  server: ServerContract;
  bookkeeping: Bookkeeping;
  status: SyncStatusStore;
  persist: () => unknown;
  /** Settles once the saved bookkeeping has been read. */
  ready: Promise<void>;
}

const isAbort = (e: unknown, signal?: AbortSignal) => signal?.aborted === true && e === signal.reason;

/** Pulls until the last page is applied; throws (after reporting it in the status) what stopped it. */
export async function runPullCycle(context: PullCycleContext, signal?: AbortSignal): Promise<PullSummary> {
  const { mirror, status } = context;
  status.setState({ syncing: true });
  try {
    const summary = await pullPages(context, signal);
    status.setState({ lastSyncedAt: mirror.now(), lastError: null, storageFull: false, outdated: false });
    requestPersistence(context.bookkeeping, context.persist);
    return summary;
  } catch (e) {
    if (!isAbort(e, signal)) reportFailure(status, e);
    throw e;
  } finally {
    status.setState({ syncing: false });
  }
}

async function pullPages({ mirror, request, server, bookkeeping, status, ready }: PullCycleContext, signal?: AbortSignal): Promise<PullSummary> {
  const summary: PullSummary = { requests: 0, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack: false };
  await ready;
  let cursors = await loadCursors(mirror.db);
  for (;;) {
    signal?.throwIfAborted();
    const page = await fetchPage(request, server, cursors, signal);
    summary.requests++;
    if (!summary.reset && tombstonesExpired(cursors, page.tombstone_horizon)) {
      // Deletes older than the server keeps may have been missed: start the mirror again.
      await clearMirror(mirror, bookkeeping, status);
      summary.reset = true;
      summary.writes++;
      cursors = new Map();
      continue;
    }
    const final = !page.tombstones.more && mirror.tables.every((t) => !tableOf(page, t, cursors).more);
    // The last page's word counts: rows held back earlier may have come of age since.
    if (final) summary.heldBack = page.held_back === true;
    try {
      await applyPage(mirror, bookkeeping, page, cursors, final, summary);
    } catch (e) {
      if (!isQuotaError(e)) throw e;
      await clearMirror(mirror, bookkeeping, status).catch(() => undefined);
      throw new SyncError('quota', QUOTA_MESSAGE, { cause: e });
    }
    if (final) return summary;
  }
}

/** The failed cycle's message, and the states that outlast it. */
function reportFailure(status: SyncStatusStore, e: unknown): void {
  const lastError = e instanceof Error ? e.message : String(e);
  // Storage stays "full" until a cycle completes: a later offline failure does not refill the mirror.
  if (e instanceof SyncError && e.code === 'quota') status.setState({ lastError, storageFull: true });
  // The mirror stays as it is, read-only, until the visitor reloads into a newer build.
  else if (e instanceof SyncError && e.code === 'outdated') status.setState({ lastError, outdated: true });
  else status.setState({ lastError });
}

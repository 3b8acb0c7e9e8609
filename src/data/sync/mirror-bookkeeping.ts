// What the engine keeps in db.meta between pulls: when the last complete pull was saved, and whether the
// browser has been asked to keep this site's storage.
import type { ShowDb } from '../db.ts';
import type { SyncStatusStore } from './status.ts';

export const META_LAST_SYNCED = 'lastSyncedAt';
export const META_PERSIST_REQUESTED = 'persistRequested';

/**
 * A no-change cycle writes nothing, except that lastSyncedAt (and the tombstone cursor, moved up to the
 * watermark) are re-saved when older than this, so a reload shows a recent time and the cursor never
 * falls behind the tombstone horizon merely because nothing was deleted.
 */
const SYNC_BOOKKEEPING_INTERVAL_MS = 15 * 60_000;

/** The engine's copy of what db.meta holds; the writes keep both in step. */
export interface Bookkeeping {
  /** Client clock (ms) of the last complete pull saved in db.meta; null when none is (or the mirror was cleared). */
  persistedAt: number | null;
  persistRequested: boolean;
}

export function emptyBookkeeping(): Bookkeeping {
  return { persistedAt: null, persistRequested: false };
}

/** Reads the saved bookkeeping into `state`, and a saved lastSyncedAt newer than the status's into it. */
export async function loadBookkeeping(db: ShowDb, state: Bookkeeping, status: SyncStatusStore): Promise<void> {
  const [last, asked] = await Promise.all([db.meta.get(META_LAST_SYNCED), db.meta.get(META_PERSIST_REQUESTED)]);
  state.persistedAt = typeof last?.value === 'number' ? last.value : null;
  state.persistRequested = asked?.value === true;
  if (state.persistedAt !== null && (status.getState().lastSyncedAt ?? 0) < state.persistedAt) {
    status.setState({ lastSyncedAt: state.persistedAt });
  }
}

/** Whether a complete pull at `at` must save its bookkeeping even when it changed nothing. */
export function bookkeepingDue(state: Bookkeeping, at: number): boolean {
  return !state.persistRequested || state.persistedAt === null || at - state.persistedAt >= SYNC_BOOKKEEPING_INTERVAL_MS;
}

/** Asks the browser to keep our storage, once. */
export function requestPersistence(state: Bookkeeping, persist: () => unknown): void {
  if (state.persistRequested) return;
  state.persistRequested = true;
  try {
    // Not awaited: Firefox answers persist() only after asking the user.
    Promise.resolve(persist()).catch(() => undefined);
  } catch {
    // No StorageManager: nothing to ask.
  }
}

export function defaultPersist(): unknown {
  return globalThis.navigator?.storage?.persist?.();
}

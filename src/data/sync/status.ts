// Sync status held in memory (a zustand vanilla store) for the UI; the engine and triggers write it.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface SyncStatus {
  /** The browser's idea of connectivity (navigator.onLine and online/offline events). */
  online: boolean;
  /** A pull cycle is running. */
  syncing: boolean;
  /** Client clock (ms) of the last complete pull cycle. */
  lastSyncedAt: number | null;
  /** A message to show for the last failed cycle; null after a successful one. */
  lastError: string | null;
  /** A cycle ran out of device storage (the mirror was cleared) and none has completed since. */
  storageFull: boolean;
  /** The server's sync contract is newer than this build can read: the mirror is kept, read-only. */
  outdated: boolean;
  /** Client clock (ms) of the next automatic retry after a failed pull; null when none is scheduled. */
  retryAt: number | null;
  /** Subscribed to the live show's pokes: changes arrive within seconds, polling is relaxed. */
  live: boolean;
}

export type SyncStatusStore = StoreApi<SyncStatus>;

/** A fresh status store (tests make their own; the app uses syncStatus). */
export function createSyncStatusStore(): SyncStatusStore {
  return createStore<SyncStatus>()(() => ({
    online: globalThis.navigator?.onLine ?? true,
    syncing: false,
    lastSyncedAt: null,
    lastError: null,
    storageFull: false,
    outdated: false,
    retryAt: null,
    live: false,
  }));
}

export const syncStatus: SyncStatusStore = createSyncStatusStore();

// React binding for the sync status store.
import { useStore } from 'zustand';
import { syncStatus, type SyncStatus, type SyncStatusStore } from './status.ts';

/** The current sync status; re-renders when it changes. */
export function useSyncStatus(store: SyncStatusStore = syncStatus): SyncStatus {
  return useStore(store);
}

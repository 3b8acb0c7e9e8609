// Screens read the local mirror only; this turns a live query plus the sync status into a view state.
import { useDeferredValue } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { sliceRenders, useFirstScreenShown } from './first-screen.ts';
import type { SyncStatus } from './sync/status.ts';
import { useSyncStatus } from './sync/use-sync-status.ts';

/**
 * On a first visit a screen's first data (44 breed cards, say) renders deferred, in short slices, not
 * one long task; fixed for the page's life, so every render calls the same hooks.
 */
const useFirstData: <T>(value: T) => T = sliceRenders ? useDeferredValue : (value) => value;

export type MirrorView<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; data: T };

/**
 * `isEmpty` says when the result means "nothing mirrored yet": then the view is loading while the
 * first sync runs, or the error when it failed (SPEC §8: the query's error text, else failedText;
 * failedText too when the device is full, which the shell's storage message explains).
 */
export function useMirror<T>(query: () => Promise<T>, deps: unknown[], failedText: string, isEmpty: (data: T) => boolean): MirrorView<T> {
  const data = useFirstData(useLiveQuery(query, deps));
  const sync = useSyncStatus();
  const view = mirrorView(data, sync, failedText, isEmpty);
  useFirstScreenShown(view.state !== 'loading');
  return view;
}

function mirrorView<T>(data: T | undefined, sync: SyncStatus, failedText: string, isEmpty: (data: T) => boolean): MirrorView<T> {
  if (data === undefined) return { state: 'loading' };
  if (isEmpty(data) && sync.lastSyncedAt === null) {
    // A full device is already explained once, by the shell; the page says only what it could not load.
    if (sync.lastError && !sync.syncing) return { state: 'error', message: sync.storageFull ? failedText : sync.lastError };
    return { state: 'loading' };
  }
  return { state: 'ready', data };
}

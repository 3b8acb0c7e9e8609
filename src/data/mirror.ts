// The read door of the data layer: the page's Dexie database (IndexedDB: the mirror and the outbox), live
// views of it for screens, the sync status, and the mirror's sync engine. It never imports supabase-js, so
// the first route stays small: only the engine's fallback where no module worker runs loads it, lazily.
import { useDeferredValue, useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { showDb, type ShowDb } from './db.ts';
import type { OutboxItem } from './outbox/types.ts';
import type { ShowNotice } from './rows.ts';
import { useOutbox as useOutboxOf } from './outbox/use-outbox.ts';
import type { SyncEngine } from './sync/contract.ts';
import type { SyncStatus } from './sync/status.ts';
import { startSyncTriggers } from './sync/triggers.ts';
import { useSyncStatus } from './sync/use-sync-status.ts';
import { createWorkerSyncEngine } from './sync/worker-engine.ts';

export type { ShowDb };
export { MIRROR_TABLES } from './db.ts';
export type * from './rows.ts';
export type { CouponItem, CouponPayload, OrganiserAction, OrganiserItem, OutboxItem, OutboxStatus, VoteItem, VotePayload } from './outbox/types.ts';
export type { SyncStatus };
export { useSyncStatus };
export { OFFLINE_MESSAGE, OUTDATED_MESSAGE, QUOTA_MESSAGE } from './sync/messages.ts';
export { outboxStanding, tallyOutbox, type OutboxStanding } from './outbox/list.ts';

/** The page's one Dexie database. */
export const db: ShowDb = showDb();

// ---- The mirror's sync ---------------------------------------------------------------------------------

/** An engine made on first use from modules loaded then. */
function deferredEngine(load: () => Promise<SyncEngine>): SyncEngine {
  let engine: Promise<SyncEngine> | null = null;
  const get = () => (engine ??= load());
  return {
    get ready() {
      return get().then((e) => e.ready);
    },
    pull: (signal) => get().then((e) => e.pull(signal)),
  };
}

const sync: { engine: SyncEngine | null } = { engine: null };

/** The page's one sync engine: the sync worker's, or the engine in the page where no worker runs. */
export function mirrorSync(): SyncEngine {
  return (sync.engine ??= createWorkerSyncEngine({
    spawn: () => {
      if (typeof Worker === 'undefined') throw new Error('No Web Workers here');
      return new Worker(new URL('./sync/sync-worker.ts', import.meta.url), { type: 'module', name: 'sync' });
    },
    fallback: () =>
      deferredEngine(async () => {
        const [{ createSyncEngine }, { supabase }] = await Promise.all([import('./sync/engine.ts'), import('./supabase.ts')]);
        return createSyncEngine({ db, client: supabase });
      }),
  }));
}

/**
 * Pulls now and on the triggers of DESIGN.md (online, visible, interval). Resolves when the first pull has
 * settled, whatever its outcome (app/startup.ts caps how long it waits for that).
 */
export function startMirrorSync(): Promise<void> {
  const engine = mirrorSync();
  startSyncTriggers(engine);
  // The triggers' first pull is running: this call joins it.
  return engine.pull().then(
    () => undefined,
    () => undefined,
  );
}

// ---- The first screen ----------------------------------------------------------------------------------

/**
 * No service worker controls the page: a first visit (or one without a service worker), whose screens
 * wait for the network anyway. Its renders go in short slices, to keep a slow phone responsive. A repeat
 * visit renders at once, so the saved show paints as early as it can.
 */
export const sliceRenders: boolean = !globalThis.navigator?.serviceWorker?.controller;

/** Whether the first screen has shown its mirror data: what start-up (app/startup.ts) waits for. */
export interface FirstScreen {
  /** Resolves once a screen has rendered its data (or its error). */
  readonly shown: Promise<void>;
  /** Screens on view that are still waiting for their mirror data. */
  waiting(): number;
  /** A screen's report: rendered, or still waiting (undo with the returned function). */
  report(rendered: boolean): (() => void) | undefined;
}

export function createFirstScreen(): FirstScreen {
  const state = { waiting: 0, markShown: () => {} };
  const shown = new Promise<void>((resolve) => (state.markShown = resolve));
  return {
    shown,
    waiting: () => state.waiting,
    report(rendered) {
      if (rendered) {
        state.markShown();
        return undefined;
      }
      state.waiting++;
      return () => {
        state.waiting--;
      };
    },
  };
}

export const firstScreen: FirstScreen = createFirstScreen();

/** The one call a screen makes: true once its data (or its error) has rendered. */
export function useScreenShown(rendered: boolean): void {
  useEffect(() => firstScreen.report(rendered), [rendered]);
}

// ---- Live views ----------------------------------------------------------------------------------------

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
  useScreenShown(view.state !== 'loading');
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

/** The organisers' notices of the given events, or of all with null (shown or not: the screen checks their end). */
export function useShowNoticesOf(eventIds: readonly number[] | null): ShowNotice[] | undefined {
  const key = eventIds?.join(',') ?? null;
  return useLiveQuery(
    () =>
      key === null ? db.show_notices.toArray() : key === '' ? [] : db.show_notices.where('event_id').anyOf(key.split(',').map(Number)).toArray(),
    [key],
  );
}

/** Every outbox item, newest first; undefined while the first read is pending. */
export function useOutbox(): OutboxItem[] | undefined {
  return useOutboxOf(db);
}

// ---- The visitor's saved profile -----------------------------------------------------------------------

/**
 * db.meta key of the signed-in visitor's users row as last loaded, so /profile shows it at once offline.
 * One per device; signing out deletes it (data/backend.ts), and it is only read for the same user.
 */
export const SAVED_PROFILE_KEY = 'saved-profile';

interface SavedProfileEntry {
  user_id: string;
  /** The row as the server sent it; the account screens parse it before use. */
  row: unknown;
  /** Client clock (ms) when the row was loaded or saved. */
  saved_at: number;
}

/** Keeps the visitor's row on this device; a full or missing IndexedDB only loses the copy. */
export async function saveProfileCopy(userId: string, row: unknown, savedAt: number = Date.now()): Promise<void> {
  const value: SavedProfileEntry = { user_id: userId, row, saved_at: savedAt };
  await db.meta.put({ key: SAVED_PROFILE_KEY, value }).catch((e: unknown) => console.warn('[profile] not saved on this device', e));
}

/** The row last kept for this user, with when it was loaded; null when there is none (or another user's). */
export async function savedProfileCopy(userId: string): Promise<{ row: unknown; savedAt: number } | null> {
  const entry = await db.meta.get(SAVED_PROFILE_KEY).catch(() => undefined);
  const value = entry?.value as Partial<SavedProfileEntry> | undefined;
  if (!value || value.user_id !== userId || typeof value.saved_at !== 'number') return null;
  return { row: value.row, savedAt: value.saved_at };
}

/** Deletes the saved profile (sign-out). */
export function forgetSavedProfile(): Promise<void> {
  return db.meta.delete(SAVED_PROFILE_KEY).catch((e: unknown) => console.warn('[profile] saved copy not deleted', e));
}

// The read door of the data layer: the page's Dexie database (IndexedDB: the mirror and the outbox), live
// views of it for screens, the sync status, and the mirror's sync engine. It never imports supabase-js, so
// the first route stays small: only the engine's fallback where no module worker runs loads it, lazily.
import { useDeferredValue } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { showDb, type ShowDb } from './db.ts';
import type { OutboxItem } from './outbox/types.ts';
import type { ShowNotice } from '../../shared/row-schemas.ts';
import { useOutbox as useOutboxOf } from './outbox/use-outbox.ts';
import type { SyncStatus } from './sync/status.ts';
import { useSyncStatus } from './sync/use-sync-status.ts';

export type { ShowDb };
export { MIRROR_TABLES } from '../../shared/mirror-tables.ts';
// The row types, for screens: one list, in shared/row-schemas.ts.
export type * from '../../shared/row-schemas.ts';
export type {
  CallRef,
  CouponItem,
  CouponPayload,
  EntryItem,
  OrganiserAction,
  OrganiserItem,
  OutboxItem,
  OutboxStatus,
  PlaceDraft,
  PlaceItem,
  RingSideAction,
  RingSideItem,
  VoteItem,
  VotePayload,
} from './outbox/types.ts';
export type { SyncStatus };
export { useSyncStatus };
export { OFFLINE_MESSAGE, OUTDATED_MESSAGE, QUOTA_MESSAGE } from './sync/messages.ts';
export { outboxStanding, tallyOutbox, type OutboxStanding } from './outbox/list.ts';
export { entryOf, readCatsOnShow, readEventCatalogue, useEventCatalogue, type CatalogueCat, type CatsOnShow, type EventCatalogue } from './catalogue.ts';
export { readEventHall, readEventsWithPlans, useEventHall, type EventHall, type HallPlace } from './floor-plan.ts';
export { readRingSide, useRingSide, type RingSideView } from './ring-side.ts';
export { readEventJudging, readStarredJudging, useCatJudging, useEventCallsAndResults, type EventJudging, type JudgedResult, type StarredCat } from './judging.ts';

/** The page's one Dexie database. */
export const db: ShowDb = showDb();

// The sync and the first screen live in mirror-start.ts (no Dexie there); screens keep importing them here.
export { firstScreen, mirrorSync, sliceRenders, startMirrorSync, useScreenShown, createFirstScreen, type FirstScreen } from './mirror-start.ts';
import { sliceRenders, useScreenShown } from './mirror-start.ts';

// ---- Live views ----------------------------------------------------------------------------------------

/**
 * On a first visit a screen's first data (44 breed cards, say) renders deferred, in short slices, not
 * one long task; fixed for the page's life, so every render calls the same hooks.
 */
export const useFirstData: <T>(value: T) => T = sliceRenders ? useDeferredValue : (value) => value;

export type MirrorView<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

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
    () => (key === null ? db.show_notices.toArray() : key === '' ? [] : db.show_notices.where('event_id').anyOf(key.split(',').map(Number)).toArray()),
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

// The write door of the data layer: the backend's supabase-js client, the session, the outbox (votes and
// coupon requests waiting to be sent) and sync-now. Cheap to import: supabase-js, the outbox replay and the
// outbox's schemas load on the first call that needs them (backend-runtime.ts), so the first screen's
// JavaScript stays small; app/startup.ts starts them once the first screen has shown its data, or at
// once when a session is saved.
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { applyAuthEvent, authStore, endServerSession, forgetSavedSession, hasSavedSession, signInInUrl, type AuthState } from './auth.ts';
import { requestBackgroundSync } from './outbox/background-sync.ts';
import type { CouponInput, EntryChangeInput, OrganiserInput, PlaceChangeInput, RingSideInput, VoteInput } from './outbox/outbox.ts';
import type { CouponItem, EntryItem, OrganiserItem, PlaceItem, RingSideItem, VoteItem } from './outbox/types.ts';

/** applyAuthEvent mirrors a session into the auth store at once (e.g. right after signing in). */
export { applyAuthEvent, hasSavedSession, signInInUrl };
export type { AuthState } from './auth.ts';
export type { CouponInput, EntryChangeInput, OrganiserInput, PlaceChangeInput, RingSideInput, VoteInput };

const runtime = () => import('./backend-runtime.ts');
// The outbox module (and its zod schemas) loads with the first screen that writes, not with the shell.
const outbox = () => import('./outbox/outbox.ts');
// The page's database (Dexie) loads with the first screen that reads the mirror, not with the shell.
const mirror = () => import('./mirror.ts');

/** Runs `run` with the outbox module and the page's database. */
async function withOutbox<T>(run: (o: Awaited<ReturnType<typeof outbox>>, db: Awaited<ReturnType<typeof mirror>>['db']) => Promise<T>): Promise<T> {
  const [o, { db }] = await Promise.all([outbox(), mirror()]);
  return run(o, db);
}

/**
 * A screen that queues writes (the vote form, vouchers) calls this on mount: the outbox is then loaded
 * while the page is still online, so a vote cast after the network drops is saved, service worker or not.
 */
export function usePreloadedOutbox(): void {
  useEffect(() => void outbox().catch(() => undefined), []);
}

// ---- The client and its start ----------------------------------------------------------------------------

/** Loads supabase-js and makes the one client (startup's first backend step). */
export const loadBackendClient = (): Promise<SupabaseClient> => import('./supabase.ts').then((m) => m.supabase);

/** The one supabase-js client, loaded on first use. */
export const backendClient = (): Promise<SupabaseClient> => runtime().then((m) => m.client);

/** Starts what keeps the session, the outbox and the live show moving (once; app/startup.ts calls it). */
export const startBackend = (): Promise<void> => runtime().then((m) => void m.startDataLayer());

// ---- The session -----------------------------------------------------------------------------------------

/** The signed-in visitor as the screens see it; re-renders when it changes. */
export function useAuth(): AuthState {
  return useStore(authStore);
}

/**
 * Signs out (SPEC §4): this device forgets the session and the saved profile at once, whatever the network
 * does (a shared phone, a kiosk); the server is then asked, without waiting, to revoke the session
 * (failures there are only logged, SPEC §8).
 */
export async function signOut(): Promise<void> {
  const accessToken = forgetSavedSession();
  applyAuthEvent('SIGNED_OUT', null);
  await (await mirror()).forgetSavedProfile();
  void backendClient()
    .then((client) => endServerSession(client, accessToken))
    .catch((e: unknown) => console.warn('Sign out: the server was not told', e));
}

// ---- Sync and the outbox ---------------------------------------------------------------------------------

/** The backend's chunk did not arrive (offline before it loaded): the next trigger loads it again. */
const runtimeMissing = (what: string) => (e: unknown) => console.warn(`[backend] ${what}: its code is not loaded yet`, e);

/** Pulls the mirror now; failures show in the sync status. */
export const syncNow = (): Promise<void> => runtime().then((m) => m.syncNow(), runtimeMissing('sync'));

/** Replays the outbox now; joins a replay already running. Never rejects: what is queued stays queued. */
const drainOutboxNow = (): Promise<void> => {
  // Asked here too, not only by the runtime: an item queued before supabase-js has arrived (the second phase)
  // or with the network gone still has the service worker's replay behind it.
  void requestBackgroundSync();
  return runtime().then((m) => m.drainOutboxNow(), runtimeMissing('outbox replay'));
};

/** Validates and queues a vote, then starts sending it; throws OutboxError ('invalid_payload' | 'quota'). */
export async function queueVote(input: VoteInput): Promise<VoteItem> {
  const item = await withOutbox((o, db) => o.enqueueVote(db, input));
  void drainOutboxNow();
  return item;
}

/** Queues a coupon request of the signed-in visitor, then starts sending it. */
export async function queueCouponRequest(input: CouponInput): Promise<CouponItem> {
  const item = await withOutbox((o, db) => o.enqueueCoupon(db, input));
  void drainOutboxNow();
  return item;
}

/** Queues an organiser's live-schedule change or notice (its id is the operation id), then starts sending it. */
export async function queueOrganiserChange(input: OrganiserInput): Promise<OrganiserItem> {
  const item = await withOutbox((o, db) => o.enqueueOrganiser(db, input));
  void drainOutboxNow();
  return item;
}

/** Queues an organiser's change to a catalogue entry (absent, pen; its id is the operation id), then starts sending it. */
export async function queueEntryChange(input: EntryChangeInput): Promise<EntryItem> {
  const item = await withOutbox((o, db) => o.enqueueEntryChange(db, input));
  void drainOutboxNow();
  return item;
}

/** Queues an organiser's change to a place of the hall (drawn, moved, relabelled, deleted), then starts sending it. */
export async function queuePlaceChange(input: PlaceChangeInput): Promise<PlaceItem> {
  const item = await withOutbox((o, db) => o.enqueuePlaceChange(db, input));
  void drainOutboxNow();
  return item;
}

/** Queues a ring clerk's action (a call, its state, a result; its id is the operation id), then starts sending it. */
export async function queueRingSide(input: RingSideInput): Promise<RingSideItem> {
  const item = await withOutbox((o, db) => o.enqueueRingSide(db, input));
  void drainOutboxNow();
  return item;
}

/** Sends a failed or needs-sign-in item again. */
export async function retryOutboxItem(id: string): Promise<void> {
  await withOutbox((o, db) => o.retryItem(db, id));
  await drainOutboxNow();
}

/** Deletes a failed item (the caller asks the visitor first). */
export async function discardOutboxItem(id: string): Promise<void> {
  await withOutbox((o, db) => o.discardItem(db, id));
}

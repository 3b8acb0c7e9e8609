// The app's data singletons and their start-up: the page's Dexie database (mirror.ts), one supabase-js
// client and the outbox replay with its triggers. The sync engine starts earlier, with the page (sync/boot.ts).
import { authStore, followAuth } from './auth.ts';
import { db } from './mirror.ts';
import { supabase } from './supabase.ts';
import { mirrorSync } from './sync/boot.ts';
import { drainOutbox } from './outbox/drain.ts';
import { resumeAfterSignIn } from './outbox/outbox.ts';
import { startOutboxTriggers, type OutboxTriggers } from './outbox/triggers.ts';
import { requestBackgroundSync } from './outbox/background-sync.ts';

export { db };
export const client = supabase;
export const syncEngine = mirrorSync();

/** Pulls now; failures show in the sync status, never as unhandled rejections. */
export function syncNow(): Promise<void> {
  return syncEngine.pull().then(
    () => undefined,
    () => undefined,
  );
}

let outboxTriggers: OutboxTriggers | null = null;

/** Replays the outbox now, e.g. right after a vote is queued; joins a replay already running. */
export function drainOutboxNow(): Promise<void> {
  // Ask for a Background Sync too: if the tab closes before the network returns, the SW still delivers.
  void requestBackgroundSync();
  const run = outboxTriggers ? outboxTriggers.drainNow() : drainOutbox({ db, client });
  return run.then(
    () => undefined,
    (e: unknown) => console.warn('[outbox] replay failed', e),
  );
}

/** Coupon requests that waited for a sign-in go again once that visitor is back. */
function resumeOnSignIn(): () => void {
  let lastUserId: string | null = null;
  return authStore.subscribe(({ user }) => {
    if (user && user.id !== lastUserId) {
      void resumeAfterSignIn(db, user.id).then((n) => (n > 0 ? drainOutboxNow() : undefined));
    }
    lastUserId = user?.id ?? null;
  });
}

/** Starts everything that keeps the session and the outbox moving; returns a stop(). */
export function startDataLayer(): () => void {
  outboxTriggers = startOutboxTriggers({ drain: () => drainOutbox({ db, client }) });
  const stops = [followAuth(client), outboxTriggers, resumeOnSignIn()];
  return () => {
    stops.forEach((stop) => stop());
    outboxTriggers = null;
  };
}

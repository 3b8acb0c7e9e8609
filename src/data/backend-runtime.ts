// What data/backend.ts loads on first use: one supabase-js client, the session follower, the outbox replay
// with its triggers and the live show's subscription. The mirror's sync engine starts earlier, with the page
// (mirror.ts, app/startup.ts); the live show pokes it.
import { authStore, followAuth } from './auth.ts';
import { db, mirrorSync } from './mirror.ts';
import { supabase } from './supabase.ts';
import { drainOutbox } from './outbox/drain.ts';
import { resumeAfterSignIn } from './outbox/outbox.ts';
import { startOutboxTriggers, type OutboxTriggers } from './outbox/triggers.ts';
import { requestBackgroundSync } from './outbox/background-sync.ts';
import { liveChannelOf, startLiveShow } from './sync/live.ts';

export const client = supabase;

/** Pulls now; failures show in the sync status, never as unhandled rejections. */
export function syncNow(): Promise<void> {
  return mirrorSync()
    .pull()
    .then(
      () => undefined,
      () => undefined,
    );
}

/** The running outbox triggers, once startDataLayer has run. */
const running: { outboxTriggers: OutboxTriggers | null } = { outboxTriggers: null };

/** Replays the outbox now, e.g. right after a vote is queued; joins a replay already running. */
export function drainOutboxNow(): Promise<void> {
  // Ask for a Background Sync too: if the tab closes before the network returns, the SW still delivers.
  void requestBackgroundSync();
  const run = running.outboxTriggers ? running.outboxTriggers.drainNow() : drainOutbox({ db, client });
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

/** Starts everything that keeps the session, the outbox and the live show moving; returns a stop(). */
export function startDataLayer(): () => void {
  const outboxTriggers = startOutboxTriggers({ drain: () => drainOutbox({ db, client }) });
  running.outboxTriggers = outboxTriggers;
  const live = startLiveShow({ engine: mirrorSync(), open: liveChannelOf(client) });
  const stops = [followAuth(client), outboxTriggers, resumeOnSignIn(), live];
  return () => {
    stops.forEach((stop) => stop());
    running.outboxTriggers = null;
  };
}

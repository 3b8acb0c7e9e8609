// The live show: while the app is visible and online, one subscription to the show's pokes. A
// poke only says "something changed": it schedules one ordinary pull, so the mirror stays the one source
// and RLS still decides what is read; a missed poke is caught by the next pull (docs/DESIGN.md §4.4).
//
// The page holds the socket, not the sync worker: whether the app is visible is known only in the page
// (the worker has no document), and a hidden page must drop the socket — a phone in a pocket keeps no
// connection open and is shown nothing new. The worker only runs the pulls the page asks for.
import type { SupabaseClient } from '@supabase/supabase-js';
import { LIVE_DEFAULT_SPREAD_MS, LIVE_EVENT, LIVE_GUARD_MS, LIVE_TOPIC, readLivePoke } from '../../../shared/live.ts';
import type { PullSummary, SyncEngine } from './contract.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';
import { syncRetryDelayMs, type VisibilitySource } from './triggers.ts';

/**
 * Pulls in a row that may follow a pull whose answer held rows back (a transaction still in flight keeps
 * the watermark back; an import commits for minutes): at LIVE_GUARD_MS, 2× and 4× that, then the next
 * poke or the relaxed interval takes over. A poke, or an answer that held nothing back, starts the count
 * again.
 */
export const LIVE_HELD_BACK_PULLS = 3;

/** The subscription's states as supabase-js reports them (REALTIME_SUBSCRIBE_STATES). */
export type LiveChannelState = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR';

/** An open subscription; close() leaves it and resolves when it is gone. */
interface LiveChannel {
  close(): Promise<unknown>;
}

/** Opens the subscription: `onPoke` gets each broadcast's payload, `onState` each state change. */
export type OpenLiveChannel = (onPoke: (payload: unknown) => void, onState: (state: LiveChannelState) => void) => LiveChannel;

/** The subscription through the page's one supabase-js client (its join time-out is set in client.ts). */
export function liveChannelOf(client: SupabaseClient): OpenLiveChannel {
  return (onPoke, onState) => {
    const channel = client
      .channel(LIVE_TOPIC, { config: { broadcast: { self: false }, private: false } })
      .on('broadcast', { event: LIVE_EVENT }, ({ payload }) => onPoke(payload))
      .subscribe((state) => onState(state));
    return { close: () => client.removeChannel(channel) };
  };
}

export interface LiveShowOptions {
  engine: Pick<SyncEngine, 'pull'>;
  open: OpenLiveChannel;
  status?: SyncStatusStore;
  /** Fires `online` and `offline` (window). */
  target?: EventTarget;
  doc?: VisibilitySource;
  isOnline?: () => boolean;
  /** In [0, 1): where in the spread this phone pulls. */
  random?: () => number;
  now?: () => number;
  /** The wait before subscribing again after try number `attempt` (0-based) failed. */
  resubscribeDelayMs?: (attempt: number) => number;
}

/** Starts following the live show; returns stop(), which leaves the channel and removes every listener and timer. */
export function startLiveShow({
  engine,
  open,
  status = syncStatus,
  target = window,
  doc = document,
  isOnline = () => globalThis.navigator?.onLine ?? true,
  random = Math.random,
  now = Date.now,
  resubscribeDelayMs = (attempt) => syncRetryDelayMs(attempt, random),
}: LiveShowOptions): () => void {
  let stopped = false;
  /** The subscription wanted now; `channel` is null until the previous one has been left. */
  let current: { channel: LiveChannel | null } | null = null;
  let leaving: Promise<unknown> = Promise.resolve();
  let attempt = 0;
  let resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  let pullTimer: ReturnType<typeof setTimeout> | undefined;
  let pullDue = 0;
  let heldBackPulls = 0;

  const wanted = () => !stopped && doc.visibilityState === 'visible' && isOnline();
  const setLive = (live: boolean) => {
    if (status.getState().live !== live) status.setState({ live });
  };

  /** A pull that starts after this call: one already running may have begun before the change. */
  async function freshPull(): Promise<PullSummary> {
    if (status.getState().syncing) await engine.pull().catch(() => undefined);
    return engine.pull();
  }

  function runPull(): void {
    pullTimer = undefined;
    if (!wanted()) return;
    // A failure shows in the status and is retried by the triggers, whoever started the pull.
    freshPull().then(
      (summary) => {
        if (!summary.heldBack) heldBackPulls = 0;
        else if (heldBackPulls < LIVE_HELD_BACK_PULLS) schedulePull(LIVE_GUARD_MS * 2 ** heldBackPulls++);
      },
      () => undefined,
    );
  }

  /** At most one pull waits: a later request joins it, an earlier one brings it forward. */
  function schedulePull(delayMs: number): void {
    if (!wanted()) return;
    const due = now() + delayMs;
    if (pullTimer !== undefined && pullDue <= due) return;
    clearTimeout(pullTimer);
    pullDue = due;
    pullTimer = setTimeout(runPull, delayMs);
  }

  /** After the guard, so the change is past sync_pull's watermark; spread, so a hall does not pull at once. */
  function onPoke(spreadMs: number, guardMs = LIVE_GUARD_MS): void {
    heldBackPulls = 0;
    schedulePull(guardMs + random() * spreadMs);
  }

  function subscribe(): void {
    if (!wanted() || current || resubscribeTimer !== undefined) return;
    const mine: { channel: LiveChannel | null } = { channel: null };
    current = mine;
    // supabase-js hands back a channel of the same topic that is still leaving: wait until it is gone.
    void leaving.then(() => {
      if (current !== mine) return;
      mine.channel = open(
        (payload) => {
          const poke = readLivePoke(payload);
          if (current === mine && poke) onPoke(poke.spread_ms ?? LIVE_DEFAULT_SPREAD_MS, poke.guard_ms);
        },
        (state) => {
          if (current !== mine) return;
          if (state === 'SUBSCRIBED') {
            attempt = 0;
            setLive(true);
            // Pokes sent before the join were missed: catch up as if poked, then trust the pokes.
            onPoke(LIVE_DEFAULT_SPREAD_MS);
            return;
          }
          // Failed to join, or lost: poll as before and try again with backoff.
          unsubscribe();
          if (!wanted()) return;
          resubscribeTimer = setTimeout(() => {
            resubscribeTimer = undefined;
            subscribe();
          }, resubscribeDelayMs(attempt++));
        },
      );
    });
  }

  function unsubscribe(): void {
    setLive(false);
    const was = current;
    current = null;
    if (was?.channel) leaving = was.channel.close().catch(() => undefined);
  }

  /** Hidden or offline: no socket, and nothing new is pulled until the page is back. */
  function pause(): void {
    unsubscribe();
    clearTimeout(resubscribeTimer);
    resubscribeTimer = undefined;
    clearTimeout(pullTimer);
    pullTimer = undefined;
    heldBackPulls = 0;
    attempt = 0;
  }

  // Becoming visible or online pulls already (the sync triggers); here only the socket follows.
  const follow = () => (wanted() ? subscribe() : pause());
  target.addEventListener('online', follow);
  target.addEventListener('offline', pause);
  doc.addEventListener('visibilitychange', follow);
  follow();

  return () => {
    stopped = true;
    target.removeEventListener('online', follow);
    target.removeEventListener('offline', pause);
    doc.removeEventListener('visibilitychange', follow);
    pause();
  };
}

// When the mirror is pulled: app start, back online, tab visible again, and on an interval while visible
// (relaxed while the live show's pokes arrive, live.ts).
import { LIVE_RELAXED_INTERVAL_MS } from '../../../shared/live.ts';
import { backoffMs, BACKOFF_BASE_MS } from '../outbox/backoff.ts';
import type { SyncEngine } from './contract.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

export const SYNC_INTERVAL_MS = 60_000;

/** What the triggers need of `document`. */
export interface VisibilitySource extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

export interface SyncTriggerOptions {
  intervalMs?: number;
  /** The interval while the status says `live`: a poke brings each change, polling is only a safety net. */
  liveIntervalMs?: number;
  /** Fires `online` and `offline` (window). */
  target?: EventTarget;
  doc?: VisibilitySource;
  status?: SyncStatusStore;
  isOnline?: () => boolean;
  now?: () => number;
  /** The delay before retry number `attempt` (0-based) after a failed pull. */
  retryDelayMs?: (attempt: number) => number;
}

/** SPEC §9: exponential backoff from 1 s to 30 s, with full jitter so a hall of phones spreads out. */
export const syncRetryDelayMs = (attempt: number, random: () => number = Math.random): number => Math.max(BACKOFF_BASE_MS, backoffMs(attempt, random));

/** Starts pulling on the triggers of DESIGN.md; returns stop(), which removes every listener and timer. */
export function startSyncTriggers(
  engine: Pick<SyncEngine, 'pull'>,
  {
    intervalMs = SYNC_INTERVAL_MS,
    liveIntervalMs = LIVE_RELAXED_INTERVAL_MS,
    target = window,
    doc = document,
    status = syncStatus,
    isOnline = () => globalThis.navigator?.onLine ?? true,
    now = Date.now,
    retryDelayMs = syncRetryDelayMs,
  }: SyncTriggerOptions = {},
): () => void {
  const visible = () => doc.visibilityState === 'visible';
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const cancelRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (status.getState().retryAt !== null) status.setState({ retryAt: null });
  };
  // The engine records failures in the status; a trigger has no one to report to.
  const pull = () => {
    cancelRetry();
    void engine.pull().catch(() => undefined);
  };
  // Whoever started it (a trigger, the header's "sync now", the sync worker), a pull that ends in an error
  // another try may cure is tried again with backoff, and the status says when.
  const stopWatching = status.subscribe((next, prev) => {
    if (next.live !== prev.live) startInterval();
    if (!prev.syncing || next.syncing) return;
    if (next.lastError === null) {
      attempt = 0;
      return;
    }
    // Offline, the online event pulls again; hidden, the visibility change does. A full device or a
    // build too old for the show waits for the next ordinary trigger.
    if (stopped || next.storageFull || next.outdated || !isOnline() || !visible() || retryTimer !== undefined) return;
    const delay = retryDelayMs(attempt++);
    status.setState({ retryAt: now() + delay });
    retryTimer = setTimeout(pull, delay);
  });
  const onOnline = () => {
    status.setState({ online: true });
    pull();
  };
  const onOffline = () => {
    cancelRetry();
    status.setState({ online: false });
  };
  const onVisibility = () => {
    if (visible()) pull();
  };
  // Restarted when `live` changes: relaxed from the moment the socket is up, back to the usual interval
  // (counted from the moment it fell) when it is down.
  let timer: ReturnType<typeof setInterval> | undefined;
  function startInterval(): void {
    clearInterval(timer);
    if (!stopped) timer = setInterval(onVisibility, status.getState().live ? liveIntervalMs : intervalMs);
  }

  status.setState({ online: isOnline() });
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  doc.addEventListener('visibilitychange', onVisibility);
  startInterval();
  pull();

  return () => {
    stopped = true;
    stopWatching();
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
    doc.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
    cancelRetry();
  };
}

// When the mirror is pulled: app start, back online, tab visible again, and on an interval while visible.
import { backoffMs, BACKOFF_BASE_MS } from '../outbox/backoff.ts';
import { SyncError, type SyncEngine } from './contract.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

export const SYNC_INTERVAL_MS = 60_000;

/** What the triggers need of `document`. */
export interface VisibilitySource extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

export interface SyncTriggerOptions {
  intervalMs?: number;
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
export const syncRetryDelayMs = (attempt: number): number => Math.max(BACKOFF_BASE_MS, backoffMs(attempt));

/** Failures that another try soon may cure; a full device or an outdated build wait for the next trigger. */
const isRetryable = (e: unknown) => !(e instanceof SyncError && (e.code === 'quota' || e.code === 'outdated'));

/** Starts pulling on the triggers of DESIGN.md; returns stop(), which removes every listener and timer. */
export function startSyncTriggers(
  engine: Pick<SyncEngine, 'pull'>,
  {
    intervalMs = SYNC_INTERVAL_MS,
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
  // The engine records failures in the status; a trigger schedules the next try and shows when.
  const pull = () => {
    cancelRetry();
    engine.pull().then(
      () => {
        attempt = 0;
      },
      (e: unknown) => {
        // Offline, the online event pulls again; hidden, the visibility change does.
        if (stopped || !isRetryable(e) || !isOnline() || !visible() || retryTimer !== undefined) return;
        const delay = retryDelayMs(attempt++);
        status.setState({ retryAt: now() + delay });
        retryTimer = setTimeout(pull, delay);
      },
    );
  };
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

  status.setState({ online: isOnline() });
  target.addEventListener('online', onOnline);
  target.addEventListener('offline', onOffline);
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(onVisibility, intervalMs);
  pull();

  return () => {
    stopped = true;
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
    doc.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
    cancelRetry();
  };
}

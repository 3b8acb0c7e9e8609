// When the mirror is pulled: app start, back online, tab visible again, and on an interval while visible.
import type { SyncEngine } from './contract.ts';
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
}

/** Starts pulling on the triggers of DESIGN.md; returns stop(), which removes every listener and timer. */
export function startSyncTriggers(
  engine: Pick<SyncEngine, 'pull'>,
  {
    intervalMs = SYNC_INTERVAL_MS,
    target = window,
    doc = document,
    status = syncStatus,
    isOnline = () => globalThis.navigator?.onLine ?? true,
  }: SyncTriggerOptions = {},
): () => void {
  const visible = () => doc.visibilityState === 'visible';
  // The engine records failures in the status; a trigger has no one to report to.
  const pull = () => void engine.pull().catch(() => undefined);
  const onOnline = () => {
    status.setState({ online: true });
    pull();
  };
  const onOffline = () => status.setState({ online: false });
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
    target.removeEventListener('online', onOnline);
    target.removeEventListener('offline', onOffline);
    doc.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}

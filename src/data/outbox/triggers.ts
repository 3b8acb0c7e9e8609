// Wakes the page's outbox drain: on start, online, visibility regained, a timer while items wait, SW messages.
import { isDrainRequest, type DrainAckMessage } from '../../../shared/sw-protocol.ts';
import type { DrainSummary } from './drain.ts';

const OUTBOX_INTERVAL_MS = 30_000;
/** The timer never fires sooner than this, whatever the backoff says. */
const MIN_TIMER_MS = 1_000;

export interface OutboxTriggerOptions {
  drain: () => Promise<DrainSummary>;
  /** Where `online` fires (window). */
  target?: EventTarget;
  /** Where `visibilitychange` fires (document). */
  doc?: EventTarget & { visibilityState: DocumentVisibilityState };
  intervalMs?: number;
  /** Where the service worker's `{ type: 'drain-outbox' }` arrives; null turns it off. */
  serviceWorker?: EventTarget | null;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** stop(), plus drainNow() for right after an enqueue: it joins a running drain, which then runs once more. */
export type OutboxTriggers = (() => void) & { drainNow(): Promise<boolean> };

/** Starts the triggers; returns stop(). A drain already running absorbs new triggers and runs once more. */
export function startOutboxTriggers({
  drain,
  target = window,
  doc = document,
  intervalMs = OUTBOX_INTERVAL_MS,
  serviceWorker = globalThis.navigator?.serviceWorker ?? null,
  now = Date.now,
  onError = (e) => console.warn('[outbox] drain failed', e),
}: OutboxTriggerOptions): OutboxTriggers {
  let stopped = false;
  let running: Promise<boolean> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule(summary: DrainSummary | undefined): void {
    clearTimeout(timer);
    if (stopped) return;
    // Nothing waiting: no timer. A failed or skipped drain (another tab holds the lock) looks again later,
    // and so does one that left items 'sending' elsewhere: they are re-queued if that context died.
    if (summary && !summary.skipped && summary.queued === 0 && summary.sending === 0) return;
    const dueIn = summary && !summary.skipped && summary.nextAttemptAt !== null ? summary.nextAttemptAt - now() : intervalMs;
    timer = setTimeout(() => void run(), Math.min(intervalMs, Math.max(MIN_TIMER_MS, dueIn)));
  }

  /** Resolves true when the last drain completed, false when it threw (errors never escape). */
  function run(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let summary: DrainSummary | undefined;
      try {
        do {
          again = false;
          summary = await drain();
        } while (again && !stopped);
      } catch (e) {
        summary = undefined;
        onError(e);
      } finally {
        running = null;
      }
      schedule(summary);
      return summary !== undefined;
    })();
    return running;
  }

  const onOnline = () => void run();
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void run();
  };
  const onMessage = (event: Event) => {
    const { data, ports } = event as MessageEvent<unknown>;
    if (!isDrainRequest(data)) return;
    void run().then((done) => ports?.[0]?.postMessage({ done } satisfies DrainAckMessage));
  };

  target.addEventListener('online', onOnline);
  doc.addEventListener('visibilitychange', onVisibility);
  serviceWorker?.addEventListener('message', onMessage);
  // addEventListener alone does not start a ServiceWorkerContainer's message queue before DOMContentLoaded.
  (serviceWorker as { startMessages?: () => void } | null)?.startMessages?.();
  void run();

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    target.removeEventListener('online', onOnline);
    doc.removeEventListener('visibilitychange', onVisibility);
    serviceWorker?.removeEventListener('message', onMessage);
  };
  return Object.assign(stop, { drainNow: run });
}

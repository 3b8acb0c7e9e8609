// Background Sync for the outbox: the `sync` event wakes open pages to drain it; with none open, the
// worker sends the anonymous votes itself from the same IndexedDB. Tokens never reach the worker, so
// coupon requests (signed-in) always wait for a page. The messages are shared/sw-protocol.ts's.
import { DRAIN_REQUEST, isDrainAck } from '../shared/sw-protocol.ts';

/** How long an open page gets to acknowledge a drain request before the worker drains itself. */
const PAGE_ACK_TIMEOUT_MS = 20_000;

/** Background Sync's event (Chromium only; not in TypeScript's webworker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

/** A window client, as far as a drain request needs it. */
export interface DrainTarget {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** Thrown so the browser retries the sync event later (with its own backoff). */
export class OutboxSyncError extends Error {
  override name = 'OutboxSyncError';
  readonly code = 'still_queued' as const;
}

/**
 * Asks every window to drain; resolves true as soon as one acknowledges `{ done: true }`, false when
 * there are none, when all answer `{ done: false }`, or after `timeoutMs`.
 */
export function askPagesToDrain(windows: readonly DrainTarget[], timeoutMs = PAGE_ACK_TIMEOUT_MS): Promise<boolean> {
  if (windows.length === 0) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const channels: MessageChannel[] = [];
    let unanswered = windows.length;
    let settled = false;
    const finish = (acked: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const channel of channels) channel.port1.close();
      resolve(acked);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    for (const page of windows) {
      const channel = new MessageChannel();
      channels.push(channel);
      channel.port1.onmessage = (e: MessageEvent<unknown>) => {
        if (isDrainAck(e.data) && e.data.done) finish(true);
        else if (--unanswered === 0) finish(false);
      };
      page.postMessage(DRAIN_REQUEST, [channel.port2]);
    }
  });
}

export interface OutboxSyncDeps {
  /** The open windows of this origin (controlled or not). */
  windows(): Promise<readonly DrainTarget[]>;
  /** Sends the queued anonymous votes (drainOutbox's summary: retrying = sent back to the queue this pass). */
  drainAnonymous(): Promise<{ retrying: number; skipped: boolean; queued: number }>;
  timeoutMs?: number;
}

/**
 * The `sync` handler's work. Rejects, so that the browser fires the event again later, when votes went
 * back to the queue (network failure) or another context held the drain lock while votes were waiting.
 */
export async function runOutboxSync(deps: OutboxSyncDeps): Promise<void> {
  if (await askPagesToDrain(await deps.windows(), deps.timeoutMs)) return;
  const { retrying, skipped, queued } = await deps.drainAnonymous();
  if (retrying > 0) {
    throw new OutboxSyncError(`${retrying} vote(s) still queued after a network failure; the browser will retry the sync`);
  }
  if (skipped && queued > 0) {
    throw new OutboxSyncError(`The outbox is being drained elsewhere and ${queued} item(s) wait; the browser will retry the sync`);
  }
}

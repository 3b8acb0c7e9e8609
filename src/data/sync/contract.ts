// What a sync engine is to its callers, whether it runs in the page or in the sync worker; kept apart
// from engine.ts so the page can start the worker without loading the engine itself.

export type SyncErrorCode = 'network' | 'timeout' | 'server' | 'invalid_response' | 'quota' | 'outdated';

/**
 * The sync contract this build speaks (docs/SYNC-COMPATIBILITY.md). It is sent with every pull; a server
 * whose `min_client` is above it has changed in a way this build cannot read.
 */
export const SYNC_CONTRACT_VERSION = 2;

/** The longest any network call may take before it counts as an ordinary, retried failure. */
export const NETWORK_DEADLINE_MS = 15_000;

export class SyncError extends Error {
  override name = 'SyncError';
  constructor(
    readonly code: SyncErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface PullSummary {
  /** sync_pull round trips. */
  requests: number;
  /** IndexedDB write transactions committed. */
  writes: number;
  /** Rows stored in mirror tables. */
  rows: number;
  /** Rows removed by tombstones. */
  deleted: number;
  /** Rows set aside in quarantine. */
  quarantined: number;
  /** The tombstone cursor was older than the server's retention: the mirror was cleared and re-pulled. */
  reset: boolean;
  /**
   * The server held back rows younger than its late-commit guard (`held_back`; false from a server that
   * does not say): a pull just after the guard brings them (live.ts).
   */
  heldBack: boolean;
}

export interface SyncEngine {
  /** Runs one pull cycle to completion; a call made while one runs joins it. */
  pull(signal?: AbortSignal): Promise<PullSummary>;
  /** Resolves when the saved lastSyncedAt has been loaded into the status. */
  readonly ready: Promise<void>;
}

/** Lets a caller that joined a running cycle stop waiting for it without stopping it. */
export function orAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The error a deadline rejects with, as AbortSignal.timeout() does. */
function deadlineError(what: string, ms: number): DOMException {
  return new DOMException(`${what} did not answer within ${Math.round(ms / 1000)} s.`, 'TimeoutError');
}

export const isDeadlineError = (e: unknown): boolean => e instanceof DOMException && e.name === 'TimeoutError';

/**
 * A signal that aborts with a TimeoutError after `ms`, or when `signal` aborts; `clear()` stops the timer
 * once the call has settled.
 */
export function deadlineSignal(ms: number, signal?: AbortSignal, what = 'The server'): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(deadlineError(what, ms)), ms);
  // In Node (tests, the venue server's functions) a pending deadline must not keep the process alive.
  (timer as unknown as { unref?: () => void }).unref?.();
  const onAbort = () => controller.abort(signal!.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Settles as `promise` does, or rejects with a TimeoutError after `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what = 'The server'): Promise<T> {
  const deadline = deadlineSignal(ms, undefined, what);
  return orAbort(promise, deadline.signal).finally(deadline.clear);
}

/**
 * fetch with a deadline, for supabase-js's `global.fetch`: every call the client makes (REST, RPC, auth,
 * functions) ends by `ms` at the latest, body included, as a failed request the caller already handles.
 * The timer is left to run out: clearing it when the headers arrive would leave a stalled body unbounded,
 * and aborting a finished request does nothing.
 */
export function fetchWithDeadline(ms: number = NETWORK_DEADLINE_MS, base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return (input, init) => base(input, { ...init, signal: deadlineSignal(ms, init?.signal ?? undefined).signal });
}

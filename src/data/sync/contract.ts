// What a sync engine is to its callers, whether it runs in the page or in the sync worker; kept apart
// from engine.ts so the page can start the worker without loading the engine itself.

export type SyncErrorCode = 'network' | 'server' | 'invalid_response' | 'quota';

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

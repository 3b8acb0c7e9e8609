// The messages between the page and the sync worker: the page asks for pulls, the worker answers each and
// reports its status changes. Plain data only (structured clone).
import type { PullSummary, SyncErrorCode } from './contract.ts';
import type { SyncStatus } from './status.ts';

/** The status fields the engine writes; `online` and `retryAt` belong to the page's triggers. */
export type EngineStatus = Pick<SyncStatus, 'syncing' | 'lastSyncedAt' | 'lastError' | 'storageFull' | 'outdated'>;
export const ENGINE_STATUS_KEYS = ['syncing', 'lastSyncedAt', 'lastError', 'storageFull', 'outdated'] as const satisfies readonly (keyof EngineStatus)[];

export type PageMessage = { type: 'pull'; id: number } | { type: 'abort'; id: number };

export interface SerializedSyncError {
  name: string;
  message: string;
  /** Set for a SyncError. */
  code: SyncErrorCode | null;
}

export type WorkerMessage =
  | { type: 'status'; status: Partial<EngineStatus> }
  /** The saved lastSyncedAt has been read (the engine's `ready`). */
  | { type: 'ready' }
  | { type: 'done'; id: number; summary: PullSummary }
  | { type: 'failed'; id: number; error: SerializedSyncError }
  /** navigator.storage.persist() exists only in a window: the page asks. */
  | { type: 'persist' }
  /** Sent every WORKER_ALIVE_INTERVAL_MS while a pull runs: a worker that falls silent is replaced. */
  | { type: 'alive' };

export const WORKER_ALIVE_INTERVAL_MS = 5_000;

/** What both ends need of a Worker, a worker's global scope or a MessagePort. */
export interface MessageEndpoint<In, Out> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: { data: In }) => void): void;
}

// Messages between the HTTP thread (pglite-host.ts) and the PGlite worker (pglite-worker.ts).
import type { TxOpening } from './types.ts';

export type HostMessage =
  /** A worker starts idle (a standby): this opens its PGlite on dataDir; id 0 answers. */
  | { op: 'open'; id: 0; dataDir: string }
  | { op: 'query'; id: number; text: string; params?: unknown[] }
  | { op: 'exec'; id: number; sql: string }
  /** Opens transaction `id`; its statements follow as `tx`, and `end` closes it (the answer goes to end's id). */
  | { op: 'begin'; id: number; opening?: TxOpening }
  | { op: 'tx'; id: number; txId: number; text?: string; params?: unknown[]; sql?: string }
  | { op: 'end'; id: number; txId: number; commit: boolean }
  /** LISTEN on channel in the worker's PGlite: its notifications come back as WorkerNotification. */
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number };

/** An Error's name, message and its string or number fields (code, detail, hint, position, …). */
export type WorkerError = { name: string; message: string } & Record<string, string | number>;

/** id 0 answers the worker's start ('ready' or the error that stopped it). */
export type WorkerMessage = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };

/** A NOTIFY heard in the worker (it carries no id: nothing asked for it). */
export interface WorkerNotification {
  notify: string;
  payload: string;
}

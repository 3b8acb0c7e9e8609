// The page's sync engine when the pull runs in a Web Worker: the same SyncEngine interface, so the triggers,
// the status store and the screens do not change. Fetching, validating and writing the mirror then cost the
// page's main thread nothing; the page's liveQueries hear of the worker's writes through Dexie's
// BroadcastChannel. Without a working worker the engine runs in the page, as before.
import { NETWORK_DEADLINE_MS, orAbort, SyncError, type PullSummary, type SyncEngine } from './contract.ts';
import { WORKER_ALIVE_INTERVAL_MS, type MessageEndpoint, type PageMessage, type SerializedSyncError, type WorkerMessage } from './protocol.ts';
import { syncStatus, type SyncStatusStore } from './status.ts';

/** A started worker (or a MessagePort in tests). */
export interface SyncWorkerHandle extends MessageEndpoint<WorkerMessage, PageMessage> {
  /** 'error': the script failed to load or threw. */
  addEventListener(type: 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: WorkerMessage }) => void): void;
  terminate?(): void;
}

export interface WorkerSyncEngineOptions {
  /** Starts the worker; may throw where module workers are unsupported. */
  spawn: () => SyncWorkerHandle;
  /** The engine in the page, used when the worker cannot start or fails. */
  fallback: () => SyncEngine;
  status?: SyncStatusStore;
  /** Asks the browser to keep our storage (window only); the worker's engine asks for it once. */
  persist?: () => unknown;
  /**
   * A worker that sends nothing for this long while a pull is pending is hung (it posts 'alive' every
   * 5 s, and each of its requests has its own deadline): it is stopped and the page's engine takes over.
   */
  silenceMs?: number;
}

const WORKER_SILENCE_MS = NETWORK_DEADLINE_MS + 2 * WORKER_ALIVE_INTERVAL_MS;

function defaultPersist(): unknown {
  return globalThis.navigator?.storage?.persist?.();
}

function toError({ name, message, code }: SerializedSyncError): Error {
  if (code) return new SyncError(code, message);
  const error = new Error(message);
  error.name = name;
  return error;
}

export function createWorkerSyncEngine({
  spawn,
  fallback,
  status = syncStatus,
  persist = defaultPersist,
  silenceMs = WORKER_SILENCE_MS,
}: WorkerSyncEngineOptions): SyncEngine {
  let worker: SyncWorkerHandle;
  try {
    worker = spawn();
  } catch (e) {
    // Said once, for whoever looks: the app works on, but its main thread now does the sync's work.
    console.warn('[sync] the sync worker did not start; the page pulls the mirror itself', e);
    return fallback();
  }

  let local: SyncEngine | null = null;
  let running: Promise<PullSummary> | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (s: PullSummary) => void; reject: (e: unknown) => void }>();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  /** (Re)starts the silence deadline while pulls are pending; stops it when none are. */
  function watch(): void {
    clearTimeout(watchdog);
    watchdog = pending.size > 0 && !local ? setTimeout(() => void useLocal(), silenceMs) : undefined;
  }

  /** The worker could not run: its pulls go again in the page (a pull is idempotent). */
  function useLocal(): SyncEngine {
    if (local) return local;
    local = fallback();
    clearTimeout(watchdog);
    worker.terminate?.();
    void local.ready.catch(() => undefined).then(markReady);
    for (const { resolve, reject } of pending.values()) local.pull().then(resolve, reject);
    pending.clear();
    return local;
  }

  worker.addEventListener('error', () => void useLocal());
  worker.addEventListener('message', ({ data }) => {
    if (local) return;
    watch();
    switch (data.type) {
      case 'status':
        status.setState(data.status);
        break;
      case 'ready':
        markReady();
        break;
      case 'persist':
        try {
          Promise.resolve(persist()).catch(() => undefined);
        } catch {
          // No StorageManager: nothing to ask.
        }
        break;
      case 'done':
      case 'failed': {
        const call = pending.get(data.id);
        pending.delete(data.id);
        if (data.type === 'done') call?.resolve(data.summary);
        else call?.reject(toError(data.error));
        watch();
        break;
      }
    }
  });

  return {
    ready,
    pull(signal) {
      if (local) return local.pull(signal);
      if (running) return signal ? orAbort(running, signal) : running;
      const id = nextId++;
      running = new Promise<PullSummary>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'pull', id });
        watch();
      }).finally(() => {
        running = null;
      });
      if (!signal) return running;
      // The caller that started the cycle may stop it, as with the engine in the page.
      signal.addEventListener('abort', () => worker.postMessage({ type: 'abort', id }), { once: true });
      return orAbort(running, signal);
    },
  };
}

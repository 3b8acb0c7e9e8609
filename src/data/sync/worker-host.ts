// The worker's side of the protocol: runs pulls on a sync engine and reports its status to the page.
import { SyncError, type SyncEngine } from './contract.ts';
import { ENGINE_STATUS_KEYS, WORKER_ALIVE_INTERVAL_MS, type EngineStatus, type MessageEndpoint, type PageMessage, type WorkerMessage } from './protocol.ts';
import type { SyncStatusStore } from './status.ts';

export function serveSyncEngine(endpoint: MessageEndpoint<PageMessage, WorkerMessage>, engine: SyncEngine, status: SyncStatusStore): void {
  const post = (message: WorkerMessage) => endpoint.postMessage(message);
  const aborts = new Map<number, AbortController>();
  let alive: ReturnType<typeof setInterval> | undefined;

  status.subscribe((next, prev) => {
    const changed: Partial<EngineStatus> = {};
    let any = false;
    for (const key of ENGINE_STATUS_KEYS) {
      if (next[key] !== prev[key]) {
        (changed as Record<string, unknown>)[key] = next[key];
        any = true;
      }
    }
    if (any) post({ type: 'status', status: changed });
  });
  // A failed read is reported by the first pull instead, as in the page.
  void engine.ready.catch(() => undefined).then(() => post({ type: 'ready' }));

  endpoint.addEventListener('message', ({ data }) => {
    if (data.type === 'abort') {
      aborts.get(data.id)?.abort(new DOMException('The pull was aborted.', 'AbortError'));
      return;
    }
    const controller = new AbortController();
    aborts.set(data.id, controller);
    alive ??= setInterval(() => post({ type: 'alive' }), WORKER_ALIVE_INTERVAL_MS);
    engine
      .pull(controller.signal)
      .then(
        (summary) => post({ type: 'done', id: data.id, summary }),
        (e: unknown) =>
          post({
            type: 'failed',
            id: data.id,
            error: {
              name: e instanceof Error ? e.name : 'Error',
              message: e instanceof Error ? e.message : String(e),
              code: e instanceof SyncError ? e.code : null,
            },
          }),
      )
      .finally(() => {
        aborts.delete(data.id);
        if (aborts.size === 0) {
          clearInterval(alive);
          alive = undefined;
        }
      });
  });
}

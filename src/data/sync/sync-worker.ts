// The dedicated module worker that pulls the mirror (started by data/mirror.ts through worker-engine.ts), so
// that fetching, validating and writing the catalogue never blocks the page's main thread.
import { createWorkerClient } from '../rpc-client.ts';
import { showDb } from '../db.ts';
import { createSyncEngine } from './engine.ts';
import type { MessageEndpoint, PageMessage, WorkerMessage } from './protocol.ts';
import { createSyncStatusStore } from './status.ts';
import { serveSyncEngine } from './worker-host.ts';

const scope = self as unknown as MessageEndpoint<PageMessage, WorkerMessage>;
// sync_pull reads the public catalogue, the same rows for every role: the anon key is enough, and a client
// with no session never touches storage a worker lacks (localStorage) or refreshes tokens.
const client = createWorkerClient();
const status = createSyncStatusStore();
const engine = createSyncEngine({
  db: showDb(),
  client,
  status,
  persist: () => scope.postMessage({ type: 'persist' }),
});
serveSyncEngine(scope, engine, status);

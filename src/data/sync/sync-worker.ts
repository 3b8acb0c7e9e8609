// The dedicated module worker that pulls the mirror (started by app-data.ts through worker-engine.ts), so
// that fetching, validating and writing the catalogue never blocks the page's main thread.
import { createClient } from '@supabase/supabase-js';
import { appConfig } from '../../config.ts';
import { showDb } from '../db.ts';
import { createSyncEngine } from './engine.ts';
import type { MessageEndpoint, PageMessage, WorkerMessage } from './protocol.ts';
import { createSyncStatusStore } from './status.ts';
import { serveSyncEngine } from './worker-host.ts';

const config = appConfig();
const scope = self as unknown as MessageEndpoint<PageMessage, WorkerMessage>;
// sync_pull reads the public catalogue, the same rows for every role: the anon key is enough, and a client
// with no session never touches storage a worker lacks (localStorage) or refreshes tokens.
const client = createClient(config.supabaseUrl, config.supabaseAnonKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const status = createSyncStatusStore();
const engine = createSyncEngine({
  db: showDb(),
  client,
  status,
  persist: () => scope.postMessage({ type: 'persist' }),
});
serveSyncEngine(scope, engine, status);

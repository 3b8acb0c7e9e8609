// The worker's own outbox drain: anonymous votes only, from the app's IndexedDB, with the anon key.
import type { ShowRpcClient } from '../src/data/client.ts';
import { createWorkerClient } from '../src/data/rpc-client.ts';
import { ShowDb } from '../src/data/db.ts';
import { drainOutbox, type DrainSummary } from '../src/data/outbox/drain.ts';

/** Stays under Chromium's 5-minute limit for one sync event. */
const SW_DRAIN_TIMEOUT_MS = 4 * 60_000;

let db: ShowDb | undefined;
let client: ShowRpcClient | undefined;

/** Drains the queued anonymous votes; signed-in items (coupons) are left for a page. */
export function drainAnonymousVotes(): Promise<DrainSummary> {
  db ??= new ShowDb();
  // No session in the worker: a refresh here could race a tab's and revoke the session (docs/DESIGN.md §5.4). Its
  // client has no auth at all, so the drain cannot reach one.
  client ??= createWorkerClient();
  return drainOutbox({ db, client, onlyAnonymous: true, signal: AbortSignal.timeout(SW_DRAIN_TIMEOUT_MS) });
}

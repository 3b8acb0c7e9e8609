// Helpers for the sync engine tests: a fresh Dexie database that counts write transactions, and a
// supabase-js client whose fetch the test can watch, break or edit.
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { testClient } from '../helpers/client.ts';

export interface CountedDb {
  db: ShowDb;
  /** IndexedDB readwrite transactions started so far (explicit and implicit ones alike). */
  writes(): number;
}

/** A new, uniquely named database; call db.delete() after the test. */
export function freshDb(): CountedDb {
  const db = new ShowDb(`test-${crypto.randomUUID()}`);
  let writes = 0;
  db.use({
    stack: 'dbcore',
    name: 'count-writes',
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        if (mode === 'readwrite') writes++;
        return down.transaction(stores, mode, options);
      },
    }),
  });
  return { db, writes: () => writes };
}

export interface SyncPullBody {
  watermark: string;
  tombstone_horizon: string;
  tables: Record<string, { rows: Record<string, unknown>[]; more: boolean; cursor: Record<string, unknown> | null }>;
  tombstones: { rows: { table_name: string; row_id: string; deleted_at: string }[]; more: boolean; cursor: unknown };
}

export interface TapOptions {
  /** Every request fails as if the device were offline. */
  offline?: boolean;
  /** Throw a network error instead of returning the answer of this request (1-based), as a dropped connection would. */
  failOn?: number;
  /** Edit a sync_pull answer (1-based call number) before the client sees it. */
  edit?: (body: SyncPullBody, call: number) => void;
  /** Replace the answer of a request entirely. */
  respond?: (call: number) => Response | undefined;
}

export interface Tap {
  client: SupabaseClient;
  /** Every request the client made. */
  requests: number;
  /** sync_pull answers the client received, in order. */
  received: SyncPullBody[];
  /** sync_pull answers the server produced but the client never got (failOn). */
  lost: SyncPullBody[];
}

/** An anon supabase-js client whose requests are counted (and optionally broken or edited). */
export function tapClient(server: VenueServer, { offline, failOn, edit, respond }: TapOptions = {}): Tap {
  const tap: Tap = { client: undefined as never, requests: 0, received: [], lost: [] };
  const tappedFetch: typeof fetch = async (input, init) => {
    const call = ++tap.requests;
    if (offline) throw new TypeError('fetch failed');
    const replaced = respond?.(call);
    if (replaced) return replaced;
    const res = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/rpc/sync_pull') || !res.ok) return res;
    const body = (await res.json()) as SyncPullBody;
    if (call === failOn) {
      tap.lost.push(body);
      throw new TypeError('fetch failed');
    }
    edit?.(body, call);
    tap.received.push(body);
    return new Response(JSON.stringify(body), { status: res.status, headers: { 'content-type': 'application/json' } });
  };
  tap.client = testClient(server.url, DEMO_ANON_KEY, { fetch: tappedFetch });
  return tap;
}

/** Rows in a set of sync_pull answers, as "table:id" keys (duplicates kept). */
export function rowKeys(bodies: SyncPullBody[]): string[] {
  return bodies.flatMap((b) => Object.entries(b.tables).flatMap(([t, page]) => page.rows.map((r) => `${t}:${String(r.id)}`)));
}

export { sleep } from '../helpers/time.ts';

/** Rows younger than the server's watermark margin (1 s) are held back; wait them out. */
export const WATERMARK_WAIT_MS = 1100;

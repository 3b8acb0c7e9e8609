// How every client of the app is made (the page's supabase-js, the sync worker's and the service worker's
// PostgREST-only ones): one place that gives each of their calls a deadline and sends the publishable key.
import type { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LIVE_JOIN_TIMEOUT_MS } from '../../shared/live.ts';
import { appConfig } from '../config.ts';
import { fetchWithDeadline } from './sync/contract.ts';

/**
 * What the workers call: PostgREST functions (sync_pull, submit_votes) with the publishable key. The page's
 * SupabaseClient satisfies it too, so the sync engine and the drain run on either.
 */
export type ShowRpcClient = Pick<PostgrestClient, 'rpc'>;

/**
 * What a drain needs for a signed-in visitor's items: their session (read and refreshed under the drain
 * lock) and the Edge Functions. Only the page's client has it: sessions stay in pages (SYNC.md).
 */
export interface ShowSessionClient extends ShowRpcClient {
  auth: Pick<SupabaseClient['auth'], 'getSession' | 'refreshSession'>;
  functions: Pick<FunctionsClient, 'invoke'>;
}

/**
 * The page's client: keeps the visitor's session in localStorage and refreshes it, and opens the live
 * show's socket (sync/live.ts) with SPEC §9's join time-out.
 */
export function createShowClient(): SupabaseClient {
  const config = appConfig();
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    global: { fetch: fetchWithDeadline() },
    realtime: { timeout: LIVE_JOIN_TIMEOUT_MS },
  });
}

/**
 * A worker's client: PostgREST alone, none of supabase-js's auth, realtime or storage (some 110 KiB gzip
 * a worker would download again). It holds no session: there is no localStorage in a worker, and a refresh
 * there could race a tab's and revoke the session.
 */
export function createWorkerClient(): ShowRpcClient {
  const config = appConfig();
  return rpcClientFor(config.supabaseUrl, config.supabaseAnonKey);
}

/** The PostgREST client supabase-js builds for a visitor without a session: the same URL, schema and key headers. */
export function rpcClientFor(supabaseUrl: string, key: string, fetch: typeof globalThis.fetch = fetchWithDeadline()): ShowRpcClient {
  return new PostgrestClient(new URL('rest/v1', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`).href, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    schema: 'public',
    fetch,
  });
}

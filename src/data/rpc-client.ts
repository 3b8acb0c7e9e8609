// The workers' client (the sync worker's and the service worker's): PostgREST alone, with each call's deadline
// and the publishable key. Its own module, so that a worker's graph never reaches supabase-js (client.ts).
import { PostgrestClient } from '@supabase/postgrest-js';
import { appConfig } from '../config.ts';
import type { ShowRpcClient } from './client.ts';
import { fetchWithDeadline } from './sync/contract.ts';

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

// How the page's supabase-js client is made, with a deadline on each of its calls and the publishable key
// (the workers' PostgREST-only client is rpc-client.ts).
import type { FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
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
 * lock) and the Edge Functions. Only the page's client has it: sessions stay in pages (docs/DESIGN.md §5.4).
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

// How every supabase-js client of the app is made (the page's, the sync worker's, the service worker's):
// one place that gives each of its calls a deadline.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { LIVE_JOIN_TIMEOUT_MS } from '../../shared/live.ts';
import { appConfig } from '../config.ts';
import { fetchWithDeadline } from './sync/contract.ts';

/**
 * `session`: the page's client keeps the visitor's session in localStorage and refreshes it; the workers'
 * clients hold none (no localStorage there, and a refresh could race a tab's and revoke the session).
 * Only the page's client opens the live show's socket (sync/live.ts): its join time-out is SPEC §9's.
 */
export function createShowClient({ session }: { session: boolean }): SupabaseClient {
  const config = appConfig();
  return createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: session
      ? { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true }
      : { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchWithDeadline() },
    ...(session ? { realtime: { timeout: LIVE_JOIN_TIMEOUT_MS } } : {}),
  });
}

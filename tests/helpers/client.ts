// Builds the supabase-js client tests and benches use: no stored session, no realtime socket.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** supabase-js would open a realtime socket only if asked; nothing here may ask, so constructing one throws. */
export class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in tests');
  }
}

export interface TestClientOptions {
  /** The network the client uses (a counting, scripted or broken fetch); the global fetch when absent. */
  fetch?: typeof fetch;
  /** Headers sent with every request, e.g. a signed-in user's `Authorization`. */
  headers?: Record<string, string>;
}

/** A real supabase-js client for `url` and API `key`, with the options every test and bench wants. */
export function testClient(url: string, key: string, { fetch, headers }: TestClientOptions = {}): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    global: { ...(fetch && { fetch }), ...(headers && { headers }) },
  });
}

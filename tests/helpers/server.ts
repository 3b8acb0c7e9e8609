// Starts a real venue server for a test file: in-memory PGlite, or the PostgreSQL database of this run.
import type { SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { testClient, type TestClientOptions } from './client.ts';

export type Engine = 'pglite' | 'postgres';

/** The engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  { dataDir = null, ...opts }: Parameters<typeof startVenueServer>[1] & { dataDir?: string | null } = {},
): Promise<VenueServer> {
  const databaseUrl = engine === 'postgres' ? inject('postgresUrl') : undefined;
  // Test files share 127.0.0.1 (and, on PostgreSQL, one rate-limit table): a high default keeps them apart.
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: '',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
    DATABASE_URL: databaseUrl ?? '',
  });
  // In memory unless a test restarts on the same files.
  if (engine === 'pglite') config.dataDir = dataDir;
  config.staticDir = null;
  return startVenueServer(config, opts);
}

/** A real supabase-js client (anon key, or service role) pointed at the server. */
export function client(server: VenueServer, key: 'anon' | 'service_role' = 'anon', options?: TestClientOptions): SupabaseClient {
  return testClient(server.url, key === 'anon' ? DEMO_ANON_KEY : DEMO_SERVICE_ROLE_KEY, options);
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | undefined;
  }
}

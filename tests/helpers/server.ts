// Starts a real venue server for a test file: in-memory PGlite, or the PostgreSQL database of this run.
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { testClient, type TestClientOptions } from './client.ts';
import { copyOfPgliteTemplate, onCopy } from './pglite-template.ts';

export type Engine = 'pglite' | 'postgres';

/** The engines this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The engines a describe block runs on, with the reason written where the block is: of those it names,
 * the ones this run has. Both engines run the same SQL (PGlite is PostgreSQL); PostgreSQL adds what only
 * it does: the `pg` pool and its type parsing and errors, concurrent connections (locks, races, shared
 * rate-limit rows), LISTEN/NOTIFY, statement timeouts, two servers on one database. A block that checks
 * HTTP shapes, headers, TLS, mail text or the client's JavaScript names PGlite alone: PostgreSQL would
 * repeat it at the price of a second server.
 */
export function forEngines(wanted: readonly Engine[], _reason: string): Engine[] {
  return engines().filter((engine) => wanted.includes(engine));
}

/**
 * A database of its own on the PostgreSQL server, dropped by `drop()`: for a test file whose rows (events,
 * votes) would change what other files read from the run's shared database.
 */
export async function ownPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(inject('postgresUrl')!);
  const name = `own_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const own = new URL(base);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  {
    dataDir = null,
    ownDatabase = false,
    databaseUrl: given,
    ...opts
  }: Parameters<typeof startVenueServer>[1] & { dataDir?: string | null; ownDatabase?: boolean; databaseUrl?: string } = {},
): Promise<VenueServer> {
  const own = engine === 'postgres' && ownDatabase ? await ownPostgresDatabase() : null;
  const databaseUrl = engine !== 'postgres' ? undefined : (own?.url ?? given ?? inject('postgresUrl'));
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
  // A throwaway PGlite starts on a copy of the run's migrated one, with the demo show or (seed: false) empty.
  const copy = engine === 'pglite' && dataDir === null && opts.scale === undefined ? copyOfPgliteTemplate({ empty: opts.seed === false }) : null;
  const server = copy
    ? await onCopy(copy, (dir) => {
        config.dataDir = dir;
        return startVenueServer(config, opts);
      })
    : await startVenueServer(config, opts);
  if (!own) return server;
  const close = server.close.bind(server);
  server.close = async () => {
    await close();
    await own.drop();
  };
  return server;
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

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPgliteWorker } from './pglite-host.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/**
 * DATABASE_URL wins; otherwise PGlite in a worker thread (pglite-host.ts), persisted under dataDir (or in
 * a throwaway temp directory when dataDir is null).
 */
export async function openDb(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.dataDir === null) return openPgliteWorker(null);
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPgliteWorker(dir);
}

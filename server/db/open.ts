import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

/** DATABASE_URL wins; otherwise PGlite persisted under dataDir (or in memory when dataDir is null). */
export async function openDb(opts: { databaseUrl?: string; dataDir: string | null }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.dataDir === null) return openPglite();
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

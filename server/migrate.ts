// Applies the bootstrap and supabase/migrations/*.sql (filename order) once each, recorded like the Supabase CLI does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db/types.ts';

const ROOT = new URL('..', import.meta.url).pathname;
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
const BOOTSTRAP = join(ROOT, 'server', 'sql', 'bootstrap.sql');

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; name: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -4), file: join(dir, f) }));
}

/** Returns the versions applied by this call. */
export async function migrate(db: Db): Promise<string[]> {
  // Concurrent instances on one PostgreSQL start together; the advisory lock makes them take turns.
  if (db.kind === 'postgres') await db.query('select pg_advisory_lock(54321)');
  try {
    await db.exec(readFileSync(BOOTSTRAP, 'utf8'));
    const done = new Set(
      (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      const sql = readFileSync(m.file, 'utf8');
      await db.transaction(async (tx) => {
        await tx.query(`set local search_path to public, extensions`);
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          m.version,
          m.name,
        ]);
      });
      applied.push(m.version);
    }
    return applied;
  } finally {
    if (db.kind === 'postgres') await db.query('select pg_advisory_unlock(54321)');
  }
}

// Applies the bootstrap and supabase/migrations/*.sql (filename order) once each, recorded like the Supabase CLI does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config.ts';
import type { Db, Queryable } from './db/types.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
const BOOTSTRAP = join(ROOT, 'server', 'sql', 'bootstrap.sql');

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; name: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -4), file: join(dir, f) }));
}

/** The roles Supabase's own services own their schemas with (docs/SUPABASE-SHAPE.md). */
const SUPABASE_OWNERS = ['supabase_admin', 'supabase_auth_admin'];

/** Refused before anything runs: the venue server never changes a database that Supabase manages. */
export class SupabaseManagedDatabaseError extends ConfigError {
  override name = 'SupabaseManagedDatabaseError';
  readonly code = 'supabase_managed_database';
}

/**
 * Throws SupabaseManagedDatabaseError when the `auth` schema or auth.users belongs to Supabase's roles
 * (the venue server's bootstrap makes them its connection user's). Reads the catalogue only.
 */
export async function refuseSupabaseManaged(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ schema_owner: string | null; users_owner: string | null }>(
    `select (select pg_get_userbyid(nspowner)::text from pg_namespace where nspname = 'auth') as schema_owner,
            (select pg_get_userbyid(relowner)::text from pg_class where oid = to_regclass('auth.users')) as users_owner`,
  );
  const { schema_owner: schemaOwner = null, users_owner: usersOwner = null } = rows[0] ?? {};
  const owned =
    usersOwner !== null && SUPABASE_OWNERS.includes(usersOwner)
      ? `auth.users is owned by ${usersOwner}`
      : schemaOwner !== null && SUPABASE_OWNERS.includes(schemaOwner)
        ? `auth is owned by ${schemaOwner}`
        : null;
  if (owned === null) return;
  throw new SupabaseManagedDatabaseError(
    `This database is managed by Supabase (${owned}); the venue server only runs on its own PGlite or PostgreSQL. ` +
      'Apply the migrations with `supabase db push` and fill it with `npm run show -- import` instead. Nothing was changed.',
  );
}

/** Returns the versions applied by this call. Refuses a Supabase-managed database before changing anything. */
export async function migrate(db: Db): Promise<string[]> {
  await refuseSupabaseManaged(db);
  // Concurrent instances on one PostgreSQL start together; the advisory lock makes them take turns.
  if (db.kind === 'postgres') await db.query('select pg_advisory_lock(54321)');
  try {
    await db.exec(readFileSync(BOOTSTRAP, 'utf8'));
    const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    const applied: string[] = [];
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      const sql = readFileSync(m.file, 'utf8');
      await db.transaction(async (tx) => {
        await tx.query(`set local search_path to public, extensions`);
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      });
      applied.push(m.version);
    }
    return applied;
  } finally {
    if (db.kind === 'postgres') await db.query('select pg_advisory_unlock(54321)');
  }
}

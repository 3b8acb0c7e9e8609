// A Supabase-shaped PostgreSQL database for one test run (tests/supabase-shape/, docs/SUPABASE-SHAPE.md):
// the shape applied by the superuser, then supabase/migrations applied as the non-superuser migration
// role with psql, one transaction per file as `supabase db push` does.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { listMigrations } from '../../server/migrate.ts';

const run = promisify(execFile);
const SHAPE_DIR = new URL('../supabase-shape/', import.meta.url).pathname;

/** The role standing in for hosted Supabase's `postgres` (not a superuser), created by roles.sql. */
export const MIGRATION_ROLE = 'shape_postgres';
/** roles.sql is cluster-wide: another run applying it at the same moment can make a GRANT fail; retry. */
const ROLE_ATTEMPTS = 5;

export interface ShapeDatabase {
  name: string;
  /** The superuser on the shape database (fixtures, checks). */
  superuserUrl: string;
  /** The migration role on the shape database, as `supabase db push` connects. */
  migrationUrl: string;
  /** The migration files applied, in order. */
  applied: string[];
  timingsMs: { shape: number; migrations: number };
  drop(): Promise<void>;
}

function urlFor(base: string, database: string, user?: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

async function psql(url: string, file: string, args: string[] = []): Promise<void> {
  try {
    await run('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args, '-d', url, '-f', file], { maxBuffer: 16 << 20 });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`psql -f ${file} failed: ${err.stderr?.trim() || err.message}`);
  }
}

async function admin(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Creates `shape_<pid>_<time>` on the server of `base` (a superuser URL), applies the shape and every
 * migration, and returns its URLs; `drop()` removes it. Throws with psql's message when a file fails.
 */
export async function createShapeDatabase(base: string): Promise<ShapeDatabase> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await psql(base, join(SHAPE_DIR, 'roles.sql'));
      break;
    } catch (e) {
      if (attempt >= ROLE_ATTEMPTS) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
  const name = `shape_${process.pid}_${Date.now()}`;
  // migrate.sh: `alter database postgres owner to postgres`, so public (pg_database_owner) is the migration role's.
  await admin(base, `create database ${name} owner ${MIGRATION_ROLE}`);
  const drop = () => admin(base, `drop database if exists ${name} with (force)`);
  try {
    const superuserUrl = urlFor(base, name);
    const migrationUrl = urlFor(base, name, MIGRATION_ROLE);
    await psql(superuserUrl, join(SHAPE_DIR, 'shape.sql'));
    const shaped = performance.now();
    const applied: string[] = [];
    for (const m of listMigrations()) {
      await psql(migrationUrl, m.file, ['--single-transaction']);
      applied.push(m.file);
    }
    return {
      name,
      superuserUrl,
      migrationUrl,
      applied,
      timingsMs: { shape: Math.round(shaped - started), migrations: Math.round(performance.now() - shaped) },
      drop,
    };
  } catch (e) {
    await drop();
    throw e;
  }
}

// On a Supabase-shaped PostgreSQL (tests/supabase-shape/, docs/SUPABASE-SHAPE.md): every migration applies
// as a non-superuser, the RLS matrix holds at SQL level as PostgREST runs it, the live pokes reach
// realtime.messages, and the venue server refuses to touch the database. PostgreSQL only.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { Queryable } from '../../server/db/types.ts';
import { listMigrations, SupabaseManagedDatabaseError } from '../../server/migrate.ts';
import { startVenueServer } from '../../server/start.ts';
import { LIVE_EVENT, LIVE_TOPIC, readLivePoke } from '../../shared/live.ts';
import { ORGANISER_ROLE, SHOW_ROLE_CLAIM } from '../../shared/organiser.ts';
import { FIXTURES, MATRIX, OPS, ROLES, one, parseMatrix, tag, type MatrixCtx, type Op, type Role, type Where } from '../helpers/rls-matrix.ts';
import { createShapeDatabase, MIGRATION_ROLE, type ShapeDatabase } from '../helpers/supabase-shape.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const REFUSAL =
  /^This database is managed by Supabase \(auth\.users is owned by supabase_auth_admin\); the venue server only runs on its own PGlite or PostgreSQL\. Apply the migrations with `supabase db push` and fill it with `npm run show -- import` instead\./;

/** The database role PostgREST switches to for each of the matrix's roles. */
const DB_ROLE: Record<Role, 'anon' | 'authenticated' | 'service_role'> = {
  anon: 'anon',
  authenticated: 'authenticated',
  owner: 'authenticated',
  organiser: 'authenticated',
  service_role: 'service_role',
};

/**
 * The matrix's `x` (not exposed through PostgREST: 406 PGRST106) is a PostgREST answer; at SQL level these
 * are the outcomes a role gets when it names the table directly. auth: the API roles have USAGE on the
 * schema but no grant on any table (GoTrue grants only postgres), so 42501 (d) for every role. storage:
 * Storage grants all on buckets/objects to the API roles and leaves RLS on without a policy, and refuses
 * every direct DELETE (0055-prevent-direct-deletes.sql, 42501); the service role bypasses RLS.
 */
const SQL_FOR_X: Record<string, Record<'api' | 'service_role', string>> = {
  'auth.users': { api: 'd d d d', service_role: 'd d d d' },
  'auth.sessions': { api: 'd d d d', service_role: 'd d d d' },
  'auth.refresh_tokens': { api: 'd d d d', service_role: 'd d d d' },
  'storage.buckets': { api: 'f d f d', service_role: 'a a a d' },
  'storage.objects': { api: 'f d f d', service_role: 'a a a d' },
};
/** Only meaningful through the Storage API (bytes, HTTP status): not an SQL statement. */
const API_ONLY = new Set(['storage.objects (Storage API)']);

interface Attempt {
  /** The statement the role runs, and its parameters. */
  sql: string;
  params: unknown[];
  /** Read back as the superuser in the same transaction: did the effect happen? */
  effect: (tx: Queryable) => Promise<boolean>;
}

function queryable(c: pg.Client): Queryable {
  return {
    query: async <R>(text: string, params?: unknown[]) => {
      const r = await c.query(text, params);
      return { rows: r.rows as R[], affectedRows: r.rowCount ?? undefined };
    },
  };
}

const count = async (q: Queryable, sql: string, params: unknown[]) =>
  Number((await q.query<{ n: string }>(`select count(*)::text as n from (${sql}) s`, params)).rows[0]!.n);

/** A public table's attempt, from the shared fixtures. */
async function publicAttempt(ctx: MatrixCtx, user: string, role: Role, name: string, op: Op): Promise<Attempt> {
  const fixture = FIXTURES[name]!;
  const table = name.replace(/ \(.*\)$/, '');
  const rows = (q: Queryable, [col, value]: Where) => count(q, `select 1 from public.${table} where ${col}::text = $1`, [value]);
  if (op === 'insert') {
    const { row, where } = await fixture.insert(ctx, user, role);
    const cols = Object.keys(row);
    return {
      sql: `insert into public.${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
      params: Object.values(row),
      effect: async (q) => (await rows(q, where)) > 0,
    };
  }
  const where = await fixture.make(ctx, user, role);
  if (op === 'select') {
    return { sql: `select * from public.${table} where ${where[0]}::text = $1`, params: [where[1]], effect: async () => false };
  }
  if (op === 'update') {
    const [column, value] = fixture.patch;
    return {
      sql: `update public.${table} set ${column} = $1 where ${where[0]}::text = $2`,
      params: [value, where[1]],
      effect: async (q) =>
        (await q.query<{ v: string | null }>(`select ${column}::text as v from public.${table} where ${where[0]}::text = $1`, [where[1]])).rows[0]?.v === value,
    };
  }
  return { sql: `delete from public.${table} where ${where[0]}::text = $1`, params: [where[1]], effect: async (q) => (await rows(q, where)) === 0 };
}

/** auth.* and storage.* named directly: their own rows, made by the superuser. */
async function otherSchemaAttempt(ctx: MatrixCtx, name: string, op: Op): Promise<Attempt> {
  if (name.startsWith('auth.')) {
    // No API role holds a grant on any auth table: the privilege check fails before a row is read.
    const sql = {
      select: `select * from ${name} limit 1`,
      insert: `insert into ${name} default values`,
      update: `update ${name} set id = id where false`,
      delete: `delete from ${name} where false`,
    }[op];
    return { sql, params: [], effect: async () => false };
  }
  const t = tag();
  const bucket = name === 'storage.buckets';
  const make = async () => {
    if (bucket) await ctx.db.query(`insert into storage.buckets (id, name) values ($1, $1)`, [`rls-${t}`]);
    else await ctx.db.query(`insert into storage.objects (bucket_id, name) values ('images', $1)`, [`rls/${t}.svg`]);
    return bucket ? `rls-${t}` : `rls/${t}.svg`;
  };
  const key = bucket ? 'id' : 'name';
  const exists = (q: Queryable, value: string) => count(q, `select 1 from ${name} where ${key} = $1`, [value]);
  if (op === 'insert') {
    const value = bucket ? `rls-new-${t}` : `rls/new-${t}.svg`;
    return {
      sql: bucket ? `insert into storage.buckets (id, name) values ($1, $1)` : `insert into storage.objects (bucket_id, name) values ('images', $1)`,
      params: [value],
      effect: async (q) => (await exists(q, value)) > 0,
    };
  }
  const value = await make();
  if (op === 'select') return { sql: `select * from ${name} where ${key} = $1`, params: [value], effect: async () => false };
  if (op === 'update') {
    const column = bucket ? 'public' : 'version';
    const to = bucket ? 'true' : 'changed';
    return {
      sql: `update ${name} set ${column} = $1 where ${key} = $2`,
      params: [to, value],
      effect: async (q) => (await q.query<{ v: string | null }>(`select ${column}::text as v from ${name} where ${key} = $1`, [value])).rows[0]?.v === to,
    };
  }
  return { sql: `delete from ${name} where ${key} = $1`, params: [value], effect: async (q) => (await exists(q, value)) === 0 };
}

/** The run's PostgreSQL database (tests/global-setup.ts), set only with TEST_DATABASE_URL. */
const postgresUrl = () => inject('postgresUrl');

// Needs a PostgreSQL server with psql (TEST_DATABASE_URL); reported as skipped without one.
describe.runIf(postgresUrl())('Supabase-shaped PostgreSQL', () => {
  let shape: ShapeDatabase;
  let su: pg.Client;
  let ctx: MatrixCtx;
  const users = { owner: '', authenticated: '', organiser: '' };

  beforeAll(async () => {
    shape = await createShapeDatabase(postgresUrl()!);
    console.log(
      `Supabase shape ${shape.name}: shape ${shape.timingsMs.shape} ms, ${shape.applied.length} migrations as ${MIGRATION_ROLE} ${shape.timingsMs.migrations} ms`,
    );
    su = new pg.Client({ connectionString: shape.superuserUrl });
    await su.connect();
    const db = queryable(su);
    const id = async (sql: string, params: unknown[] = []) => String((await db.query<{ id: string }>(sql, params)).rows[0]!.id);
    // Signed-up, verified visitors as GoTrue would store them (the profile comes from the sign-up trigger).
    for (const who of ['owner', 'authenticated', 'organiser'] as const) {
      users[who] = await id(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, '{"first_name": "Shape", "last_name": "Visitor"}', $2, now(), now()) returning id::text as id`,
        [`shape.${who}.${tag()}@example.com`, JSON.stringify(who === 'organiser' ? { provider: 'email', [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } : { provider: 'email' })],
      );
      await db.query('update public.users set verified = true where id = $1', [users[who]]);
    }
    // The matrix's fixtures hang rows on one row of each parent table; the shape holds no demo show.
    const cattery = await id(`insert into public.catteries (name) values ('Shape cattery') returning id::text as id`);
    const event = await id(`insert into public.events (name, start_date, end_date) values ('Shape show', '2026-05-01', '2026-05-02') returning id::text as id`);
    ctx = {
      db,
      ids: {
        cattery,
        breed: await id(`insert into public.breeds (breed_name, universal_breed_abbreviation) values ('Shape breed', 'SHP') returning id::text as id`),
        label: await id(`insert into public.quality_labels (name) values ('Shape label') returning id::text as id`),
        litter: await id(`insert into public.litters (cattery_id, date_of_birth, sire) values ($1, '2026-01-01', 'Shape sire') returning id::text as id`, [cattery]),
        event,
        advertiser: await id(`insert into public.advertisers (company_name) values ('Shape Pet Food') returning id::text as id`),
      },
    };
  }, 120_000);

  afterAll(async () => {
    await su?.end();
    await shape?.drop();
  });

  /** Runs one statement as PostgREST would for `role`, reads its effect, and rolls everything back. */
  async function asRole(role: Role, attempt: Attempt): Promise<string> {
    const sub = role === 'anon' || role === 'service_role' ? null : users[role];
    const claims = {
      role: DB_ROLE[role],
      ...(sub ? { sub, aud: 'authenticated', app_metadata: role === 'organiser' ? { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } : {} } : {}),
    };
    await su.query('begin');
    try {
      await su.query(`set local role ${DB_ROLE[role]}`);
      await su.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      await su.query('savepoint attempt');
      let outcome: { error: string | null; rows: number };
      try {
        const r = await su.query(attempt.sql, attempt.params);
        outcome = { error: null, rows: r.command === 'SELECT' ? r.rows.length : (r.rowCount ?? 0) };
      } catch (e) {
        await su.query('rollback to savepoint attempt');
        outcome = { error: (e as { code?: string }).code ?? String(e), rows: 0 };
      }
      await su.query('reset role');
      const effect = (attempt.sql.startsWith('select') && outcome.rows > 0) || (await attempt.effect(queryable(su)));
      if (effect) return outcome.error ? `effect despite error ${outcome.error}` : 'a';
      if (outcome.error) return outcome.error === '42501' ? 'd' : `error ${outcome.error}`;
      return outcome.rows === 0 ? 'f' : `no effect, no error (${outcome.rows} rows)`;
    } finally {
      await su.query('rollback');
    }
  }

  it('is shaped as Supabase makes it: roles, owners, auth.uid() from request.jwt.claims', async () => {
    const { rows: roles } = await su.query<{
      rolname: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
      rolreplication: boolean;
      rolinherit: boolean;
    }>(
      `select rolname, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication, rolinherit from pg_roles
        where rolname in ('${MIGRATION_ROLE}', 'authenticator', 'service_role') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: 'authenticator', rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false, rolreplication: false, rolinherit: false },
      { rolname: 'service_role', rolsuper: false, rolbypassrls: true, rolcreaterole: false, rolcreatedb: false, rolreplication: false, rolinherit: true },
      { rolname: MIGRATION_ROLE, rolsuper: false, rolbypassrls: true, rolcreaterole: true, rolcreatedb: true, rolreplication: true, rolinherit: true },
    ]);
    const { rows: owners } = await su.query<{ o: string }>(
      `select string_agg(x, ', ' order by x) as o from (
         select n.nspname || ':' || pg_get_userbyid(n.nspowner) as x from pg_namespace n where n.nspname in ('auth', 'storage', 'realtime')
         union all select c.oid::regclass::text || ':' || pg_get_userbyid(c.relowner) || ':' || c.relkind::text from pg_class c
          where c.oid in ('auth.users'::regclass, 'storage.objects'::regclass, 'realtime.messages'::regclass)) s`,
    );
    expect(owners[0]!.o).toBe(
      'auth.users:supabase_auth_admin:r, auth:supabase_admin, realtime.messages:supabase_realtime_admin:p, realtime:supabase_admin, storage.objects:supabase_storage_admin:r, storage:supabase_admin',
    );
    // PostgREST sets request.jwt.claims; auth.uid() and auth.role() read it.
    await su.query('begin');
    try {
      await su.query(`set local role authenticated`);
      await su.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: users.owner, role: 'authenticated', email: 'x@example.com' })]);
      const { rows } = await su.query<{ uid: string; role: string; email: string }>('select auth.uid()::text as uid, auth.role() as role, auth.email() as email');
      expect(rows[0]).toEqual({ uid: users.owner, role: 'authenticated', email: 'x@example.com' });
    } finally {
      await su.query('rollback');
    }
  });

  it('applies every migration as the non-superuser migration role, one transaction per file', async () => {
    expect(shape.applied).toEqual(listMigrations().map((m) => m.file));
    const { rows } = await su.query<{ owner: string }>(`select pg_get_userbyid(relowner)::text as owner from pg_class where oid = 'public.breeds'::regclass`);
    expect(rows[0]!.owner).toBe(MIGRATION_ROLE);
  });

  it('holds the RLS matrix at SQL level (set local role + request.jwt.claims, as PostgREST does)', async () => {
    const expected = parseMatrix(MATRIX);
    const mismatches: string[] = [];
    const lines: string[] = [];
    for (const [name, letters] of expected) {
      if (API_ONLY.has(name)) continue;
      const cells: string[] = [];
      for (const [r, role] of ROLES.entries()) {
        for (const [o, op] of OPS.entries()) {
          let want: string = letters[r * 4 + o]!;
          if (want === 'x') want = SQL_FOR_X[name]![role === 'service_role' ? 'service_role' : 'api'].split(' ')[o]!;
          if (want === '-') {
            cells.push('-');
            continue;
          }
          const attempt = name.includes('.') ? await otherSchemaAttempt(ctx, name, op) : await publicAttempt(ctx, users.owner, role, name, op);
          const got = await asRole(role, attempt);
          cells.push(got.length === 1 ? got : '?');
          if (got !== want) mismatches.push(`${name} × ${role} × ${op}: expected ${want}, got ${got}`);
        }
      }
      lines.push(`${name.padEnd(30)}| ${ROLES.map((_, r) => cells.slice(r * 4, r * 4 + 4).join(' ')).join(' | ')}`);
    }
    console.log(`RLS matrix at SQL level on the Supabase shape (x as SQL_FOR_X; Storage API row not run):\n${lines.join('\n')}`);
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('sends one live poke per statement on a mirrored table into realtime.messages (service role and organiser)', async () => {
    const b1 = await one(ctx, `insert into public.breeds (breed_name, universal_breed_abbreviation) values ($1, $2) returning id::text as v`, [
      `Poke ${tag()}`,
      `P${tag()}`,
    ]);
    const b2 = await one(ctx, `insert into public.breeds (breed_name, universal_breed_abbreviation) values ($1, $2) returning id::text as v`, [
      `Poke ${tag()}`,
      `P${tag()}`,
    ]);
    for (const role of ['service_role', 'organiser'] as const) {
      const before = Number((await su.query<{ n: string }>('select count(*)::text as n from realtime.messages')).rows[0]!.n);
      const sub = role === 'organiser' ? users.organiser : undefined;
      await su.query('begin');
      try {
        await su.query(`set local role ${DB_ROLE[role]}`);
        await su.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: DB_ROLE[role], ...(sub ? { sub } : {}) })]);
        // Two statements, two rows each: one poke per statement, not per row.
        const first = await su.query(`update public.breeds set about = $1 where id in ($2, $3)`, [`first ${role}`, b1, b2]);
        const second = await su.query(`update public.breeds set about = $1 where id in ($2, $3)`, [`second ${role}`, b1, b2]);
        expect([first.rowCount, second.rowCount]).toEqual([2, 2]);
        await su.query('reset role');
        const { rows } = await su.query<{ topic: string; event: string; private: boolean; extension: string; payload: unknown }>(
          `select topic, event, private, extension, payload from realtime.messages order by inserted_at`,
        );
        expect(rows.length - before).toBe(2);
        for (const m of rows.slice(before)) {
          expect({ topic: m.topic, event: m.event, private: m.private, extension: m.extension }).toEqual({
            topic: LIVE_TOPIC,
            event: LIVE_EVENT,
            private: false,
            extension: 'broadcast',
          });
          // realtime.send adds an `id` to the payload; the app's reader ignores it.
          expect(readLivePoke(m.payload)).toEqual({ tables: ['breeds'] });
        }
      } finally {
        await su.query('rollback');
      }
    }
  });

  it('the venue server refuses the database before changing anything (start and npm run db:reset)', async () => {
    const snapshot = async () => {
      const { rows } = await su.query<{ kind: string; name: string }>(
        `select 'schema' as kind, nspname || ':' || pg_get_userbyid(nspowner) as name from pg_namespace
         union all select 'relation', c.oid::regclass::text || ':' || c.relkind::text from pg_class c
           join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('auth', 'storage', 'realtime', 'public', 'extensions', '_dev', '_venue', 'supabase_migrations')
         union all select 'function', p.oid::regprocedure::text || ':' || md5(pg_get_functiondef(p.oid)) from pg_proc p
           join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('auth', 'storage', 'realtime', 'public') and p.prokind = 'f'
         order by 1, 2`,
      );
      return rows.map((r) => `${r.kind} ${r.name}`);
    };
    const uidBefore = (await su.query<{ d: string }>(`select pg_get_functiondef('auth.uid'::regproc) as d`)).rows[0]!.d;
    const before = await snapshot();

    // As the venue server's own test servers start, with the migration role's connection string.
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', DATABASE_URL: shape.migrationUrl });
    config.staticDir = null;
    const started = startVenueServer(config);
    await expect(started).rejects.toBeInstanceOf(SupabaseManagedDatabaseError);
    await expect(started).rejects.toThrow(REFUSAL);

    // npm run db:reset (server/cli.ts reset): one clear message, exit code 1.
    const reset = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'reset'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: shape.migrationUrl, NODE_OPTIONS: '' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code?: number; stderr?: string }) => ({ code: e.code ?? -1, stderr: e.stderr ?? '' }),
    );
    expect(reset.code).toBe(1);
    expect(reset.stderr.trim()).toMatch(REFUSAL);

    expect(await snapshot()).toEqual(before);
    expect(before.filter((s) => /^schema _(dev|venue):/.test(s))).toEqual([]);
    expect((await su.query<{ d: string }>(`select pg_get_functiondef('auth.uid'::regproc) as d`)).rows[0]!.d).toBe(uidBefore);
  }, 60_000);
});

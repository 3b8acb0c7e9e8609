// Checksums of everything a hostile caller must not change, taken straight from the database.
import type { Queryable } from '../../server/db/types.ts';

export interface Protected {
  /** The fuzzing visitor: may edit their own profile, password and metadata, and get coupons. */
  attacker: string;
}

interface Check {
  name: string;
  sql: string;
  params?: unknown[];
}

/** md5 over the rows of `from` (a table or subquery aliased t), in a stable order, with the row count. */
const sum = (name: string, from: string, params?: unknown[]): Check => ({
  name,
  sql: `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum, count(*)::int as n from ${from}`,
  ...(params && { params }),
});

type Snapshot = Map<string, string>;

async function checks(db: Queryable, p: Protected, ids: PreIds): Promise<Check[]> {
  const { rows } = await db.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'storage', 'supabase_migrations') and c.relkind = 'r'
        and c.relname not in ('users', 'coupons', 'visitor_choice', 'verification_tokens')
      order by 1`,
  );
  const others = [ids.users.filter((u) => u !== p.attacker)];
  return [
    // The catalogue, tombstones, storage and the migration log: nobody but service_role writes them.
    ...rows.map(({ t }) => sum(t, `${t} t`)),
    // Profiles, coupons, votes and tokens that existed before: untouched (new rows may appear).
    sum('public.users (others)', `(select * from public.users where id = any($1::uuid[])) t`, others),
    sum('public.users (attacker identity)', `(select id, email, verified, created_at from public.users where id = $1) t`, [p.attacker]),
    sum('public.coupons (others)', `(select * from public.coupons where user_id <> $1 or id = any($2::uuid[])) t`, [p.attacker, ids.coupons]),
    sum('public.visitor_choice (earlier)', `(select * from public.visitor_choice where id = any($1::uuid[])) t`, [ids.votes]),
    sum('public.verification_tokens (earlier)', `(select * from public.verification_tokens where token = any($1::text[])) t`, [ids.tokens]),
    // Accounts: everything but the recovery link a stranger may ask to be mailed to the owner.
    sum(
      'auth.users (others)',
      `(select id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token, raw_app_meta_data,
               raw_user_meta_data, created_at, updated_at, last_sign_in_at, banned_until, is_anonymous
          from auth.users where id = any($1::uuid[])) t`,
      others,
    ),
    sum('auth.users (attacker identity)', `(select id, aud, role, email, email_confirmed_at, raw_app_meta_data, banned_until from auth.users where id = $1) t`, [
      p.attacker,
    ]),
    sum('auth.identities (others)', `(select * from auth.identities where user_id = any($1::uuid[])) t`, others),
    sum('auth.sessions (others)', `(select * from auth.sessions where user_id = any($1::uuid[])) t`, others),
    sum('auth.refresh_tokens (others)', `(select * from auth.refresh_tokens where user_id = any($1::uuid[])) t`, others),
    sum(
      'auth.mfa_amr_claims (others)',
      `(select a.* from auth.mfa_amr_claims a join auth.sessions s on s.id = a.session_id where s.user_id = any($1::uuid[])) t`,
      others,
    ),
    // New accounts may appear (sign-up is open), but nobody gains a role or loses one.
    sum('auth.users roles', `(select distinct role, aud from auth.users) t`),
  ];
}

interface PreIds {
  users: string[];
  coupons: string[];
  votes: string[];
  tokens: string[];
}

export interface Baseline {
  ids: PreIds;
  snapshot: Snapshot;
}

async function take(db: Queryable, p: Protected, ids: PreIds): Promise<Snapshot> {
  const snap: Snapshot = new Map();
  for (const c of await checks(db, p, ids)) {
    const { rows } = await db.query<{ sum: string; n: number }>(c.sql, c.params);
    snap.set(c.name, `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`);
  }
  return snap;
}

export async function baseline(db: Queryable, p: Protected): Promise<Baseline> {
  const col = async (sql: string) => (await db.query<{ v: string }>(sql)).rows.map((r) => r.v);
  const ids: PreIds = {
    users: await col('select id::text as v from auth.users'),
    coupons: await col('select id::text as v from public.coupons'),
    votes: await col('select id::text as v from public.visitor_choice'),
    tokens: await col('select token as v from public.verification_tokens'),
  };
  return { ids, snapshot: await take(db, p, ids) };
}

/** The checks whose checksum moved since the baseline, as readable lines. */
export async function changedSince(db: Queryable, p: Protected, base: Baseline): Promise<string[]> {
  const now = await take(db, p, base.ids);
  const changed: string[] = [];
  for (const [name, before] of base.snapshot) {
    const after = now.get(name);
    if (after !== before) changed.push(`${name}: ${before} → ${after}`);
  }
  return changed;
}

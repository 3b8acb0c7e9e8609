// /rest/v1 end to end through the real supabase-js client (and raw fetch for what it cannot send),
// against fixture tables of this file only (rt_*), on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const FIXTURES = `
drop view if exists rt_parent_names;
drop table if exists rt_node, rt_owned, rt_many, rt_guestbook, rt_secret, rt_item, rt_profile, rt_child, rt_parent, rt_org, rt_late cascade;

create table rt_org (id int primary key, name text not null);
create table rt_parent (
  id serial primary key,
  name text not null unique,
  email text unique,
  score numeric(6,2),
  big bigint,
  tags text[] not null default '{}',
  meta jsonb,
  born date,
  starts timestamp,
  created_at timestamptz not null default '2026-01-02T03:04:05.678Z',
  flag boolean,
  org_id int references rt_org (id),
  backup_org_id int references rt_org (id)
);
create table rt_child (id serial primary key, parent_id int not null references rt_parent (id), label text not null, position int);
create table rt_profile (parent_id int primary key references rt_parent (id), bio text);
create table rt_item (
  id serial primary key,
  email text unique,
  name text not null,
  qty int not null default 1 check (qty >= 0),
  note text default 'none',
  parent_id int references rt_parent (id)
);
create table rt_guestbook (id serial primary key, email text not null, message text);
create table rt_secret (id serial primary key, note text);
create table rt_many (id int primary key);
create table rt_node (id int primary key, parent_id int references rt_node (id), name text not null);
create table rt_owned (id serial primary key, owner uuid not null default auth.uid(), note text);
create view rt_parent_names as select id, name from rt_parent;

insert into rt_org values (1, 'Cat Fanciers'), (2, 'Feline Club');
insert into rt_parent (id, name, email, score, big, tags, meta, born, starts, flag, org_id, backup_org_id) values
  (1, 'Alpha', 'alpha@example.com', 1.50, 9007199254740993, '{x,y}', '{"a": {"b": 1}, "k": "v"}', '2025-01-01', '2025-06-01 12:00:00', true, 1, 2),
  (2, 'Beta', null, 20, 2, '{y}', null, null, null, false, 2, null),
  (3, 'Gamma, the third', 'gamma@example.com', null, null, '{}', '[1, 2]', null, null, null, null, null);
select setval(pg_get_serial_sequence('rt_parent', 'id'), 100);
insert into rt_child (id, parent_id, label, position) values (1, 1, 'one', 2), (2, 1, 'two', 1), (3, 2, 'three', null);
select setval(pg_get_serial_sequence('rt_child', 'id'), 100);
insert into rt_profile values (1, 'Alpha bio');
insert into rt_secret (note) values ('classified');
insert into rt_many select g from generate_series(1, 1100) g;
insert into rt_node values (1, null, 'root'), (2, 1, 'leaf a'), (3, 1, 'leaf b');

alter table rt_org enable row level security;
alter table rt_parent enable row level security;
alter table rt_child enable row level security;
alter table rt_profile enable row level security;
alter table rt_item enable row level security;
alter table rt_guestbook enable row level security;
alter table rt_many enable row level security;
create policy rt_org_read on rt_org for select using (true);
create policy rt_parent_read on rt_parent for select using (true);
create policy rt_child_read on rt_child for select using (true);
create policy rt_profile_read on rt_profile for select using (true);
create policy rt_many_read on rt_many for select using (true);
alter table rt_node enable row level security;
create policy rt_node_read on rt_node for select using (true);
alter table rt_owned enable row level security;
create policy rt_owned_mine on rt_owned for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
create policy rt_item_read on rt_item for select using (true);
create policy rt_item_anon_insert on rt_item for insert to anon with check (qty < 100);
create policy rt_item_auth_all on rt_item for all to authenticated using (true) with check (qty < 100);
-- A write-only table: anon may insert but never read back.
create policy rt_guestbook_insert on rt_guestbook for insert to anon with check (true);
revoke all on rt_secret from anon, authenticated;

create or replace function rt_add(a int, b int default 10) returns int language sql immutable as 'select a + b';
create or replace function rt_sum(p_values int[]) returns int language sql immutable as 'select sum(v)::int from unnest(p_values) v';
create or replace function rt_is_even(n int) returns boolean language sql immutable as 'select n % 2 = 0';
create or replace function rt_names(p_prefix text) returns setof text language sql stable as
  $$ select name from rt_parent where name like p_prefix || '%' order by name $$;
create or replace function rt_parents_by_tag(p_tag text) returns setof rt_parent language sql stable as
  $$ select * from rt_parent where p_tag = any (tags) $$;
create or replace function rt_first_parent() returns rt_parent language sql stable as
  $$ select * from rt_parent order by id limit 1 $$;
create or replace function rt_stats() returns table (n bigint, top text) language sql stable as
  $$ select count(*), max(name) from rt_parent $$;
create or replace function rt_echo(jsonb) returns jsonb language sql immutable as 'select $1';
create or replace function rt_log(p_note text) returns void language sql as
  $$ insert into rt_guestbook (email, message) values ('log@rt.test', p_note) $$;
create or replace function rt_fail(p_code text) returns int language plpgsql as $$
begin
  if p_code = 'P0001' then
    raise exception 'Invalid or expired token' using detail = 'token tok-1', hint = 'Request a new link';
  end if;
  raise exception 'Payment required' using errcode = p_code;
end $$;
create or replace function rt_secret_count() returns int language sql stable security definer as
  'select count(*)::int from rt_secret';
`;

const ERROR_KEYS = ['code', 'details', 'hint', 'message'];
const JSON_TYPE = 'application/json; charset=utf-8';

describe.each(forEngines(['pglite', 'postgres'], "each engine's driver parses types and reports errors its own way"))('PostgREST subset on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let user: SupabaseClient;

  /** A client whose requests carry the given JWT (as a signed-in user's would). */
  const withToken = (token: string): SupabaseClient => client(server, 'anon', { headers: { Authorization: `Bearer ${token}` } });

  const userToken = (expiresIn: number, sub = '6f1c0b52-3a5e-4a43-9c39-1d2f3e4a5b6c') =>
    signJwt(
      {
        role: 'authenticated',
        sub,
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + expiresIn,
      },
      server.config.jwtSecret,
    );

  /** A raw request, for what supabase-js never sends (malformed input, Range, odd headers). */
  async function raw(method: string, path: string, init: { headers?: Record<string, string>; body?: string; key?: string } = {}) {
    const key = init.key ?? DEMO_ANON_KEY;
    const res = await fetch(`${server.url}/rest/v1${path}`, {
      method,
      headers: { apikey: DEMO_ANON_KEY, Authorization: `Bearer ${key}`, ...init.headers },
      ...(init.body !== undefined && { body: init.body }),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
  }

  async function expectRestError(res: Awaited<ReturnType<typeof raw>>, status: number, code: string, message?: string | RegExp) {
    expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status, type: JSON_TYPE });
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(ERROR_KEYS);
    expect(body.code).toBe(code);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else if (message) expect(body.message).toMatch(message);
    return body;
  }

  beforeAll(async () => {
    server = await startTestServer(engine);
    await server.db.exec(FIXTURES);
    anon = client(server, 'anon');
    service = client(server, 'service_role');
    user = withToken(await userToken(3600));
  });
  afterAll(() => server?.close());

  describe('reads', () => {
    it('renders every type as PostgREST does', async () => {
      const { data, error, status } = await anon.from('rt_parent').select('*').eq('id', 1);
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toEqual([
        {
          id: 1,
          name: 'Alpha',
          email: 'alpha@example.com',
          score: 1.5,
          big: 9007199254740992, // JSON.parse rounding; the wire keeps every digit (below)
          tags: ['x', 'y'],
          meta: { a: { b: 1 }, k: 'v' },
          born: '2025-01-01',
          starts: '2025-06-01T12:00:00',
          created_at: '2026-01-02T03:04:05.678+00:00',
          flag: true,
          org_id: 1,
          backup_org_id: 2,
        },
      ]);
      const res = await raw('GET', '/rt_parent?select=score,big&id=eq.1');
      expect(res.text).toBe('[{"score":1.50,"big":9007199254740993}]');
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(res.headers.get('content-range')).toBe('0-0/*');
    });

    it('selects columns with aliases, casts and JSON paths', async () => {
      const { data, error } = await anon.from('rt_parent').select('id, label:name, id_text:id::text, meta->k, inner_b:meta->a->>b, first:meta->0').order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, label: 'Alpha', id_text: '1', k: 'v', inner_b: '1', first: null },
        { id: 2, label: 'Beta', id_text: '2', k: null, inner_b: null, first: null },
        { id: 3, label: 'Gamma, the third', id_text: '3', k: null, inner_b: null, first: 1 },
      ]);
    });

    it.each([
      ['eq', (q: Q) => q.eq('name', 'Beta'), [2]],
      ['neq', (q: Q) => q.neq('name', 'Beta'), [1, 3]],
      ['gt/lt', (q: Q) => q.gt('id', 1).lt('id', 3), [2]],
      ['repeated gte/lte', (q: Q) => q.gte('id', 2).lte('id', 3), [2, 3]],
      ['like with %', (q: Q) => q.like('name', '%a, %'), [3]],
      ['like with *', (q: Q) => q.like('name', 'B*'), [2]],
      ['ilike', (q: Q) => q.ilike('name', '%ALPHA%'), [1]],
      ['in with quoted commas', (q: Q) => q.in('name', ['Alpha', 'Gamma, the third']), [1, 3]],
      ['not in', (q: Q) => q.not('id', 'in', '(1,2)'), [3]],
      ['is null', (q: Q) => q.is('email', null), [2]],
      ['not is null', (q: Q) => q.not('email', 'is', null), [1, 3]],
      ['is true', (q: Q) => q.is('flag', true), [1]],
      ['is false', (q: Q) => q.is('flag', false), [2]],
      ['contains', (q: Q) => q.contains('tags', ['y']), [1, 2]],
      ['containedBy', (q: Q) => q.containedBy('tags', ['y']), [2, 3]],
      ['overlaps', (q: Q) => q.overlaps('tags', ['x', 'z']), [1]],
      ['jsonb contains', (q: Q) => q.contains('meta', { k: 'v' }), [1]],
      ['json path', (q: Q) => q.eq('meta->>k', 'v'), [1]],
      ['or', (q: Q) => q.or('id.eq.1,name.eq.Beta'), [1, 2]],
      ['or with nested and', (q: Q) => q.or('id.eq.3,and(score.gt.10,flag.is.false)'), [2, 3]],
      ['or with quoted value', (q: Q) => q.or('name.eq."Gamma, the third",id.eq.1'), [1, 3]],
      ['or with in', (q: Q) => q.or('id.in.(1,3),name.eq.nobody'), [1, 3]],
      ['match', (q: Q) => q.match({ name: 'Alpha', flag: true }), [1]],
      ['regex', (q: Q) => q.filter('name', 'match', '^G'), [3]],
      ['like any', (q: Q) => q.likeAnyOf('name', ['A%', 'B%']), [1, 2]],
      ['numeric compare', (q: Q) => q.gte('score', 1.5), [1, 2]],
      ['date compare', (q: Q) => q.gte('born', '2024-12-31'), [1]],
      ['timestamptz compare', (q: Q) => q.lt('created_at', '2026-01-02T03:04:06Z'), [1, 2, 3]],
    ])('filters: %s', async (_name, apply, ids) => {
      const { data, error } = await apply(anon.from('rt_parent').select('id')).order('id');
      expect(error).toBeNull();
      expect((data as { id: number }[]).map((r) => r.id)).toEqual(ids);
    });

    it('negates a whole or-tree with not.or', async () => {
      const res = await raw('GET', '/rt_parent?select=id&not.or=(id.eq.1,id.eq.2)');
      expect(res.status).toBe(200);
      expect(res.json()).toEqual([{ id: 3 }]);
    });

    it('orders, limits and pages', async () => {
      const desc = await anon.from('rt_parent').select('id').order('flag', { ascending: false, nullsFirst: false }).order('id');
      expect(desc.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      const nullsFirst = await anon.from('rt_parent').select('id').order('flag', { nullsFirst: true });
      expect(nullsFirst.data).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
      const page = await anon.from('rt_parent').select('id').order('id').range(1, 2);
      expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
      const limited = await anon.from('rt_parent').select('id').order('id', { ascending: false }).limit(1);
      expect(limited.data).toEqual([{ id: 3 }]);
      const res = await raw('GET', '/rt_parent?select=id&order=id&offset=1&limit=1');
      expect(res.headers.get('content-range')).toBe('1-1/*');
    });

    it('honours a Range header', async () => {
      const res = await raw('GET', '/rt_parent?select=id&order=id', { headers: { Range: '1-2', Prefer: 'count=exact' } });
      expect(res.status).toBe(200);
      expect(res.json()).toEqual([{ id: 2 }, { id: 3 }]);
      expect(res.headers.get('content-range')).toBe('1-2/3');
    });

    it('counts exactly, with and without rows', async () => {
      const head = await anon.from('rt_parent').select('*', { count: 'exact', head: true });
      expect(head).toMatchObject({ data: null, error: null, count: 3, status: 200 });
      const some = await anon.from('rt_parent').select('id', { count: 'planned' }).order('id').limit(2);
      expect(some).toMatchObject({ data: [{ id: 1 }, { id: 2 }], count: 3 });
      const none = await anon.from('rt_parent').select('id', { count: 'exact' }).eq('id', 99);
      expect(none).toMatchObject({ data: [], count: 0 });

      const res = await raw('GET', '/rt_parent?select=id&order=id&limit=2', { headers: { Prefer: 'count=exact' } });
      expect(res.headers.get('content-range')).toBe('0-1/3');
      const empty = await raw('GET', '/rt_parent?select=id&id=eq.99', { headers: { Prefer: 'count=exact' } });
      expect(empty.headers.get('content-range')).toBe('*/0');
      const headRes = await raw('HEAD', '/rt_parent?select=*', { headers: { Prefer: 'count=exact' } });
      expect({ status: headRes.status, text: headRes.text, range: headRes.headers.get('content-range') }).toEqual({
        status: 200,
        text: '',
        range: '0-2/3',
      });
    });

    it('answers .single() with an object or 406 PGRST116', async () => {
      const one = await anon.from('rt_parent').select('id, name').eq('id', 2).single();
      expect(one).toMatchObject({ data: { id: 2, name: 'Beta' }, error: null, status: 200 });
      const res = await raw('GET', '/rt_parent?select=id&id=eq.2', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      });
      expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
      expect(res.text).toBe('{"id":2}');

      const none = await anon.from('rt_parent').select('*').eq('id', 99).single();
      expect(none.status).toBe(406);
      expect(none.data).toBeNull();
      expect(none.error).toEqual({
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'JSON object requested, multiple (or no) rows returned',
      });
      const many = await anon.from('rt_parent').select('*').single();
      expect(many.status).toBe(406);
      expect(many.error!.details).toBe('The result contains 3 rows');
    });

    it('answers .maybeSingle() with null or the row', async () => {
      const none = await anon.from('rt_parent').select('id').eq('email', 'nobody@example.com').maybeSingle();
      expect(none).toMatchObject({ data: null, error: null, status: 200 });
      const one = await anon.from('rt_parent').select('id').eq('email', 'alpha@example.com').maybeSingle();
      expect(one).toMatchObject({ data: { id: 1 }, error: null });
    });

    it('strips nulls when asked', async () => {
      const { data } = await anon.from('rt_parent').select('id, email, score').eq('id', 2).stripNulls();
      expect(data).toEqual([{ id: 2, score: 20 }]);
    });

    it('caps unbounded reads at 1000 rows but honours smaller limits', async () => {
      const all = await anon.from('rt_many').select('id', { count: 'exact' });
      expect(all.data).toHaveLength(1000);
      expect(all.count).toBe(1100);
      const asked = await anon.from('rt_many').select('id').range(0, 4999);
      expect(asked.data).toHaveLength(1000);
      const small = await anon.from('rt_many').select('id').order('id').limit(3);
      expect(small.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      const res = await raw('GET', '/rt_many?select=id&offset=1050', { headers: { Prefer: 'count=exact' } });
      expect(res.headers.get('content-range')).toBe('1050-1099/1100');
    });
  });

  describe('embeds', () => {
    it('embeds many-to-one as an object (or null) and nests', async () => {
      const { data, error } = await anon.from('rt_child').select('id, label, parent:rt_parent(name, org:rt_org!org_id(name))').order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { id: 1, label: 'one', parent: { name: 'Alpha', org: { name: 'Cat Fanciers' } } },
        { id: 2, label: 'two', parent: { name: 'Alpha', org: { name: 'Cat Fanciers' } } },
        { id: 3, label: 'three', parent: { name: 'Beta', org: { name: 'Feline Club' } } },
      ]);
      const gamma = await anon.from('rt_parent').select('name, org:rt_org!org_id(*)').eq('id', 3).single();
      expect(gamma.data).toEqual({ name: 'Gamma, the third', org: null });
    });

    it('embeds one-to-many as arrays ([] when none) and one-to-one as an object', async () => {
      const { data, error } = await anon
        .from('rt_parent')
        .select('name, kids:rt_child(label), profile:rt_profile(bio)')
        .order('id')
        .order('label', { referencedTable: 'kids' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { name: 'Alpha', kids: [{ label: 'one' }, { label: 'two' }], profile: { bio: 'Alpha bio' } },
        { name: 'Beta', kids: [{ label: 'three' }], profile: null },
        { name: 'Gamma, the third', kids: [], profile: null },
      ]);
    });

    it('filters, orders and limits embedded rows', async () => {
      const filtered = await anon.from('rt_parent').select('id, rt_child(label)').eq('rt_child.label', 'one').order('id');
      expect(filtered.data).toEqual([
        { id: 1, rt_child: [{ label: 'one' }] },
        { id: 2, rt_child: [] },
        { id: 3, rt_child: [] },
      ]);
      const limited = await anon
        .from('rt_parent')
        .select('id, kids:rt_child(label, position)')
        .eq('id', 1)
        .order('position', { referencedTable: 'kids' })
        .limit(1, { referencedTable: 'kids' });
      expect(limited.data).toEqual([{ id: 1, kids: [{ label: 'two', position: 1 }] }]);
      const ored = await anon.from('rt_parent').select('id, kids:rt_child(id)').eq('id', 1).or('id.eq.2,id.eq.3', { referencedTable: 'kids' });
      expect(ored.data).toEqual([{ id: 1, kids: [{ id: 2 }] }]);
    });

    it('filters parents with !inner and with embed is-null filters', async () => {
      const inner = await anon.from('rt_parent').select('name, rt_child!inner(label)').eq('rt_child.label', 'three');
      expect(inner.data).toEqual([{ name: 'Beta', rt_child: [{ label: 'three' }] }]);
      const hidden = await anon.from('rt_parent').select('name, rt_child!inner()').eq('rt_child.label', 'two');
      expect(hidden.data).toEqual([{ name: 'Alpha' }]);
      const withKids = await anon.from('rt_parent').select('id, kids:rt_child(id)').not('kids', 'is', null).order('id');
      expect((withKids.data as { id: number }[]).map((r) => r.id)).toEqual([1, 2]);
      const childless = await anon.from('rt_parent').select('id, kids:rt_child(id)').is('kids', null);
      expect(childless.data).toEqual([{ id: 3, kids: [] }]);
    });

    it('resolves hints by constraint name or column, both directions', async () => {
      const byFk = await anon.from('rt_parent').select('name, backup:rt_org!rt_parent_backup_org_id_fkey(name)').eq('id', 1).single();
      expect(byFk.data).toEqual({ name: 'Alpha', backup: { name: 'Feline Club' } });
      const reverse = await anon.from('rt_org').select('name, backed:rt_parent!backup_org_id(name)').order('id');
      expect(reverse.data).toEqual([
        { name: 'Cat Fanciers', backed: [] },
        { name: 'Feline Club', backed: [{ name: 'Alpha' }] },
      ]);
      const deep = await anon.from('rt_org').select('name, members:rt_parent!org_id(name, rt_child(label))').eq('id', 2).single();
      expect(deep.data).toEqual({ name: 'Feline Club', members: [{ name: 'Beta', rt_child: [{ label: 'three' }] }] });
    });

    it('embeds a self-referencing table both ways', async () => {
      const up = await anon.from('rt_node').select('name, parent:rt_node!parent_id(name)').order('id');
      expect(up.data).toEqual([
        { name: 'root', parent: null },
        { name: 'leaf a', parent: { name: 'root' } },
        { name: 'leaf b', parent: { name: 'root' } },
      ]);
      const down = await anon.from('rt_node').select('name, children:rt_node!rt_node_parent_id_fkey(name)').eq('id', 1).single();
      expect(down.data).toEqual({ name: 'root', children: [{ name: 'leaf a' }, { name: 'leaf b' }] });
      const ambiguous = await anon.from('rt_node').select('name, rt_node(name)');
      expect(ambiguous.status).toBe(300);
    });

    it('reads views (without relationships)', async () => {
      const { data, error } = await anon.from('rt_parent_names').select('name').gt('id', 1).order('id');
      expect(error).toBeNull();
      expect(data).toEqual([{ name: 'Beta' }, { name: 'Gamma, the third' }]);
    });

    it('answers 300 PGRST201 for an ambiguous embed', async () => {
      const { error, status } = await anon.from('rt_parent').select('name, rt_org(name)');
      expect(status).toBe(300);
      expect(error).toMatchObject({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'rt_parent' and 'rt_org'",
        hint: "Try changing 'rt_org' to one of the following: 'rt_org!rt_parent_org_id_fkey', 'rt_org!rt_parent_backup_org_id_fkey'. Find the desired relationship in the 'details' key.",
      });
      expect(error!.details).toHaveLength(2);
    });

    it('answers 400 PGRST200 when no relationship exists', async () => {
      const { error, status } = await anon.from('rt_parent').select('name, rt_many(id)');
      expect(status).toBe(400);
      expect(error).toEqual({
        code: 'PGRST200',
        details: "Searched for a foreign key relationship between 'rt_parent' and 'rt_many' in the schema 'public', but no matches were found.",
        hint: null,
        message: "Could not find a relationship between 'rt_parent' and 'rt_many' in the schema cache",
      });
    });
  });

  describe('writes', () => {
    let n = 0;
    const email = (tag: string) => `${tag}-${++n}@rt.test`;

    it('inserts as anon without reading back (201, empty, Content-Range */*)', async () => {
      const res = await anon.from('rt_guestbook').insert({ email: email('gb'), message: 'hello' });
      expect(res).toMatchObject({ data: null, error: null, status: 201 });
      const r = await raw('POST', '/rt_guestbook', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: email('gb'), message: 'raw' }),
      });
      expect({ status: r.status, text: r.text, range: r.headers.get('content-range') }).toEqual({
        status: 201,
        text: '',
        range: '*/*',
      });
      const rows = await service.from('rt_guestbook').select('message').like('email', 'gb-%').order('id');
      expect(rows.data).toEqual([{ message: 'hello' }, { message: 'raw' }]);
    });

    it('refuses representation without a SELECT policy: 401 42501 for anon', async () => {
      const res = await anon
        .from('rt_guestbook')
        .insert({ email: email('gb'), message: 'x' })
        .select();
      expect(res.status).toBe(401);
      expect(res.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "rt_guestbook"' });
    });

    it('returns the representation, as an object with .single()', async () => {
      const e = email('rep');
      const { data, error, status } = await anon.from('rt_item').insert({ email: e, name: 'rep' }).select('email, name, qty, note').single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual({ email: e, name: 'rep', qty: 1, note: 'none' });
      const embedded = await service.from('rt_item').insert({ name: 'with parent', parent_id: 2 }).select('name, parent:rt_parent(name, kids:rt_child(label))').single();
      expect(embedded.data).toEqual({ name: 'with parent', parent: { name: 'Beta', kids: [{ label: 'three' }] } });
    });

    it('inserts arrays: missing keys are NULL, or DEFAULT with missing=default', async () => {
      const [a, b] = [email('bulk'), email('bulk')];
      const asNull = await service.from('rt_item').insert([
        { email: a, name: 'a', qty: 5 },
        { email: b, name: 'b' },
      ]);
      expect(asNull.status).toBe(400);
      expect(asNull.error).toMatchObject({ code: '23502' });

      const ok = await anon
        .from('rt_item')
        .insert(
          [
            { email: a, name: 'a', qty: 5 },
            { email: b, name: 'b' },
          ],
          { defaultToNull: false },
        )
        .select('email, qty, note');
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual([
        { email: a, qty: 5, note: 'none' },
        { email: b, qty: 1, note: 'none' },
      ]);
      const counted = await anon.from('rt_item').insert([{ name: 'c1' }, { name: 'c2' }], { count: 'exact' });
      expect(counted).toMatchObject({ status: 201, count: 2, data: null });

      // A row with none of the named columns is all DEFAULTs: Postgres judges it (name is NOT NULL),
      // not a protocol error from a parameter the statement never uses (once 503 08P01).
      const allDefaults = await raw('POST', '/rt_item?columns=qty,note', {
        key: DEMO_SERVICE_ROLE_KEY,
        headers: { 'content-type': 'application/json', prefer: 'missing=default, return=representation' },
        body: '{}',
      });
      await expectRestError(allDefaults, 400, '23502');
    });

    it('rolls back a write whose .single() representation is not one row', async () => {
      const tag = email('multi');
      const res = await service
        .from('rt_item')
        .insert([{ name: tag }, { name: tag }])
        .select()
        .single();
      expect(res.status).toBe(406);
      expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
      const left = await service.from('rt_item').select('id', { count: 'exact', head: true }).eq('name', tag);
      expect(left.count).toBe(0);

      await service.from('rt_item').insert([{ name: tag }, { name: tag }]);
      const upd = await service.from('rt_item').update({ note: 'changed' }).eq('name', tag).select().single();
      expect(upd.status).toBe(406);
      const notes = await service.from('rt_item').select('note').eq('name', tag);
      expect(notes.data).toEqual([{ note: 'none' }, { note: 'none' }]);
      const del = await service.from('rt_item').delete().eq('name', 'no such').select().single();
      expect(del.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    });

    it('maps constraint violations: 23505/23503 ⇒ 409, 23514/22P02 ⇒ 400', async () => {
      const e = email('dup');
      expect((await anon.from('rt_item').insert({ email: e, name: 'x' })).status).toBe(201);
      const dup = await anon.from('rt_item').insert({ email: e, name: 'y' });
      expect(dup.status).toBe(409);
      expect(dup.error).toMatchObject({
        code: '23505',
        message: 'duplicate key value violates unique constraint "rt_item_email_key"',
        hint: null,
      });
      const fk = await service.from('rt_item').insert({ name: 'orphan', parent_id: 999 });
      expect(fk.status).toBe(409);
      expect(fk.error).toMatchObject({ code: '23503' });
      const check = await service.from('rt_item').insert({ name: 'neg', qty: -1 });
      expect(check.status).toBe(400);
      expect(check.error).toMatchObject({ code: '23514' });
      const type = await service.from('rt_item').insert({ name: 'bad', qty: 'many' });
      expect(type.status).toBe(400);
      expect(type.error).toMatchObject({ code: '22P02' });
    });

    it('enforces RLS on writes: 401 for anon, 403 when signed in', async () => {
      const asAnon = await anon.from('rt_item').insert({ name: 'big', qty: 500 });
      expect(asAnon.status).toBe(401);
      expect(asAnon.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "rt_item"' });
      const asUser = await user.from('rt_item').insert({ name: 'big', qty: 500 });
      expect(asUser.status).toBe(403);
      expect(asUser.error).toMatchObject({ code: '42501' });
      const allowed = await user.from('rt_item').insert({ name: 'small', qty: 5 }).select('qty').single();
      expect(allowed.data).toEqual({ qty: 5 });
    });

    it('hands the JWT claims to RLS (auth.uid())', async () => {
      const mine = await user.from('rt_owned').insert({ note: 'mine' }).select('owner, note').single();
      expect(mine.data).toEqual({ owner: '6f1c0b52-3a5e-4a43-9c39-1d2f3e4a5b6c', note: 'mine' });
      const other = withToken(await userToken(3600, '0b6f0a7e-2d3c-4b5a-8f9e-1a2b3c4d5e6f'));
      expect((await other.from('rt_owned').select('note')).data).toEqual([]);
      const forged = await other.from('rt_owned').insert({ note: 'forged', owner: '6f1c0b52-3a5e-4a43-9c39-1d2f3e4a5b6c' });
      expect(forged.status).toBe(403);
      expect((await user.from('rt_owned').select('note')).data).toEqual([{ note: 'mine' }]);
    });

    it('rejects unknown payload columns with PGRST204', async () => {
      const res = await anon.from('rt_item').insert({ name: 'x', nope: 1 });
      expect(res.status).toBe(400);
      expect(res.error).toEqual({
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'nope' column of 'rt_item' in the schema cache",
      });
    });

    it('upserts with merge-duplicates and ignore-duplicates', async () => {
      const e = email('up');
      const first = await service.from('rt_item').upsert({ email: e, name: 'first' }, { onConflict: 'email' }).select('id, name').single();
      expect(first.status).toBe(201);
      const merged = await service.from('rt_item').upsert({ email: e, name: 'second' }, { onConflict: 'email' }).select('id, name');
      expect(merged.data).toEqual([{ id: first.data!.id, name: 'second' }]);
      const ignored = await service.from('rt_item').upsert({ email: e, name: 'third' }, { onConflict: 'email', ignoreDuplicates: true }).select('name');
      expect(ignored.data).toEqual([]);
      const minimal = await service.from('rt_item').upsert(
        [
          { email: e, name: 'fourth' },
          { email: email('up'), name: 'new' },
        ],
        { onConflict: 'email' },
      );
      expect(minimal.status).toBe(201);
      const now = await service.from('rt_item').select('name').eq('email', e).single();
      expect(now.data).toEqual({ name: 'fourth' });
      const byPk = await service.from('rt_item').upsert({ id: first.data!.id, name: 'by pk' }).select('email, name').single();
      expect(byPk.data).toEqual({ email: e, name: 'by pk' });
    });

    it('updates and deletes by filter; 0 rows is no error', async () => {
      const e = email('upd');
      await service.from('rt_item').insert({ email: e, name: 'before' });
      const upd = await service.from('rt_item').update({ name: 'after', qty: 7 }).eq('email', e);
      expect(upd).toMatchObject({ status: 204, data: null, error: null });
      const rep = await service.from('rt_item').update({ note: 'n' }).eq('email', e).select('name, qty, note');
      expect(rep).toMatchObject({ status: 200, data: [{ name: 'after', qty: 7, note: 'n' }] });
      const nothing = await service.from('rt_item').update({ note: 'x' }).eq('email', 'none@rt.test').select();
      expect(nothing).toMatchObject({ status: 200, data: [], error: null });
      const none = await service.from('rt_item').delete().eq('email', 'none@rt.test');
      expect(none).toMatchObject({ status: 204, error: null });
      const counted = await service.from('rt_item').delete({ count: 'exact' }).eq('email', e);
      expect(counted).toMatchObject({ status: 204, count: 1 });
      const gone = await service.from('rt_item').select('id').eq('email', e);
      expect(gone.data).toEqual([]);

      const f = email('del');
      await service.from('rt_item').insert({ email: f, name: 'del' });
      const deleted = await service.from('rt_item').delete().eq('email', f).select('email');
      expect(deleted).toMatchObject({ status: 200, data: [{ email: f }] });
    });

    it('lets RLS hide rows from anon updates without an error', async () => {
      const e = email('hidden');
      await service.from('rt_item').insert({ email: e, name: 'keep' });
      const upd = await anon.from('rt_item').update({ name: 'hacked' }).eq('email', e).select();
      expect(upd).toMatchObject({ status: 200, data: [], error: null });
      const del = await anon.from('rt_item').delete().eq('email', e);
      expect(del).toMatchObject({ status: 204, error: null });
      const still = await anon.from('rt_item').select('name').eq('email', e).single();
      expect(still.data).toEqual({ name: 'keep' });
    });

    it('answers Prefer: return=headers-only with a Location', async () => {
      const res = await raw('POST', '/rt_item', {
        key: DEMO_SERVICE_ROLE_KEY,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
        body: JSON.stringify({ name: 'located' }),
      });
      expect(res.status).toBe(201);
      expect(res.text).toBe('');
      expect(res.headers.get('location')).toMatch(/^\/rt_item\?id=eq\.\d+$/);
    });

    it('inserts an empty object with all defaults, and an empty array as nothing', async () => {
      const one = await raw('POST', '/rt_guestbook?select=id', {
        key: DEMO_SERVICE_ROLE_KEY,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: '[]',
      });
      expect({ status: one.status, text: one.text }).toEqual({ status: 201, text: '[]' });
      const item = await raw('POST', '/rt_many?select=id', {
        key: DEMO_SERVICE_ROLE_KEY,
        headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
        body: '{}',
      });
      // rt_many.id has no default: an all-defaults row violates NOT NULL.
      await expectRestError(item, 400, '23502');
    });

    it('honours Prefer: handling=strict with max-affected', async () => {
      const tag = email('max');
      await service.from('rt_item').insert([{ name: tag }, { name: tag }]);
      const res = await raw('PATCH', `/rt_item?name=eq.${encodeURIComponent(tag)}`, {
        key: DEMO_SERVICE_ROLE_KEY,
        headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' },
        body: '{"note":"too many"}',
      });
      await expectRestError(res, 400, 'PGRST124');
      const notes = await service.from('rt_item').select('note').eq('name', tag);
      expect(notes.data).toEqual([{ note: 'none' }, { note: 'none' }]);
    });
  });

  describe('rpc', () => {
    it('returns scalars, with defaults and array arguments', async () => {
      expect(await anon.rpc('rt_add', { a: 2 })).toMatchObject({ data: 12, error: null, status: 200 });
      expect((await anon.rpc('rt_add', { a: 2, b: 3 })).data).toBe(5);
      expect((await anon.rpc('rt_sum', { p_values: [1, 2, 3] })).data).toBe(6);
      expect((await anon.rpc('rt_is_even', { n: 4 })).data).toBe(true);
      const res = await raw('POST', '/rpc/rt_is_even', { headers: { 'Content-Type': 'application/json' }, body: '{"n":3}' });
      expect({ status: res.status, text: res.text, type: res.headers.get('content-type') }).toEqual({
        status: 200,
        text: 'false',
        type: JSON_TYPE,
      });
      const bad = await anon.rpc('rt_add', { a: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.error).toMatchObject({ code: '22P02' });
    });

    it('calls with GET and HEAD', async () => {
      expect((await anon.rpc('rt_add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
      expect((await anon.rpc('rt_sum', { p_values: [4, 5] }, { get: true })).data).toBe(9);
      const head = await anon.rpc('rt_names', { p_prefix: '' }, { head: true, count: 'exact' });
      expect(head).toMatchObject({ data: null, error: null, count: 3 });
      const filtered = await anon.rpc('rt_parents_by_tag', { p_tag: 'y' }, { get: true }).select('id').gt('id', 1);
      expect(filtered.data).toEqual([{ id: 2 }]);
    });

    it('returns sets as arrays and composites as objects', async () => {
      expect((await anon.rpc('rt_names', { p_prefix: 'B' })).data).toEqual(['Beta']);
      expect((await anon.rpc('rt_names', { p_prefix: 'zzz' })).data).toEqual([]);
      const first = await anon.rpc('rt_first_parent').select('id, name');
      expect(first.data).toEqual({ id: 1, name: 'Alpha' });
      expect((await anon.rpc('rt_stats')).data).toEqual([{ n: 3, top: 'Gamma, the third' }]);
      expect((await anon.rpc('rt_echo', { any: 'thing', n: [1, 2] })).data).toEqual({ any: 'thing', n: [1, 2] });
    });

    it('filters, orders and embeds on setof results', async () => {
      const { data, error } = await anon
        .rpc('rt_parents_by_tag', { p_tag: 'y' })
        .select('name, kids:rt_child(label)')
        .order('name', { ascending: false })
        .order('label', { referencedTable: 'kids' });
      expect(error).toBeNull();
      expect(data).toEqual([
        { name: 'Beta', kids: [{ label: 'three' }] },
        { name: 'Alpha', kids: [{ label: 'one' }, { label: 'two' }] },
      ]);
      const single = await anon.rpc('rt_parents_by_tag', { p_tag: 'x' }).select('name').single();
      expect(single.data).toEqual({ name: 'Alpha' });
      const notSingle = await anon.rpc('rt_parents_by_tag', { p_tag: 'y' }).select('name').single();
      expect(notSingle.status).toBe(406);
    });

    it('answers void with 204, and refuses writes over GET with 405', async () => {
      const res = await anon.rpc('rt_log', { p_note: 'via rpc' });
      expect(res).toMatchObject({ data: null, error: null, status: 204 });
      const logged = await service.from('rt_guestbook').select('message').eq('email', 'log@rt.test');
      expect(logged.data).toEqual([{ message: 'via rpc' }]);
      const ro = await anon.rpc('rt_log', { p_note: 'read-only' }, { get: true });
      expect(ro.status).toBe(405);
      expect(ro.error).toMatchObject({ code: '25006' });
    });

    it('passes RAISE messages through: P0001 ⇒ 400, PTxyz ⇒ xyz', async () => {
      const p0001 = await anon.rpc('rt_fail', { p_code: 'P0001' });
      expect(p0001.status).toBe(400);
      expect(p0001.error).toEqual({
        code: 'P0001',
        details: 'token tok-1',
        hint: 'Request a new link',
        message: 'Invalid or expired token',
      });
      const pt = await anon.rpc('rt_fail', { p_code: 'PT402' });
      expect(pt.status).toBe(402);
      expect(pt.error).toMatchObject({ code: 'PT402', message: 'Payment required' });
    });

    it('runs security definer functions for anon', async () => {
      expect((await anon.rpc('rt_secret_count')).data).toBe(1);
    });

    it('answers 404 PGRST202 for unknown functions or arguments', async () => {
      const unknown = await anon.rpc('rt_nope', { x: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.rt_nope(x) in the schema cache',
      });
      const wrongArgs = await anon.rpc('rt_add', { zz: 1 });
      expect(wrongArgs.status).toBe(404);
      expect(wrongArgs.error).toMatchObject({
        code: 'PGRST202',
        details:
          'Searched for the function public.rt_add with parameters zz or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      });
    });
  });

  describe('auth, grants and schema', () => {
    it('answers 401 PGRST303 for an expired JWT', async () => {
      const expired = withToken(await userToken(-60));
      const res = await expired.from('rt_parent').select('id');
      expect(res.status).toBe(401);
      expect(res.error).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });
      const r = await raw('GET', '/rt_parent', { key: await userToken(-60) });
      expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"');
    });

    it('answers 401 PGRST301 for a bad JWT', async () => {
      const r = await raw('GET', '/rt_parent', { key: 'not.a.jwt' });
      await expectRestError(r, 401, 'PGRST301');
    });

    it('maps missing grants to 401 for anon and 403 when signed in', async () => {
      const asAnon = await anon.from('rt_secret').select('*');
      expect(asAnon.status).toBe(401);
      expect(asAnon.error).toEqual({ code: '42501', details: null, hint: null, message: 'permission denied for table rt_secret' });
      const asUser = await user.from('rt_secret').select('*');
      expect(asUser.status).toBe(403);
      const asService = await service.from('rt_secret').select('note');
      expect(asService.data).toEqual([{ note: 'classified' }]);
    });

    it('answers 404 PGRST205 for unknown tables and 406 PGRST106 for other schemas', async () => {
      const res = await anon.from('rt_parnet').select('*');
      expect(res.status).toBe(404);
      expect(res.error).toEqual({
        code: 'PGRST205',
        details: null,
        hint: "Perhaps you meant the table 'public.rt_parent'",
        message: "Could not find the table 'public.rt_parnet' in the schema cache",
      });
      const other = await anon.schema('auth').from('users').select('*');
      expect(other.status).toBe(406);
      expect(other.error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: auth' });
    });

    it('finds tables and columns created after start, and forgets dropped ones', async () => {
      await server.db.exec(`create table rt_late (id int primary key); insert into rt_late values (1);`);
      expect((await anon.from('rt_late').select('*')).data).toEqual([{ id: 1 }]);
      await server.db.exec(`alter table rt_late add column extra text default 'e';`);
      expect((await anon.from('rt_late').select('id, extra')).data).toEqual([{ id: 1, extra: 'e' }]);
      await server.db.exec(`drop table rt_late;`);
      const first = await anon.from('rt_late').select('*');
      expect(first.status).toBe(404);
      const again = await anon.from('rt_late').select('*');
      expect(again.status).toBe(404);
      expect(again.error).toMatchObject({ code: 'PGRST205' });
    });
  });

  describe('malformed requests answer 4xx JSON', () => {
    it.each([
      ['bad filter operator', '/rt_parent?id=foo.1', 400, 'PGRST100', '"failed to parse filter (foo.1)" (line 1, column 1)'],
      ['bad order', '/rt_parent?order=name.sideways', 400, 'PGRST100', '"failed to parse order (name.sideways)" (line 1, column 6)'],
      ['unbalanced select', '/rt_parent?select=id,rt_child(id', 400, 'PGRST100', /^"failed to parse select parameter/],
      ['unbalanced or', '/rt_parent?or=(id.eq.1,name.eq.x', 400, 'PGRST100', /^"failed to parse logic tree/],
      ['select injection', '/rt_parent?select=id;drop%20table%20rt_parent', 400, 'PGRST100', /select parameter/],
      ['cast injection', '/rt_parent?select=id::text);drop', 400, 'PGRST100', /select parameter/],
      ['cast with spaces', '/rt_parent?select=id::int%20union%20select%201', 400, 'PGRST100', /select parameter/],
      ['huge limit', '/rt_parent?limit=99999999999999999999', 400, 'PGRST100', /limit parameter/],
      ['negative limit', '/rt_parent?limit=-1', 400, 'PGRST100', /limit parameter/],
      ['bad offset', '/rt_parent?offset=abc', 400, 'PGRST100', /offset parameter/],
      ['unknown select column', '/rt_parent?select=nope', 400, '42703', 'column rt_parent.nope does not exist'],
      ['unknown filter column', '/rt_parent?nope=eq.1', 400, '42703', 'column rt_parent.nope does not exist'],
      ['unknown order column', '/rt_parent?order=nope.asc', 400, '42703', 'column rt_parent.nope does not exist'],
      ['quoted column injection', '/rt_parent?select=%22id;drop%22', 400, '42703', 'column rt_parent.id;drop does not exist'],
      ['broken quoting', '/rt_parent?select=%22id%22%22;drop%22', 400, 'PGRST100', /select parameter/],
      ['bad value type', '/rt_parent?id=eq.notanumber', 400, '22P02', /invalid input syntax for type integer/],
      ['unknown cast type', '/rt_parent?select=id::nosuchtype', 400, '42704', /type "nosuchtype" does not exist/],
      ['filter on an unselected embed', '/rt_parent?select=id&rt_child.id=eq.1', 400, 'PGRST108', "'rt_child' is not an embedded resource in this request"],
      ['unknown relationship hint', '/rt_parent?select=id,rt_child!nope(id)', 400, 'PGRST200', /relationship between 'rt_parent' and 'rt_child'/],
    ])('%s', async (_name, path, status, code, message) => {
      await expectRestError(await raw('GET', path), status, code, message);
    });

    it('keeps injected values as plain values', async () => {
      const res = await raw('GET', `/rt_parent?select=id&name=eq.${encodeURIComponent("'); drop table rt_parent; --")}`);
      expect({ status: res.status, text: res.text }).toEqual({ status: 200, text: '[]' });
      expect((await anon.from('rt_parent').select('id', { count: 'exact', head: true })).count).toBe(3);
    });

    it.each([
      ['invalid JSON insert', 'POST', '/rt_item', '{"name":', 'PGRST102', 'Empty or invalid json'],
      ['empty insert body', 'POST', '/rt_item', '', 'PGRST102', 'Empty or invalid json'],
      ['scalar insert body', 'POST', '/rt_item', '42', 'PGRST102', 'Expected a JSON object or an array of JSON objects'],
      ['array PATCH body', 'PATCH', '/rt_item?id=eq.1', '[{}]', 'PGRST102', 'Expected a JSON object'],
      ['invalid JSON rpc', 'POST', '/rpc/rt_add', '{a:1}', 'PGRST102', 'Empty or invalid json'],
      ['array rpc body', 'POST', '/rpc/rt_add', '[1]', 'PGRST102', 'Expected a JSON object of function arguments'],
    ])('%s', async (_name, method, path, body, code, message) => {
      const res = await raw(method, path, { headers: { 'Content-Type': 'application/json' }, body });
      await expectRestError(res, 400, code, message);
    });

    it('refuses limit on DELETE, unknown media types and inverted ranges', async () => {
      await expectRestError(await raw('DELETE', '/rt_item?limit=1'), 400, 'PGRST100');
      await expectRestError(await raw('GET', '/rt_parent', { headers: { Accept: 'text/csv' } }), 406, 'PGRST107');
      await expectRestError(await raw('GET', '/rt_parent', { headers: { Range: '5-1' } }), 416, 'PGRST103');
    });
  });
});

type Q = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

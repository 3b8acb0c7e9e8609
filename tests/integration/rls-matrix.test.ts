// The RLS matrix, table-driven: every table the API can name × every role × select/insert/update/delete,
// through the real supabase-js client, each outcome checked in the database itself. The matrix and its
// fixtures are tests/helpers/rls-matrix.ts's (supabase-shape.test.ts runs the same one at SQL level).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines } from '../helpers/server.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { startOwnServer } from '../helpers/fuzz-http.ts';
import { ORGANISER_ROLE, SHOW_ROLE_CLAIM } from '../../shared/organiser.ts';
import { FIXTURES, MATRIX, OPS, ROLES, one, parseMatrix, tag, type MatrixCtx, type Op, type Role, type Where } from '../helpers/rls-matrix.ts';

/** Who may call which function through /rest/v1/rpc: a = callable, d = 42501. */
const RPC_MATRIX = `
  function                 | anon | authenticated | service_role
  sync_pull                | a    | a             | a
  is_organiser             | a    | a             | a
  sync_watermark           | a    | a             | a
  sync_tombstone_horizon   | a    | a             | a
  sync_tables              | a    | a             | a
  sync_tables_v1           | a    | a             | a
  sync_contract            | a    | a             | a
  cattery_slug             | a    | a             | a
  verify_account           | a    | a             | a
  submit_votes             | a    | a             | a
  event_voting_closes_at   | d    | d             | a
  is_time_zone_name        | d    | d             | a
  sync_prune_tombstones    | d    | d             | a
  sync_pull_rebuild        | d    | d             | d
  live_pokes_install       | d    | d             | d
  organisers_may_write     | d    | d             | d
  visitor_choice_results   | d    | d             | a
  visitor_choice_votes     | d    | d             | a
  coupon_report            | d    | d             | a
  vote_contact_retention_days | d | d             | a
  vote_contacts_expire_at  | d    | d             | a
  prune_vote_contacts      | d    | d             | a
  organiser_change_sessions | d   | d             | a
  organiser_post_notice    | d    | d             | a
  organiser_withdraw_notice | d   | d             | a
  organiser_change_entry   | d    | d             | a
  organiser_change_place   | d    | d             | a
  organiser_required       | d    | d             | a
  organiser_replayed       | d    | d             | a
  is_ring_clerk            | a    | a             | a
  ring_clerk_required      | d    | d             | d
  event_ring               | d    | d             | a
  catalogue_number_printed | d    | d             | a
  catalogue_entry_ids      | d    | d             | a
  ring_call_named          | d    | d             | a
  ring_side                | d    | d             | a
  organiser_publish_visitors_choice | d | d       | a
  organiser_set_ring_clerk | d    | d             | a
  organiser_ring_clerks    | d    | d             | a
  visitor_choice_flags     | d    | d             | a
  visitor_choice_set_voided | d   | d             | a
  visitor_choice_flagged   | d    | d             | d
  user_metadata_problem    | d    | d             | a
  prune_unverified_accounts | d   | d             | a
`;

interface Ctx extends MatrixCtx {
  /** The owner visitor: rows "of someone else" for the authenticated role, their own for the owner role. */
  owner: Visitor;
}

interface Outcome {
  status: number;
  error: { code?: string } | null;
  count?: number | null;
  data?: unknown;
}

/** What a public-table attempt did, in the matrix's letters (or a description of something unexpected). */
function classify(role: Role, o: Outcome, effect: boolean, visible?: boolean): string {
  if (effect) return o.error ? `effect despite error ${o.status} ${o.error.code}` : 'a';
  if (o.error) {
    const expected = role === 'anon' ? 401 : 403;
    return o.error.code === '42501' && o.status === expected ? 'd' : `error ${o.status} ${o.error.code}`;
  }
  return visible === false || o.count === 0 || (Array.isArray(o.data) && o.data.length === 0) ? 'f' : `no effect, no error (${o.status})`;
}

async function exists(ctx: Ctx, table: string, [col, value]: Where): Promise<boolean> {
  return (await one(ctx, `select count(*)::text as v from public.${table} where ${col}::text = $1`, [value])) !== '0';
}

async function valueOf(ctx: Ctx, table: string, [col, value]: Where, column: string): Promise<string | null> {
  const { rows } = await ctx.db.query<{ v: string | null }>(`select ${column}::text as v from public.${table} where ${col}::text = $1`, [value]);
  return rows[0]?.v ?? null;
}

async function attemptPublic(ctx: Ctx, c: SupabaseClient, role: Role, user: string, name: string, op: Op): Promise<string> {
  const fixture = FIXTURES[name]!;
  const table = name.replace(/ \(.*\)$/, '');
  if (op === 'insert') {
    const { row, where } = await fixture.insert(ctx, user, role);
    const o = await c.from(table).insert(row);
    return classify(role, o, await exists(ctx, table, where));
  }
  const where = await fixture.make(ctx, user, role);
  if (op === 'select') {
    const o = await c.from(table).select('*').eq(where[0], where[1]);
    return classify(role, o, !o.error && Array.isArray(o.data) && o.data.length === 1);
  }
  if (op === 'update') {
    const [column, value] = fixture.patch;
    const before = await valueOf(ctx, table, where, column);
    const o = await c
      .from(table)
      .update({ [column]: column === 'verified' ? true : value }, { count: 'exact' })
      .eq(where[0], where[1]);
    const after = await valueOf(ctx, table, where, column);
    if (before === after && after === value) return 'unexpected: the patch value was already there';
    return classify(role, o, after === value);
  }
  const o = await c.from(table).delete({ count: 'exact' }).eq(where[0], where[1]);
  return classify(role, o, !(await exists(ctx, table, where)));
}

/** Another schema through /rest/v1 (Accept-Profile / Content-Profile): never exposed. */
async function attemptOtherSchema(c: SupabaseClient, name: string, op: Op): Promise<string> {
  const [schema = '', table = ''] = name.split('.');
  const q = c.schema(schema).from(table);
  const o =
    op === 'select'
      ? await q.select('*').limit(1)
      : op === 'insert'
        ? await q.insert({ id: randomUUID() })
        : op === 'update'
          ? await q.update({ id: randomUUID() }).neq('id', randomUUID())
          : await q.delete().neq('id', randomUUID());
  const err = o.error as { code?: string } | null;
  return o.status === 406 && err?.code === 'PGRST106' ? 'x' : `${o.status} ${err?.code ?? 'no error'}`;
}

/** Public objects through the Storage API: readable by everyone, and the venue server has no write API. */
async function attemptStorage(server: VenueServer, c: SupabaseClient, object: string, op: Op): Promise<string> {
  const bucket = c.storage.from('images');
  if (op === 'select') {
    const res = await fetch(bucket.getPublicUrl(object).data.publicUrl);
    return res.status === 200 && (await res.text()).includes('<svg') ? 'a' : `status ${res.status}`;
  }
  const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
  const o = op === 'insert' ? await bucket.upload(`rls/${tag()}.svg`, svg) : op === 'update' ? await bucket.update(object, svg) : await bucket.remove([object]);
  if (!o.error) return 'a';
  const status = String((o.error as { statusCode?: string; status?: number }).statusCode ?? (o.error as { status?: number }).status);
  // The venue server's storage takes uploads from the service role only (the show import's photos); it has no delete.
  return status === '404' ? 'x' : status === '403' || status === '401' ? 'd' : `error ${JSON.stringify(o.error)?.slice(0, 120)}`;
}

describe.each(forEngines(['pglite', 'postgres'], "role and claims are set per transaction: on PostgreSQL's pool they must not leak to the next request"))(
  'RLS matrix on %s',
  (engine) => {
    let server: VenueServer;
    let ctx: Ctx;
    let visitor: Visitor;
    let clients: Record<Role, SupabaseClient>;

    beforeAll(async () => {
      server = await startOwnServer(engine);
      const owner = await createVisitor(server, 'owner');
      visitor = await createVisitor(server, 'visitor');
      // The organiser role is given the way `npm run organiser -- add` gives it: auth.admin with the service key.
      const organiser = await createVisitor(server, 'organiser');
      const promoted = await client(server, 'service_role').auth.admin.updateUserById(organiser.id, { app_metadata: { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } });
      if (promoted.error) throw promoted.error;
      const id = async (sql: string) => String((await server.db.query<{ id: string }>(sql)).rows[0]!.id);
      ctx = {
        db: server.db,
        owner,
        ids: {
          cattery: await id('select id from public.catteries order by id limit 1'),
          breed: await id('select id from public.breeds order by id limit 1'),
          label: await id('select id from public.quality_labels order by id limit 1'),
          litter: await id('select id from public.litters order by id limit 1'),
          event: await id('select id from public.events order by id limit 1'),
          advertiser: await id('select id from public.advertisers order by id limit 1'),
        },
      };
      clients = { anon: client(server), authenticated: visitor.client, owner: owner.client, organiser: organiser.client, service_role: client(server, 'service_role') };
    }, 120_000);
    afterAll(() => server?.close());

    it('every table × every role × select/insert/update/delete does exactly what the matrix says', async () => {
      const expected = parseMatrix(MATRIX);
      const observed = new Map<string, string[]>();
      const object = String((await server.db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'images' order by name limit 1`)).rows[0]!.name);
      const otherSchemas = async () =>
        (
          await server.db.query<{ v: string }>(
            `select md5(string_agg(t, '|' order by t)) as v from (
           select 'b' || b::text as t from storage.buckets b union all select 'o' || o::text from storage.objects o
           union all select 'd' || md5(d.data) from storage.object_data d union all select 'u' || u::text from auth.users u
           union all select 's' || s::text from auth.sessions s union all select 'r' || r::text from auth.refresh_tokens r) x`,
          )
        ).rows[0]!.v;

      // Public tables first (they add users and sessions of their own), then the never-exposed ones, checksummed around.
      const names = [...expected.keys()];
      const publicNames = names.filter((n) => !n.includes('.'));
      const exposedElsewhere = names.filter((n) => n.includes('.'));
      for (const name of publicNames) {
        const cells: string[] = [];
        for (const [r, role] of ROLES.entries()) {
          for (const [o, op] of OPS.entries()) {
            const want = expected.get(name)![r * 4 + o]!;
            // The owner of a row: the owner visitor for their own role, else the owner visitor's rows are "someone else's".
            cells.push(want === '-' ? '-' : await attemptPublic(ctx, clients[role], role, ctx.owner.id, name, op));
          }
        }
        observed.set(name, cells);
      }
      // The service role may upload to storage: its attempts come after the check that nobody else changed anything.
      const attempt = async (name: string, role: Role, op: Op) =>
        name.endsWith('(Storage API)') ? attemptStorage(server, clients[role], object, op) : attemptOtherSchema(clients[role], name, op);
      const serviceStorage = (name: string, role: Role) => role === 'service_role' && name.endsWith('(Storage API)');
      const before = await otherSchemas();
      for (const name of exposedElsewhere) {
        const cells: string[] = [];
        for (const [r, role] of ROLES.entries()) {
          for (const [o, op] of OPS.entries()) {
            const want = expected.get(name)![r * 4 + o]!;
            cells.push(want === '-' || serviceStorage(name, role) ? '-' : await attempt(name, role, op));
          }
        }
        observed.set(name, cells);
      }
      expect(await otherSchemas(), 'storage and auth tables changed').toBe(before);
      for (const name of exposedElsewhere) {
        const cells = observed.get(name)!;
        for (const [r, role] of ROLES.entries()) {
          if (!serviceStorage(name, role)) continue;
          for (const [o, op] of OPS.entries()) cells[r * 4 + o] = expected.get(name)![r * 4 + o] === '-' ? '-' : await attempt(name, role, op);
        }
      }

      const lines = [...observed].map(([name, cells]) => `${name.padEnd(30)}| ${ROLES.map((_, r) => cells.slice(r * 4, r * 4 + 4).join(' ')).join(' | ')}`);
      console.log(`RLS matrix observed on ${engine} (anon | authenticated | owner | organiser | service_role, each S I U D):\n${lines.join('\n')}`);
      const mismatches: string[] = [];
      for (const [name, cells] of observed) {
        cells.forEach((got, i) => {
          const want = expected.get(name)![i];
          if (got !== want) mismatches.push(`${name} × ${ROLES[Math.floor(i / 4)]} × ${OPS[i % 4]}: expected ${want}, got ${got}`);
        });
      }
      expect(mismatches).toEqual([]);
    }, 240_000);

    it('every function × role: only the granted RPCs are callable', async () => {
      const args: Record<string, Record<string, unknown>> = {
        sync_pull: { p_cursors: {}, p_limit: 1 },
        cattery_slug: { p_name: 'Rls Cattery' },
        verify_account: { p_token: 'not-a-token' },
        submit_votes: { p_votes: [] },
        organisers_may_write: { p_table: 'breeds' },
        event_voting_closes_at: { p_end_date: '2026-05-01', p_time_zone: 'Europe/Amsterdam' },
        is_time_zone_name: { p_zone: 'Europe/Amsterdam' },
        visitor_choice_results: { p_event_id: 1 },
        visitor_choice_votes: { p_event_id: 1 },
        vote_contacts_expire_at: { p_end_date: '2026-05-01', p_time_zone: 'Europe/Amsterdam' },
        // Harmless for the service role: an empty change list and unknown rows are refused with 22023.
        organiser_change_sessions: { p_op: randomUUID(), p_changes: [] },
        organiser_post_notice: { p_op: randomUUID(), p_event_id: 0, p_message: 'RLS', p_ends_at: null },
        organiser_withdraw_notice: { p_op: randomUUID(), p_notice_id: 0 },
        organiser_change_entry: { p_op: randomUUID(), p_entry_id: 0, p_change: { absent: true } },
        organiser_change_place: { p_op: randomUUID(), p_change: { floor_plan_id: 0, place: null } },
        organiser_replayed: { p_op: randomUUID(), p_kind: 'change_sessions' },
        // Harmless for the service role: no such event, no account named.
        event_ring: { p_event_id: 0, p_ring: 'Ring 1' },
        catalogue_number_printed: { p_typed: '52a' },
        catalogue_entry_ids: { p_event_id: 0, p_numbers: [] },
        ring_call_named: { p_action: {} },
        ring_side: { p_op: randomUUID(), p_event_id: 0, p_action: { type: 'publish' } },
        organiser_publish_visitors_choice: { p_op: randomUUID(), p_event_id: 0 },
        organiser_set_ring_clerk: { p_email: null, p_clerk: null },
        visitor_choice_flags: { p_event_id: 1 },
        visitor_choice_flagged: { p_event_id: 1 },
        // Harmless for the service role: no votes named, none changed.
        visitor_choice_set_voided: { p_event_id: 1, p_void: true, p_vote_ids: [] },
        user_metadata_problem: { p_meta: {} },
        // Harmless for the service role: only accounts created before 1970.
        prune_unverified_accounts: { p_created_before: '1970-01-01T00:00:00Z' },
      };
      const roles = { anon: clients.anon, authenticated: visitor.client, service_role: clients.service_role };
      const mismatches: string[] = [];
      for (const line of RPC_MATRIX.trim().split('\n').slice(1)) {
        const [fn = '', ...want] = line.split('|').map((s) => s.trim());
        for (const [i, [role, c]] of Object.entries(roles).entries()) {
          const o = await c.rpc(fn, args[fn] ?? {});
          const denied = o.error?.code === '42501' && o.status === (role === 'anon' ? 401 : 403);
          const got = denied ? 'd' : o.error?.code === '42501' ? `42501 with ${o.status}` : 'a';
          if (got !== want[i]) mismatches.push(`${fn} × ${role}: expected ${want[i]}, got ${got} (${o.status} ${o.error?.message ?? ''})`);
        }
      }
      // Every public function is in the table: a new one must be placed in it deliberately.
      const { rows } = await server.db.query<{ name: string }>(
        `select p.proname as name from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prorettype <> 'trigger'::regtype order by 1`,
      );
      const listed = RPC_MATRIX.trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('|')[0]!.trim());
      expect(rows.map((r) => r.name).filter((n) => !listed.includes(n))).toEqual([]);
      expect(mismatches).toEqual([]);
    }, 60_000);
  },
);

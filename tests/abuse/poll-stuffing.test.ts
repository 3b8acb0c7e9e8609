// A stuffed poll is visible and stoppable: real supabase-js against the real venue server.
// 1,000 votes for number 42 from one client (20 submit_votes calls of 50, made-up addresses) are flagged in
// the organiser's results; voiding takes them out of the count and restoring brings them back; only
// organisers read flags or void; the recorded client address is the one the server resolved, whatever
// X-Forwarded-For or cf-connecting-ip a client sends (unless it is a TRUSTED_PROXIES proxy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { VOTE_BATCH_MAX } from '../../shared/vote.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const DAY_MS = 86_400_000;
const utcDate = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

interface ResultRow {
  catalog_number: string;
  votes: number;
  total: number;
  flagged: number;
  voided: number;
  total_flagged: number;
  total_voided: number;
}
interface FlagGroup {
  group_key: string;
  kind: string;
  catalog_number: string | null;
  email_pattern: string | null;
  votes: number;
  voided: number;
  first_at: string;
  last_at: string;
}

describe.each(forEngines(['pglite'], 'flags are the same SQL, votes sent one call at a time; the client address is HTTP'))('a stuffed poll on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let visitor: Visitor;

  beforeAll(async () => {
    server = await startTestServer(engine);
    anon = client(server);
    organiser = await createVisitor(server, 'organiser');
    visitor = await createVisitor(server, 'visitor');
    await server.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"show_role":"organiser"}' where id = $1`, [organiser.id]);
  }, 120_000);
  afterAll(() => server?.close());

  /** A running event of this test's own, so other files' votes from 127.0.0.1 do not mix in. */
  async function addEvent(db = server.db): Promise<number> {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.events (name, start_date, end_date, time_zone) values ($1, $2, $3, 'UTC') returning id::text as id`,
      [`Stuffing test show ${crypto.randomUUID().slice(0, 8)}`, utcDate(0), utcDate(1)],
    );
    return Number(rows[0]!.id);
  }

  const vote = (eventId: number, catalog: string, email: string, first = 'Made', last = 'Up') => ({
    id: crypto.randomUUID(),
    event_id: eventId,
    first_name: first,
    last_name: last,
    email,
    phone: null,
    catalog_number: catalog,
  });

  const results = async (c: SupabaseClient, eventId: number) => {
    const { data, error } = await c.rpc('visitor_choice_results', { p_event_id: eventId }).order('position');
    expect(error).toBeNull();
    return data as ResultRow[];
  };
  const flags = async (eventId: number) => {
    const { data, error } = await organiser.client.rpc('visitor_choice_flags', { p_event_id: eventId });
    expect(error).toBeNull();
    return data as FlagGroup[];
  };
  /** The prize-draw list, read in pages as the console reads it (the server answers at most 1,000 rows). */
  const drawList = async (args: Record<string, unknown>) => {
    const rows: { id: string; flagged: boolean; flag_kinds: string[]; voided_at: string | null }[] = [];
    for (let from = 0; ; from += 1000) {
      const { data, error } = await organiser.client
        .rpc('visitor_choice_votes', args)
        .order('cast_at')
        .order('id')
        .range(from, from + 999);
      expect(error).toBeNull();
      rows.push(...(data as typeof rows));
      if ((data as unknown[]).length < 1000) return rows;
    }
  };
  const recordedAddresses = async (ids: string[]) =>
    (await server.db.query<{ a: string | null }>('select client_address as a from public.visitor_choice where id = any($1::uuid[]) order by 1', [ids])).rows.map(
      (r) => r.a,
    );

  it('flags 1,000 votes for 42 sent from one address in 20 calls of 50, lets the organiser void them and restore them', async () => {
    const eventId = await addEvent();
    // The hall's honest votes first: a few phones, a few cats.
    const honest = ['Anna', 'Bram', 'Chloé', 'Daan', 'Eva', 'Finn'].map((n, i) =>
      vote(eventId, String(3 + (i % 3)), `${n.toLowerCase()}.visser@example.org`, n, 'Visser'),
    );
    for (const v of honest) expect((await anon.rpc('submit_votes', { p_votes: [v] })).error).toBeNull();

    const started = Date.now();
    const stuffing = Array.from({ length: 1000 }, (_, i) => vote(eventId, '42', `fan${i}@mailinator.com`));
    for (let i = 0; i < stuffing.length; i += VOTE_BATCH_MAX) {
      const { data, error } = await anon.rpc('submit_votes', { p_votes: stuffing.slice(i, i + VOTE_BATCH_MAX) });
      expect(error).toBeNull();
      expect((data as { status: string }[]).every((r) => r.status === 'recorded')).toBe(true);
    }
    console.log(`1,000 stuffed votes recorded in ${Date.now() - started} ms on ${engine}`);

    const groups = await flags(eventId);
    const burst = groups.find((g) => g.kind === 'burst')!;
    expect(burst).toMatchObject({ catalog_number: '42', votes: 1000, voided: 0 });
    expect(Date.parse(burst.last_at) - Date.parse(burst.first_at)).toBeLessThan(10 * 60_000);
    expect(groups.find((g) => g.kind === 'generated_emails')).toMatchObject({ email_pattern: 'fan…@mailinator.com', votes: 1000, voided: 0 });
    // The honest votes are in no group; the group key names no address.
    expect(groups).toHaveLength(2);
    expect(JSON.stringify(groups)).not.toContain('127.0.0.1');

    const before = await results(organiser.client, eventId);
    expect(before[0]).toMatchObject({ catalog_number: '42', votes: 1000, total: 1006, flagged: 1000, voided: 0, total_flagged: 1000, total_voided: 0 });
    expect(before.slice(1).map((r) => [r.catalog_number, r.votes, r.flagged])).toEqual([
      ['3', 2, 0],
      ['4', 2, 0],
      ['5', 2, 0],
    ]);

    // The prize-draw list says which votes are flagged.
    const listed = await drawList({ p_event_id: eventId });
    expect(listed).toHaveLength(1006);
    expect(listed.filter((v) => v.flagged)).toHaveLength(1000);
    expect(listed.find((v) => v.id === stuffing[0]!.id)).toMatchObject({ flagged: true, flag_kinds: ['burst', 'generated_emails'], voided_at: null });
    expect(listed.find((v) => v.id === honest[0]!.id)).toMatchObject({ flagged: false, flag_kinds: [], voided_at: null });

    // Void the burst: kept, not counted, and said so.
    const voided = await organiser.client.rpc('visitor_choice_set_voided', { p_event_id: eventId, p_void: true, p_group: burst.group_key });
    expect(voided).toMatchObject({ error: null, data: 1000 });
    const after = await results(organiser.client, eventId);
    expect(after.map((r) => [r.catalog_number, r.votes, r.voided])).toEqual([
      ['3', 2, 0],
      ['4', 2, 0],
      ['5', 2, 0],
      ['42', 0, 1000],
    ]);
    expect(after[0]).toMatchObject({ total: 6, total_flagged: 1000, total_voided: 1000 });
    expect(Number((await server.db.query<{ n: string }>('select count(*)::text as n from public.visitor_choice where event_id = $1', [eventId])).rows[0]!.n)).toBe(1006);
    expect((await flags(eventId)).find((g) => g.kind === 'burst')).toMatchObject({ group_key: burst.group_key, votes: 1000, voided: 1000 });
    // The draw cannot draw a voided vote: the list leaves them out unless asked for them.
    expect(await drawList({ p_event_id: eventId })).toHaveLength(6);
    const withVoided = await drawList({ p_event_id: eventId, p_include_voided: true });
    expect(withVoided.filter((v) => v.voided_at !== null)).toHaveLength(1000);
    // Who and when.
    const { rows: log } = await server.db.query<{ action: string; n: number; by: string; recent: boolean }>(
      `select action, cardinality(vote_ids) as n, acted_by::text as by, acted_at > now() - interval '1 minute' as recent
         from public.visitor_choice_voidings where event_id = $1 order by id`,
      [eventId],
    );
    expect(log).toEqual([{ action: 'void', n: 1000, by: organiser.id, recent: true }]);

    // Restore them by id (the organiser changed their mind for two), then the whole group.
    const two = await organiser.client.rpc('visitor_choice_set_voided', { p_event_id: eventId, p_void: false, p_vote_ids: [stuffing[0]!.id, stuffing[1]!.id] });
    expect(two.data).toBe(2);
    expect((await results(organiser.client, eventId)).find((r) => r.catalog_number === '42')).toMatchObject({ votes: 2, voided: 998, flagged: 1000 });
    const rest = await organiser.client.rpc('visitor_choice_set_voided', { p_event_id: eventId, p_void: false, p_group: burst.group_key });
    expect(rest.data).toBe(998);
    expect((await results(organiser.client, eventId))[0]).toMatchObject({ catalog_number: '42', votes: 1000, total: 1006, voided: 0, total_voided: 0 });
  }, 180_000);

  it('lets neither anonymous callers nor plain visitors read the flags or void (42501)', async () => {
    const eventId = await addEvent();
    const ids = [crypto.randomUUID()];
    const calls = [
      ['visitor_choice_flags', { p_event_id: eventId }],
      ['visitor_choice_set_voided', { p_event_id: eventId, p_void: true, p_vote_ids: ids }],
      ['visitor_choice_set_voided', { p_event_id: eventId, p_void: false, p_vote_ids: ids }],
      ['visitor_choice_votes', { p_event_id: eventId, p_include_voided: true }],
      ['visitor_choice_flagged', { p_event_id: eventId }],
    ] as const;
    for (const [fn, args] of calls) {
      const asAnon = await anon.rpc(fn, args);
      expect([fn, asAnon.status, asAnon.error?.code]).toEqual([fn, 401, '42501']);
      const asVisitor = await visitor.client.rpc(fn, args);
      expect([fn, asVisitor.status, asVisitor.error?.code]).toEqual([fn, 403, '42501']);
    }
    // Nor read the recorded addresses or the void log directly.
    expect((await visitor.client.from('visitor_choice_voidings').select('*')).error?.code).toBe('42501');
    expect((await anon.from('visitor_choice').select('client_address')).error?.code).toBe('42501');
  });

  it('records the address the server resolved, whatever X-Forwarded-For or cf-connecting-ip the client sends', async () => {
    const eventId = await addEvent();
    const spoofing = client(server, 'anon', { headers: { 'X-Forwarded-For': '198.51.100.7', 'CF-Connecting-IP': '198.51.100.8', 'X-Real-IP': '198.51.100.9' } });
    const votes = Array.from({ length: 3 }, (_, i) => vote(eventId, '9', `spoof.${i}.${crypto.randomUUID().slice(0, 6)}@example.org`));
    expect((await spoofing.rpc('submit_votes', { p_votes: votes })).error).toBeNull();
    expect(await recordedAddresses(votes.map((v) => v.id))).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);

    // Behind a trusted proxy (TRUSTED_PROXIES), the address it forwarded is the client's; cf-connecting-ip still is not believed.
    const proxied = await startTestServer(engine, { TRUSTED_PROXIES: '127.0.0.1, ::1' });
    try {
      const viaProxy = client(proxied, 'anon', { headers: { 'X-Forwarded-For': '203.0.113.50', 'CF-Connecting-IP': '198.51.100.8' } });
      const forwarded = vote(await addEvent(proxied.db), '9', `proxied.${crypto.randomUUID().slice(0, 6)}@example.org`);
      expect((await viaProxy.rpc('submit_votes', { p_votes: [forwarded] })).error).toBeNull();
      const { rows } = await proxied.db.query<{ a: string }>('select client_address as a from public.visitor_choice where id = $1', [forwarded.id]);
      expect(rows).toEqual([{ a: '203.0.113.50' }]);
    } finally {
      await proxied.close();
    }
  });
});

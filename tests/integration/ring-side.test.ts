// The judging, live (issue 35's data): ring calls and results through the real supabase-js client. Ring
// clerks and organisers call and record; visitors and anon read calls and published results only; a number
// or ring the show does not have is refused in words; the ring-side outbox sends each action once and in
// order, offline-made calls included; Visitor's Choice winners are published without counts or voters.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueueRingSide } from '../../src/data/outbox/outbox.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

const WATERMARK_WAIT_MS = 1_100;

describe.each(forEngines(['pglite'], 'one RPC and its policies: the same SQL'))('ring calls and results on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let clerk: Visitor;
  let visitor: Visitor;
  let eventId: number;
  const dbs: ShowDb[] = [];

  const setRole = (id: string, role: string) =>
    server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('show_role', $2::text) where id = $1`, [
      id,
      role,
    ]);
  const operations = async (op: string) =>
    (await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations where op_id = $1', [op])).rows[0]!.n;
  const resultsOf = async (ring: string | null, award: string) =>
    (
      await server.db.query<{ number: string; place: number | null; judge: string | null; published: boolean }>(
        `select e.catalogue_number as number, r.place, r.judge, r.published from public.results r join public.catalogue_entries e on e.id = r.entry_id
          where r.event_id = $1 and r.ring is not distinct from $2 and r.award = $3 order by r.place nulls last, e.catalogue_number`,
        [eventId, ring, award],
      )
    ).rows;
  const act = (who: Visitor, action: unknown) => who.client.rpc('ring_side', { p_op: crypto.randomUUID(), p_event_id: eventId, p_action: action });

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    anon = client(server);
    [organiser, clerk, visitor] = await Promise.all([createVisitor(server, 'organiser'), createVisitor(server, 'clerk'), createVisitor(server, 'visitor')]);
    await Promise.all([setRole(organiser.id, 'organiser'), setRole(clerk.id, 'ring_clerk')]);
    // The demo show's running event: its catalogue and its rings ("Ring 1" …, "Main Ring").
    eventId = (await server.db.query<{ id: number }>('select event_id::int as id from public.catalogue_entries order by id limit 1')).rows[0]!.id;
    // The demo show judges too (server/seed/show-judging.ts): these tests start from its catalogue and rings
    // with no call or result yet, so each one's rows are the ones it made.
    await server.db.query('delete from public.ring_calls');
    await server.db.query('delete from public.results');
  }, 120_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.delete()));
    await server?.close();
  });

  const freshMirror = () => {
    const db = new ShowDb(`ring-side-${crypto.randomUUID()}`);
    dbs.push(db);
    return { db, engine: createSyncEngine({ db, client: client(server), status: createSyncStatusStore(), persist: async () => true }) };
  };

  it('refuses anonymous callers (401) and visitors (403), and lets nobody but clerks and organisers write the tables', async () => {
    const call = { type: 'call', ring: 'Ring 1', label: null, numbers: ['1'] };
    const nobody = await act({ client: anon } as Visitor, call);
    expect([nobody.status, nobody.error?.code]).toEqual([401, '42501']);
    const signedIn = await act(visitor, call);
    expect([signedIn.status, signedIn.error?.code, signedIn.error?.message]).toEqual([403, '42501', "Only the show's organisers and ring clerks may do this."]);
    const direct = await visitor.client
      .from('ring_calls')
      .insert({ event_id: eventId, ring: 'Ring 1', catalogue_numbers: ['1'] })
      .select();
    expect(direct.error?.code).toBe('42501');
    const entry = (await server.db.query<{ id: number }>('select id::int as id from public.catalogue_entries where event_id = $1 order by id limit 1', [eventId]))
      .rows[0]!;
    const result = await anon.from('results').insert({ event_id: eventId, award: 'BIS', entry_id: entry.id, published: true }).select();
    expect(result.error?.code).toBe('42501');
    expect((await server.db.query('select 1 from public.ring_calls union all select 1 from public.results')).rows).toEqual([]);
  });

  it('lets a ring clerk call and record, and nothing else an organiser may do', async () => {
    const called = await act(clerk, { type: 'call', ring: 'ring 1', label: 'Longhair kittens', numbers: ['1', '002', '3'] });
    expect(called.error).toBeNull();
    expect(called.data).toMatchObject({ type: 'call', status: 'called', replayed: false });
    const { data: calls } = await anon.from('ring_calls').select('ring, label, catalogue_numbers, status').eq('event_id', eventId);
    // The ring as the schedule writes it, the numbers as printed.
    expect(calls).toEqual([{ ring: 'Ring 1', label: 'Longhair kittens', catalogue_numbers: ['1', '2', '3'], status: 'called' }]);

    const entry = (await server.db.query<{ id: number }>('select id::int as id from public.catalogue_entries where event_id = $1 order by id limit 1', [eventId]))
      .rows[0]!;
    const change = await clerk.client.rpc('organiser_change_entry', { p_op: crypto.randomUUID(), p_entry_id: entry.id, p_change: { absent: true } });
    expect([change.status, change.error?.code]).toEqual([403, '42501']);
    const schedule = await clerk.client.from('event_schedule').update({ location: 'Ring 9' }).eq('event_id', eventId).select();
    expect(schedule.data ?? []).toEqual([]);
    const grant = await clerk.client.rpc('organiser_set_ring_clerk', { p_email: visitor.email, p_clerk: true });
    expect([grant.status, grant.error?.code]).toEqual([403, '42501']);
  });

  it('refuses a number the catalogue does not have and a ring where no session is held, in words', async () => {
    const unknown = await act(clerk, { type: 'call', ring: 'Ring 1', label: null, numbers: ['1', '9999'] });
    expect([unknown.status, unknown.error?.code, unknown.error?.message]).toEqual([400, '23514', "No cat numbered 9999 is in this show's catalogue"]);
    const noRing = await act(clerk, { type: 'final', ring: 'Ring 99', award: 'Best Kitten', judge: null, numbers: ['1'] });
    expect([noRing.error?.code, noRing.error?.message]).toEqual(['23514', 'No session of this show is held in "Ring 99"']);
    const twice = await act(clerk, { type: 'final', ring: 'Ring 1', award: 'Best Kitten', judge: null, numbers: ['1', '01'] });
    expect(twice.error?.message).toBe('1 is named twice.');
    const noAward = await act(clerk, { type: 'award', ring: 'Ring 1', award: ' ', judge: null, numbers: ['1'] });
    expect(noAward.error?.message).toBe('Name the award in at most 80 characters (e.g. Best Kitten, EX1).');
    const otherEvent = (await server.db.query<{ id: number }>('select id::int as id from public.events where id <> $1 order by id limit 1', [eventId])).rows[0]!;
    const entry = (await server.db.query<{ id: number }>('select id::int as id from public.catalogue_entries where event_id = $1 limit 1', [eventId])).rows[0]!;
    const crossed = await clerk.client.from('results').insert({ event_id: otherEvent.id, award: 'BIS', entry_id: entry.id }).select();
    expect([crossed.error?.code, crossed.error?.message]).toEqual(['23514', "A result names a cat of its own show's catalogue"]);
  });

  it('keeps a final a draft until published: visitors and a phone mirror only published results', async () => {
    const recorded = await act(clerk, { type: 'final', ring: 'Ring 2', award: 'Best Kitten', judge: 'Anna Judge', numbers: ['5', '4', '6'] });
    expect(recorded.error).toBeNull();
    expect(await resultsOf('Ring 2', 'Best Kitten')).toEqual([
      { number: '5', place: 1, judge: 'Anna Judge', published: false },
      { number: '4', place: 2, judge: 'Anna Judge', published: false },
      { number: '6', place: 3, judge: 'Anna Judge', published: false },
    ]);
    expect((await anon.from('results').select('id').eq('event_id', eventId)).data).toEqual([]);
    expect((await visitor.client.from('results').select('id').eq('event_id', eventId)).data).toEqual([]);
    expect((await clerk.client.from('results').select('id').eq('event_id', eventId)).data).toHaveLength(3);

    // Corrected: 6 moves up, 4 is out; the places follow the order typed.
    expect((await act(clerk, { type: 'final', ring: 'Ring 2', award: 'Best Kitten', judge: null, numbers: ['6', '5'] })).error).toBeNull();
    expect(await resultsOf('Ring 2', 'Best Kitten')).toEqual([
      { number: '6', place: 1, judge: 'Anna Judge', published: false },
      { number: '5', place: 2, judge: 'Anna Judge', published: false },
    ]);
    const published = await act(clerk, { type: 'publish', ring: 'Ring 2', award: 'Best Kitten' });
    expect(published.data).toMatchObject({ published: 2 });
    const { data } = await anon.from('results').select('ring, award, place, judge, kind, published_at').eq('event_id', eventId).order('place');
    expect(data).toEqual([
      { ring: 'Ring 2', award: 'Best Kitten', place: 1, judge: 'Anna Judge', kind: 'judging', published_at: expect.any(String) },
      { ring: 'Ring 2', award: 'Best Kitten', place: 2, judge: 'Anna Judge', kind: 'judging', published_at: expect.any(String) },
    ]);

    // Awards without places add up; a withdrawal takes one cat's away.
    await act(clerk, { type: 'award', ring: 'Ring 2', award: 'EX1', judge: 'Anna Judge', numbers: ['7'] });
    await act(clerk, { type: 'award', ring: 'Ring 2', award: 'EX1', judge: 'Anna Judge', numbers: ['8', '9'] });
    expect((await resultsOf('Ring 2', 'EX1')).map((r) => [r.number, r.place])).toEqual([
      ['7', null],
      ['8', null],
      ['9', null],
    ]);
    expect((await act(clerk, { type: 'withdraw', ring: 'Ring 2', award: 'EX1', numbers: ['8'] })).data).toMatchObject({ withdrawn: 1 });
    expect((await resultsOf('Ring 2', 'EX1')).map((r) => r.number)).toEqual(['7', '9']);

    const phone = freshMirror();
    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    expect((await phone.db.results.toArray()).map((r) => [r.award, r.place]).sort()).toEqual([
      ['Best Kitten', 1],
      ['Best Kitten', 2],
    ]);
    expect((await phone.db.ring_calls.toArray()).map((c) => c.catalogue_numbers)).toEqual([['1', '2', '3']]);
  });

  it('sends ring-side actions from the outbox once each and in order, a call made offline moved on by its operation', async () => {
    const { db } = freshMirror();
    const base = { user_id: clerk.id, event_id: eventId };
    const call = await enqueueRingSide(db, {
      ...base,
      label: 'Call 11–13 to Ring 3',
      action: { type: 'call', ring: 'Ring 3', label: null, numbers: ['11', '12', '13'] },
    });
    const judging = await enqueueRingSide(db, { ...base, label: 'Judging 11–13', action: { type: 'call_status', created_by: call.id, status: 'judging' } });
    const final = await enqueueRingSide(db, {
      ...base,
      label: 'Best Longhair Kitten',
      action: { type: 'final', ring: 'Ring 3', award: 'Best Longhair Kitten', judge: null, numbers: ['12', '11'] },
    });
    const publish = await enqueueRingSide(db, { ...base, label: 'Publish', action: { type: 'publish', ring: 'Ring 3', award: null } });
    const done = await enqueueRingSide(db, { ...base, label: 'Done 11–13', action: { type: 'call_status', created_by: call.id, status: 'done' } });

    // Without the clerk's session nothing goes; with it, all five in order.
    expect(await drainOutbox({ db, client: anon, onlyAnonymous: true })).toMatchObject({ sent: 0, queued: 5 });
    expect(await drainOutbox({ db, client: clerk.client })).toMatchObject({ sent: 5, failed: 0 });
    const sent = await db.outbox.bulkGet([call.id, judging.id, final.id, publish.id, done.id]);
    expect(sent.map((i) => i!.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    const { rows } = await server.db.query<{ id: number; status: string; numbers: string[] }>(
      "select id::int as id, status, catalogue_numbers as numbers from public.ring_calls where ring = 'Ring 3'",
    );
    expect(rows).toEqual([{ id: expect.any(Number), status: 'done', numbers: ['11', '12', '13'] }]);
    expect(sent[0]!.kind === 'ring_side' && sent[0]!.result).toEqual({ call_id: rows[0]!.id });
    expect(await resultsOf('Ring 3', 'Best Longhair Kitten')).toEqual([
      { number: '12', place: 1, judge: null, published: true },
      { number: '11', place: 2, judge: null, published: true },
    ]);

    // Every answer lost: each goes again and changes nothing.
    await db.outbox.toCollection().modify({ status: 'queued', nextAttemptAt: 0 });
    expect(await drainOutbox({ db, client: clerk.client })).toMatchObject({ sent: 5, failed: 0 });
    for (const item of sent) expect(await operations(item!.id)).toBe(1);
    expect((await server.db.query("select 1 from public.ring_calls where ring = 'Ring 3'")).rows).toHaveLength(1);
    expect((await server.db.query<{ status: string }>("select status from public.ring_calls where ring = 'Ring 3'")).rows[0]!.status).toBe('done');
  });

  it('holds a later action back while an earlier one waits, and sends a refused one as a failure in words', async () => {
    const { db } = freshMirror();
    const base = { user_id: clerk.id, event_id: eventId };
    const wrong = await enqueueRingSide(db, { ...base, label: 'Call 9998', action: { type: 'call', ring: 'Ring 4', label: null, numbers: ['9998'] } });
    const after = await enqueueRingSide(db, { ...base, label: 'Judging', action: { type: 'call_status', created_by: wrong.id, status: 'judging' } });
    await drainOutbox({ db, client: clerk.client });
    const [first, second] = await db.outbox.bulkGet([wrong.id, after.id]);
    expect([first!.status, first!.lastError]).toEqual(['failed', "No cat numbered 9998 is in this show's catalogue"]);
    // Sent once the earlier one failed: the server says why it cannot apply.
    expect([second!.status, second!.lastError]).toEqual(['failed', 'This call is no longer there: it was withdrawn.']);
  });

  it('publishes Visitor’s Choice winners once voting has closed, without counts or voters', async () => {
    const early = await organiser.client.rpc('organiser_publish_visitors_choice', { p_op: crypto.randomUUID(), p_event_id: eventId, p_places: 3 });
    expect([early.status, early.error?.message]).toEqual([400, 'Voting for this event has not closed yet: publish the winners once it has.']);
    const byClerk = await clerk.client.rpc('organiser_publish_visitors_choice', { p_op: crypto.randomUUID(), p_event_id: eventId, p_places: 3 });
    expect(byClerk.status).toBe(403);

    // An event that ended last week, with a catalogue and votes: 3 for 2, 2 each for 1 and 4, 1 for 3.
    const past = (
      await server.db.query<{ id: number }>(
        `insert into public.events (name, start_date, end_date, time_zone) values ('Last week''s show', current_date - 9, current_date - 7, 'Europe/Berlin') returning id::int as id`,
      )
    ).rows[0]!.id;
    await server.db.query(
      `insert into public.catalogue_entries (event_id, catalogue_number, name, breed_id, sex)
       select $1, n::text, 'Cat ' || n, (select id from public.breeds order by id limit 1), 'male' from generate_series(1, 4) n`,
      [past],
    );
    await server.db.query(
      `insert into public.visitor_choice (event_id, first_name, last_name, email, catalog_number)
       select $1, 'V', 'Oter' || i, 'voter' || i || '@example.com', n from unnest(array['2','2','2','1','1','4','4','3']) with ordinality v(n, i)`,
      [past],
    );
    const op = crypto.randomUUID();
    const publish = await organiser.client.rpc('organiser_publish_visitors_choice', { p_op: op, p_event_id: past, p_places: 2 });
    expect(publish.error).toBeNull();
    expect(publish.data).toMatchObject({ winners: 3, replayed: false });
    const { data } = await anon.from('results').select('*, catalogue_entries(catalogue_number)').eq('event_id', past).order('place').order('entry_id');
    expect(data!.map((r) => [r.catalogue_entries.catalogue_number, r.place, r.award, r.kind, r.ring, r.judge])).toEqual([
      ['2', 1, "Visitor's Choice", 'visitors_choice', null, null],
      ['1', 2, "Visitor's Choice", 'visitors_choice', null, null],
      ['4', 2, "Visitor's Choice", 'visitors_choice', null, null],
    ]);
    // Nothing in a result counts or names a voter.
    expect(Object.keys(data![0]!).sort()).toEqual(
      ['award', 'catalogue_entries', 'created_at', 'entry_id', 'event_id', 'id', 'judge', 'kind', 'place', 'published', 'published_at', 'ring', 'updated_at'].sort(),
    );
    expect((await anon.from('visitor_choice').select('id').eq('event_id', past)).data ?? []).toEqual([]);
    const again = await organiser.client.rpc('organiser_publish_visitors_choice', { p_op: op, p_event_id: past, p_places: 2 });
    expect(again.data).toMatchObject({ winners: 3, replayed: true });
  });

  it('lets an organiser make an account a ring clerk and take the role away', async () => {
    const other = await createVisitor(server, 'clerk2');
    const granted = await organiser.client.rpc('organiser_set_ring_clerk', { p_email: other.email.toUpperCase(), p_clerk: true });
    expect(granted.data).toEqual({ email: other.email, ring_clerk: true });
    expect((await organiser.client.rpc('organiser_ring_clerks')).data).toEqual(expect.arrayContaining([other.email, clerk.email]));
    expect((await act(other, { type: 'call', ring: 'Ring 4', label: null, numbers: ['14'] })).error).toBeNull();
    await organiser.client.rpc('organiser_set_ring_clerk', { p_email: other.email, p_clerk: false });
    // Taken away at once, though the clerk's token still carries the claim.
    expect((await act(other, { type: 'call', ring: 'Ring 4', label: null, numbers: ['15'] })).status).toBe(403);
    const unknown = await organiser.client.rpc('organiser_set_ring_clerk', { p_email: 'nobody@example.com', p_clerk: true });
    expect(unknown.error?.message).toBe('No account is registered with nobody@example.com. They sign up in the app first.');
    const self = await organiser.client.rpc('organiser_set_ring_clerk', { p_email: organiser.email, p_clerk: true });
    expect(self.error?.message).toBe(`${organiser.email} is an organiser, who may already do all a ring clerk may.`);
  });
});

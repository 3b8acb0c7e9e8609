// A vote names a cat of the event's catalogue (migration 20261201000200): submit_votes refuses a number
// that is in none of its entries ('unknown_entry', in the form's words), stores a known one as printed, and
// takes any number in an event without a catalogue. Through the real supabase-js client, and through the
// phone's outbox drain against the same server.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { outboxFailureCode, outboxFailureText, VOTE_MESSAGES } from '../../shared/messages.ts';
import { addDaysToDate } from '../../shared/dates.ts';
import { VOTE_UNKNOWN_ENTRY_CODE } from '../../shared/vote.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueVote } from '../../src/data/outbox/outbox.ts';
import { DEMO_CATALOGUE_NUMBERS } from '../helpers/demo-catalogue.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

interface Answer {
  id: string;
  status: string;
  code?: string;
  message?: string;
}

describe.each(forEngines(['pglite'], "one function's answers; both engines run the same SQL"))('votes and the catalogue on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  /** Two events of the test's own, running now: one with a catalogue (52, 52A, 7), one without. */
  let catalogued: number;
  let uncatalogued: number;
  /** The demo show's live event, where other test files vote. */
  let demoEvent: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    anon = client(server);
    service = client(server, 'service_role');
    const today = new Date().toISOString().slice(0, 10);
    demoEvent = (await anon.from('events').select('id').gte('end_date', today).order('start_date').limit(1).single()).data!.id as number;
    const running = { start_date: addDaysToDate(today, -1), end_date: addDaysToDate(today, 2) };
    const events = await service
      .from('events')
      .insert([
        { name: 'Catalogued Vote Show', ...running },
        { name: 'Uncatalogued Vote Show', ...running },
      ])
      .select('id')
      .order('id');
    expect(events.error).toBeNull();
    [catalogued, uncatalogued] = events.data!.map((e) => e.id as number) as [number, number];
    const breed = (await anon.from('breeds').select('id').order('id').limit(1).single()).data!.id as number;
    const entry = { event_id: catalogued, breed_id: breed, sex: 'female' };
    const entries = await service.from('catalogue_entries').insert([
      { ...entry, catalogue_number: '52', name: 'GIC Amberlight’s Tiger Lily', pen: 'A17' },
      { ...entry, catalogue_number: '52A', name: 'Moonshadow Misty', pen: 'A18' },
      { ...entry, catalogue_number: '7', name: 'Seven Seas Pearl', pen: 'B2' },
    ]);
    expect(entries.error).toBeNull();
  });
  afterAll(() => server?.close());

  /** A vote as the form queues it. */
  const payload = <N extends string | null>(event_id: number, catalog_number: N) => ({
    event_id,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('catalogue.voter'),
    phone: null,
    catalog_number,
  });
  /** A vote as the outbox sends it. */
  const vote = (event_id: number, catalog_number: string | null) => ({ id: crypto.randomUUID(), ...payload(event_id, catalog_number) });
  const submit = async (votes: ReturnType<typeof vote>[]): Promise<Answer[]> => {
    const { data, error } = await anon.rpc('submit_votes', { p_votes: votes });
    expect(error).toBeNull();
    return data as Answer[];
  };
  const stored = async (ids: string[]) =>
    (await server.db.query<{ id: string; catalog_number: string }>('select id, catalog_number from public.visitor_choice where id = any($1::uuid[])', [ids])).rows;

  it('refuses a number that is not in the catalogue, with the code and the form’s words, and stores nothing', async () => {
    const votes = ['99', '52B', 'A52', '53', '0', '520'].map((n) => vote(catalogued, n));
    const answers = await submit(votes);
    expect(answers).toEqual(votes.map((v) => ({ id: v.id, status: 'rejected', code: VOTE_UNKNOWN_ENTRY_CODE, message: VOTE_MESSAGES.unknownEntry })));
    expect(await stored(votes.map((v) => v.id))).toEqual([]);
  });

  it('takes a number of the catalogue as a visitor types it, and stores it as printed', async () => {
    const votes = [vote(catalogued, '052a'), vote(catalogued, ' 7 '), vote(catalogued, '52'), vote(catalogued, '0052 a')];
    expect((await submit(votes)).map((a) => a.status)).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
    const rows = new Map((await stored(votes.map((v) => v.id))).map((r) => [r.id, r.catalog_number]));
    expect(votes.map((v) => rows.get(v.id))).toEqual(['52A', '7', '52', '52A']);
  });

  it('takes any number in an event without a catalogue, stored as typed', async () => {
    const votes = [vote(uncatalogued, '99'), vote(uncatalogued, 'Tabby in pen 3'), vote(uncatalogued, '052a')];
    expect((await submit(votes)).map((a) => a.status)).toEqual(['recorded', 'recorded', 'recorded']);
    const rows = new Map((await stored(votes.map((v) => v.id))).map((r) => [r.id, r.catalog_number]));
    expect(votes.map((v) => rows.get(v.id))).toEqual(['99', 'Tabby in pen 3', '052a']);
  });

  it('leaves a missing number to the table’s constraints, as before', async () => {
    const answers = await submit([vote(catalogued, ''), vote(catalogued, null)]);
    expect(answers.map((a) => [a.status, a.code])).toEqual([
      ['rejected', '23514'],
      ['rejected', '23502'],
    ]);
  });

  it('answers a replay of a delivered vote as replayed, even once its cat has left the catalogue', async () => {
    const breed = (await anon.from('breeds').select('id').order('id').limit(1).single()).data!.id as number;
    const late = await service.from('catalogue_entries').insert({ event_id: catalogued, breed_id: breed, sex: 'male', catalogue_number: '88', name: 'Withdrawn Tom' });
    expect(late.error).toBeNull();
    const v = vote(catalogued, '88');
    expect(await submit([v])).toEqual([{ id: v.id, status: 'recorded' }]);
    expect((await service.from('catalogue_entries').delete().eq('event_id', catalogued).eq('catalogue_number', '88')).error).toBeNull();
    expect(await submit([v])).toEqual([{ id: v.id, status: 'replayed' }]);
    const again = vote(catalogued, '88');
    expect((await submit([again]))[0]).toMatchObject({ status: 'rejected', code: VOTE_UNKNOWN_ENTRY_CODE });
  });

  it('the demo show’s live event has the numbers the other test files vote for', async () => {
    const { data } = await anon.from('catalogue_entries').select('catalogue_number').eq('event_id', demoEvent).in('catalogue_number', DEMO_CATALOGUE_NUMBERS);
    expect(data!.map((e) => e.catalogue_number as string).sort()).toEqual([...DEMO_CATALOGUE_NUMBERS].sort());
    const answers = await submit(DEMO_CATALOGUE_NUMBERS.map((n) => vote(demoEvent, n)));
    expect(answers.every((a) => a.status === 'recorded')).toBe(true);
  });

  it('a vote queued offline for an unknown number fails in the outbox with the code, and reads in words', async () => {
    const db = new ShowDb('vote-catalogue-' + crypto.randomUUID());
    try {
      const unknown = await enqueueVote(db, payload(catalogued, '404'));
      const known = await enqueueVote(db, payload(catalogued, '52a'));
      const summary = await drainOutbox({ db, client: anon, onlyAnonymous: true, locks: createLocalLocks(), random: () => 0 });
      expect(summary).toMatchObject({ sent: 1, failed: 1 });
      const item = (await db.outbox.get(unknown.id))!;
      // The code for this build's screens, and the words for builds that read only lastError.
      expect(item).toMatchObject({ status: 'failed', errorCode: 'unknown_entry', lastError: VOTE_MESSAGES.unknownEntry });
      expect(outboxFailureCode(item)).toBe('unknown_entry');
      expect(outboxFailureText(item)).toBe(VOTE_MESSAGES.unknownEntry);
      // A build that does not know the code (rolled back, or from before it) reads the stored words.
      expect(outboxFailureText({ errorCode: 'a_code_from_a_newer_build', lastError: item.lastError })).toBe(VOTE_MESSAGES.unknownEntry);
      expect(await db.outbox.get(known.id)).toMatchObject({ status: 'sent' });
      expect((await stored([known.id])).map((r) => r.catalog_number)).toEqual(['52A']);
    } finally {
      await db.delete();
    }
  });
});

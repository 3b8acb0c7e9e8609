// The organiser's reports through the real supabase-js client: Visitor's Choice results and the
// prize-draw votes (as the results page reads them), the coupon report, who may read them, and the
// retention of vote contacts (prune_vote_contacts, run by the venue server itself).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import type { Db } from '../../server/db/types.ts';
import { startVoteContactPruner } from '../../server/vote-contacts.ts';
import { client, forEngines, ownPostgresDatabase, startTestServer } from '../helpers/server.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { sleep } from '../helpers/time.ts';
import { loadCouponReport, loadResults, loadVotes } from '../../src/features/organiser/reports.ts';
import { votesCsv } from '../../src/features/organiser/votes-csv.ts';
import { VOTE_CONTACT_RETENTION_DAYS } from '../../shared/vote-contacts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` from today, in UTC (the zone of this file's events). */
const utcDate = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

async function makeOrganiser(db: Db, userId: string): Promise<void> {
  await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"show_role":"organiser"}' where id = $1`, [userId]);
}

async function addEvent(db: Db, name: string, startDate: string, endDate: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.events (name, start_date, end_date, time_zone) values ($1, $2, $3, 'UTC') returning id::text as id`,
    [`${name} ${crypto.randomUUID().slice(0, 8)}`, startDate, endDate],
  );
  return Number(rows[0]!.id);
}

/** Votes for an event whose voting has closed: stored as submit_votes would have stored them during the show. */
async function addClosedVotes(db: Db, eventId: number, catalogNumbers: string[]): Promise<void> {
  for (const [i, catalogNumber] of catalogNumbers.entries()) {
    await db.query(
      `insert into public.visitor_choice (id, event_id, first_name, last_name, email, phone, catalog_number, created_at)
       values ($1, $2, 'Old', $3, $4, $5, $6, now() - interval '40 days')`,
      [
        crypto.randomUUID(),
        eventId,
        `Voter ${i}`,
        i % 2 ? null : `old.${i}.${crypto.randomUUID().slice(0, 6)}@example.com`,
        i % 2 ? `+31 6 ${1000 + i}` : null,
        catalogNumber,
      ],
    );
  }
}

interface StoredVote {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  removed: boolean;
}
async function storedVotes(db: Db, eventId: number): Promise<StoredVote[]> {
  const { rows } = await db.query<StoredVote>(
    `select first_name, last_name, email, phone, contacts_removed_at is not null as removed from public.visitor_choice where event_id = $1 order by created_at, id`,
    [eventId],
  );
  return rows;
}

describe.each(forEngines(['pglite'], 'reports and pruning are the same SQL, run one at a time'))('organiser reports and vote-contact retention on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let organiser: Visitor;
  let visitor: Visitor;
  let liveEventId: number;
  const tag = crypto.randomUUID().slice(0, 8);
  let own: Awaited<ReturnType<typeof ownPostgresDatabase>> | null = null;

  beforeAll(async () => {
    own = engine === 'postgres' ? await ownPostgresDatabase() : null;
    server = await startTestServer(engine, {}, { databaseUrl: own?.url });
    anon = client(server);
    service = client(server, 'service_role');
    organiser = await createVisitor(server, 'organiser');
    visitor = await createVisitor(server, 'visitor');
    // is_organiser() reads auth.users, so the organiser's existing session holds the role at once.
    await makeOrganiser(server.db, organiser.id);
    liveEventId = await addEvent(server.db, 'Results test show', utcDate(0), utcDate(1));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await own?.drop();
  });

  const castVotes = async (catalogNumbers: string[], over: (i: number) => Record<string, unknown> = () => ({})) => {
    const p_votes = catalogNumbers.map((catalog_number, i) => ({
      id: crypto.randomUUID(),
      event_id: liveEventId,
      first_name: 'Voter',
      last_name: `No ${i}`,
      email: `voter.${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: null,
      catalog_number,
      ...over(i),
    }));
    // One call per vote, as each phone sends its own: they are cast in this order.
    for (const v of p_votes) {
      const { data, error } = await anon.rpc('submit_votes', { p_votes: [v] });
      expect(error).toBeNull();
      expect(data).toEqual([{ id: v.id, status: 'recorded' }]);
    }
  };

  it('ranks the votes cast through submit_votes: most first, equal counts share a place, numbers in numeric order, with the total', async () => {
    expect(await loadResults(organiser.client, liveEventId)).toEqual({ ranking: [], total: 0 });
    await castVotes(['12', '7', '105', '12', 'a3', '7', 'A3', '12', '7'], (i) =>
      i === 2 ? { first_name: '=HYPERLINK("http://evil.example")', last_name: 'Smith, "Jr"' } : i === 4 ? { email: null, phone: '+31 6 1234 5678' } : {},
    );
    const results = await loadResults(organiser.client, liveEventId);
    expect(results).toEqual({
      total: 9,
      ranking: [
        { place: 1, position: 1, catalog_number: '7', votes: 3, total: 9 },
        { place: 1, position: 2, catalog_number: '12', votes: 3, total: 9 },
        { place: 3, position: 3, catalog_number: 'A3', votes: 2, total: 9 },
        { place: 4, position: 4, catalog_number: '105', votes: 1, total: 9 },
      ],
    });

    // A vote arriving later shows at the next read.
    await castVotes(['105']);
    expect((await loadResults(organiser.client, liveEventId)).ranking.map((r) => [r.place, r.catalog_number, r.votes, r.total])).toEqual([
      [1, '7', 3, 10],
      [1, '12', 3, 10],
      [3, '105', 2, 10],
      [3, 'A3', 2, 10],
    ]);
    // The service-role key reads them too (scripts, the hosted dashboard's SQL aside).
    expect((await service.rpc('visitor_choice_results', { p_event_id: liveEventId })).data).toHaveLength(4);
  });

  it('gives the organiser every vote with its contacts for the prize draw, and the CSV rows guard against formulas', async () => {
    const votes = await loadVotes(organiser.client, liveEventId);
    expect(votes).toHaveLength(10);
    expect(votes.map((v) => v.catalog_number)).toEqual(['12', '7', '105', '12', 'a3', '7', 'A3', '12', '7', '105']);
    expect(votes[4]).toMatchObject({ first_name: 'Voter', last_name: 'No 4', email: null, phone: '+31 6 1234 5678', contacts_removed_at: null });
    const lines = votesCsv(votes, 'UTC').split('\r\n');
    expect(lines[0]).toBe('cast_at,catalog_number,first_name,last_name,email,phone');
    expect(lines).toHaveLength(12); // header, 10 votes, and the final line end
    expect(lines[1]).toBe(`${votes[0]!.cast_at.slice(0, 19)}+00:00,12,Voter,No 0,${votes[0]!.email},`);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00,/);
    expect(lines[3]).toBe(`${votes[2]!.cast_at.slice(0, 19)}+00:00,105,"'=HYPERLINK(""http://evil.example"")","Smith, ""Jr""",${votes[2]!.email},`);
    expect(lines[5]).toBe(`${votes[4]!.cast_at.slice(0, 19)}+00:00,a3,Voter,No 4,,'+31 6 1234 5678`);
  });

  it("reads more than the server's 1,000-row cap in pages", async () => {
    const big = await addEvent(server.db, 'Big results show', utcDate(0), utcDate(1));
    await server.db.query(
      `insert into public.visitor_choice (id, event_id, first_name, last_name, email, catalog_number, created_at)
       select gen_random_uuid(), $1, 'Many', 'Voter ' || n, 'many.' || n || '.' || $2 || '@example.com', (1 + n % 1005)::text,
              now() - interval '1 hour' + n * interval '1 millisecond'
         from generate_series(0, 1009) n`,
      [big, tag],
    );
    const results = await loadResults(organiser.client, big);
    expect(results.total).toBe(1010);
    expect(results.ranking).toHaveLength(1005);
    expect(results.ranking.slice(0, 6).map((r) => [r.place, r.catalog_number, r.votes])).toEqual([
      [1, '1', 2],
      [1, '2', 2],
      [1, '3', 2],
      [1, '4', 2],
      [1, '5', 2],
      [6, '6', 1],
    ]);
    expect(results.ranking.at(-1)).toMatchObject({ position: 1005, catalog_number: '1005', votes: 1 });
    const votes = await loadVotes(organiser.client, big);
    expect(votes).toHaveLength(1010);
    expect(new Set(votes.map((v) => v.id)).size).toBe(1010);
    expect(votes.map((v) => v.last_name)).toEqual(Array.from({ length: 1010 }, (_, n) => `Voter ${n}`));
  });

  it('refuses the reports to anonymous visitors and to signed-in visitors without the role (42501)', async () => {
    const calls = [
      ['visitor_choice_results', { p_event_id: liveEventId }, "Only the show's organisers may read the Visitor's Choice results."],
      ['visitor_choice_votes', { p_event_id: liveEventId }, "Only the show's organisers may read the Visitor's Choice votes."],
      ['coupon_report', {}, "Only the show's organisers may read the coupon report."],
    ] as const;
    for (const [fn, args, message] of calls) {
      const asAnon = await anon.rpc(fn, args);
      expect([fn, asAnon.status, asAnon.error?.code, asAnon.data]).toEqual([fn, 401, '42501', null]);
      const asVisitor = await visitor.client.rpc(fn, args);
      expect([fn, asVisitor.status, asVisitor.error?.code, asVisitor.error?.message, asVisitor.data]).toEqual([fn, 403, '42501', message, null]);
    }
    // The page's loader says the server's words.
    await expect(loadResults(visitor.client, liveEventId)).rejects.toMatchObject({ name: 'ReportError', code: '42501', message: calls[0][2] });

    // The role taken away holds at once, with the same session.
    await server.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'show_role' where id = $1`, [organiser.id]);
    try {
      expect((await organiser.client.rpc('coupon_report')).error?.code).toBe('42501');
    } finally {
      await makeOrganiser(server.db, organiser.id);
    }
    expect((await organiser.client.rpc('coupon_report')).error).toBeNull();
  });

  it('counts coupons per advertiser and voucher type, without codes or addresses', async () => {
    const { rows } = await server.db.query<{ id: string }>(
      `insert into public.advertisers (company_name, discount_voucher_enabled, discount_voucher_amount, rebate_voucher_enabled, rebate_voucher_percentage)
       values ($1, true, 5, true, 10), ($2, true, 7.5, false, null), ($3, false, null, false, null) returning id::text as id`,
      [`Results Pets ${tag}`, `Results Treats ${tag}`, `Results Quiet ${tag}`],
    );
    const [pets, treats, quiet] = rows.map((r) => Number(r.id));
    const request = async (who: Visitor, advertiser: number, type: 'discount' | 'rebate') => {
      const sent = await who.client.functions.invoke('send-coupon', { body: { request_id: crypto.randomUUID(), advertiser_id: advertiser, coupon_type: type } });
      expect(sent.error).toBeNull();
    };
    await request(visitor, pets!, 'discount');
    await request(organiser, pets!, 'discount');
    await request(visitor, pets!, 'rebate');

    const report = await loadCouponReport(organiser.client);
    const mine = report.filter((r) => [pets, treats, quiet].includes(r.advertiser_id));
    expect(mine).toEqual([
      { advertiser_id: pets, company_name: `Results Pets ${tag}`, coupon_type: 'discount', issued: 2, sent: 2 },
      { advertiser_id: pets, company_name: `Results Pets ${tag}`, coupon_type: 'rebate', issued: 1, sent: 1 },
      { advertiser_id: treats, company_name: `Results Treats ${tag}`, coupon_type: 'discount', issued: 0, sent: 0 },
    ]);
    // Counts only: the raw answer carries no code, e-mail or user.
    const raw = await organiser.client.rpc('coupon_report');
    expect(Object.keys((raw.data as object[])[0]!).sort()).toEqual(['advertiser_id', 'company_name', 'coupon_type', 'issued', 'sent']);
  });

  it('keeps the retention in one number: the database agrees with shared/vote-contacts.ts', async () => {
    const { data, error } = await service.rpc('vote_contact_retention_days');
    expect(error).toBeNull();
    expect(data).toBe(VOTE_CONTACT_RETENTION_DAYS);
  });

  it('prune_vote_contacts removes the contacts of events that ended more than N days ago; the counts stay', async () => {
    const n = VOTE_CONTACT_RETENTION_DAYS;
    // Ended N + 1 days ago: its retention ran out at midnight. Ended N days ago: it runs out tonight.
    const expired = await addEvent(server.db, 'Long past show', utcDate(-n - 2), utcDate(-n - 1));
    const kept = await addEvent(server.db, 'Recent show', utcDate(-n - 1), utcDate(-n));
    await addClosedVotes(server.db, expired, ['3', '3', '8']);
    await addClosedVotes(server.db, kept, ['5', '5']);
    const before = await loadResults(organiser.client, expired);
    const liveBefore = await storedVotes(server.db, liveEventId);

    for (const refused of [anon, visitor.client, organiser.client]) {
      const o = await refused.rpc('prune_vote_contacts');
      expect(o.error?.code).toBe('42501');
    }
    expect((await storedVotes(server.db, expired)).every((v) => !v.removed)).toBe(true);

    const pruned = await service.rpc('prune_vote_contacts');
    expect(pruned.error).toBeNull();
    // PostgreSQL is shared with other test files, whose old events may hold votes too.
    expect(pruned.data).toBeGreaterThanOrEqual(3);
    // eslint-disable-next-line vitest/no-conditional-expect -- exact only on the file's own PGlite database: on PostgreSQL other test files add rows meanwhile
    if (engine === 'pglite') expect(pruned.data).toBe(3);

    expect(await storedVotes(server.db, expired)).toEqual(
      Array.from({ length: 3 }, () => ({ first_name: null, last_name: null, email: null, phone: null, removed: true })),
    );
    expect((await storedVotes(server.db, kept)).map((v) => [v.first_name, v.removed])).toEqual([
      ['Old', false],
      ['Old', false],
    ]);
    expect(await storedVotes(server.db, liveEventId)).toEqual(liveBefore);
    expect(await loadResults(organiser.client, expired)).toEqual(before);
    expect(before.ranking.map((r) => [r.catalog_number, r.votes])).toEqual([
      ['3', 2],
      ['8', 1],
    ]);

    // The CSV still lists the votes, without contacts; a second run finds nothing more to remove.
    const lines = votesCsv(await loadVotes(organiser.client, expired), 'UTC').split('\r\n');
    // The three votes share one created_at (one insert), so their order among themselves is the ids'.
    expect(
      lines
        .slice(1, 4)
        .map((l) => l.replace(/^[^,]+,/, ''))
        .sort(),
    ).toEqual(['3,,,,', '3,,,,', '8,,,,']);
    // eslint-disable-next-line vitest/no-conditional-expect -- exact only on the file's own PGlite database: on PostgreSQL other test files add rows meanwhile
    if (engine === 'pglite') expect((await service.rpc('prune_vote_contacts')).data).toBe(0);
    // A contact-less vote cannot be stored any other way.
    await expect(
      server.db.query(`insert into public.visitor_choice (id, event_id, first_name, last_name, catalog_number) values ($1, $2, 'No', 'Contact', '1')`, [
        crypto.randomUUID(),
        kept,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('the venue server prunes on its timer, logs failures and never throws', async () => {
    const expired = await addEvent(server.db, 'Timer show', utcDate(-VOTE_CONTACT_RETENTION_DAYS - 3), utcDate(-VOTE_CONTACT_RETENTION_DAYS - 2));
    const log = { log: vi.fn(), error: vi.fn() };
    const pruner = startVoteContactPruner(server.db, { intervalMs: 100, log });
    await pruner.firstRun;
    await addClosedVotes(server.db, expired, ['1', '2']);
    const deadline = Date.now() + 10_000;
    while ((await storedVotes(server.db, expired)).some((v) => !v.removed) && Date.now() < deadline) await sleep(50);
    await pruner.stop();
    expect((await storedVotes(server.db, expired)).map((v) => v.removed)).toEqual([true, true]);
    expect(log.log).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^\\[votes\\] removed the contact details of \\d+ vote\\(s\\) of events that ended more than ${VOTE_CONTACT_RETENTION_DAYS} days ago$`),
      ),
    );

    const failing = { query: () => Promise.reject(new Error('database gone')) } as unknown as Db;
    const broken = startVoteContactPruner(failing, { intervalMs: 20, log });
    await broken.firstRun;
    await sleep(70);
    await broken.stop();
    const calls = log.error.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(log.error).toHaveBeenCalledWith(
      '[votes] removing expired vote contacts failed; retrying at the next round',
      expect.objectContaining({ message: 'database gone' }),
    );
    await sleep(60);
    expect(log.error.mock.calls.length, 'the timer is cleared on stop').toBe(calls);
  });

  it('the venue server removes expired contacts itself when it starts', async () => {
    const dir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'purrfect-prune-')) : null;
    try {
      // PGlite: a server on files of its own; PostgreSQL: this file's server shares the database with the next one.
      const first = dir ? await startTestServer(engine, {}, { dataDir: dir, seed: false }) : server;
      const expired = await addEvent(first.db, 'Restart show', utcDate(-VOTE_CONTACT_RETENTION_DAYS - 5), utcDate(-VOTE_CONTACT_RETENTION_DAYS - 4));
      await addClosedVotes(first.db, expired, ['9']);
      expect((await storedVotes(first.db, expired))[0]!.removed).toBe(false);
      if (first !== server) await first.close();
      const second = await startTestServer(engine, {}, { dataDir: dir, seed: false, databaseUrl: own?.url });
      try {
        expect(await storedVotes(second.db, expired)).toEqual([{ first_name: null, last_name: null, email: null, phone: null, removed: true }]);
      } finally {
        await second.close();
      }
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

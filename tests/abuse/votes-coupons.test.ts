// Safe on a hostile hall network, votes and coupons: real supabase-js against the real venue
// server. Votes only through submit_votes, in small batches, never for an event that has closed (a grace
// day for votes queued offline); a whole hall behind one address still votes, and is never flagged as a
// stuffed poll; coupons only for verified accounts, one per advertiser and type; and no source
// map is served.
import 'fake-indexeddb/auto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_USER } from '../../server/seed/index.ts';
import type { VenueServer } from '../../server/start.ts';
import { staticRoutes } from '../../server/static.ts';
import { COUPON_MESSAGES, VOTE_MESSAGES } from '../../shared/messages.ts';
import { VOTE_BATCH_MAX } from '../../shared/vote.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueVote } from '../../src/data/outbox/outbox.ts';
import { votePayload } from '../data/outbox-helpers.ts';
import { mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const PASSWORD = 'Whiskers#2026';
const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) on the clock of `timeZone`, shifted by `days`. */
function venueDate(timeZone: string, days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * 600 visitors' own addresses: names at a few common mail services, some with a birth year, as people write
 * them. Not `hall.<n>@…`: real visitors do not have numbered addresses, and a run of numbered addresses from
 * one client address is what a stuffed poll looks like.
 */
const FIRST_NAMES = [
  'anna',
  'bram',
  'chloe',
  'daan',
  'emma',
  'finn',
  'greta',
  'hugo',
  'iris',
  'jesse',
  'karin',
  'lars',
  'maud',
  'noah',
  'olga',
  'pieter',
  'quinty',
  'ruben',
  'sanne',
  'thijs',
  'ursula',
  'vera',
  'wouter',
  'xenia',
  'yara',
  'zoe',
  'marieke',
  'joost',
  'femke',
  'sem',
];
const LAST_NAMES = [
  'jansen',
  'devries',
  'bakker',
  'visser',
  'smit',
  'meijer',
  'mulder',
  'bos',
  'vos',
  'peters',
  'hendriks',
  'dekker',
  'brouwer',
  'dijkstra',
  'koster',
  'prins',
  'huisman',
  'kok',
  'vermeulen',
  'postma',
];
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.com', 'ziggo.nl', 'icloud.com', 'yahoo.com'];
const HALL_ADDRESSES = FIRST_NAMES.flatMap((first, f) =>
  LAST_NAMES.map((last, l) => {
    const i = f * LAST_NAMES.length + l;
    const local = [`${first}.${last}`, `${last}.${first}`, `${first}_${last}`, `${first}${last}${60 + ((f * 7 + l * 3) % 45)}`][i % 4]!;
    return `${local}@${MAIL_DOMAINS[(f + l) % MAIL_DOMAINS.length]}`;
  }),
);

const vote = (event_id: number, over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  event_id,
  first_name: 'Hall',
  last_name: 'Visitor',
  email: uniqueEmail('hall'),
  phone: null,
  catalog_number: '7',
  ...over,
});

describe.each(forEngines(['pglite', 'postgres'], '12 voters at once and a burst of 10 coupon requests: concurrent transactions only PostgreSQL runs side by side'))(
  'votes and coupons on a hostile hall network, on %s',
  (engine) => {
    let server: VenueServer;
    let anon: SupabaseClient;
    let liveEventId: number;

    beforeAll(async () => {
      server = await startTestServer(engine);
      anon = client(server);
      liveEventId = (await anon.from('events').select('id').gte('end_date', venueDate('UTC')).order('start_date').limit(1).single()).data!.id as number;
    });
    afterAll(() => server?.close());

    /** An event that ended on `endDate` in `timeZone` (the service role adds it, as the organiser would). */
    async function addEvent(endDate: string, timeZone: string): Promise<number> {
      const start = new Date(Date.parse(`${endDate}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
      const { rows } = await server.db.query<{ id: string }>(
        `insert into public.events (name, start_date, end_date, time_zone) values ($1, $2, $3, $4) returning id::text as id`,
        [`Abuse test show ${crypto.randomUUID().slice(0, 8)}`, start, endDate, timeZone],
      );
      return Number(rows[0]!.id);
    }

    const storedWithEmailLike = async (pattern: string) =>
      Number((await server.db.query<{ n: string }>('select count(*)::text as n from public.visitor_choice where email like $1', [pattern])).rows[0]!.n);

    it('stores none of 1,000 votes posted straight to visitor_choice, anonymous or signed in', async () => {
      const tag = crypto.randomUUID().slice(0, 8);
      const rows = Array.from({ length: 1_000 }, (_, i) => {
        const { id: _id, ...row } = vote(liveEventId, { email: `stuff.${tag}.${i}@example.com` });
        return row;
      });
      const direct = await anon.from('visitor_choice').insert(rows);
      expect(direct.error?.code).toBe('42501');
      expect(direct.status).toBe(401);

      const user = client(server);
      expect((await user.auth.signInWithPassword(DEMO_USER)).error).toBeNull();
      const signedIn = await user.from('visitor_choice').insert(rows.slice(0, 10));
      expect(signedIn.error?.code).toBe('42501');
      expect(signedIn.status).toBe(403);

      expect(await storedWithEmailLike(`stuff.${tag}.%`)).toBe(0);
    });

    it(`takes at most ${VOTE_BATCH_MAX} votes per submit_votes call and refuses a bigger batch whole`, async () => {
      const tag = crypto.randomUUID().slice(0, 8);
      const batch = (n: number) => Array.from({ length: n }, (_, i) => vote(liveEventId, { email: `batch.${tag}.${n}.${i}@example.com` }));
      const tooMany = await anon.rpc('submit_votes', { p_votes: batch(VOTE_BATCH_MAX + 1) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.error).toMatchObject({ code: '22023', message: `At most ${VOTE_BATCH_MAX} votes per call; send the rest in another call` });
      expect(await storedWithEmailLike(`batch.${tag}.${VOTE_BATCH_MAX + 1}.%`)).toBe(0);

      const full = await anon.rpc('submit_votes', { p_votes: batch(VOTE_BATCH_MAX) });
      expect(full.error).toBeNull();
      expect(full.data.every((r: { status: string }) => r.status === 'recorded')).toBe(true);
    });

    it('refuses a vote for an event that ended a month ago, with the message and code the outbox shows', async () => {
      const ended = await addEvent(venueDate('Europe/Amsterdam', -30), 'Europe/Amsterdam');
      const late = vote(ended);
      const answer = await anon.rpc('submit_votes', { p_votes: [late] });
      expect(answer.error).toBeNull();
      expect(answer.data).toEqual([{ id: late.id, status: 'rejected', code: 'event_closed', message: VOTE_MESSAGES.closed }]);
      expect(await storedWithEmailLike(late.email)).toBe(0);

      // The outbox ends such a vote 'failed' with that text, never silently and never retried.
      const db = new ShowDb(`abuse-${crypto.randomUUID()}`);
      try {
        const item = await enqueueVote(db, votePayload(ended));
        const summary = await drainOutbox({ db, client: anon, locks: createLocalLocks(), random: () => 0 });
        expect(summary).toMatchObject({ failed: 1, sent: 0, retrying: 0, queued: 0 });
        expect(await db.outbox.get(item.id)).toMatchObject({ status: 'failed', lastError: VOTE_MESSAGES.closed });
      } finally {
        await db.delete();
      }
    });

    it('accepts votes queued offline during an event until the end of the day after it ends, on the venue clock', async () => {
      // 25 hours apart: on any clock, these venues are on different dates, so a zone-blind rule fails one.
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Amsterdam']) {
        const endedYesterday = await addEvent(venueDate(zone, -1), zone);
        const endedBeforeYesterday = await addEvent(venueDate(zone, -2), zone);
        const inGrace = vote(endedYesterday);
        const tooLate = vote(endedBeforeYesterday);
        const answer = await anon.rpc('submit_votes', { p_votes: [inGrace, tooLate] });
        expect(answer.error).toBeNull();
        expect(answer.data, zone).toEqual([
          { id: inGrace.id, status: 'recorded' },
          { id: tooLate.id, status: 'rejected', code: 'event_closed', message: VOTE_MESSAGES.closed },
        ]);

        // A lost acknowledgement replayed after voting has closed is still the same delivered vote.
        await server.db.query(`update public.events set start_date = start_date - 30, end_date = end_date - 30 where id = $1`, [endedYesterday]);
        const replay = await anon.rpc('submit_votes', { p_votes: [inGrace] });
        expect(replay.data).toEqual([{ id: inGrace.id, status: 'replayed' }]);
      }
    });

    it('lets 600 distinct voters behind one address (a hall on one NAT) all vote within ten minutes, and flags none of them', async () => {
      // An event of its own: other tests here (and other files) vote from 127.0.0.1 too, and a poll's flags
      // are judged per event.
      const hallEventId = await addEvent(venueDate('UTC', 1), 'UTC');
      const voters = HALL_ADDRESSES.map((email, i) => vote(hallEventId, { email, catalog_number: String(1 + (i % 40)) }));
      const statuses: string[] = [];
      const started = Date.now();
      // Every phone is its own client, all from 127.0.0.1 (and saying so, as a venue proxy would), 12 at a time.
      let next = 0;
      await Promise.all(
        Array.from({ length: 12 }, async () => {
          while (next < voters.length) {
            const v = voters[next++]!;
            const phone = client(server, 'anon', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
            const { data, error, status } = await phone.rpc('submit_votes', { p_votes: [v] });
            statuses.push(error ? `HTTP ${status} ${error.code}` : (data as { status: string }[])[0]!.status);
          }
        }),
      );
      expect(Date.now() - started).toBeLessThan(10 * 60_000);
      expect(statuses.filter((s) => s !== 'recorded')).toEqual([]);
      expect(statuses).toHaveLength(600);
      const { rows } = await server.db.query<{ n: string; addresses: string }>(
        'select count(*)::text as n, count(distinct client_address)::text as addresses from public.visitor_choice where event_id = $1',
        [hallEventId],
      );
      expect(rows[0]).toEqual({ n: '600', addresses: '1' });

      // A hall of real voters behind one router is never flagged as a stuffed poll.
      const service = client(server, 'service_role');
      const flags = await service.rpc('visitor_choice_flags', { p_event_id: hallEventId });
      expect(flags).toMatchObject({ error: null, data: [] });
      const results = await service.rpc('visitor_choice_results', { p_event_id: hallEventId });
      expect(results.error).toBeNull();
      expect((results.data as { total: number; total_flagged: number; total_voided: number }[])[0]).toMatchObject({ total: 600, total_flagged: 0, total_voided: 0 });
    }, 300_000);

    describe('coupons', () => {
      let service: SupabaseClient;
      let advertisers: { id: number; company_name: string }[];

      beforeAll(async () => {
        service = client(server, 'service_role');
        advertisers = (
          await anon.from('advertisers').select('id, company_name').eq('discount_voucher_enabled', true).eq('rebate_voucher_enabled', true).order('id').limit(2)
        ).data!;
        expect(advertisers.length).toBe(2);
      });

      async function signUp(): Promise<{ user: SupabaseClient; email: string; id: string }> {
        const user = client(server);
        const email = uniqueEmail('coupon');
        const { data, error } = await user.auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Ada', last_name: 'Lovelace' } } });
        expect(error).toBeNull();
        // Sign-up answers without a session (a registered address answers alike): sign in for one.
        expect((await user.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
        return { user, email, id: data.user!.id };
      }
      const ask = (user: SupabaseClient, advertiser_id: number, coupon_type: 'discount' | 'rebate', request_id: string = crypto.randomUUID()) =>
        user.functions.invoke('send-coupon', { body: { request_id, advertiser_id, coupon_type } });
      const couponsOf = async (userId: string) => (await service.from('coupons').select('id, advertiser_id, coupon_type, status').eq('user_id', userId)).data!;

      it('refuses an account whose e-mail is not verified, in the function and in the database', async () => {
        const { user, email, id } = await signUp();
        for (let i = 0; i < 3; i++) {
          const refused = await ask(user, advertisers[0]!.id, 'discount');
          expect(refused.response!.status).toBe(403);
          expect(await refused.response!.json()).toEqual({ error: COUPON_MESSAGES.notVerified, code: 'email_not_verified' });
        }
        expect(await couponsOf(id)).toEqual([]);
        expect((await mailsTo(server, email)).filter((m) => m.subject.includes('coupon'))).toEqual([]);

        // Whatever asks: a row for an unverified account does not go in.
        const direct = await service.from('coupons').insert({
          id: crypto.randomUUID(),
          user_id: id,
          email,
          advertiser_id: advertisers[0]!.id,
          coupon_type: 'discount',
          coupon_code: 'ABC-DSC-0001-0001',
        });
        expect(direct.error?.code).toBe('42501');

        // Verified, the same visitor gets the coupon.
        await server.db.query('update public.users set verified = true where id = $1', [id]);
        const sent = await ask(user, advertisers[0]!.id, 'discount');
        expect(sent.error).toBeNull();
        expect(sent.data).toMatchObject({ coupon_type: 'discount', duplicate: false });
      });

      it('issues one coupon per advertiser and type; a replay, or a new request for it, returns the same coupon and mails nothing more', async () => {
        const { user, email, id } = await signUp();
        await server.db.query('update public.users set verified = true where id = $1', [id]);
        const [first, second] = advertisers as [(typeof advertisers)[0], (typeof advertisers)[0]];

        const requestId = crypto.randomUUID();
        const sent = await ask(user, first.id, 'discount', requestId);
        expect(sent.error).toBeNull();
        const replay = await ask(user, first.id, 'discount', requestId);
        expect(replay.error).toBeNull();
        expect(replay.data).toMatchObject({ request_id: requestId, coupon_code: sent.data.coupon_code, duplicate: true });

        // Asked again under a new request id (another phone): the coupon already issued, and no second e-mail.
        const again = await ask(user, first.id, 'discount');
        expect(again.error).toBeNull();
        expect(again.data).toMatchObject({ request_id: requestId, coupon_code: sent.data.coupon_code, duplicate: true });

        // The other type of the same advertiser is a coupon of its own.
        expect((await ask(user, first.id, 'rebate')).error).toBeNull();

        // Ten requests at once with ten request ids: one coupon, one e-mail. A request that lands after the
        // first was sent gets that coupon back; the others are told it is being sent (409, retryable).
        const burst = await Promise.all(Array.from({ length: 10 }, () => ask(user, second.id, 'discount')));
        const issued = burst.filter((r) => r.error === null);
        expect(issued.filter((r) => r.data.duplicate === false)).toHaveLength(1);
        expect(new Set(issued.map((r) => r.data.coupon_code)).size).toBe(1);
        for (const r of burst.filter((r) => r.error !== null)) expect(r.response!.status).toBe(409);

        // The database holds the rule too.
        const direct = await service.from('coupons').insert({
          id: crypto.randomUUID(),
          user_id: id,
          email,
          advertiser_id: first.id,
          coupon_type: 'discount',
          coupon_code: 'ABC-DSC-0002-0002',
        });
        expect(direct.error?.code).toBe('23505');

        const rows = await couponsOf(id);
        const key = (r: { advertiser_id: number; coupon_type: string }) => `${r.advertiser_id}/${r.coupon_type}`;
        expect(rows.map(key).sort()).toEqual([`${first.id}/discount`, `${first.id}/rebate`, `${second.id}/discount`].sort());
        expect(rows.every((r) => r.status === 'sent')).toBe(true);
        expect((await mailsTo(server, email)).filter((m) => m.subject.includes('coupon'))).toHaveLength(3);
      });
    });
  },
);

describe('source maps', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'purrfect-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    writeFileSync(join(dir, 'sw.js.map'), JSON.stringify({ version: 3, sources: ['sw/sw.ts'], mappings: '' }));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    writeFileSync(join(dir, 'assets', 'index-abc123.js.map'), JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are kept on disk but never served: /sw.js.map and every *.map answer 404', async () => {
    const app = staticRoutes(dir);
    for (const path of ['/sw.js.map', '/assets/index-abc123.js.map', '/sw.js%2Emap', '/sw.js.MAP', '/assets/index-abc123.js%2emap']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('sources');
    }
    expect((await app.request('/sw.js')).status).toBe(200);
    expect((await app.request('/assets/index-abc123.js')).status).toBe(200);
  });

  it('are written hidden by the production build: no sourceMappingURL points at them', async () => {
    const { default: config } = await import('../../vite.config.ts');
    const resolved = typeof config === 'function' ? await config({ mode: 'production', command: 'build', isSsrBuild: false, isPreview: false }) : config;
    expect(resolved.build?.sourcemap).toBe('hidden');
  });
});

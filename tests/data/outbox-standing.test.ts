// What the header counts as "waiting": the server's answers, classified by a real drain against the venue
// server, end as waiting (retried or held for sign-in) or not sent (refused for good), never both.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { listOutbox, outboxStanding, tallyOutbox, type OutboxStanding } from '../../src/data/outbox/list.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueCoupon, enqueueVote } from '../../src/data/outbox/outbox.ts';
import type { OutboxStatus } from '../../src/data/outbox/types.ts';
import { COUPON_MESSAGES, VOTE_MESSAGES } from '../../shared/messages.ts';
import { mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { clientWithFetch, offlineFetch, votePayload } from './outbox-helpers.ts';

const PASSWORD = 'Whiskers#2026';

describe('outboxStanding', () => {
  it.each<[OutboxStatus, OutboxStanding]>([
    ['queued', 'waiting'],
    ['sending', 'waiting'],
    ['needs_sign_in', 'waiting'],
    ['failed', 'not_sent'],
    ['sent', 'sent'],
  ])('%s → %s', (status, standing) => expect(outboxStanding(status)).toBe(standing));

  it('tallies waiting and not sent apart, in the order given', () => {
    const items = (['failed', 'queued', 'sent', 'needs_sign_in', 'failed', 'sending'] as const).map((status, n) => ({ n, status }));
    expect(tallyOutbox(items)).toEqual({
      waiting: [items[1], items[3], items[5]],
      notSent: [items[0], items[4]],
    });
  });
});

describe.each(forEngines(['pglite'], "the client's classification of answers; the engine cannot change an answer's shape"))(
  'the standing of what the server answered, on %s',
  (engine) => {
    let server: VenueServer;
    let db: ShowDb;
    let eventId: number;
    let advertisers: { id: number; company_name: string }[];

    beforeAll(async () => {
      server = await startTestServer(engine);
      const anon = client(server);
      eventId = (await anon.from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!.id as number;
      advertisers = (await anon.from('advertisers').select('id, company_name').eq('discount_voucher_enabled', true).order('id').limit(2)).data!;
      expect(advertisers).toHaveLength(2);
    });
    afterAll(() => server?.close());
    beforeEach(() => {
      db = new ShowDb('standing-' + crypto.randomUUID());
    });
    afterEach(() => db.delete());

    const drain = (c: SupabaseClient) => drainOutbox({ db, client: c, locks: createLocalLocks(), random: () => 0 });
    const standings = async () => Object.fromEntries((await listOutbox(db)).map((i) => [i.id, [outboxStanding(i.status), i.lastError]]));

    async function visitor(verified: boolean): Promise<{ c: SupabaseClient; email: string; userId: string }> {
      const c = client(server);
      const email = uniqueEmail(verified ? 'standing' : 'unverified');
      const { data, error } = await c.auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Ada', last_name: 'King' } } });
      expect(error).toBeNull();
      if (verified) await server.db.query('update public.users set verified = true where id = $1', [data.user!.id]);
      expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      return { c, email, userId: data.user!.id };
    }

    it('a duplicate vote and an unverified account are not sent, with SPEC texts; an offline vote is waiting', async () => {
      const email = uniqueEmail('twice');
      const first = await enqueueVote(db, votePayload(eventId, { email }));
      await drain(client(server));
      const duplicate = await enqueueVote(db, votePayload(eventId, { email }));
      const { c: unverified, userId } = await visitor(false);
      const coupon = await enqueueCoupon(db, { advertiser_id: advertisers[0]!.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
      expect(await drain(unverified)).toMatchObject({ sent: 0, failed: 2 });

      const offline = await enqueueVote(db, votePayload(eventId));
      expect(await drain(clientWithFetch(server, offlineFetch))).toMatchObject({ retrying: 1 });

      expect(await standings()).toEqual({
        [first.id]: ['sent', null],
        [duplicate.id]: ['not_sent', VOTE_MESSAGES.duplicate],
        [coupon.id]: ['not_sent', COUPON_MESSAGES.notVerified],
        [offline.id]: ['waiting', expect.any(String)],
      });
      const { waiting, notSent } = tallyOutbox(await listOutbox(db));
      expect(waiting.map((i) => i.id)).toEqual([offline.id]);
      expect(notSent.map((i) => i.id).sort()).toEqual([duplicate.id, coupon.id].sort());
    });

    it('a coupon whose session is gone is waiting; asked again from a second device, a sent coupon comes back, mailed once', async () => {
      const { c, email, userId } = await visitor(true);
      const ask = () => enqueueCoupon(db, { advertiser_id: advertisers[1]!.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
      const firstPhone = await ask();
      expect(await drain(c)).toMatchObject({ sent: 1 });
      const sentItem = (await db.outbox.get(firstPhone.id))!;
      const code = sentItem.kind === 'coupon' ? sentItem.result?.coupon_code : undefined;
      expect(code).toMatch(/^[A-Z0-9]{3}-DSC-\d{4}-\d{4}$/);

      // A second phone: its own outbox, a new request id for the same coupon.
      const firstDb = db;
      db = new ShowDb('standing-' + crypto.randomUUID());
      try {
        const secondPhone = await ask();
        expect(await drain(c)).toMatchObject({ sent: 1, failed: 0 });
        const again = (await db.outbox.get(secondPhone.id))!;
        expect(again).toMatchObject({ status: 'sent', result: { coupon_code: code } });
        expect((await mailsTo(server, email)).filter((m) => m.subject.includes('coupon'))).toHaveLength(1);

        // Signed out: held for sign-in, which is still waiting.
        const held = await enqueueCoupon(db, { advertiser_id: advertisers[0]!.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
        expect(await drain(client(server))).toMatchObject({ needsSignIn: 1 });
        expect((await standings())[held.id]).toEqual(['waiting', COUPON_MESSAGES.signInAgain]);
      } finally {
        await db.delete();
        db = firstDb;
      }
    });
  },
);

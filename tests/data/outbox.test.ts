// The outbox end to end: IndexedDB (fake-indexeddb) ↔ real supabase-js ↔ the venue server on PGlite,
// with the network scripted to drop, lose and refuse. The pure rules are tables in tests/unit/outbox-rules.test.ts.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { requestBackgroundSync } from '../../src/data/outbox/background-sync.ts';
import { OUTBOX_FAILURE_TEXT, type OutboxFailureCode } from '../../shared/messages.ts';
import { MISSING_FUNCTION_FLOOR_MS } from '../../src/data/outbox/classify.ts';
import { drainOutbox, STUCK_SENDING_MS, VOTE_BATCH_SIZE, type DrainSettings, type DrainSummary } from '../../src/data/outbox/drain.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { discardItem, enqueueCoupon, enqueueVote, listOutbox, OutboxError, resumeAfterSignIn, retryItem } from '../../src/data/outbox/outbox.ts';
import { startOutboxTriggers } from '../../src/data/outbox/triggers.ts';
import type { CouponItem, OutboxItem } from '../../src/data/outbox/types.ts';
import { mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { client, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';
import { auditedLocks, clientWithFetch, isSendCoupon, isSubmitVotes, jsonResponse, offlineFetch, scriptedFetch, storedVotes, votePayload } from './outbox-helpers.ts';

const PASSWORD = 'Whiskers#2026';
const DUPLICATE = 'This email address has already been used to vote in this event';
const SIGN_IN_AGAIN = 'Sign in again to send this coupon request.';
const COUPON_FAILED = 'Failed to send coupon email. Please try again later.';
const noJitter = () => 0;

let db: ShowDb;
beforeEach(() => {
  db = new ShowDb('outbox-' + crypto.randomUUID());
});
afterEach(async () => {
  await db.delete();
});

const all = () => db.outbox.toArray();
const get = async (id: string) => (await db.outbox.get(id))!;
/** One drain with fresh locks (each test is its own "browser"), no jitter unless given. */
const drain = (options: Partial<DrainSettings> & { client: SupabaseClient; onlyAnonymous?: boolean }): Promise<DrainSummary> =>
  drainOutbox({ db, locks: createLocalLocks(), random: noJitter, ...options });

/** A visitor signed up, signed in and verified (coupons go to verified accounts only). */
async function signUp(c: SupabaseClient, server: VenueServer): Promise<{ email: string; userId: string; refreshToken: string }> {
  const email = uniqueEmail('shopper');
  const { data, error } = await c.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { first_name: 'Grace', last_name: 'Hopper' } },
  });
  expect(error).toBeNull();
  // Coupons go only to verified accounts.
  await server.db.query('update public.users set verified = true where id = $1', [data.user!.id]);
  // Sign-up answers without a session (a registered address answers alike): sign in for one.
  const signIn = await c.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signIn.error).toBeNull();
  return { email, userId: data.user!.id, refreshToken: signIn.data.session!.refresh_token };
}

const couponMails = async (server: VenueServer, email: string) => (await mailsTo(server, email)).filter((m) => m.subject.includes('coupon'));

describe('enqueue and the visitor-facing operations', () => {
  it('validates votes with the SPEC §5 texts and stores them trimmed, empty contact fields as null', async () => {
    const base = { event_id: 1, first_name: ' Ada ', last_name: 'Lovelace', email: ' ada@example.com ', phone: '', catalog_number: ' 12 ' };
    const item = await enqueueVote(db, base);
    expect(item).toMatchObject({ kind: 'vote', status: 'queued', attempts: 0, errorCode: null, lastError: null, sendingSince: null, sentAt: null });
    expect(item.payload).toEqual({ event_id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, catalog_number: '12' });
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await get(item.id)).toEqual(item);

    // The full table of refusals is in tests/unit/outbox-rules.test.ts; here: one is an OutboxError and stores nothing.
    const error = await enqueueVote(db, { ...base, email: 'ada at example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxError);
    expect(error).toMatchObject({ code: 'invalid_payload', message: 'Please enter a valid email address' });
    expect(await db.outbox.count()).toBe(1);

    const phoneOnly = await enqueueVote(db, { ...base, email: null, phone: '+31 6 1234' });
    expect(phoneOnly.payload).toMatchObject({ email: null, phone: '+31 6 1234' });
  });

  it('validates coupon requests', async () => {
    const ok = { advertiser_id: 3, coupon_type: 'discount' as const, user_id: crypto.randomUUID(), company_name: 'Pawsome' };
    const item = await enqueueCoupon(db, ok);
    expect(item).toMatchObject({ kind: 'coupon', status: 'queued', result: null, payload: ok });
    await expect(enqueueCoupon(db, { ...ok, user_id: 'nobody' })).rejects.toBeInstanceOf(OutboxError);
    expect(await db.outbox.count()).toBe(1);
  });

  it('keeps creation order within one millisecond, and lists newest first', async () => {
    const now = () => 1_000;
    const a = await enqueueVote(db, votePayload(1), { now });
    const b = await enqueueVote(db, votePayload(1), { now });
    const c = await enqueueVote(db, votePayload(1), { now: () => 500 });
    expect([a.createdAt, b.createdAt, c.createdAt]).toEqual([1_000, 1_001, 1_002]);
    expect((await listOutbox(db)).map((i) => i.id)).toEqual([c.id, b.id, a.id]);
  });

  it('retries only failed or needs-sign-in items, discards only failed ones, resumes a user after sign-in', async () => {
    const userId = crypto.randomUUID();
    const [queued, failed, signIn, sent] = await Promise.all([
      enqueueVote(db, votePayload(1)),
      enqueueVote(db, votePayload(1)),
      enqueueCoupon(db, { advertiser_id: 1, coupon_type: 'rebate', user_id: userId, company_name: 'Acme' }),
      enqueueVote(db, votePayload(1)),
    ]);
    await db.outbox.update(failed.id, { status: 'failed', errorCode: 'already_voted', lastError: DUPLICATE, nextAttemptAt: 0 });
    await db.outbox.update(signIn.id, { status: 'needs_sign_in', errorCode: 'sign_in_again', lastError: SIGN_IN_AGAIN });
    await db.outbox.update(sent.id, { status: 'sent' });

    expect(await discardItem(db, queued.id)).toBe(false);
    expect(await discardItem(db, signIn.id)).toBe(false);
    expect(await retryItem(db, queued.id)).toBe(false);
    expect(await retryItem(db, sent.id)).toBe(false);
    expect(await retryItem(db, failed.id, { now: () => 42 })).toBe(true);
    expect(await get(failed.id)).toMatchObject({ status: 'queued', errorCode: null, lastError: null, nextAttemptAt: 42 });

    expect(await resumeAfterSignIn(db, crypto.randomUUID())).toBe(0);
    expect(await resumeAfterSignIn(db, userId)).toBe(1);
    expect(await get(signIn.id)).toMatchObject({ status: 'queued', errorCode: null, lastError: null });

    await db.outbox.update(failed.id, { status: 'failed' });
    expect(await discardItem(db, failed.id)).toBe(true);
    expect(await db.outbox.get(failed.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(3);
  });
});

describe('drain against the venue server', () => {
  let server: VenueServer;
  let eventId: number;
  let discountAdvertiser: { id: number; company_name: string };
  let noRebateAdvertiser: { id: number; company_name: string };
  /** More discount advertisers: a visitor gets one coupon per advertiser and type. */
  let moreDiscountAdvertisers: { id: number; company_name: string }[];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const anon = client(server);
    // The live event: voting for one that has closed is refused.
    eventId = (await anon.from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!.id as number;
    discountAdvertiser = (await anon.from('advertisers').select('id, company_name').eq('discount_voucher_enabled', true).order('id').limit(1).single()).data!;
    noRebateAdvertiser = (await anon.from('advertisers').select('id, company_name').eq('rebate_voucher_enabled', false).order('id').limit(1).single()).data!;
    moreDiscountAdvertisers = (await anon.from('advertisers').select('id, company_name').eq('discount_voucher_enabled', true).order('id').range(1, 3)).data!;
    expect(moreDiscountAdvertisers).toHaveLength(3);
  });
  afterAll(() => server?.close());

  const queueVotes = async (n: number) => {
    const items = [];
    for (let i = 0; i < n; i++) items.push(await enqueueVote(db, votePayload(eventId)));
    return items.map((item) => item.id);
  };

  it('1. keeps 50 offline votes queued with attempts and a backoff time, then delivers each exactly once', async () => {
    const ids = await queueVotes(50);
    const before = Date.now();
    const offline = await drain({ client: clientWithFetch(server, offlineFetch), random: () => 0.5 });
    expect(offline).toMatchObject({ sent: 0, failed: 0, retrying: 50, needsSignIn: 0, skipped: false, queued: 50 });
    for (const item of await all()) {
      expect(item).toMatchObject({ status: 'queued', attempts: 1, errorCode: 'offline', lastError: OUTBOX_FAILURE_TEXT.offline, sendingSince: null });
      expect(item.nextAttemptAt).toBeGreaterThanOrEqual(before + 500);
      expect(item.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    // Batches settle one after another: the summary names the earliest.
    expect(offline.nextAttemptAt).toBe(Math.min(...(await all()).map((i) => i.nextAttemptAt)));

    // Not due yet: a drain right away sends nothing.
    const early = await drain({ client: client(server), now: () => before });
    expect(early).toMatchObject({ sent: 0, retrying: 0, queued: 50 });

    const online = await drain({ client: client(server), now: () => Date.now() + 60_000 });
    expect(online).toMatchObject({ sent: 50, failed: 0, retrying: 0, queued: 0, nextAttemptAt: null });
    for (const item of await all()) expect(item).toMatchObject({ status: 'sent', attempts: 2, lastError: null, sendingSince: null });
    expect(await storedVotes(server, ids)).toBe(50);
  });

  it('2. recognises a replay after a lost response as delivered, never as a duplicate', async () => {
    const ids = await queueVotes(3);
    // The request reaches the server, the answer is lost on the way back.
    const lossy = scriptedFetch(isSubmitVotes, async (call, input, init) => {
      const res = await fetch(input, init);
      if (call > 1) return res;
      await res.arrayBuffer();
      throw new TypeError('Failed to fetch');
    });
    const c = clientWithFetch(server, lossy);
    expect(await drain({ client: c })).toMatchObject({ sent: 0, retrying: 3 });
    expect(await storedVotes(server, ids)).toBe(3);

    expect(await drain({ client: c })).toMatchObject({ sent: 3, failed: 0, retrying: 0 });
    expect(lossy.calls).toBe(2);
    for (const item of await all()) expect(item).toMatchObject({ status: 'sent', lastError: null });
    expect(await storedVotes(server, ids)).toBe(3);
  });

  it('3. survives the server going away mid-replay and delivers all exactly once', async () => {
    const ids = await queueVotes(120);
    // The first batch gets through; then the venue server is gone.
    const dying = scriptedFetch(isSubmitVotes, async (call, input, init) => {
      if (call === 1) return fetch(input, init);
      throw new TypeError('Failed to fetch');
    });
    const first = await drain({ client: clientWithFetch(server, dying) });
    expect(first).toMatchObject({ sent: VOTE_BATCH_SIZE, retrying: 120 - VOTE_BATCH_SIZE });
    expect(dying.calls).toBe(Math.ceil(120 / VOTE_BATCH_SIZE));
    const sentFirst = (await all()).filter((i) => i.status === 'sent').map((i) => i.id);
    expect(sentFirst.sort()).toEqual(ids.slice(0, VOTE_BATCH_SIZE).sort());

    const second = await drain({ client: client(server) });
    expect(second).toMatchObject({ sent: 120 - VOTE_BATCH_SIZE, retrying: 0, failed: 0, queued: 0 });
    expect(await storedVotes(server, ids)).toBe(120);
    expect((await all()).every((i) => i.status === 'sent')).toBe(true);
  });

  it('4. fails a real duplicate vote with the SPEC text while the rest of the batch goes through', async () => {
    const email = uniqueEmail('twice');
    const earlier = await enqueueVote(db, votePayload(eventId, { email }));
    await drain({ client: client(server) });
    expect((await get(earlier.id)).status).toBe('sent');

    const again = await enqueueVote(db, votePayload(eventId, { email: email.toUpperCase() }));
    const other = await enqueueVote(db, votePayload(eventId));
    // Two new votes with one e-mail in the same batch: the older one wins.
    const sharedEmail = uniqueEmail('pair');
    const pairFirst = await enqueueVote(db, votePayload(eventId, { email: sharedEmail }));
    const pairSecond = await enqueueVote(db, votePayload(eventId, { email: sharedEmail }));
    const summary = await drain({ client: client(server) });
    expect(summary).toMatchObject({ sent: 2, failed: 2, retrying: 0 });
    expect(await get(again.id)).toMatchObject({ status: 'failed', errorCode: 'already_voted', lastError: DUPLICATE, attempts: 1 });
    expect(await get(pairSecond.id)).toMatchObject({ status: 'failed', errorCode: 'already_voted', lastError: DUPLICATE });
    expect((await get(other.id)).status).toBe('sent');
    expect((await get(pairFirst.id)).status).toBe('sent');
    expect(await storedVotes(server, [earlier.id, again.id, other.id, pairFirst.id, pairSecond.id])).toBe(3);

    // A failed item is left alone by later drains, and stays until the visitor discards it.
    expect(await drain({ client: client(server) })).toMatchObject({ sent: 0, failed: 0 });
    expect((await get(again.id)).status).toBe('failed');
  });

  it('5. lets only one of two tabs drain at a time; the other reports skipped', async () => {
    const ids = await queueVotes(60);
    const locks = auditedLocks(createLocalLocks());
    const tabA = new ShowDb(db.name);
    const tabB = new ShowDb(db.name);
    const slow = scriptedFetch(isSubmitVotes, async (_call, input, init) => {
      await sleep(100);
      return fetch(input, init);
    });
    try {
      const [a, b] = await Promise.all([
        drainOutbox({ db: tabA, client: clientWithFetch(server, slow), locks, random: noJitter }),
        drainOutbox({ db: tabB, client: client(server), locks, random: noJitter }),
      ]);
      expect(a).toMatchObject({ skipped: false, sent: 60 });
      expect(b).toMatchObject({ skipped: true, sent: 0, failed: 0, retrying: 0 });
      expect(locks).toMatchObject({ maxHolders: 1, grants: 1, refusals: 1 });

      // Later, tab B drains alone and finds nothing left to send.
      expect(await drainOutbox({ db: tabB, client: client(server), locks })).toMatchObject({ skipped: false, sent: 0 });
      expect(locks.maxHolders).toBe(1);
    } finally {
      tabA.close();
      tabB.close();
    }
    expect(slow.calls).toBe(Math.ceil(60 / VOTE_BATCH_SIZE));
    expect(await storedVotes(server, ids)).toBe(60);
  });

  it('5b. two tabs draining repeatedly over a flaky network still store each vote once', async () => {
    const ids = await queueVotes(80);
    const locks = auditedLocks(createLocalLocks());
    const flaky = scriptedFetch(isSubmitVotes, async (call, input, init) => {
      const res = await fetch(input, init);
      if (call % 2 === 1) {
        await res.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      return res;
    });
    const tabs = [new ShowDb(db.name), new ShowDb(db.name)];
    try {
      for (let round = 0; round < 6; round++) {
        await Promise.all(tabs.map((tab) => drainOutbox({ db: tab, client: clientWithFetch(server, flaky), locks, random: noJitter })));
      }
    } finally {
      for (const tab of tabs) tab.close();
    }
    expect(locks.maxHolders).toBe(1);
    expect((await all()).filter((i) => i.status !== 'sent')).toEqual([]);
    expect(await storedVotes(server, ids)).toBe(80);
  });

  it('6a. sends a coupon to the signed-in visitor once, even when the same item is sent again', async () => {
    const user = client(server);
    const { email, userId } = await signUp(user, server);
    const item = await enqueueCoupon(db, {
      advertiser_id: discountAdvertiser.id,
      coupon_type: 'discount',
      user_id: userId,
      company_name: discountAdvertiser.company_name,
    });
    expect(await drain({ client: user })).toMatchObject({ sent: 1, failed: 0 });
    const sent = (await get(item.id)) as CouponItem;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.result?.coupon_code).toMatch(/^[A-Z0-9]{3}-DSC-\d{4}-\d{4}$/);
    expect(await couponMails(server, email)).toHaveLength(1);

    // As if the acknowledgement had been lost: the same request goes out again.
    await db.outbox.update(item.id, { status: 'queued', nextAttemptAt: 0 });
    expect(await drain({ client: user })).toMatchObject({ sent: 1 });
    expect(((await get(item.id)) as CouponItem).result).toEqual(sent.result);
    expect(await couponMails(server, email)).toHaveLength(1);
  });

  it('6b. waits for sign-in when the session is gone or belongs to someone else, then sends after retryItem', async () => {
    const user = client(server);
    const { email, userId } = await signUp(user, server);
    const coupon = { advertiser_id: discountAdvertiser.id, coupon_type: 'discount' as const, user_id: userId, company_name: 'x' };
    const item = await enqueueCoupon(db, coupon);
    const vote = await enqueueVote(db, votePayload(eventId));
    await user.auth.signOut();

    expect(await drain({ client: user })).toMatchObject({ needsSignIn: 1, sent: 1 });
    expect(await get(item.id)).toMatchObject({ status: 'needs_sign_in', errorCode: 'sign_in_again', lastError: SIGN_IN_AGAIN, attempts: 0 });
    expect((await get(vote.id)).status).toBe('sent');
    // needs_sign_in is not retried by itself.
    expect(await drain({ client: user })).toMatchObject({ needsSignIn: 0, sent: 0 });

    const someoneElse = client(server);
    await signUp(someoneElse, server);
    expect(await retryItem(db, item.id)).toBe(true);
    expect(await drain({ client: someoneElse })).toMatchObject({ needsSignIn: 1 });
    expect((await get(item.id)).status).toBe('needs_sign_in');

    const signIn = await user.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(await retryItem(db, item.id)).toBe(true);
    expect(await drain({ client: user })).toMatchObject({ sent: 1 });
    expect(await get(item.id)).toMatchObject({ status: 'sent', lastError: null });
    expect(await couponMails(server, email)).toHaveLength(1);
  });

  it('6c. refreshes the token first when it expires within 60 s', async () => {
    const user = client(server);
    const { email, userId } = await signUp(user, server);
    const { data } = await user.auth.getSession();
    const expiresAt = data.session!.expires_at! * 1_000;
    const refresh = vi.spyOn(user.auth, 'refreshSession');
    await enqueueCoupon(db, { advertiser_id: discountAdvertiser.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });

    // 30 s before expiry by the drain's clock.
    expect(await drain({ client: user, now: () => expiresAt - 30_000 })).toMatchObject({ sent: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect((await user.auth.getSession()).data.session!.expires_at! * 1_000).toBeGreaterThanOrEqual(expiresAt);
    expect(await couponMails(server, email)).toHaveLength(1);

    // Far from expiry: no refresh.
    refresh.mockClear();
    await enqueueCoupon(db, { advertiser_id: moreDiscountAdvertisers[0]!.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
    await drain({ client: user });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('6d. on 401 refreshes once and resends without counting an attempt; a second 401 needs sign-in', async () => {
    // The first send carries a token the server refuses.
    const refusedOnce = scriptedFetch(isSendCoupon, async (call, input, init) => {
      const headers = new Headers(init?.headers);
      if (call === 1) headers.set('Authorization', 'Bearer not-a-token');
      return fetch(input, { ...init, headers });
    });
    const user = clientWithFetch(server, refusedOnce);
    const { userId } = await signUp(user, server);
    const refresh = vi.spyOn(user.auth, 'refreshSession');
    const item = await enqueueCoupon(db, { advertiser_id: discountAdvertiser.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
    expect(await drain({ client: user })).toMatchObject({ sent: 1 });
    expect(refusedOnce.calls).toBe(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await get(item.id)).toMatchObject({ status: 'sent', attempts: 1 });

    const alwaysRefused = scriptedFetch(isSendCoupon, async (_call, input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', 'Bearer not-a-token');
      return fetch(input, { ...init, headers });
    });
    const other = clientWithFetch(server, alwaysRefused);
    const signedUp = await signUp(other, server);
    const refused = await enqueueCoupon(db, { advertiser_id: discountAdvertiser.id, coupon_type: 'discount', user_id: signedUp.userId, company_name: 'x' });
    expect(await drain({ client: other })).toMatchObject({ needsSignIn: 1 });
    expect(alwaysRefused.calls).toBe(2);
    expect(await get(refused.id)).toMatchObject({ status: 'needs_sign_in', lastError: SIGN_IN_AGAIN, attempts: 1 });
  });

  it('6e. fails coupons the server refuses for good, retries the ones it cannot take now', async () => {
    // Items go out in creation order: the first two reach the real server, the next three get scripted answers.
    const network = scriptedFetch(isSendCoupon, async (call, input, init) => {
      if (call === 3) return jsonResponse(409, { error: 'This coupon request is already being sent.', retryable: true }, { 'Retry-After': '30' });
      if (call === 4) return jsonResponse(502, { error: COUPON_FAILED, retryable: true });
      if (call === 5) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    });
    const user = clientWithFetch(server, network);
    const { userId } = await signUp(user, server);
    const coupon = (over: Partial<Parameters<typeof enqueueCoupon>[1]> = {}) =>
      enqueueCoupon(db, { advertiser_id: discountAdvertiser.id, coupon_type: 'discount', user_id: userId, company_name: 'x', ...over });
    const unavailable = await coupon({ advertiser_id: noRebateAdvertiser.id, coupon_type: 'rebate' });
    const missing = await coupon({ advertiser_id: 999_999 });
    // One coupon per advertiser and type: each of these asks another advertiser.
    const busy = await coupon({ advertiser_id: moreDiscountAdvertisers[0]!.id });
    const mailDown = await coupon({ advertiser_id: moreDiscountAdvertisers[1]!.id });
    const offline = await coupon({ advertiser_id: moreDiscountAdvertisers[2]!.id });

    const start = Date.now();
    expect(await drain({ client: user })).toMatchObject({ failed: 2, retrying: 3, sent: 0 });
    expect(await get(unavailable.id)).toMatchObject({ status: 'failed', errorCode: 'other', lastError: 'This advertiser does not offer that voucher.' });
    expect(await get(missing.id)).toMatchObject({ status: 'failed', errorCode: 'other', lastError: 'Advertiser not found' });
    const busyItem = await get(busy.id);
    expect(busyItem).toMatchObject({ status: 'queued', attempts: 1, lastError: 'This coupon request is already being sent.' });
    expect(busyItem.nextAttemptAt).toBeGreaterThanOrEqual(start + 30_000);
    expect(await get(mailDown.id)).toMatchObject({ status: 'queued', errorCode: 'coupon_failed', lastError: COUPON_FAILED });
    expect(await get(offline.id)).toMatchObject({ status: 'queued', errorCode: 'offline', lastError: OUTBOX_FAILURE_TEXT.offline });

    expect(await drain({ client: user, now: () => Date.now() + 60_000 })).toMatchObject({ sent: 3, failed: 0 });
    expect(network.calls).toBe(8);
  });

  it('7. in onlyAnonymous mode sends votes and leaves coupon requests untouched', async () => {
    const coupons = scriptedFetch(isSendCoupon, (_call, input, init) => fetch(input, init));
    const user = clientWithFetch(server, coupons);
    const { userId } = await signUp(user, server);
    const refresh = vi.spyOn(user.auth, 'refreshSession');
    const coupon = await enqueueCoupon(db, { advertiser_id: discountAdvertiser.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });
    const vote = await enqueueVote(db, votePayload(eventId));
    const summary = await drain({ client: user, onlyAnonymous: true });
    expect(summary).toMatchObject({ sent: 1, needsSignIn: 0, queued: 1 });
    expect(await get(coupon.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await get(vote.id)).status).toBe('sent');
    expect(coupons.calls).toBe(0);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('8. re-queues items stuck in sending for over 60 s (a crashed tab) and delivers them', async () => {
    const [stuck, recent] = await Promise.all([enqueueVote(db, votePayload(eventId)), enqueueVote(db, votePayload(eventId))]);
    const now = Date.now();
    await db.outbox.update(stuck.id, { status: 'sending', attempts: 1, sendingSince: now - STUCK_SENDING_MS - 1 });
    await db.outbox.update(recent.id, { status: 'sending', attempts: 1, sendingSince: now - 10_000 });
    // The one still 'sending' is reported, due when it counts as stuck, so the page keeps a timer for it.
    expect(await drain({ client: client(server), now: () => now })).toMatchObject({
      sent: 1,
      queued: 0,
      sending: 1,
      nextAttemptAt: now - 10_000 + STUCK_SENDING_MS,
    });
    expect(await get(stuck.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await get(recent.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await storedVotes(server, [stuck.id, recent.id])).toBe(1);
  });

  it('8b. under Web Locks re-queues at once what a reloaded tab left sending, and the server keeps each vote once', async () => {
    // Found by the outbox bench: a tab reloaded mid-batch left 50 votes 'sending'; the new tab waited 60 s
    // and, with nothing queued, kept no timer, so they never left.
    const ids = await queueVotes(3);
    const now = Date.now();
    // The reloaded tab's request reached the server for two of them; its answer never arrived.
    const items = await db.outbox.bulkGet(ids.slice(0, 2));
    const committed = await client(server).rpc('submit_votes', {
      p_votes: items.map((item) => ({ id: item!.id, ...(item as { payload: object }).payload })),
    });
    expect(committed.error).toBeNull();
    await db.outbox
      .where('id')
      .anyOf(ids)
      .modify({ status: 'sending', attempts: 1, sendingSince: now - 1_000 });

    const webLocks = { ...createLocalLocks(), acrossContexts: true };
    expect(await drain({ client: client(server), locks: webLocks, now: () => now })).toMatchObject({
      sent: 3,
      failed: 0,
      retrying: 0,
      queued: 0,
      sending: 0,
      nextAttemptAt: null,
    });
    for (const id of ids) expect(await get(id)).toMatchObject({ status: 'sent', attempts: 2, sendingSince: null });
    expect(await storedVotes(server, ids)).toBe(3);
  });

  it('classifies whole-call failures of submit_votes on real items', async () => {
    const cases: [Response, OutboxItem['status'], OutboxFailureCode, string][] = [
      [jsonResponse(503, { message: 'Service Unavailable' }), 'queued', 'other', 'Service Unavailable'],
      [jsonResponse(429, { message: 'Too many requests' }), 'queued', 'other', 'Too many requests'],
      [jsonResponse(401, { code: 'PGRST301', message: 'JWT expired' }), 'queued', 'other', 'JWT expired'],
      [
        jsonResponse(400, { code: '22023', message: 'At most 50 votes per call; send the rest in another call' }),
        'failed',
        'other',
        'At most 50 votes per call; send the rest in another call',
      ],
      [jsonResponse(500, {}), 'queued', 'unknown', OUTBOX_FAILURE_TEXT.unknown!],
      [jsonResponse(200, { unexpected: true }), 'queued', 'bad_answer', OUTBOX_FAILURE_TEXT.bad_answer!],
    ];
    for (const [response, status, errorCode, lastError] of cases) {
      const item = await enqueueVote(db, votePayload(eventId));
      await drain({
        client: clientWithFetch(
          server,
          scriptedFetch(isSubmitVotes, async () => response),
        ),
      });
      expect(await get(item.id)).toMatchObject({ status, errorCode, lastError });
      await db.outbox.delete(item.id);
    }

    const item = await enqueueVote(db, votePayload(eventId));
    const start = Date.now();
    const notDeployed = scriptedFetch(isSubmitVotes, async () => jsonResponse(404, { code: 'PGRST202', message: 'Could not find the function' }));
    await drain({ client: clientWithFetch(server, notDeployed) });
    const waiting = await get(item.id);
    expect(waiting).toMatchObject({ status: 'queued', errorCode: 'function_missing', lastError: OUTBOX_FAILURE_TEXT.function_missing });
    expect(waiting.nextAttemptAt).toBeGreaterThanOrEqual(start + MISSING_FUNCTION_FLOOR_MS);
  });

  it('writes "sending" before the request, so the UI sees it', async () => {
    const item = await enqueueVote(db, votePayload(eventId));
    let seen: OutboxItem | undefined;
    const peek = scriptedFetch(isSubmitVotes, async (_call, input, init) => {
      seen = await get(item.id);
      return fetch(input, init);
    });
    await drain({ client: clientWithFetch(server, peek) });
    expect(seen).toMatchObject({ status: 'sending', attempts: 1 });
    expect(seen!.sendingSince).toEqual(expect.any(Number));
    expect(await get(item.id)).toMatchObject({ status: 'sent', sendingSince: null, sentAt: expect.any(Number) });
  });

  it('stops on abort: the items go back to the queue and AbortError passes through', async () => {
    const ids = await queueVotes(2);
    const controller = new AbortController();
    const hanging = scriptedFetch(isSubmitVotes, async (_call, input, init) => {
      controller.abort();
      return fetch(input, init);
    });
    const error = await drain({ client: clientWithFetch(server, hanging), signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    for (const id of ids) expect(await get(id)).toMatchObject({ status: 'queued', sendingSince: null });
    await expect(drain({ client: client(server), signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});

describe('drain with short-lived access tokens (JWT_EXPIRY=30)', () => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JWT_EXPIRY: '30' });
  });
  afterAll(() => server?.close());

  it('refreshes a token that expires within 60 s before sending, and the coupon goes out once', async () => {
    const user = client(server);
    const { email, userId, refreshToken } = await signUp(user, server);
    const refresh = vi.spyOn(user.auth, 'refreshSession');
    const advertiser = (await client(server).from('advertisers').select('id').eq('discount_voucher_enabled', true).limit(1).single()).data!;
    const item = await enqueueCoupon(db, { advertiser_id: advertiser.id, coupon_type: 'discount', user_id: userId, company_name: 'x' });

    expect(await drain({ client: user })).toMatchObject({ sent: 1, needsSignIn: 0 });
    expect(refresh).toHaveBeenCalledTimes(1);
    const refreshed = await refresh.mock.results[0]!.value;
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session.refresh_token).not.toBe(refreshToken);
    expect((await get(item.id)).status).toBe('sent');
    expect(await couponMails(server, email)).toHaveLength(1);
  });
});

describe('page triggers and Background Sync', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const summary = (over: Partial<DrainSummary> = {}): DrainSummary => ({
    sent: 0,
    failed: 0,
    retrying: 0,
    needsSignIn: 0,
    skipped: false,
    queued: 0,
    sending: 0,
    nextAttemptAt: null,
    ...over,
  });

  function fakeDoc() {
    return Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  }

  it('drains on start, online, visibility regained and service-worker requests, and answers on the port', async () => {
    vi.useFakeTimers();
    const drain = vi.fn(async () => summary());
    const target = new EventTarget();
    const doc = fakeDoc();
    const sw = new EventTarget();
    const stop = startOutboxTriggers({ drain, target, doc, serviceWorker: sw });
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(1);

    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(2);

    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(2);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(3);

    vi.useRealTimers();
    const channel = new MessageChannel();
    const reply = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'drain-outbox' }, ports: [channel.port2] }));
    sw.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' } }));
    expect(await reply).toEqual({ done: true });
    channel.port1.close();
    expect(drain).toHaveBeenCalledTimes(4);

    // Nothing queued: no timer.
    vi.useFakeTimers();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(drain).toHaveBeenCalledTimes(4);

    stop();
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(4);
  });

  it('keeps a timer while items are queued, follows the backoff, catches errors, and coalesces triggers', async () => {
    vi.useFakeTimers();
    const now = () => Date.now();
    let result: () => Promise<DrainSummary> = async () => summary({ queued: 2, nextAttemptAt: now() + 5_000 });
    const drain = vi.fn(() => result());
    const onError = vi.fn();
    const target = new EventTarget();
    const stop = startOutboxTriggers({ drain, target, doc: fakeDoc(), serviceWorker: null, intervalMs: 30_000, onError });
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(drain).toHaveBeenCalledTimes(2);

    // A failed drain is reported and tried again on the interval; so is one skipped for another tab.
    result = async () => {
      throw new Error('IndexedDB went away');
    };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(drain).toHaveBeenCalledTimes(3);
    expect(onError).toHaveBeenCalledTimes(1);
    result = async () => summary({ skipped: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(drain).toHaveBeenCalledTimes(4);

    // Triggers during a drain run it once more afterwards, not in parallel.
    let release!: () => void;
    let active = 0;
    let maxActive = 0;
    result = async () => {
      maxActive = Math.max(maxActive, ++active);
      await new Promise<void>((r) => (release = r));
      active--;
      return summary();
    };
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    target.dispatchEvent(new Event('online'));
    const joined = stop.drainNow();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(6);
    expect(maxActive).toBe(1);
    expect(await joined).toBe(true);
    stop();
    expect(await stop.drainNow()).toBe(false);
  });

  it("keeps a timer while items are 'sending' in another context, which may have died mid-send", async () => {
    vi.useFakeTimers();
    const stuckAt = Date.now() + 20_000;
    let result = summary({ sending: 2, nextAttemptAt: stuckAt });
    const drain = vi.fn(async () => result);
    const stop = startOutboxTriggers({ drain, target: new EventTarget(), doc: fakeDoc(), serviceWorker: null, intervalMs: 30_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(drain).toHaveBeenCalledTimes(1);
    result = summary({ sent: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(drain).toHaveBeenCalledTimes(2);
    // All sent: no timer any more.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(drain).toHaveBeenCalledTimes(2);
    stop();
  });

  it('registers Background Sync where the ready registration has sync, else reports false', async () => {
    const register = vi.fn(async () => undefined);
    expect(await requestBackgroundSync({ serviceWorker: { ready: Promise.resolve({ sync: { register } }) } })).toBe(true);
    expect(register).toHaveBeenCalledWith('outbox-drain');
    expect(await requestBackgroundSync({})).toBe(false);
    expect(await requestBackgroundSync(undefined)).toBe(false);
    expect(await requestBackgroundSync({ serviceWorker: { ready: Promise.resolve({}) } })).toBe(false);
    const refused = vi.fn(async () => {
      throw new DOMException('Background Sync is disabled', 'NotAllowedError');
    });
    expect(await requestBackgroundSync({ serviceWorker: { ready: Promise.resolve({ sync: { register: refused } }) } })).toBe(false);
  });
});

// An outbox item's failure is a code (errorCode) the screens word; items queued by builds before codes
// hold only the words (lastError). Both must read the same on a phone that updates with items waiting.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, OUTBOX_FAILURE_TEXT, outboxFailureCode, outboxFailureText, VOTE_MESSAGES, type OutboxFailureCode } from '../../shared/messages.ts';
import type { ShowRpcClient } from '../../src/data/client.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { listOutbox } from '../../src/data/outbox/list.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueVote, retryItem } from '../../src/data/outbox/outbox.ts';
import type { OutboxItem } from '../../src/data/outbox/types.ts';

const USER_ID = '5b0b7c1e-52c7-4b8e-9d0e-3c1f1f6e0a11';
const vote = { event_id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, catalog_number: '12' };
const coupon = { advertiser_id: 3, coupon_type: 'discount', user_id: USER_ID, company_name: 'Pawsome Nutrition' };

/**
 * An item exactly as builds before codes stored it: OutboxBase without errorCode, the words in lastError
 * (outbox.ts's fresh() and drain.ts's settle() of that build).
 */
function storedBeforeCodes(n: number, status: string, lastError: string, kind: 'vote' | 'coupon' | 'organiser') {
  const base = {
    id: `0b6f7f0e-0c55-4c1e-9d55-9b3f6f0c1a${String(n).padStart(2, '0')}`,
    status,
    attempts: 1,
    nextAttemptAt: 1_000 + n,
    lastError,
    createdAt: 1_000 + n,
    sendingSince: null,
    sentAt: null,
  };
  if (kind === 'vote') return { ...base, kind, payload: vote };
  if (kind === 'coupon') return { ...base, kind, payload: coupon, result: null };
  const action = { type: 'withdraw_notice', notice_id: 7 };
  return { ...base, kind, payload: { user_id: USER_ID, action, label: 'Withdraw the notice' } };
}

/** What these builds stored, and the code this build reads in it. */
const BEFORE_CODES: [string, string, 'vote' | 'coupon' | 'organiser', OutboxFailureCode][] = [
  ['failed', VOTE_MESSAGES.duplicate, 'vote', 'already_voted'],
  ['failed', VOTE_MESSAGES.closed, 'vote', 'event_closed'],
  // A build before the code stored submit_votes' words for it.
  ['failed', VOTE_MESSAGES.unknownEntry, 'vote', 'unknown_entry'],
  ['queued', 'Could not reach the server', 'vote', 'offline'],
  ['queued', 'The server took too long to answer', 'vote', 'timeout'],
  ['failed', COUPON_MESSAGES.notVerified, 'coupon', 'unverified'],
  ['failed', COUPON_MESSAGES.alreadySent, 'coupon', 'coupon_already_sent'],
  ['queued', COUPON_MESSAGES.failed, 'coupon', 'coupon_failed'],
  ['needs_sign_in', COUPON_MESSAGES.signInAgain, 'coupon', 'sign_in_again'],
  ['failed', 'Advertiser not found', 'coupon', 'other'],
  ['failed', "Only the show's organisers may do this.", 'organiser', 'other'],
  ['failed', 'An error occurred', 'vote', 'unknown'],
];

/** A submit_votes that answers every vote with `answer` (or fails the whole call with `error`). */
function fakeRpc(answer: { status: string; code?: string; message?: string } | null, error: { status: number; message: string } | null = null): ShowRpcClient {
  const rpc = (_fn: string, args: { p_votes: { id: string }[] }) => ({
    abortSignal: async () =>
      error
        ? { data: null, error: { message: error.message, code: '' }, status: error.status }
        : { data: args.p_votes.map((v) => ({ id: v.id, ...answer })), error: null, status: 200 },
  });
  return { rpc } as unknown as ShowRpcClient;
}

describe('outbox failures as codes', () => {
  let db: ShowDb;
  beforeEach(() => {
    db = new ShowDb('failure-codes-' + crypto.randomUUID());
  });
  afterEach(() => db.delete());

  const drain = (client: ShowRpcClient) => drainOutbox({ db, client, onlyAnonymous: true, locks: createLocalLocks(), random: () => 0 });

  it('reads an item stored before codes: the code from its words, and the same words on screen', async () => {
    await db.outbox.bulkAdd(BEFORE_CODES.map(([status, text, kind], n) => storedBeforeCodes(n, status, text, kind) as OutboxItem));
    const read = (await listOutbox(db)).reverse();
    expect(read).toHaveLength(BEFORE_CODES.length);
    for (const [n, [status, text, , code]] of BEFORE_CODES.entries()) {
      const item = read[n]!;
      expect(item).toMatchObject({ status, lastError: text });
      expect(item).not.toHaveProperty('errorCode');
      expect(outboxFailureCode(item), text).toBe(code);
      // What every screen shows for it (outbox panel, status line, vote form, voucher): the words it showed before.
      expect(outboxFailureText(item), text).toBe(text);
    }
  });

  it('stores the code of a refusal, and the words for builds before codes', async () => {
    const duplicate = await enqueueVote(db, vote);
    await drain(fakeRpc({ status: 'duplicate', code: '23505', message: 'duplicate key' }));
    expect(await db.outbox.get(duplicate.id)).toMatchObject({ status: 'failed', errorCode: 'already_voted', lastError: VOTE_MESSAGES.duplicate });
    await db.outbox.delete(duplicate.id);

    const closed = await enqueueVote(db, vote);
    await drain(fakeRpc({ status: 'rejected', code: 'event_closed', message: 'closed in other words' }));
    const stored = await db.outbox.get(closed.id);
    expect(stored).toMatchObject({ status: 'failed', errorCode: 'event_closed', lastError: VOTE_MESSAGES.closed });
    expect(outboxFailureText(stored!)).toBe(VOTE_MESSAGES.closed);
    await db.outbox.delete(closed.id);

    const unknownEntry = await enqueueVote(db, vote);
    await drain(fakeRpc({ status: 'rejected', code: 'unknown_entry', message: 'not in the catalogue in other words' }));
    const refused = await db.outbox.get(unknownEntry.id);
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'unknown_entry', lastError: VOTE_MESSAGES.unknownEntry });
    expect(outboxFailureText(refused!)).toBe(VOTE_MESSAGES.unknownEntry);
  });

  it("a refusal with a code the build does not know fails for good in the server's words (how builds before 'unknown_entry' read it)", async () => {
    const item = await enqueueVote(db, vote);
    await drain(fakeRpc({ status: 'rejected', code: 'a_code_from_a_newer_server', message: 'Words from the server' }));
    const stored = await db.outbox.get(item.id);
    expect(stored).toMatchObject({ status: 'failed', errorCode: 'other', lastError: 'Words from the server' });
    expect(outboxFailureText(stored!)).toBe('Words from the server');
  });

  it("stores the code of a failure to retry, and the server's own words under `other`", async () => {
    const offline = await enqueueVote(db, vote);
    await drain(fakeRpc(null, { status: 0, message: 'TypeError: Failed to fetch' }));
    expect(await db.outbox.get(offline.id)).toMatchObject({ status: 'queued', errorCode: 'offline', lastError: OUTBOX_FAILURE_TEXT.offline });
    await db.outbox.delete(offline.id);

    const refused = await enqueueVote(db, vote);
    await drain(fakeRpc({ status: 'rejected', code: '23514', message: 'new row violates check constraint' }));
    const stored = await db.outbox.get(refused.id);
    expect(stored).toMatchObject({ status: 'failed', errorCode: 'other', lastError: 'new row violates check constraint' });
    expect(outboxFailureText(stored!)).toBe('new row violates check constraint');
  });

  it('an item stored before codes, retried, fails again with a code', async () => {
    const [status, text, kind] = BEFORE_CODES[0]!;
    const old = storedBeforeCodes(0, status, text, kind) as OutboxItem;
    await db.outbox.add(old);
    expect(await retryItem(db, old.id)).toBe(true);
    expect(await db.outbox.get(old.id)).toMatchObject({ status: 'queued', errorCode: null, lastError: null });
    await drain(fakeRpc({ status: 'duplicate' }));
    expect(await db.outbox.get(old.id)).toMatchObject({ status: 'failed', errorCode: 'already_voted', lastError: text });
  });
});

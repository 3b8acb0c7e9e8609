// The outbox's pure rules as tables: payload validation, backoff, failure classification, and the drain lock.
import { describe, expect, it, vi } from 'vitest';
import {
  COUPON_MESSAGES,
  ERROR_FALLBACK,
  OUTBOX_FAILURE_TEXT,
  outboxFailureCode,
  outboxFailureText,
  type OutboxFailureCode,
  type StoredOutboxFailure,
} from '../../shared/messages.ts';
import { backoffMs, nextAttemptAt, retryAfterMs } from '../../src/data/outbox/backoff.ts';
import { classifyFunctionError, classifyRpcFailure, classifyVoteResult, MISSING_FUNCTION_FLOOR_MS, type VoteResult } from '../../src/data/outbox/classify.ts';
import { createLocalLocks, defaultLocks, DRAIN_LOCK_NAME } from '../../src/data/outbox/lock.ts';
import { couponPayloadSchema, votePayloadSchema, type CouponInput, type VoteInput } from '../../src/data/outbox/outbox.ts';

const DUPLICATE = 'This email address has already been used to vote in this event';
const COUPON_FAILED = 'Failed to send coupon email. Please try again later.';
const noJitter = () => 0;

/** The first issue's text: what enqueueVote puts in its OutboxError. */
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('vote payload (SPEC §5 texts)', () => {
  const base: VoteInput = {
    event_id: 1,
    first_name: ' Ada ',
    last_name: 'Lovelace',
    email: ' ada@example.com ',
    phone: '',
    catalog_number: ' 12 ',
  };

  it.each<[string, Partial<VoteInput>, string]>([
    ['blank first name', { first_name: '  ' }, 'Please fill in all required fields'],
    ['empty catalog number', { catalog_number: '' }, 'Please fill in all required fields'],
    ['neither e-mail nor phone', { email: ' ', phone: '' }, 'Please provide either an email address or phone number'],
    ['malformed e-mail', { email: 'ada at example.com' }, 'Please enter a valid email address'],
  ])('refuses a %s', (_, change, message) => {
    const result = votePayloadSchema().safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(firstIssue(result)).toBe(message);
  });

  it.each<[string, Partial<VoteInput>, Partial<VoteInput>]>([
    ['trims and turns an empty phone into null', {}, { first_name: 'Ada', email: 'ada@example.com', phone: null, catalog_number: '12' }],
    ['takes a phone without an e-mail', { email: null, phone: '+31 6 1234' }, { email: null, phone: '+31 6 1234' }],
  ])('%s', (_, change, expected) => {
    expect(votePayloadSchema().parse({ ...base, ...change })).toMatchObject(expected);
  });
});

describe('coupon payload', () => {
  const ok: CouponInput = { advertiser_id: 3, coupon_type: 'discount', user_id: '6f1c0b52-3a5e-4a43-9c39-1d2f3e4a5b6c', company_name: 'Pawsome' };

  it('accepts a well-formed request as is', () => expect(couponPayloadSchema().parse(ok)).toEqual(ok));

  it.each<[string, Partial<CouponInput>]>([
    ['a user id that is not a uuid', { user_id: 'nobody' }],
    ['an unknown coupon type', { coupon_type: 'free' as never }],
  ])('refuses %s', (_, change) => {
    expect(couponPayloadSchema().safeParse({ ...ok, ...change }).success).toBe(false);
  });
});

describe('backoff: full jitter between 0 and min(30 s, 1 s · 2^attempts)', () => {
  const top = () => 0.999_999;

  it.each([
    [0, 1_000],
    [1, 2_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [40, 30_000],
  ])('after %i attempts waits 0 to %i ms', (attempts, ceiling) => {
    expect(backoffMs(attempts, noJitter)).toBe(0);
    expect(backoffMs(attempts, top)).toBe(ceiling - 1);
  });

  it.each([
    [1_000, 2, 0, 3_000],
    [1_000, 2, 60_000, 61_000],
  ])('nextAttemptAt(now %i, attempts %i, floor %i) at half jitter is %i', (now, attempts, floorMs, expected) => {
    expect(nextAttemptAt(now, attempts, floorMs, () => 0.5)).toBe(expected);
  });

  it.each<[string | null, number, number | undefined]>([
    ['30', 0, 30_000],
    [new Date(10_000).toUTCString(), 4_000, 6_000],
    ['soon', 0, undefined],
    [null, 0, undefined],
  ])('Retry-After %j at %i → %j ms', (header, now, expected) => {
    expect(retryAfterMs(header, now)).toBe(expected);
  });
});

describe('classifyRpcFailure (docs/DESIGN.md §5.3)', () => {
  it.each<[number, { code?: string; message?: string }, string, number?]>([
    [0, { message: 'TypeError: Failed to fetch' }, 'retry'],
    [0, { message: 'TimeoutError: The request timed out' }, 'retry'],
    [408, { message: 'timeout' }, 'retry'],
    [425, {}, 'retry'],
    [429, { message: 'slow down' }, 'retry'],
    [500, { code: 'XX000', message: 'boom' }, 'retry'],
    [503, {}, 'retry'],
    [504, {}, 'retry'],
    [409, { code: '40001', message: 'serialization' }, 'retry'],
    [404, { code: 'PGRST202', message: 'Could not find the function' }, 'retry', MISSING_FUNCTION_FLOOR_MS],
    [401, { code: 'PGRST301', message: 'JWT expired' }, 'auth'],
    [400, { code: '22023', message: 'At most 50 votes per call; send the rest in another call' }, 'failed'],
    [403, { code: '42501', message: 'permission denied' }, 'failed'],
    [409, { code: '23503', message: 'fk' }, 'failed'],
    [404, { code: 'PGRST205', message: 'no table' }, 'failed'],
  ])('%i %j → %s', (status, error, action, floorMs) => {
    const verdict = classifyRpcFailure(status, error);
    expect(verdict.action).toBe(action);
    expect(verdict.action === 'retry' ? verdict.floorMs : undefined).toBe(floorMs);
  });

  it.each<[number, { code?: string; message?: string }, object]>([
    [
      400,
      { code: '22023', message: 'At most 50 votes per call; send the rest in another call' },
      { action: 'failed', code: 'other', message: 'At most 50 votes per call; send the rest in another call' },
    ],
    [400, { code: 'X' }, { action: 'failed', code: 'unknown', message: 'An error occurred' }],
    [0, { message: 'TimeoutError: x' }, { action: 'retry', code: 'timeout', message: OUTBOX_FAILURE_TEXT.timeout }],
    [0, { message: 'Failed to fetch' }, { action: 'retry', code: 'offline', message: OUTBOX_FAILURE_TEXT.offline }],
    [404, { code: 'PGRST202' }, { action: 'retry', code: 'function_missing', message: OUTBOX_FAILURE_TEXT.function_missing, floorMs: MISSING_FUNCTION_FLOOR_MS }],
  ])('%i %j reads %j', (status, error, verdict) => {
    expect(classifyRpcFailure(status, error)).toEqual(verdict);
  });
});

describe('classifyVoteResult: a replay is delivered, a duplicate gets the SPEC text', () => {
  const id = '0b6f7f0e-0c55-4c1e-9d55-9b3f6f0c1a2b';
  it.each<[Omit<VoteResult, 'id'>, object]>([
    [{ status: 'recorded' }, { action: 'sent' }],
    [{ status: 'replayed' }, { action: 'sent' }],
    [
      { status: 'duplicate', code: '23505', message: 'x' },
      { action: 'failed', code: 'already_voted', message: DUPLICATE },
    ],
    [
      { status: 'rejected', code: '23514', message: 'check' },
      { action: 'failed', code: 'other', message: 'check' },
    ],
    [{ status: 'rejected' }, { action: 'failed', code: 'unknown', message: 'An error occurred' }],
    [{ status: 'rejected', code: '40P01', message: 'deadlock' }, expect.objectContaining({ action: 'retry' })],
    // Voting has closed: permanent, in the shared words whatever the server's text.
    [
      { status: 'rejected', code: 'event_closed', message: 'closed!' },
      { action: 'failed', code: 'event_closed', message: 'Voting for this event has closed' },
    ],
  ])('%j → %j', (result, verdict) => {
    expect(classifyVoteResult({ id, ...result })).toEqual(verdict);
  });
});

describe('classifyFunctionError: by name, reading the server text', () => {
  const http =
    (status: number, body: unknown, headers: Record<string, string> = {}) =>
    () => ({
      name: 'FunctionsHttpError',
      context: new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
    });

  it.each<[string, () => unknown, object]>([
    [
      'a fetch error',
      () => ({ name: 'FunctionsFetchError', context: new TypeError('Failed to fetch') }),
      { action: 'retry', code: 'offline', message: OUTBOX_FAILURE_TEXT.offline },
    ],
    ['a relay error', () => ({ name: 'FunctionsRelayError', context: {} }), expect.objectContaining({ action: 'retry' })],
    ['401', http(401, { error: 'Please sign in to request a coupon.' }), expect.objectContaining({ action: 'auth' })],
    [
      '409 retryable, Retry-After 30',
      http(409, { error: 'busy', retryable: true }, { 'Retry-After': '30' }),
      { action: 'retry', code: 'other', message: 'busy', floorMs: 30_000 },
    ],
    [
      '409 for good',
      http(409, { error: 'This request id belongs to another coupon request.' }),
      { action: 'failed', code: 'other', message: 'This request id belongs to another coupon request.' },
    ],
    ['502 retryable', http(502, { error: COUPON_FAILED, retryable: true }), expect.objectContaining({ action: 'retry' })],
    ['429, Retry-After 5', http(429, {}, { 'Retry-After': '5' }), expect.objectContaining({ action: 'retry', floorMs: 5_000 })],
    [
      '422',
      http(422, { error: 'This advertiser does not offer that voucher.' }),
      { action: 'failed', code: 'other', message: 'This advertiser does not offer that voucher.' },
    ],
    [
      '403 for an unverified account: its code, whatever the words',
      http(403, { error: 'Verify your e-mail first', code: 'email_not_verified' }),
      { action: 'failed', code: 'unverified', message: 'Verify your e-mail first' },
    ],
    ['502, the mail failed', http(502, { error: COUPON_FAILED, retryable: true }), { action: 'retry', code: 'coupon_failed', message: COUPON_FAILED }],
    [
      '404 that is not JSON',
      () => ({ name: 'FunctionsHttpError', context: new Response('<html>', { status: 404 }) }),
      { action: 'failed', code: 'coupon_failed', message: COUPON_FAILED },
    ],
  ])('%s', async (_, error, verdict) => {
    expect(await classifyFunctionError(error(), 0)).toEqual(verdict);
  });
});

describe("an outbox item's failure: its code, or its words on an item stored before codes", () => {
  it.each<[string, StoredOutboxFailure, OutboxFailureCode | null, string | null]>([
    ['no failure', { lastError: null }, null, null],
    ['a code', { errorCode: 'already_voted', lastError: DUPLICATE }, 'already_voted', DUPLICATE],
    ['a code, with no words stored', { errorCode: 'offline', lastError: null }, 'offline', OUTBOX_FAILURE_TEXT.offline],
    ["the server's own words", { errorCode: 'other', lastError: 'Advertiser not found' }, 'other', 'Advertiser not found'],
    ['old: SPEC words', { lastError: DUPLICATE }, 'already_voted', DUPLICATE],
    ['old: the words of a 409 from older servers', { lastError: COUPON_MESSAGES.alreadySent }, 'coupon_already_sent', COUPON_MESSAGES.alreadySent],
    ['old: words the app does not know', { lastError: 'Advertiser not found' }, 'other', 'Advertiser not found'],
    ['a code from a newer build', { errorCode: 'quiet_hours', lastError: 'Try after the show' }, 'other', 'Try after the show'],
    ['a code from a newer build, no words', { errorCode: 'quiet_hours', lastError: null }, 'other', ERROR_FALLBACK],
  ])('%s', (_, item, code, text) => {
    expect(outboxFailureCode(item)).toBe(code);
    expect(outboxFailureText(item)).toBe(text);
  });

  it('every worded code reads back from its words', () => {
    for (const [code, text] of Object.entries(OUTBOX_FAILURE_TEXT)) {
      expect(outboxFailureCode({ lastError: text ?? 'anything else' })).toBe(code);
    }
  });
});

describe('the drain lock', () => {
  it('the local lock manager grants one holder; ifAvailable gets null while held, and a throw releases it', async () => {
    const locks = createLocalLocks();
    let release!: () => void;
    const first = locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, async (lock) => {
      expect(lock).not.toBeNull();
      await new Promise<void>((r) => (release = r));
      return 'first';
    });
    expect(await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, (lock) => lock)).toBeNull();
    expect(await locks.request('another-lock', { ifAvailable: true }, (lock) => lock !== null)).toBe(true);
    const waiting = locks.request(DRAIN_LOCK_NAME, {}, (lock) => (lock ? 'waited' : 'refused'));
    release();
    expect(await first).toBe('first');
    expect(await waiting).toBe('waited');
    await expect(locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, (lock) => lock !== null)).toBe(true);
  });

  it('uses Web Locks where the runtime has them and says they span every tab; the fallback does not', async () => {
    expect(defaultLocks().acrossContexts).toBeUndefined();
    const request = vi.fn(async (_name: string, _options: object, callback: (lock: unknown) => unknown) => callback({}));
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      const locks = defaultLocks();
      expect(locks.acrossContexts).toBe(true);
      expect(await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, () => 'held')).toBe('held');
      expect(request).toHaveBeenCalledWith(DRAIN_LOCK_NAME, { ifAvailable: true }, expect.any(Function));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

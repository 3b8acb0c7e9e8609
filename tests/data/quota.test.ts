// A full device (IndexedDB QuotaExceededError, simulated at the IDBObjectStore level of fake-indexeddb):
// queueing says so on the form and loses nothing already queued; a drain that cannot write loses nothing.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueCoupon, enqueueVote, OUTBOX_QUOTA_MESSAGE, OutboxError } from '../../src/data/outbox/outbox.ts';
import { isQuotaError } from '../../src/data/quota.ts';
import { client, startTestServer } from '../helpers/server.ts';
import { storedVotes, votePayload } from './outbox-helpers.ts';

/** Stores whose writes fail as on a full device; empty = none. */
const full = new Set<string>();
const proto = IDBObjectStore.prototype;
const original = { add: proto.add, put: proto.put };

beforeAll(() => {
  for (const method of ['add', 'put'] as const) {
    proto[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (full.has(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original[method].apply(this, args);
    };
  }
});
afterAll(() => Object.assign(proto, original));

let db: ShowDb;
beforeEach(() => {
  db = new ShowDb('quota-' + crypto.randomUUID());
});
afterEach(async () => {
  full.clear();
  await db.delete();
});

const coupon = () => ({ advertiser_id: 3, coupon_type: 'discount' as const, user_id: crypto.randomUUID(), company_name: 'Pawsome' });

describe('queueing on a full device', () => {
  it('refuses a vote with a message for the form and leaves what is queued exactly as it was', async () => {
    const earlier = [await enqueueVote(db, votePayload(1)), await enqueueCoupon(db, coupon())];
    const before = await db.outbox.orderBy('createdAt').toArray();

    full.add('outbox');
    const error = await enqueueVote(db, votePayload(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxError);
    expect(error).toMatchObject({ code: 'quota', message: OUTBOX_QUOTA_MESSAGE });
    expect(OUTBOX_QUOTA_MESSAGE).toBe('Not enough storage on this device to save your request. Free up some space and try again.');
    await expect(enqueueCoupon(db, coupon())).rejects.toMatchObject({ code: 'quota', message: OUTBOX_QUOTA_MESSAGE });
    expect(await db.outbox.orderBy('createdAt').toArray()).toEqual(before);

    // Room again: the next one queues after the earlier ones.
    full.clear();
    const later = await enqueueVote(db, votePayload(1));
    expect((await db.outbox.orderBy('createdAt').toArray()).map((i) => i.id)).toEqual([...earlier.map((i) => i.id), later.id]);
  });

  it('a full mirror does not stop a vote from queueing', async () => {
    full.add('breeds');
    full.add('meta');
    const item = await enqueueVote(db, votePayload(1));
    expect(await db.outbox.get(item.id)).toEqual(item);
  });

  it('recognises the quota error in the shapes Dexie gives it', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quota))).toBe(true);
    expect(isQuotaError(new Dexie.BulkError('1 of 2 failed', [new Error('x'), quota]))).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', new DOMException('gone', 'NotFoundError')))).toBe(false);
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
  });
});

describe('draining on a full device', () => {
  let server: VenueServer;
  let eventId: number;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    eventId = (await client(server).from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!
      .id as number;
  });
  afterAll(() => server?.close());

  it('cannot mark votes as sending, so sends nothing and loses nothing; with room it delivers each once', async () => {
    const items = [await enqueueVote(db, votePayload(eventId)), await enqueueVote(db, votePayload(eventId))];
    const ids = items.map((i) => i.id);
    const before = await db.outbox.toArray();

    full.add('outbox');
    const drain = () => drainOutbox({ db, client: client(server), locks: createLocalLocks(), random: () => 0 });
    // Marking them 'sending' fails before any request: the job counts as not sent, and nothing is written.
    expect(await drain()).toMatchObject({ sent: 0, failed: 0, retrying: 0, queued: 2 });
    expect(await db.outbox.toArray()).toEqual(before);
    expect(await storedVotes(server, ids)).toBe(0);

    full.clear();
    expect(await drain()).toMatchObject({ sent: 2, failed: 0, queued: 0 });
    expect(await drain()).toMatchObject({ sent: 0, queued: 0 });
    expect(await storedVotes(server, ids)).toBe(2);
    for (const id of ids) expect(await db.outbox.get(id)).toMatchObject({ status: 'sent' });
  });
});

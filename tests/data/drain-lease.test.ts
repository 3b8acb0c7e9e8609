// The drain lock without Web Locks (plain-HTTP pages): a lease in localStorage, with two "tabs" over one
// origin's storage, then two tabs draining one IndexedDB outbox against the venue server.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox, VOTE_BATCH_SIZE } from '../../src/data/outbox/drain.ts';
import { createLeaseLocks, defaultLocks, DRAIN_LOCK_NAME, type LeaseLocksOptions, type LeaseStore } from '../../src/data/outbox/lock.ts';
import { enqueueVote } from '../../src/data/outbox/outbox.ts';
import { client, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';
import { auditedLocks, clientWithFetch, isSubmitVotes, scriptedFetch, storedVotes, votePayload } from './outbox-helpers.ts';

const KEY = `${DRAIN_LOCK_NAME}:lease`;

interface Write {
  tab: number;
  at: number;
  key: string;
  value: string | null;
}

/**
 * One origin's localStorage as its tabs see it: a tab reads its own writes at once and the others' `lagMs`
 * later (as Chromium's storage reaches other renderers), and each write fires `storage` in the other tabs.
 */
function origin() {
  const writes: Write[] = [];
  const tabs: EventTarget[] = [];
  return {
    writes,
    tab(lagMs = 0): { storage: LeaseStore; events: EventTarget } {
      const me = tabs.length;
      const events = new EventTarget();
      tabs.push(events);
      const set = (key: string, value: string | null) => {
        writes.push({ tab: me, at: Date.now(), key, value });
        tabs.forEach((other, i) => {
          if (i !== me) setTimeout(() => other.dispatchEvent(Object.assign(new Event('storage'), { key })), lagMs);
        });
      };
      const storage: LeaseStore = {
        getItem(key) {
          const seen = writes.filter((w) => w.key === key && (w.tab === me || Date.now() - w.at >= lagMs));
          return seen.at(-1)?.value ?? null;
        },
        setItem: (key, value) => set(key, value),
        removeItem: (key) => set(key, null),
      };
      return { storage, events };
    },
    put(value: unknown) {
      writes.push({ tab: -1, at: 0, key: KEY, value: JSON.stringify(value) });
    },
  };
}

type Tab = ReturnType<ReturnType<typeof origin>['tab']>;
const locksOf = (tab: Tab, options: Partial<LeaseLocksOptions> = {}) => createLeaseLocks({ ...tab, settleMs: 5, ...options });
const tryLock = (locks: ReturnType<typeof locksOf>) => locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, (lock) => lock !== null);

/** Holds the lock until release() is called. */
function hold(locks: ReturnType<typeof locksOf>) {
  let release!: () => void;
  let granted!: () => void;
  const got = new Promise<void>((r) => (granted = r));
  const done = locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, async (lock) => {
    expect(lock).not.toBeNull();
    granted();
    await new Promise<void>((r) => (release = r));
  });
  return { got, done, release: () => release() };
}

describe('the drain lease', () => {
  it('spans tabs: one holder, the other refused, and a waiting tab gets it as soon as it is released', async () => {
    const hall = origin();
    const a = locksOf(hall.tab());
    const b = locksOf(hall.tab());
    expect(a.acrossContexts).toBe(true);
    const held = hold(a);
    await held.got;
    expect(JSON.parse(hall.tab().storage.getItem(KEY)!)).toMatchObject({ owner: expect.any(String), expiresAt: expect.any(Number) });
    expect(await tryLock(b)).toBe(false);
    // A second drain in the holder's own tab is refused too.
    expect(await tryLock(a)).toBe(false);

    const start = Date.now();
    const waiting = b.request(DRAIN_LOCK_NAME, {}, (lock) => (lock ? Date.now() : null));
    await sleep(50);
    held.release();
    await held.done;
    expect(hall.tab().storage.getItem(KEY)).toBeNull();
    // Woken by the storage event, not by the lease running out (15 s).
    expect((await waiting)! - start).toBeLessThan(1_000);
    expect(await tryLock(a)).toBe(true);
  });

  it('a throw in the holder releases the lease', async () => {
    const hall = origin();
    const a = locksOf(hall.tab());
    await expect(a.request(DRAIN_LOCK_NAME, { ifAvailable: true }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await tryLock(locksOf(hall.tab()))).toBe(true);
  });

  it('renews the lease while held, so a long drain keeps it past its first period', async () => {
    const hall = origin();
    const a = locksOf(hall.tab(), { leaseMs: 150 });
    const b = locksOf(hall.tab(), { leaseMs: 150 });
    const held = hold(a);
    await held.got;
    for (const _ of [1, 2, 3]) {
      await sleep(100);
      expect(await tryLock(b)).toBe(false);
    }
    held.release();
    await held.done;
    expect(await tryLock(b)).toBe(true);
  });

  it('a tab that died holding the lease blocks the others only until it expires', async () => {
    const hall = origin();
    hall.put({ owner: 'crashed-tab', expiresAt: Date.now() + 200 });
    const b = locksOf(hall.tab(), { leaseMs: 1_000 });
    expect(await tryLock(b)).toBe(false);
    await sleep(250);
    expect(await tryLock(b)).toBe(true);
  });

  it('a closing tab (pagehide) gives the lease up at once', async () => {
    const hall = origin();
    const tabA = hall.tab();
    const a = locksOf(tabA);
    const b = locksOf(hall.tab());
    const held = hold(a);
    await held.got;
    tabA.events.dispatchEvent(new Event('pagehide'));
    expect(await tryLock(b)).toBe(true);
    held.release();
    await held.done;
  });

  it('of two tabs claiming at the same moment, exactly one holds it (the later write; the other reads it back)', async () => {
    for (let round = 0; round < 5; round++) {
      const hall = origin();
      // Each sees the other's write only 20 ms later: both find the lease free and both write.
      const tabs = [locksOf(hall.tab(20), { settleMs: 50 }), locksOf(hall.tab(20), { settleMs: 50 })];
      let holders = 0;
      let most = 0;
      const results = await Promise.all(
        tabs.map((locks) =>
          locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, async (lock) => {
            if (!lock) return false;
            most = Math.max(most, ++holders);
            await sleep(30);
            holders--;
            return true;
          }),
        ),
      );
      expect(hall.writes.filter((w) => w.value !== null)).toHaveLength(2);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(most).toBe(1);
    }
  });

  it('ignores a lease dated further ahead than one period (the clock was set back), and unreadable leases', async () => {
    const hall = origin();
    hall.put({ owner: 'before-the-clock-change', expiresAt: Date.now() + 10 * 15_000 });
    expect(await tryLock(locksOf(hall.tab()))).toBe(true);
    const garbled = origin();
    garbled.writes.push({ tab: -1, at: 0, key: KEY, value: '{not json' });
    expect(await tryLock(locksOf(garbled.tab()))).toBe(true);
  });

  it('drains anyway when the lease cannot be written (storage full)', async () => {
    const full: LeaseStore = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(await tryLock(createLeaseLocks({ storage: full }))).toBe(true);
  });

  it('is what a page without Web Locks gets', async () => {
    const hall = origin();
    vi.stubGlobal('localStorage', hall.tab().storage);
    try {
      const locks = defaultLocks();
      expect(locks.acrossContexts).toBe(true);
      expect(await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, () => JSON.parse(hall.tab().storage.getItem(KEY)!) as unknown)).toMatchObject({
        owner: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(defaultLocks()).toBe(locks);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('two tabs without Web Locks draining one outbox', () => {
  let server: VenueServer;
  let eventId: number;
  let db: ShowDb;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    eventId = (await client(server).from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!
      .id as number;
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    db = new ShowDb('lease-' + crypto.randomUUID());
  });
  afterEach(async () => {
    await db.delete();
  });

  const queueVotes = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await enqueueVote(db, votePayload(eventId))).id);
    return ids;
  };

  it('lets one tab drain; the other reports skipped; each vote is stored once', async () => {
    const ids = await queueVotes(60);
    const hall = origin();
    const tabs = [new ShowDb(db.name), new ShowDb(db.name)];
    const [lockA, lockB] = [auditedLocks(locksOf(hall.tab(5))), auditedLocks(locksOf(hall.tab(5)))];
    const slow = scriptedFetch(isSubmitVotes, async (_call, input, init) => {
      await sleep(100);
      return fetch(input, init);
    });
    try {
      const [a, b] = await Promise.all([
        drainOutbox({ db: tabs[0]!, client: clientWithFetch(server, slow), locks: lockA }),
        // Tab B tries once tab A holds the lease and B can see it (5 ms later): a fixed head start lost the
        // race to a loaded machine, where A had not even asked yet.
        (async () => {
          while (lockA.grants === 0) await sleep(2);
          await sleep(10);
          return drainOutbox({ db: tabs[1]!, client: client(server), locks: lockB });
        })(),
      ]);
      expect(a).toMatchObject({ skipped: false, sent: 60 });
      expect(b).toMatchObject({ skipped: true, sent: 0, failed: 0, retrying: 0 });
      expect([lockA.grants, lockB.grants, lockB.refusals]).toEqual([1, 0, 1]);
      // Released (B sees it 5 ms later): tab B drains next and finds nothing left.
      await sleep(20);
      expect(await drainOutbox({ db: tabs[1]!, client: client(server), locks: lockB })).toMatchObject({ skipped: false, sent: 0 });
    } finally {
      for (const tab of tabs) tab.close();
    }
    expect(slow.calls).toBe(Math.ceil(60 / VOTE_BATCH_SIZE));
    expect(await storedVotes(server, ids)).toBe(60);
  });

  it('once a dead tab’s lease expires, re-queues at once what it left sending; the server keeps each vote once', async () => {
    const ids = await queueVotes(3);
    // The dead tab's request reached the server for two of them; its answer never arrived.
    const items = await db.outbox.bulkGet(ids.slice(0, 2));
    const committed = await client(server).rpc('submit_votes', {
      p_votes: items.map((item) => ({ id: item!.id, ...(item as { payload: object }).payload })),
    });
    expect(committed.error).toBeNull();
    const now = Date.now();
    await db.outbox
      .where('id')
      .anyOf(ids)
      .modify({ status: 'sending', attempts: 1, sendingSince: now - 1_000 });

    const hall = origin();
    hall.put({ owner: 'dead-tab', expiresAt: now + 200 });
    const locks = locksOf(hall.tab(), { leaseMs: 1_000 });
    // While its lease runs, the dead tab might still be sending: hands off.
    expect(await drainOutbox({ db, client: client(server), locks })).toMatchObject({ skipped: true, sent: 0, sending: 3 });
    await sleep(250);
    expect(await drainOutbox({ db, client: client(server), locks })).toMatchObject({
      skipped: false,
      sent: 3,
      failed: 0,
      queued: 0,
      sending: 0,
    });
    for (const id of ids) expect(await db.outbox.get(id)).toMatchObject({ status: 'sent', attempts: 2, sendingSince: null });
    expect(await storedVotes(server, ids)).toBe(3);
  });
});

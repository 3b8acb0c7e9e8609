// The workers' PostgREST-only client (src/data/client.ts) against the real venue server: it sends what
// supabase-js sends for a visitor without a session, pulls the same mirror, and drains anonymous votes.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { rpcClientFor } from '../../src/data/rpc-client.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { MIRROR_TABLES } from '../../shared/mirror-tables.ts';
import { drainOutbox, type DrainOptions } from '../../src/data/outbox/drain.ts';
import { createLocalLocks } from '../../src/data/outbox/lock.ts';
import { enqueueCoupon, enqueueVote } from '../../src/data/outbox/outbox.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { testClient } from '../helpers/client.ts';
import { client, startTestServer } from '../helpers/server.ts';
import { storedVotes, votePayload } from './outbox-helpers.ts';
import { freshDb, sleep, WATERMARK_WAIT_MS } from './sync-helpers.ts';

let server: VenueServer;
let eventId: number;

beforeAll(async () => {
  server = await startTestServer('pglite');
  const anon = client(server);
  eventId = (await anon.from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!.id as number;
  await sleep(WATERMARK_WAIT_MS);
});
afterAll(() => server?.close());

const dbs: ShowDb[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()));
});
const trackedDb = () => {
  const { db } = freshDb();
  dbs.push(db);
  return db;
};

type Sent = { url: string; method: string; headers: Headers };
/** fetch that records each request's URL, method and headers. */
function recordingFetch(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  return {
    sent,
    fetch: (input, init) => {
      sent.push({ url: String(input instanceof Request ? input.url : input), method: init?.method ?? 'GET', headers: new Headers(init?.headers) });
      return fetch(input, init);
    },
  };
}

const countRows = (db: ShowDb) => Promise.all(MIRROR_TABLES.map(async (t) => [t, await db.table(t).count()] as const));

describe("the workers' client", () => {
  it('sends the headers supabase-js sends without a session: the key as apikey and as the bearer token', async () => {
    const worker = recordingFetch();
    const page = recordingFetch();
    const args = { p_cursors: {}, p_limit: 1 };
    const slim = await rpcClientFor(server.url, DEMO_ANON_KEY, worker.fetch).rpc('sync_pull', args);
    const full = await testClient(server.url, DEMO_ANON_KEY, { fetch: page.fetch }).rpc('sync_pull', args);
    expect(slim.error).toBeNull();
    expect(slim.status).toBe(full.status);
    const [w, p] = [worker.sent[0]!, page.sent[0]!];
    expect(w.url).toBe(p.url);
    expect(w.url).toBe(`${server.url}/rest/v1/rpc/sync_pull`);
    expect(w.method).toBe('POST');
    for (const name of ['apikey', 'authorization', 'content-profile', 'content-type']) expect(w.headers.get(name), name).toBe(p.headers.get(name));
    expect(w.headers.get('authorization')).toBe(`Bearer ${DEMO_ANON_KEY}`);
  });

  it('pulls the same mirror as the page client', async () => {
    const [slimDb, fullDb] = [trackedDb(), trackedDb()];
    const slim = await createSyncEngine({ db: slimDb, client: rpcClientFor(server.url, DEMO_ANON_KEY) }).pull();
    const full = await createSyncEngine({ db: fullDb, client: client(server) }).pull();
    expect(slim.rows).toBeGreaterThan(0);
    expect(slim.rows).toBe(full.rows);
    expect(await countRows(slimDb)).toEqual(await countRows(fullDb));
  });

  it("drains anonymous votes and leaves a signed-in visitor's coupon request queued", async () => {
    const db = trackedDb();
    const vote = await enqueueVote(db, votePayload(eventId));
    const coupon = await enqueueCoupon(db, { advertiser_id: 1, coupon_type: 'discount', user_id: crypto.randomUUID(), company_name: 'x' });
    const { fetch, sent } = recordingFetch();
    const summary = await drainOutbox({ db, client: rpcClientFor(server.url, DEMO_ANON_KEY, fetch), onlyAnonymous: true, locks: createLocalLocks() });
    expect(summary).toMatchObject({ sent: 1, failed: 0, queued: 1 });
    expect((await db.outbox.get(vote.id))?.status).toBe('sent');
    expect(await db.outbox.get(coupon.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await storedVotes(server, [vote.id])).toBe(1);
    expect(sent.map((s) => s.url)).toEqual([`${server.url}/rest/v1/rpc/submit_votes`]);
  });

  it('holds no session, so only an anonymous drain takes it', () => {
    const slim = rpcClientFor(server.url, DEMO_ANON_KEY);
    // @ts-expect-error A drain that sends signed-in items needs auth and functions, which a worker's client lacks.
    const options: DrainOptions = { db: trackedDb(), client: slim };
    expect(options.client).not.toHaveProperty('auth');
    expect(options.client).not.toHaveProperty('functions');
  });
});

// The live show's client against the real venue server's Realtime websocket: the page's subscription
// (liveChannelOf through supabase-js, realtime-js over `ws`) joins, a committed change pokes it, and the
// poke's pull brings the change into the mirror, on PGlite and PostgreSQL. Needs server/realtime.
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_GUARD_MS, LIVE_JOIN_TIMEOUT_MS } from '../../shared/live.ts';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import type { ShowDb } from '../../src/data/db.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { liveChannelOf, startLiveShow } from '../../src/data/sync/live.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { freshDb, sleep, WATERMARK_WAIT_MS } from './sync-helpers.ts';

describe.each(forEngines(['pglite', 'postgres'], 'pokes come from LISTEN/NOTIFY on PostgreSQL, from the server itself on PGlite'))(
  'the live show against the venue server on %s',
  (kind) => {
    let venue: VenueServer;
    let admin: SupabaseClient;
    const dbs: ShowDb[] = [];
    beforeAll(async () => {
      venue = await startTestServer(kind, {}, { ownDatabase: true });
      admin = client(venue, 'service_role');
      await sleep(WATERMARK_WAIT_MS);
    });
    afterAll(() => venue?.close());
    afterEach(async () => {
      await Promise.all(dbs.splice(0).map((db) => db.delete()));
    });

    it('subscribes (live), and a committed change reaches the mirror through the poke, without polling', async () => {
      const { db } = freshDb();
      dbs.push(db);
      // The page's client as client.ts makes it, with `ws` for Node 20's missing WebSocket.
      const page = createClient(venue.url, DEMO_ANON_KEY, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never, timeout: LIVE_JOIN_TIMEOUT_MS },
      });
      const status = createSyncStatusStore();
      const engine = createSyncEngine({ db, client: page, status });
      await engine.pull();
      const stop = startLiveShow({
        engine,
        open: liveChannelOf(page),
        status,
        target: new EventTarget(),
        doc: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }),
        isOnline: () => true,
      });
      try {
        await expect.poll(() => status.getState().live, { timeout: 5_000 }).toBe(true);
        await sleep(LIVE_GUARD_MS + 2_000); // the join's catch-up pull
        const session = (await admin.from('event_schedule').select('id').order('id').limit(1).single()).data!;
        const location = `Ring ${crypto.randomUUID().slice(0, 8)}`;
        const committedAt = Date.now();
        expect((await admin.from('event_schedule').update({ location }).eq('id', session.id)).error).toBeNull();
        await expect.poll(async () => (await db.event_schedule.get(session.id))?.location, { timeout: 10_000, interval: 50 }).toBe(location);
        const latency = Date.now() - committedAt;
        console.log(`[live] ${kind}: commit → mirror ${latency} ms`);
        // Guard (1.1 s) + the server's spread for one listener + a pull: well under the 60 s poll.
        expect(latency).toBeLessThan(5_000);
      } finally {
        stop();
        await page.removeAllChannels();
      }
    });
  },
);

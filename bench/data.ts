// The data path without a browser: the first mirror and a no-change resync through the app's own sync
// engine (fake-indexeddb), and the API's latency for reads and vote batches.
import { gzipSync } from 'node:zlib';
import 'fake-indexeddb/auto';
import { DEMO_ANON_KEY, loadConfig } from '../server/config.ts';
import { startVenueServer } from '../server/start.ts';
import { ShowDb } from '../src/data/db.ts';
import { createSyncEngine } from '../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../src/data/sync/status.ts';
import { VOTE_BATCH_MAX } from '../shared/vote.ts';
import { testClient } from '../tests/helpers/client.ts';
import { DEMO_CATALOGUE_NUMBERS } from '../tests/helpers/demo-catalogue.ts';
import { median, percentile, round, timed, type BenchOptions, type Report } from './report.ts';

export async function benchData(report: Report, { scale }: BenchOptions): Promise<void> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '' });
  config.dataDir = null;
  config.staticDir = null;
  const [startMs, server] = await timed(() => startVenueServer(config, { scale }));
  report.atMost(`venue server start (PGlite in memory, migrate + seed ×${scale})`, Math.round(startMs), 'ms', 20_000 * scale, 'timing');
  try {
    const anon = testClient(server.url, DEMO_ANON_KEY);
    await new Promise((r) => setTimeout(r, 1100)); // past the sync watermark margin

    // The app's own sync engine, applying into IndexedDB (fake-indexeddb here; a browser is faster).
    const wire = { requests: 0, gzip: 0 };
    const countingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = new Uint8Array(await res.clone().arrayBuffer());
      wire.requests++;
      // The venue server gzips bodies over 1 KiB; count what would cross the wire.
      wire.gzip += body.byteLength > 1024 ? gzipSync(body).byteLength : body.byteLength;
      return res;
    };
    const appClient = testClient(server.url, DEMO_ANON_KEY, { fetch: countingFetch });
    const db = new ShowDb(`bench-${Date.now()}`);
    const engine = createSyncEngine({ db, client: appClient, status: createSyncStatusStore(), persist: () => undefined });
    const [mirrorMs, first] = await timed(() => engine.pull());
    report.atMost(`first mirror into IndexedDB, ${first.rows.toLocaleString('en-GB')} rows (fake-indexeddb)`, Math.round(mirrorMs), 'ms', 2_000 * scale, 'timing');
    report.atMost('first mirror, requests', first.requests, '', Math.ceil(scale / 2) + 1, 'exact');
    report.atMost('first mirror, bytes on the wire (gzip)', round(wire.gzip / 1024, 1), 'KiB', 400 * scale, 'exact');

    Object.assign(wire, { requests: 0, gzip: 0 });
    const [resyncMs, again] = await timed(() => engine.pull());
    report.atMost('no-change resync (engine)', Math.round(resyncMs), 'ms', 200, 'timing');
    report.exactly('no-change resync, requests', wire.requests, '', 1);
    report.atMost('no-change resync, bytes on the wire', round(wire.gzip / 1024, 1), 'KiB', 4, 'exact');
    report.exactly('no-change resync, IndexedDB writes', again.writes, '', 0);
    db.close();
    await db.delete();

    const breedTimes: number[] = [];
    for (let i = 0; i < 200; i++) breedTimes.push((await timed(() => anon.from('breeds').select('*').order('breed_name')))[0]);
    report.atMost(
      'GET /rest/v1/breeds, p95 of 200 (one client)',
      round(percentile(breedTimes, 0.95), 1),
      'ms',
      50,
      'timing',
      `median ${round(median(breedTimes), 1)} ms`,
    );

    // Voting is open until the day after an event ends (venue time): the live event, not an old one.
    const eventId = (await anon.from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!.id;
    const votes = Array.from({ length: 200 }, (_, i) => ({
      id: crypto.randomUUID(),
      event_id: eventId,
      first_name: 'Bench',
      last_name: `Voter ${i}`,
      email: `bench.${i}@example.com`,
      catalog_number: DEMO_CATALOGUE_NUMBERS[i % DEMO_CATALOGUE_NUMBERS.length]!,
    }));
    const [votesMs] = await timed(async () => {
      for (let i = 0; i < votes.length; i += VOTE_BATCH_MAX) {
        const res = await anon.rpc('submit_votes', { p_votes: votes.slice(i, i + VOTE_BATCH_MAX) });
        if (res.error) throw new Error(res.error.message);
      }
    });
    report.atMost(`200 votes through submit_votes in batches of ${VOTE_BATCH_MAX} (no throttling)`, Math.round(votesMs), 'ms', 3_000, 'timing');
  } finally {
    await server.close();
  }
}

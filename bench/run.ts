// npm run bench: measured figures against budgets. Exits 1 when a budget is exceeded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import 'fake-indexeddb/auto';
import { build } from 'vite';
import { createClient } from '@supabase/supabase-js';
import { DEMO_ANON_KEY, loadConfig } from '../server/config.ts';
import { startVenueServer } from '../server/start.ts';
import { parseScale } from '../server/cli-args.ts';
import { ShowDb } from '../src/data/db.ts';
import { createSyncEngine } from '../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../src/data/sync/status.ts';

interface Result {
  name: string;
  value: number;
  unit: string;
  budget: number;
}

const results: Result[] = [];
const record = (name: string, value: number, unit: string, budget: number) => results.push({ name, value, unit, budget });

type ManifestEntry = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

/** gzip bytes of the JavaScript the first route loads: the entry and its static imports. */
function firstRouteJs(dist: string): number {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  walk('index.html');
  return [...seen].reduce((sum, key) => sum + gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length, 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function timed<T>(fn: () => PromiseLike<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [performance.now() - t, out];
}

async function main(): Promise<void> {
  if (!existsSync('dist/.vite/manifest.json') || process.argv.includes('--build')) await build({ logLevel: 'warn' });
  record('first-route JS (gzip)', firstRouteJs('dist') / 1024, 'KiB', 150);

  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '' });
  config.dataDir = null;
  config.staticDir = null;
  const scale = parseScale(process.argv.slice(2));
  const [startMs, server] = await timed(() => startVenueServer(config, { scale }));
  record(`server start (PGlite in memory, migrate + seed ×${scale})`, startMs, 'ms', 20_000 * scale);
  try {
    class NoWs {}
    const anon = createClient(server.url, DEMO_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWs as never },
    });
    await new Promise((r) => setTimeout(r, 1100)); // past the sync watermark margin

    // A first mirror: pages until no table has more, as the client does.
    type Pull = { tables: Record<string, { rows: unknown[]; more: boolean; cursor: unknown }>; tombstones: { cursor: unknown } };
    let full: Pull | undefined;
    let rows = 0;
    let trips = 0;
    let pageCursors: Record<string, unknown> = {};
    const [fullMs] = await timed(async () => {
      for (;;) {
        const res = await anon.rpc('sync_pull', { p_cursors: pageCursors });
        if (res.error) throw new Error(res.error.message);
        trips++;
        full = res.data as Pull;
        rows += Object.values(full.tables).reduce((n, t) => n + t.rows.length, 0);
        pageCursors = Object.fromEntries(Object.entries(full.tables).map(([t, v]) => [t, v.cursor]));
        if (!Object.values(full.tables).some((t) => t.more)) break;
      }
    });
    record(`first mirror (${rows} rows in ${trips} round trip${trips > 1 ? 's' : ''})`, fullMs, 'ms', 2_000 * scale);

    const cursors = pageCursors;
    // The app's own sync engine, applying into IndexedDB (fake-indexeddb here; a browser is faster).
    const wire = { requests: 0, raw: 0, gzip: 0 };
    const countingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = new Uint8Array(await res.clone().arrayBuffer());
      wire.requests++;
      wire.raw += body.byteLength;
      // The venue server gzips bodies over 1 KiB; count what would cross the wire.
      wire.gzip += body.byteLength > 1024 ? gzipSync(body).byteLength : body.byteLength;
      return res;
    };
    const appClient = createClient(server.url, DEMO_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: countingFetch },
      realtime: { transport: NoWs as never },
    });
    const db = new ShowDb(`bench-${Date.now()}`);
    const engine = createSyncEngine({ db, client: appClient, status: createSyncStatusStore(), persist: () => undefined });
    const [mirrorMs, first] = await timed(() => engine.pull());
    record(`app initial mirror into IndexedDB (${first.rows} rows, ${first.requests} requests)`, mirrorMs, 'ms', 2_000 * scale);
    record('app initial mirror, bytes on the wire (gzip)', wire.gzip / 1024, 'KiB', 400 * scale);
    Object.assign(wire, { requests: 0, raw: 0, gzip: 0 });
    const [resyncMs, again] = await timed(() => engine.pull());
    record(`app no-change resync (${again.writes} IndexedDB writes)`, resyncMs, 'ms', 200);
    record('app no-change resync, requests', wire.requests, '', 1);
    record('app no-change resync, bytes on the wire', wire.gzip / 1024, 'KiB', 2);
    db.close();
    await db.delete();

    const quietTimes: number[] = [];
    let quietBytes = 0;
    for (let i = 0; i < 20; i++) {
      const [ms, res] = await timed(() =>
        fetch(`${server.url}/rest/v1/rpc/sync_pull`, {
          method: 'POST',
          headers: { apikey: DEMO_ANON_KEY, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
          body: JSON.stringify({ p_cursors: { ...cursors, _tombstones: full!.tombstones.cursor } }),
        }).then(async (r) => ({ r, body: await r.arrayBuffer() })),
      );
      quietTimes.push(ms);
      quietBytes = Number(res.r.headers.get('content-length') ?? res.body.byteLength);
    }
    record('no-change resync, median', median(quietTimes), 'ms', 100);
    record('no-change resync, response size', quietBytes / 1024, 'KiB', 4);

    const breedTimes: number[] = [];
    for (let i = 0; i < 200; i++) breedTimes.push((await timed(() => anon.from('breeds').select('*').order('breed_name')))[0]);
    record('GET breeds p95 (200 requests)', p95(breedTimes), 'ms', 50);

    const eventId = (await anon.from('events').select('id').limit(1).single()).data!.id;
    const votes = Array.from({ length: 200 }, (_, i) => ({
      id: crypto.randomUUID(),
      event_id: eventId,
      first_name: 'Bench',
      last_name: `Voter ${i}`,
      email: `bench.${i}@example.com`,
      catalog_number: String(i),
    }));
    const [votesMs] = await timed(async () => {
      for (let i = 0; i < votes.length; i += 50) {
        const res = await anon.rpc('submit_votes', { p_votes: votes.slice(i, i + 50) });
        if (res.error) throw new Error(res.error.message);
      }
    });
    record('200 votes in batches of 50', votesMs, 'ms', 3_000);
  } finally {
    await server.close();
  }

  let failed = false;
  console.log('\nbenchmark                                                           value      budget');
  for (const r of results) {
    const over = r.value > r.budget;
    failed ||= over;
    console.log(`${over ? '✗' : '✓'} ${r.name.padEnd(64)} ${r.value.toFixed(1).padStart(8)} ${r.unit.padEnd(4)} ≤ ${r.budget} ${r.unit}`);
  }
  if (failed) {
    console.error('\nA budget was exceeded.');
    process.exit(1);
  }
}

await main();

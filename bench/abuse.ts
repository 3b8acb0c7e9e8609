// One hostile client on the hall network. The app's no-change resync from honest clients, alone
// and then while one client sends the backreference regex and the nine-level embed in a loop; / is
// asked meanwhile. Then the same honest load while one phone floods the server with sockets that
// send nothing, and while one pipelines requests whose answers it never reads. The server runs in its
// own process on PGlite on disk, serving the built app, with the default connection budgets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ANON_KEY } from '../server/config.ts';
import { EMBED_ATTACK, REGEX_ATTACK, idleSockets, unreadPipeline, type HeldSockets } from '../tests/abuse/attacks.ts';
import { appRequests, autocannon, resyncRequest, startServerProcess } from './load.ts';
import { median, round, type BenchOptions, type Report } from './report.ts';

const HONEST_CONNECTIONS = 10;
/**
 * The attacker's pause between two requests: the report's `curl` in a shell loop, not a flood. A flood of
 * cheap requests is a matter of rate limits; this section measures what one hostile query costs the others.
 */
const ATTACK_PAUSE_MS = 50;
const ANON_TIMEOUT_MS = 3_000;
/** The flooding phone's address (the honest clients are 127.0.0.1): one phone on the hall Wi-Fi. */
const FLOODER = '127.0.0.9';
/**
 * Idle sockets the flooder opens each second, and most it holds (past the default per-address cap of
 * 1,000). The attackers run in this process beside autocannon, so their own work shows in the honest
 * figures: rates a laptop's share of two CPUs sustains without measuring the attacker instead.
 */
const FLOOD_WAVE = 250;
const FLOOD_HELD = 1_500;
/** The unread pipeline is sent again (on new sockets) this often. */
const PIPELINE_EVERY_MS = 5_000;
const PIPELINER = '127.0.0.10';
const MiB = 1024 * 1024;

interface Attack {
  ms: number[];
  statuses: Map<number, number>;
}

/** Sends path in a loop until stop; the time each answer took. */
async function loop(url: string, path: string, stop: () => boolean, out: Attack): Promise<void> {
  while (!stop()) {
    const t = performance.now();
    try {
      const res = await fetch(`${url}${path}`, { headers: { apikey: DEMO_ANON_KEY }, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      out.statuses.set(res.status, (out.statuses.get(res.status) ?? 0) + 1);
    } catch {
      out.statuses.set(0, (out.statuses.get(0) ?? 0) + 1);
    }
    out.ms.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, ATTACK_PAUSE_MS));
  }
}

/** The honest load while an attack runs beside it; the server's RSS growth (highest sample, each second). */
async function underAttack<R>(
  server: Awaited<ReturnType<typeof startServerProcess>>,
  honest: () => Promise<R>,
  attack: (stop: () => boolean) => Promise<string>,
): Promise<{ result: R; about: string; rssGrowthMiB: number }> {
  const before = (await server.memory(true)).rss;
  let stopped = false;
  let peak = before;
  const sampling = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, 1_000));
      peak = Math.max(peak, (await server.memory(false)).rss);
    }
  })();
  const attacking = attack(() => stopped);
  const result = await honest();
  stopped = true;
  const [about] = await Promise.all([attacking, sampling]);
  return { result, about, rssGrowthMiB: round((peak - before) / MiB, 1) };
}

/** GET / every 100 ms until stop; each answer's time (a failure counts as 10 s). */
async function probeHome(url: string, stop: () => boolean, out: number[]): Promise<void> {
  while (!stop()) {
    const t = performance.now();
    try {
      const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      out.push(res.ok ? performance.now() - t : 10_000);
    } catch {
      out.push(10_000);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statusText = (m: Map<number, number>, seconds: number) =>
  `${[...m].map(([s, n]) => `${n} × ${s || 'failed'}`).join(', ')} (${round([...m.values()].reduce((a, b) => a + b, 0) / seconds, 1)} req/s)`;

export async function benchAbuse(report: Report, options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'purrfect-bench-abuse-'));
  const server = await startServerProcess(undefined, { LOAD_SERVER_DATA_DIR: dir, LOAD_SERVER_STATIC_DIR: options.distDir });
  const seconds = options.ci ? 6 : 20;
  try {
    const { resync } = await appRequests(server.url);
    const honest = () => autocannon({ url: server.url, connections: HONEST_CONNECTIONS, duration: seconds, timeout: 30, requests: [resyncRequest(resync)] });
    await autocannon({ url: server.url, connections: HONEST_CONNECTIONS, duration: 2, requests: [resyncRequest(resync)] }); // warm-up

    const calm = await honest();

    let stopped = false;
    const stop = () => stopped;
    const regex: Attack = { ms: [], statuses: new Map() };
    const embed: Attack = { ms: [], statuses: new Map() };
    const homes: number[] = [];
    const attacker = (async () => {
      while (!stopped) {
        await loop(server.url, REGEX_ATTACK, () => stopped || regex.ms.length > embed.ms.length, regex);
        await loop(server.url, EMBED_ATTACK, () => stopped || embed.ms.length >= regex.ms.length, embed);
      }
    })();
    const prober = probeHome(server.url, stop, homes);
    const attacked = await honest();
    stopped = true;
    await Promise.all([attacker, prober]);

    const detail = (r: typeof calm) =>
      `${r['2xx']} × 2xx in ${r.duration.toFixed(1)} s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`;
    report.atMost(`honest resync p50 on PGlite, ${HONEST_CONNECTIONS} connections, no attack`, calm.latency.p50, 'ms', 1_000, 'timing', detail(calm));
    report.atMost(`honest resync p99 on PGlite, no attack`, calm.latency.p99, 'ms', 1_000, 'timing');
    report.atMost(`honest resync p50 under the regex + deep-embed loop`, attacked.latency.p50, 'ms', Math.max(1, 2 * calm.latency.p50), 'timing', detail(attacked));
    report.atMost(`honest resync p99 under the regex + deep-embed loop (≤ 2 × calm)`, attacked.latency.p99, 'ms', Math.max(1, 2 * calm.latency.p99), 'timing');
    // Requests still waiting when the run ends are not in autocannon's counts: the answers made must be there too.
    report.atLeast(`honest resyncs answered under attack (≥ half of calm)`, attacked['2xx'], '', Math.ceil(calm['2xx'] / 2), 'timing');
    report.exactly(`honest resync under attack: non-2xx + errors + timeouts`, attacked.non2xx + attacked.errors + attacked.timeouts, '', 0);
    const worstHome = homes.length ? Math.max(...homes) : Infinity;
    report.atMost(`slowest GET / during the attack`, round(worstHome), 'ms', 1_000, 'timing', `${homes.length} answers, median ${round(median(homes), 1)} ms`);
    const regexMedian = regex.ms.length ? median(regex.ms) : Infinity;
    const embedMedian = embed.ms.length ? median(embed.ms) : Infinity;
    report.atMost(`regex attack: time to its error (median)`, round(regexMedian), 'ms', ANON_TIMEOUT_MS + 1_000, 'timing', statusText(regex.statuses, seconds));
    report.atMost(`deep-embed attack: time to its error (median)`, round(embedMedian), 'ms', ANON_TIMEOUT_MS + 1_000, 'timing', statusText(embed.statuses, seconds));
    // Every attack answer is an error, never a 2xx (the regex: 500 57014; the embed: 400 PGRST100).
    const attack2xx = [...regex.statuses, ...embed.statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
    report.exactly(`attack requests answered 2xx`, attack2xx, '', 0);

    // One phone opens idle sockets in waves of 250 a second, holding up to 1,500.
    const flood = await underAttack(server, honest, async (stop) => {
      const waves: HeldSockets[] = [];
      let opened = 0;
      let closedByServer = 0;
      while (!stop()) {
        const started = performance.now();
        waves.push(await idleSockets(server.url, FLOOD_WAVE, { localAddresses: [FLOODER] }));
        opened += FLOOD_WAVE;
        while (waves.length * FLOOD_WAVE > FLOOD_HELD) {
          const old = waves.shift()!;
          closedByServer += old.closed();
          old.stop();
        }
        await new Promise((r) => setTimeout(r, Math.max(0, 1_000 - (performance.now() - started))));
      }
      for (const wave of waves) {
        closedByServer += wave.closed();
        wave.stop();
      }
      return `${opened} idle sockets opened from ${FLOODER}, ${closedByServer} closed by the server while held`;
    });
    report.atMost(
      `honest resync p99 under an idle-socket flood (≤ 2 × calm)`,
      flood.result.latency.p99,
      'ms',
      Math.max(1, 2 * calm.latency.p99),
      'timing',
      `${detail(flood.result)}; ${flood.about}; server RSS +${flood.rssGrowthMiB} MiB`,
    );
    report.exactly(`honest resync under the idle-socket flood: non-2xx + errors + timeouts`, flood.result.non2xx + flood.result.errors + flood.result.timeouts, '', 0);

    // One phone pipelines 4 × 1,500 GET /rest/v1/breeds and never reads, again every 5 s.
    const pipeline = await underAttack(server, honest, async (stop) => {
      let sent = 0;
      while (!stop()) {
        const attack = await unreadPipeline(server.url, {
          sockets: 4,
          requests: 1_500,
          path: '/rest/v1/breeds',
          headers: { apikey: DEMO_ANON_KEY },
          localAddresses: [PIPELINER],
        });
        sent += attack.sentBytes;
        await new Promise((r) => setTimeout(r, PIPELINE_EVERY_MS));
        attack.stop();
      }
      return `${round(sent / MiB, 1)} MiB of pipelined requests sent from ${PIPELINER}`;
    });
    report.atMost(
      `honest resync p99 under unread pipelined requests (≤ 2 × calm)`,
      pipeline.result.latency.p99,
      'ms',
      Math.max(1, 2 * calm.latency.p99),
      'timing',
      `${detail(pipeline.result)}; ${pipeline.about}`,
    );
    report.exactly(
      `honest resync under unread pipelined requests: non-2xx + errors + timeouts`,
      pipeline.result.non2xx + pipeline.result.errors + pipeline.result.timeouts,
      '',
      0,
    );
    report.atMost(
      `server RSS growth under unread pipelined requests`,
      pipeline.rssGrowthMiB,
      'MiB',
      64,
      'timing',
      'the highest RSS sampled each second, less RSS before the attack',
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

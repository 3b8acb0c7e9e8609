// Issue 14: one hostile client on the hall network. The app's no-change resync from honest clients, alone
// and then while one client sends the backreference regex and the nine-level embed in a loop; / is
// asked meanwhile. The server runs in its own process on PGlite on disk, serving the built app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ANON_KEY } from '../server/config.ts';
import { EMBED_ATTACK, REGEX_ATTACK } from '../tests/abuse/attacks.ts';
import { appRequests, autocannon, resyncRequest, startServerProcess } from './load.ts';
import { median, round, type BenchOptions, type Report } from './report.ts';

const HONEST_CONNECTIONS = 10;
/**
 * The attacker's pause between two requests: the report's `curl` in a shell loop, not a flood. A flood of
 * cheap requests is a matter of rate limits; this section measures what one hostile query costs the others.
 */
const ATTACK_PAUSE_MS = 50;
const ANON_TIMEOUT_MS = 3_000;

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
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

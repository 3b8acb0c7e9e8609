// Show day: how many visitors' phones one laptop's venue server holds. This process plays the
// phones (bench/showday-phones.ts); the venue server runs in its own child (bench/load-server.ts), on
// PGlite, on PostgreSQL, and as three instances on one PostgreSQL (phones spread round-robin over them).
//
// Every phone, on arrival (a first visit): GET /, /service-worker.js and the service worker's precache (and second phase); the full
// mirror (the sync_pull pages a fresh app sends, recorded from the app's sync engine); then the live socket
// (/realtime/v1/websocket, join realtime:show:catalogue, a heartbeat every 25 s). Then, as long as it stays:
// a pull after every poke (the organiser renames a breed every 30 s, and a ring clerk moves a call on or
// corrects a published result every 15 s, alternately: guard + the server's spread, as the app), a no-change resync every minute, a Visitor's Choice vote every 3 minutes (submit_votes, 2 % sent
// twice with the same id, as the outbox after a lost answer). 20 % of phones sign up (/auth/v1/signup,
// send-verification, the link from the dev mailbox, verify_account), sign in and ask for a coupon
// (functions/v1/send-coupon) every 2 minutes. 10 % of phones sit on a 300 ms RTT, 1.5 Mbit/s link.
// Periods are jittered ×0.5–1.5 per phone. Every source address is its own (127.0.x.y), as phones are.
//
// Steps: phones arrive at SHOWDAY_ARRIVALS_PER_S until the step's count is in the hall; once their first
// visits are done (at most 60 s; any still running count in the hold), the step holds for SHOWDAY_HOLD_S
// while visitors come and go (a visit lasts SHOWDAY_VISIT_MIN on average, so
// first visits stay in the mix). A step is held when the hold has zero errors (anywhere in the step:
// HTTP non-2xx, timeouts, refused or dropped sockets, unanswered heartbeats) and the p99 of the
// loopback phones' requests is under 1 s (the slow-link phones' p99 includes their link, so it is
// printed, not gated). The full run climbs until a step fails and prints a markdown table to paste.
//
//   npm run bench -- --only showday            full run: the three set-ups, steps up to the peak
//   npm run bench -- --only showday --ci       one step of 40 phones per set-up (< 60 s): errors gate
// Environment (full run): SHOWDAY_STEPS=50,100,200,… (phones per step), SHOWDAY_MAX_PHONES (stop
// there), SHOWDAY_HOLD_S (45), SHOWDAY_ARRIVALS_PER_S (10), SHOWDAY_VISIT_MIN (60),
// SHOWDAY_CONFIGS=pglite,postgres,postgres3 (which set-ups), BENCH_DATABASE_URL (PostgreSQL; else
// postgres://postgres@127.0.0.1:5432 when it answers).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpus, loadavg, totalmem } from 'node:os';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../server/config.ts';
import { openFileLimit } from '../server/connections.ts';
import { sleep } from '../tests/helpers/time.ts';
import { sourceAddress } from './live.ts';
import { appRequests, postgresBase, recordingClient, startServerProcess, withAdmin } from './load.ts';
import { percentile, round, type BenchOptions, type Report } from './report.ts';
import { Phone, resendUnanswered, Stats, type Hall, type Mix, type Shapes } from './showday-phones.ts';
import { precacheUrls, secondPhaseUrls } from './size.ts';
import { SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';

const MIX: Mix = {
  resyncEveryMs: 60_000,
  voteEveryMs: 3 * 60_000,
  duplicateVoteShare: 0.02,
  signedInShare: 0.2,
  couponEveryMs: 2 * 60_000,
  slowShare: 0.1,
  slowRttMs: 300,
  slowBitsPerS: 1_500_000,
};
const ORGANISER_EVERY_MS = 30_000;
/** The ring side: a call moved on (called → judging → done → called) or a published result corrected, alternately. */
const RING_SIDE_EVERY_MS = 15_000;
const CALL_STATES = ['called', 'judging', 'done'] as const;
const P99_BUDGET_MS = 1_000;
const CI_PHONES = 40;
const MiB = 1024 * 1024;

type ConfigName = 'pglite' | 'postgres' | 'postgres3';
const CONFIG_LABEL: Record<ConfigName, string> = {
  pglite: 'one venue server on PGlite',
  postgres: 'one venue server on PostgreSQL',
  postgres3: 'three venue servers on one PostgreSQL',
};

interface Settings {
  steps: number[];
  holdS: number;
  arrivalsPerS: number;
  visitMin: number;
  configs: ConfigName[];
}

function settings(ci: boolean): Settings {
  const env = process.env;
  const num = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return env[name] && Number.isFinite(v) && v > 0 ? v : fallback;
  };
  const max = num('SHOWDAY_MAX_PHONES', Infinity);
  const steps = ci
    ? [CI_PHONES]
    : (env.SHOWDAY_STEPS?.split(',').map(Number) ?? [50, 100, 200, 400, 700, 1000, 1500, 2000, 3000, 4000, 5000]).filter((n) => n > 0 && n <= max);
  const configs = (env.SHOWDAY_CONFIGS?.split(',') ?? ['pglite', 'postgres', 'postgres3']).map((c) => c.trim());
  const unknown = configs.filter((c) => !(c in CONFIG_LABEL));
  if (unknown.length) throw new Error(`SHOWDAY_CONFIGS: unknown ${unknown.join(', ')} (pglite, postgres, postgres3)`);
  return {
    steps,
    holdS: ci ? 8 : num('SHOWDAY_HOLD_S', 45),
    arrivalsPerS: num('SHOWDAY_ARRIVALS_PER_S', 10),
    visitMin: num('SHOWDAY_VISIT_MIN', 60),
    configs: configs as ConfigName[],
  };
}

// ---------- the shapes, recorded from supabase-js against the first server ----------

/** supabase-js's own auth and functions requests, recorded once: sign-up, sign-in and a function call. */
async function recordAuthShapes(url: string): Promise<Pick<Shapes, 'signup' | 'signin' | 'invoke'>> {
  const { client, recorded } = recordingClient(url);
  const email = `showday.shape.${Date.now().toString(36)}@example.com`;
  const up = await client.auth.signUp({ email, password: 'Whiskers#2026', options: { data: { first_name: 'Shape', last_name: 'Recorder' } } });
  if (up.error) throw new Error(`sign-up: ${up.error.message}`);
  const signup = recorded.find((r) => r.path.startsWith('/auth/v1/signup'));
  const sent = await client.functions.invoke('send-verification', { body: { email } });
  if (sent.error) throw new Error(`send-verification: ${String(sent.error)}`);
  const invoke = recorded.find((r) => r.path.startsWith('/functions/v1/'));
  const signIn = await client.auth.signInWithPassword({ email, password: 'Whiskers#2026' });
  if (signIn.error) throw new Error(`sign-in: ${signIn.error.message}`);
  const signin = recorded.find((r) => r.path.startsWith('/auth/v1/token'));
  if (!signup || !invoke || !signin) throw new Error('supabase-js sent no sign-up, sign-in or function request');
  return { signup, signin, invoke };
}

async function recordShapes(url: string, distDir: string): Promise<Shapes> {
  const { firstPull, resync, vote, eventId } = await appRequests(url);
  const auth = await recordAuthShapes(url);
  const service = { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` };
  const res = await fetch(`${url}/rest/v1/advertisers?select=id,discount_voucher_enabled,rebate_voucher_enabled&order=id`, { headers: service });
  const advertisers = (await res.json()) as { id: number; discount_voucher_enabled: boolean; rebate_voucher_enabled: boolean }[];
  const coupons = advertisers.flatMap((a) => [
    ...(a.discount_voucher_enabled ? [{ advertiser_id: a.id, coupon_type: 'discount' as const }] : []),
    ...(a.rebate_voucher_enabled ? [{ advertiser_id: a.id, coupon_type: 'rebate' as const }] : []),
  ]);
  if (coupons.length === 0) throw new Error('the demo show has no advertiser with a voucher');
  // The second phase too: every phone's worker fetches it once offline-ready (shared/precache.ts).
  const files = [...precacheUrls(distDir), ...secondPhaseUrls(distDir)].map((u) => (u.startsWith('/') ? u : `/${u}`));
  const statics = [...new Set(['/', `/${SERVICE_WORKER_FILE}`, ...files])];
  return { anonKey: DEMO_ANON_KEY, statics, firstPull, resync, vote, eventId, ...auth, coupons };
}

// ---------- one set-up, stepped ----------

interface StepResult {
  phones: number;
  requestsPerS: number;
  p50: number;
  p99: number;
  slowP99: number;
  errors: number;
  errorSamples: string[];
  /** p99 by kind of request (loopback phones): which request makes the step's p99. */
  kinds: string;
  serverCpuPercent: number;
  serverRssMiB: number;
  generatorCpuPercent: number;
  generatorLagP99: number;
  held: boolean;
}

interface ConfigResult {
  config: ConfigName;
  steps: StepResult[];
  peak: number;
  votesStoredMinusAnswered: number;
  /** Votes whose answer was lost under load, sent again after the run as the outbox does. */
  votesResent: number;
}

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

async function runConfig(config: ConfigName, servers: ServerProcess[], s: Settings, ci: boolean, distDir: string): Promise<ConfigResult> {
  const first = servers[0]!;
  const shapes = await recordShapes(first.url, distDir);
  const hall: Hall = { stats: new Stats(), mix: MIX, shapes, votesAnswered: new Set(), votesUnanswered: new Map() };
  const votesBefore = await first.votes();
  const phones = new Set<Phone>();
  const arrivals = new Set<Promise<void>>();
  let serial = 0;

  const arrive = () => {
    const i = serial++;
    const server = servers[i % servers.length]!;
    const phone = new Phone(`${process.pid}-${i}`, new URL(server.url), sourceAddress(i % 60_000), hall, Math.random() < MIX.slowShare);
    phones.add(phone);
    const p = phone.arrive().finally(() => arrivals.delete(p));
    arrivals.add(p);
  };
  const leaveOne = () => {
    const phone = [...phones][Math.floor(Math.random() * phones.size)];
    if (!phone) return;
    phones.delete(phone);
    void phone.leave();
  };

  // The organiser at the desk: a breed renamed every 30 s, through the service role, as the organiser app does.
  const service = { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`, 'content-type': 'application/json', prefer: 'return=minimal' };
  const breedRes = await fetch(`${first.url}/rest/v1/breeds?select=id,breed_name&order=id&limit=1`, { headers: service });
  const [breed] = (await breedRes.json()) as { id: number; breed_name: string }[];
  if (!breed) throw new Error('no breed for the organiser to rename');
  let renames = 0;
  const organiserChange = async () => {
    const res = await fetch(`${first.url}/rest/v1/breeds?id=eq.${breed.id}`, {
      method: 'PATCH',
      headers: service,
      body: JSON.stringify({ breed_name: `${breed.breed_name} (${++renames})` }),
    });
    if (!res.ok) hall.stats.error(`organiser rename: HTTP ${res.status}`);
  };
  // The ring side (issue 35's tables, mirrored by every phone): one call and one published result of the demo
  // show's judging, changed through the service role as the ring clerk's screen changes them.
  const callRes = await fetch(`${first.url}/rest/v1/ring_calls?select=id&order=id&limit=1`, { headers: service });
  const resultRes = await fetch(`${first.url}/rest/v1/results?select=id,judge&published=is.true&order=id&limit=1`, { headers: service });
  const [call] = (await callRes.json()) as { id: number }[];
  const [result] = (await resultRes.json()) as { id: number; judge: string | null }[];
  if (!call || !result) throw new Error('no ring call or published result for the ring side to change');
  let ringSideChanges = 0;
  const ringSideChange = async () => {
    const n = ++ringSideChanges;
    const res =
      n % 2
        ? await fetch(`${first.url}/rest/v1/ring_calls?id=eq.${call.id}`, {
            method: 'PATCH',
            headers: service,
            body: JSON.stringify({ status: CALL_STATES[Math.floor(n / 2) % CALL_STATES.length], status_at: new Date().toISOString() }),
          })
        : await fetch(`${first.url}/rest/v1/results?id=eq.${result.id}`, {
            method: 'PATCH',
            headers: service,
            body: JSON.stringify({ judge: `${result.judge ?? 'Judge'} (${n})` }),
          });
    if (!res.ok) hall.stats.error(`ring side change: HTTP ${res.status}`);
  };
  // Under --ci the first change comes a few seconds into the hold, so the short step sees pokes too.
  let organiser: NodeJS.Timeout | null = null;
  let ringSide: NodeJS.Timeout | null = null;
  let firstChange: NodeJS.Timeout | null = null;

  const steps: StepResult[] = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  try {
    for (const target of s.steps) {
      const stats = new Stats();
      hall.stats = stats;
      // Ramp: new phones at the arrival rate until the step's count is in the hall.
      const toAdd = target - phones.size;
      const rampStarted = performance.now();
      for (let k = 0; k < toAdd; k++) {
        const due = rampStarted + (k * 1000) / s.arrivalsPerS;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        arrive();
      }
      // Then the first visits finish, or the hold starts with the slowest still downloading (counted in it).
      const settleBy = performance.now() + (ci ? 4_000 : 60_000);
      while (arrivals.size && performance.now() < settleBy) await Promise.race([sleep(250), Promise.allSettled([...arrivals])]);
      if (!organiser) {
        if (ci) firstChange = setTimeout(() => void organiserChange(), 2_000);
        organiser = setInterval(() => void organiserChange(), ORGANISER_EVERY_MS);
        ringSide = setInterval(() => void ringSideChange(), RING_SIDE_EVERY_MS);
      }

      // Hold: measured. Visitors come and go at the visit length's rate, so first visits stay in the mix.
      const before = await Promise.all(servers.map((sv) => sv.memory(false)));
      const genBefore = process.cpuUsage();
      lag.reset();
      const holdStarted = performance.now();
      stats.measuring = true;
      const turnoverPerS = target / (s.visitMin * 60);
      let owed = 0;
      while (performance.now() - holdStarted < s.holdS * 1000) {
        await sleep(1_000);
        owed += turnoverPerS;
        for (; owed >= 1; owed--) {
          leaveOne();
          arrive();
        }
      }
      stats.measuring = false;
      const seconds = (performance.now() - holdStarted) / 1000;
      const after = await Promise.all(servers.map((sv) => sv.memory(false)));
      const gen = process.cpuUsage(genBefore);
      const cpuMicros = after.reduce((sum, m, i) => sum + m.cpuMicros - before[i]!.cpuMicros, 0);
      const fast = stats.fast;
      const result: StepResult = {
        phones: target,
        requestsPerS: Math.round(stats.requests / seconds),
        p50: Math.round(percentile(fast, 0.5)),
        p99: Math.round(percentile(fast, 0.99)),
        slowP99: stats.slow.length ? Math.round(percentile(stats.slow, 0.99)) : NaN,
        errors: stats.errors,
        errorSamples: stats.errorSamples,
        kinds: [...stats.perKind].map(([kind, xs]) => `${kind} ${xs.length}× p99 ${Math.round(percentile(xs, 0.99))} ms`).join(', '),
        serverCpuPercent: Math.round((cpuMicros / 1e6 / seconds) * 100),
        serverRssMiB: Math.round(after.reduce((sum, m) => sum + m.rss, 0) / MiB),
        generatorCpuPercent: Math.round(((gen.user + gen.system) / 1e6 / seconds) * 100),
        generatorLagP99: round(lag.percentile(99) / 1e6),
        held: false,
      };
      result.held = result.errors === 0 && result.p99 < P99_BUDGET_MS && fast.length > 0;
      steps.push(result);
      console.log(`  ${config} ${stepLine(result)}\n      ${result.kinds}`);
      for (const e of result.errorSamples) console.log(`      error: ${e}`);
      if (!result.held) break;
    }
  } finally {
    lag.disable();
    if (organiser) clearInterval(organiser);
    if (ringSide) clearInterval(ringSide);
    if (firstChange) clearTimeout(firstChange);
    await Promise.allSettled([...arrivals]);
    await Promise.allSettled([...phones].map((p) => p.leave()));
  }
  // An overloaded step loses answers (the vote stored, its answer timed out): the outbox sends those again.
  const replay = await resendUnanswered(hall, first.url);
  if (replay.resent > 0)
    console.log(`  ${config}: ${replay.resent} votes whose answer was lost sent again, as the outbox does; ${replay.stillUnanswered} still unanswered`);
  const stored = (await first.votes()) - votesBefore;
  const held = steps.filter((r) => r.held);
  return { config, steps, peak: held.at(-1)?.phones ?? 0, votesStoredMinusAnswered: stored - hall.votesAnswered.size, votesResent: replay.resent };
}

function stepLine(r: StepResult): string {
  return (
    `${String(r.phones).padStart(5)} phones: ${r.requestsPerS} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (slow link p99 ${Number.isNaN(r.slowP99) ? '–' : `${r.slowP99} ms`}), ` +
    `errors ${r.errors}, server CPU ${r.serverCpuPercent} %, RSS ${r.serverRssMiB} MiB; generator CPU ${r.generatorCpuPercent} %, ` +
    `event-loop lag p99 ${r.generatorLagP99} ms → ${r.held ? 'held' : 'NOT held'}`
  );
}

// ---------- the section ----------

async function withServers<T>(config: ConfigName, distDir: string, base: string | null, fn: (servers: ServerProcess[]) => Promise<T>): Promise<T | null> {
  const env = {
    LOAD_SERVER_STATIC_DIR: distDir,
    LOAD_SERVER_QUIET: '1',
    // The capacity measured is the server's, not its connection budget's: the default keeps a quarter of
    // the open-file limit for files (server/connections.ts), which thousands of phones on one machine,
    // each with its keep-alive sockets and websocket, would reach before the server's CPU does.
    MAX_CONNECTIONS: String(Math.max(1_024, openFileLimit().limit - 1_024)),
  };
  if (config === 'pglite') {
    const server = await startServerProcess(undefined, env);
    try {
      return await fn([server]);
    } finally {
      await server.close();
    }
  }
  if (!base) {
    console.log(`  (${CONFIG_LABEL[config]}: no PostgreSQL answered; set BENCH_DATABASE_URL)`);
    return null;
  }
  const name = `showday_${config}_${process.pid}`;
  await withAdmin(base, (c) => c.query(`create database ${name}`));
  const servers: ServerProcess[] = [];
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    // One at a time: the first migrates and seeds, the others find the schema in place.
    for (let i = 0; i < (config === 'postgres3' ? 3 : 1); i++) servers.push(await startServerProcess(url.toString(), env));
    return await fn(servers);
  } finally {
    await Promise.all(servers.map((sv) => sv.close()));
    await withAdmin(base, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

export async function benchShowday(report: Report, options: BenchOptions): Promise<void> {
  const s = settings(options.ci);
  const load = loadavg();
  console.log(`  steps ${s.steps.join(', ')} phones; hold ${s.holdS} s; arrivals ${s.arrivalsPerS}/s; load average at start ${load.map((l) => l.toFixed(2)).join(' ')}`);
  const base = s.configs.some((c) => c !== 'pglite') ? await postgresBase() : null;
  const results: ConfigResult[] = [];
  for (const config of s.configs) {
    const result = await withServers(config, options.distDir, base, async (servers) => {
      // Past the sync watermark margin, so the recorded mirror is complete.
      await sleep(1_100);
      return runConfig(config, servers, s, options.ci, options.distDir);
    });
    if (!result) continue;
    results.push(result);
    const label = CONFIG_LABEL[result.config];
    const last = result.steps.at(-1)!;
    const detail = result.steps.map(stepLine).join('\n    ');
    report.exactly(
      `showday ${label}: votes stored − votes answered`,
      result.votesStoredMinusAnswered,
      '',
      0,
      `after the outbox's replay of ${result.votesResent} votes whose answer was lost`,
    );
    if (options.ci) {
      report.exactly(`showday ${label}, ${last.phones} phones: errors`, last.errors, '', 0, last.errorSamples.join(' | ') || undefined);
      report.atMost(`showday ${label}, ${last.phones} phones: p99`, last.p99, 'ms', P99_BUDGET_MS, 'timing', detail);
    } else {
      report.atLeast(`showday ${label}: peak phones held (p99 < 1 s, 0 errors)`, result.peak, 'phones', s.steps[0]!, 'timing', detail);
    }
  }
  if (!options.ci && results.length) console.log(`\n${markdown(results, s, load)}\n`);
}

function markdown(results: ConfigResult[], s: Settings, load: number[]): string {
  const cpu = cpus();
  const lines = [
    `Measured on ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} CPUs, ${Math.round(totalmem() / 1024 ** 3)} GiB RAM, ` +
      `load average ${load[0]!.toFixed(2)} at the start${load[0]! > cpu.length ? ' (measured with other work running: pessimistic)' : ''}; ` +
      `the phones' generator runs on the same machine, ${new Date().toISOString().slice(0, 10)}.`,
    `\`npm run bench -- --only showday\`: steps ${s.steps.join(', ')} phones, each held ${s.holdS} s; held = zero errors and p99 < 1 s ` +
      `(in brackets: the first step not held).`,
    '',
    '| set-up | phones held | at the peak: req/s | p50 / p99 | server CPU | server RSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((r) => {
      const peak = r.steps.find((x) => x.phones === r.peak);
      const next = r.steps.find((x) => !x.held);
      const cells = peak ? `${peak.requestsPerS} | ${peak.p50} / ${peak.p99} ms | ${peak.serverCpuPercent} % | ${peak.serverRssMiB} MiB` : '– | – | – | –';
      const failed = next ? ` (${next.phones.toLocaleString('en-GB')}: p99 ${next.p99} ms, ${next.errors} errors)` : ' (the last step)';
      return `| ${CONFIG_LABEL[r.config]} | ${r.peak.toLocaleString('en-GB')}${failed} | ${cells} |`;
    }),
  ];
  return lines.join('\n');
}

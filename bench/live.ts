// The live show: how long a committed change takes to reach the phones that listen, and what
// listening costs the venue server. The server runs in a child process (bench/load-server.ts); here:
// - 200 realtime-js clients, each joined to the show's topic and pulling sync_pull on a poke with the
//   app's own timing (the guard and the spread), plus 3 Chromium pages with a breed open: a service-role
//   rename of the breed is timed from the commit to the new name in every client and on every page;
// - the same 200 clients while a ring clerk calls cats to a ring (ring_side, signed in as the clerk): timed
//   from the clerk's call to the new ring_calls row in every client's pull;
// - the pulls those pokes cause, counted per second (the spread keeps the peak down);
// - 5,000 idle subscribed sockets: the server's RSS and CPU while it holds them.
// Sockets come from many loopback addresses (127.0.x.y), as phones come from many addresses, so the
// per-address connection limit stays what a hall runs with.
import { RealtimeClient } from '@supabase/realtime-js';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import type { Page } from 'playwright-core';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../server/config.ts';
import { LIVE_JOIN_TIMEOUT_MS, LIVE_TOPIC } from '../shared/live.ts';
import { SYNC_CONTRACT_VERSION, type PullSummary } from '../src/data/sync/contract.ts';
import { MIRROR_TABLES } from '../shared/mirror-tables.ts';
import { liveChannelOf, startLiveShow } from '../src/data/sync/live.ts';
import { createSyncStatusStore } from '../src/data/sync/status.ts';
import { launchBrowser } from './browser.ts';
import { startServerProcess } from './load.ts';
import type { BenchOptions, Report } from './report.ts';

const CLIENTS = 200;
const PAGES = 3;
const IDLE_SOCKETS = 5_000;
/** Commit → visible, p95 on loopback. */
const LATENCY_P95_BUDGET_MS = 2_000;
/**
 * Set from the measurement (5,000 sockets on a 2-CPU machine: 9-17 MiB more RSS, 1.8-3.5 KiB a socket, and
 * 1-1.7 % of a core while idle), with room for noise: what 5,000 idle sockets may cost the venue server.
 */
const IDLE_RSS_BUDGET_MIB = 64;
const IDLE_CPU_BUDGET_PERCENT = 5;
const CHANGE_TIMEOUT_MS = 30_000;
const MiB = 1024 * 1024;

type Cursors = Record<string, unknown>;

/** A loopback source address of its own for socket i (127.0.1.1 …), so no single address holds many. */
export function sourceAddress(i: number): string {
  return `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
}

/** ws bound to a source address, in the shape realtime-js takes as its transport. */
function boundTransport(localAddress: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { localAddress });
    }
  } as typeof WebSocket;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The mirror's cursors after a full pull: every bench client starts from the same, complete mirror. */
async function fullCursors(client: SupabaseClient): Promise<Cursors> {
  const cursors: Cursors = {};
  for (;;) {
    const { data, error } = await client.rpc('sync_pull', { p_cursors: cursors, p_limit: 1000, p_tables: MIRROR_TABLES, p_client: SYNC_CONTRACT_VERSION });
    if (error) throw new Error(`sync_pull: ${error.message}`);
    const page = data as { tables: Record<string, { more: boolean; cursor: unknown }>; tombstones: { more: boolean; cursor: unknown } };
    let more = page.tombstones.more;
    for (const [table, t] of Object.entries(page.tables)) {
      if (t.cursor) cursors[table] = t.cursor;
      more ||= t.more;
    }
    if (page.tombstones.cursor) cursors._tombstones = page.tombstones.cursor;
    if (!more) return cursors;
  }
}

/** A sync_pull page's rows by table. */
type PulledTables = Record<string, { rows: Record<string, unknown>[]; cursor: unknown }>;

interface Listener {
  client: SupabaseClient;
  /** Resolves with the moment a pull brought what `arrived` looks for. */
  expect(arrived: (tables: PulledTables) => boolean): Promise<number>;
  stop(): Promise<void>;
}

/** Always visible, always online: a phone held in a visitor's hand. */
const visibleDoc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });

/**
 * A phone without a screen: the app's own live show (startLiveShow: guard, spread, coalescing, held-back
 * follow-ups) over an engine that pulls sync_pull from the phone's cursors and looks for the change awaited.
 */
async function listener(url: string, i: number, cursors: Cursors, pullStarts: number[]): Promise<Listener> {
  const client = createClient(url, DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: boundTransport(sourceAddress(i)) as never, timeout: LIVE_JOIN_TIMEOUT_MS },
  });
  const status = createSyncStatusStore();
  let own: Cursors = structuredClone(cursors);
  let wanted: { arrived: (tables: PulledTables) => boolean; resolve: (at: number) => void } | null = null;
  let running: Promise<PullSummary> | null = null;

  async function cycle(): Promise<PullSummary> {
    status.setState({ syncing: true });
    try {
      pullStarts.push(performance.now());
      const { data, error } = await client.rpc('sync_pull', { p_cursors: own, p_limit: 1000, p_tables: MIRROR_TABLES, p_client: SYNC_CONTRACT_VERSION });
      if (error) throw new Error(error.message);
      const page = data as { held_back?: boolean; tables: PulledTables; tombstones: { cursor: unknown } };
      let rows = 0;
      own = { ...own };
      for (const [table, t] of Object.entries(page.tables)) {
        if (t.cursor) own[table] = t.cursor;
        rows += t.rows.length;
      }
      if (page.tombstones.cursor) own._tombstones = page.tombstones.cursor;
      if (wanted?.arrived(page.tables)) {
        wanted.resolve(performance.now());
        wanted = null;
      }
      return { requests: 1, writes: rows > 0 ? 1 : 0, rows, deleted: 0, quarantined: 0, reset: false, heldBack: page.held_back === true };
    } finally {
      status.setState({ syncing: false });
    }
  }
  const engine = {
    pull: () =>
      (running ??= cycle().finally(() => {
        running = null;
      })),
  };

  const subscribed = new Promise<void>((resolve, reject) => {
    const unsubscribe = status.subscribe((next) => {
      if (next.live) {
        unsubscribe();
        resolve();
      }
    });
    setTimeout(() => reject(new Error(`client ${i} did not join within ${LIVE_JOIN_TIMEOUT_MS} ms`)), LIVE_JOIN_TIMEOUT_MS);
  });
  const stop = startLiveShow({ engine, open: liveChannelOf(client), status, target: new EventTarget(), doc: visibleDoc, isOnline: () => true });
  await subscribed;
  return {
    client,
    expect: (arrived) => new Promise<number>((resolve) => (wanted = { arrived, resolve })),
    async stop() {
      stop();
      await client.removeAllChannels();
    },
  };
}

async function openPage(page: Page, url: string, abbreviation: string): Promise<void> {
  await page.goto(`${url}/breeds/${encodeURIComponent(abbreviation)}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The header says Live once the page holds its subscription.
  await page.getByRole('button', { name: /^Live\b/ }).waitFor({ timeout: 20_000 });
}

export async function benchLive(report: Report, options: BenchOptions): Promise<void> {
  const server = await startServerProcess(undefined, { LOAD_SERVER_STATIC_DIR: options.distDir });
  const browser = await launchBrowser();
  const listeners: Listener[] = [];
  try {
    const service = createClient(server.url, DEMO_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const { data: breed, error } = await service.from('breeds').select('id, breed_name, universal_breed_abbreviation').order('id').limit(1).single();
    if (error || !breed) throw new Error(`no breed to rename: ${error?.message}`);
    const cursors = await fullCursors(service);

    const pullStarts: number[] = [];
    for (let i = 0; i < CLIENTS; i++) listeners.push(await listener(server.url, i, cursors, pullStarts));
    const pages: Page[] = [];
    for (let i = 0; i < PAGES; i++) {
      const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await openPage(page, server.url, breed.universal_breed_abbreviation as string);
      pages.push(page);
    }

    const rounds = options.ci ? 3 : 10;
    const latencies: number[] = [];
    const pageLatencies: number[] = [];
    let missed = 0;
    let peak = 0;
    for (let round = 1; round <= rounds; round++) {
      const name = `${breed.breed_name as string} ${round}`;
      pullStarts.length = 0;
      const waits = listeners.map((l) => l.expect((tables) => tables.breeds?.rows.some((r) => r.id === breed.id && r.breed_name === name) === true));
      const committed = performance.now();
      const pageWaits = pages.map((page) =>
        page
          .getByRole('heading', { level: 1, name })
          .waitFor({ timeout: CHANGE_TIMEOUT_MS })
          .then(() => performance.now()),
      );
      const { error: updateError } = await service.from('breeds').update({ breed_name: name }).eq('id', breed.id);
      if (updateError) throw new Error(`rename: ${updateError.message}`);
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CHANGE_TIMEOUT_MS));
      for (const at of await Promise.all(waits.map((w) => Promise.race([w, timeout])))) {
        if (at === null) missed++;
        else latencies.push(at - committed);
      }
      for (const result of await Promise.allSettled(pageWaits)) {
        if (result.status === 'fulfilled') pageLatencies.push(result.value - committed);
        else missed++;
      }
      peak = Math.max(peak, peakPerSecond(pullStarts));
    }
    const all = [...latencies, ...pageLatencies].sort((a, b) => a - b);
    const detail = `${rounds} renames × (${CLIENTS} realtime-js clients + ${PAGES} Chromium pages); pages: max ${Math.round(Math.max(...pageLatencies))} ms`;
    report.exactly('live: changes that never arrived', missed, '', 0);
    report.atMost('live: commit → visible p50', Math.round(percentile(all, 50)), 'ms', LATENCY_P95_BUDGET_MS, 'timing', detail);
    report.atMost('live: commit → visible p95', Math.round(percentile(all, 95)), 'ms', LATENCY_P95_BUDGET_MS, 'timing');
    report.atMost('live: commit → visible max', Math.round(all.at(-1) ?? NaN), 'ms', CHANGE_TIMEOUT_MS, 'timing');
    report.atMost('live: peak pulls per second after a poke', peak, 'req/s', CLIENTS + PAGES, 'timing', 'pulls started in the busiest 1 s window');

    await ringCalls(report, server.url, service, listeners, rounds);

    await Promise.all(listeners.map((l) => l.stop()));
    listeners.length = 0;
    for (const context of browser.contexts()) await context.close();

    await idleSockets(report, server, options);
  } finally {
    await Promise.all(listeners.map((l) => l.stop().catch(() => undefined)));
    await browser.close();
    await server.close();
  }
}

/**
 * A ring clerk, signed in as the ring side is, calls six cats of the running event's catalogue to a ring,
 * `rounds` times: each call is timed from the clerk's ring_side request to its ring_calls row in every
 * listener's pull. The clerk is made as an organiser makes one (the show_role claim).
 */
async function ringCalls(report: Report, url: string, service: SupabaseClient, listeners: Listener[], rounds: number): Promise<void> {
  const email = `bench-clerk-${Date.now()}@example.com`;
  const password = `Clerk#${crypto.randomUUID()}`;
  const created = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { first_name: 'Bench', last_name: 'Clerk' },
    app_metadata: { show_role: 'ring_clerk' },
  });
  if (created.error) throw new Error(`the clerk's account: ${created.error.message}`);
  const clerk = createClient(url, DEMO_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const signedIn = await clerk.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`the clerk's sign-in: ${signedIn.error.message}`);
  const { data: cats, error } = await service.from('catalogue_entries').select('event_id, catalogue_number').eq('absent', false).order('id').limit(6);
  if (error || !cats?.length) throw new Error(`no catalogue to call from: ${error?.message}`);
  const eventId = cats[0]!.event_id as number;
  const { data: ring } = await service.from('event_schedule').select('location').eq('event_id', eventId).like('location', 'Ring %').limit(1).single();
  if (!ring) throw new Error('no ring in the running event’s schedule');

  const latencies: number[] = [];
  let missed = 0;
  for (let round = 1; round <= rounds; round++) {
    const label = `Bench call ${round}`;
    const waits = listeners.map((l) => l.expect((tables) => tables.ring_calls?.rows.some((r) => r.label === label) === true));
    const called = performance.now();
    const { error: callError } = await clerk.rpc('ring_side', {
      p_op: crypto.randomUUID(),
      p_event_id: eventId,
      p_action: { type: 'call', ring: ring.location, label, numbers: cats.map((c) => c.catalogue_number) },
    });
    if (callError) throw new Error(`the call: ${callError.message}`);
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), CHANGE_TIMEOUT_MS));
    for (const at of await Promise.all(waits.map((w) => Promise.race([w, timeout])))) {
      if (at === null) missed++;
      else latencies.push(at - called);
    }
  }
  await clerk.auth.signOut();
  const sorted = latencies.sort((a, b) => a - b);
  const detail = `${rounds} calls of ${cats.length} cats to ${String(ring.location)} by a signed-in ring clerk (ring_side) × ${listeners.length} realtime-js clients, from the call to its ring_calls row in each client's pull`;
  report.exactly('live: ring calls that never arrived', missed, '', 0);
  report.atMost(`live: ring call → visible on ${listeners.length} phones p50`, Math.round(percentile(sorted, 50)), 'ms', LATENCY_P95_BUDGET_MS, 'timing', detail);
  report.atMost(`live: ring call → visible on ${listeners.length} phones p95`, Math.round(percentile(sorted, 95)), 'ms', LATENCY_P95_BUDGET_MS, 'timing');
}

/** Pulls started in the busiest one-second window. */
function peakPerSecond(starts: number[]): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let peak = 0;
  for (let lo = 0, hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= 1_000) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

async function idleSockets(report: Report, server: Awaited<ReturnType<typeof startServerProcess>>, options: BenchOptions): Promise<void> {
  const count = IDLE_SOCKETS;
  const before = await server.memory(true);
  const sockets: RealtimeClient[] = [];
  const url = `${server.url.replace(/^http/, 'ws')}/realtime/v1`;
  try {
    const joined: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const socket = new RealtimeClient(url, { params: { apikey: DEMO_ANON_KEY }, transport: boundTransport(sourceAddress(i)) as never });
      sockets.push(socket);
      joined.push(
        new Promise<void>((resolve, reject) => {
          socket.channel(LIVE_TOPIC, { config: { private: false } }).subscribe((status, err) => {
            if (status === 'SUBSCRIBED') resolve();
            else if (status !== 'CLOSED') reject(new Error(`idle socket ${i}: ${status} ${err?.message ?? ''}`));
          });
        }),
      );
      // Phones arrive over minutes, not in one millisecond: a few hundred at a time.
      if (i % 250 === 249) await Promise.all(joined.slice(i - 249));
    }
    await Promise.all(joined);
    const held = await server.memory(true);
    const idleSeconds = options.ci ? 5 : 30;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const after = await server.memory(true);
    const rss = (after.rss - before.rss) / MiB;
    const cpu = ((after.cpuMicros - held.cpuMicros) / 1e6 / idleSeconds) * 100;
    report.atMost(
      `live: server RSS for ${count} idle subscribed sockets`,
      Math.round(rss * 10) / 10,
      'MiB',
      IDLE_RSS_BUDGET_MIB,
      'timing',
      `${((rss * MiB) / count / 1024).toFixed(1)} KiB per socket, ${Math.round(after.rss / MiB)} MiB in all`,
    );
    report.atMost(
      `live: server CPU holding ${count} idle sockets`,
      Math.round(cpu * 10) / 10,
      '% of a core',
      IDLE_CPU_BUDGET_PERCENT,
      'timing',
      `over ${idleSeconds} s, heartbeats every 25 s`,
    );
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

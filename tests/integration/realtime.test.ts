// The live show's pokes through the venue server's Realtime websocket: realtime-js from the real
// supabase-js client joins, hears a committed change within a second (and no rolled-back one), on PGlite
// and PostgreSQL and from two venue servers on one PostgreSQL; refusals, limits and frames at the wire.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_EVENT, LIVE_GUARD_MS, LIVE_MIN_SPREAD_MS, LIVE_TOPIC, readLivePoke, type LivePoke } from '../../shared/live.ts';
import { signJwt } from '../../server/auth/jwt.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { POKE_COALESCE_MS, REALTIME_MAX_FRAME_BYTES } from '../../server/realtime/hub.ts';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { createTestCa, issueCertificate, writeCertificateFiles } from '../helpers/test-ca.ts';
import { sleep } from '../helpers/time.ts';

const PER_IP = 6;
const IDLE_MS = 3_000;
const TOPIC = `realtime:${LIVE_TOPIC}`;

/** A supabase-js client whose realtime runs over `ws` (Node 20 has no WebSocket), heartbeating often enough for IDLE_MS. */
function liveClient(url: string, key = DEMO_ANON_KEY, transport: typeof WebSocket = WebSocket): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: transport as never, heartbeatIntervalMs: 1_000 },
  });
}

interface Listening {
  channel: RealtimeChannel;
  pokes: { poke: LivePoke | null; atMs: number }[];
  /** The subscribe callback's outcome: SUBSCRIBED, or the error's message. */
  outcome: Promise<string>;
}

function listen(sb: SupabaseClient, topic = LIVE_TOPIC, config?: { private?: boolean }): Listening {
  const channel = sb.channel(topic, config && { config });
  const pokes: Listening['pokes'] = [];
  channel.on('broadcast', { event: LIVE_EVENT }, (m) => pokes.push({ poke: readLivePoke(m.payload), atMs: Date.now() }));
  const outcome = new Promise<string>((resolve) =>
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(status);
      else if (err) resolve(err.message);
      else if (status !== 'CLOSED') resolve(status);
    }),
  );
  return { channel, pokes, outcome };
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A raw websocket to the endpoint: its frames as parsed JSON, its close code, or the HTTP refusal. */
interface Raw {
  ws: WebSocket;
  frames: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
}

function rawSocket(server: VenueServer, query = `apikey=${DEMO_ANON_KEY}&vsn=2.0.0`, opts: WebSocket.ClientOptions = {}): Promise<Raw> {
  const url = `${server.url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`;
  const ws = new WebSocket(url, opts);
  const frames: unknown[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, closed, send: (f) => ws.send(typeof f === 'string' ? f : JSON.stringify(f)) }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body) as unknown })));
    });
    ws.once('error', reject);
  });
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { status?: number; body?: unknown }) => ({ status: e.status, body: e.body }),
  );

const joinFrame = (ref: string, config: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => [
  ref,
  ref,
  TOPIC,
  'phx_join',
  { config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: [], private: false, ...config }, ...extra },
];

describe.each(forEngines(['pglite', 'postgres'], 'LISTEN/NOTIFY, a lost LISTEN connection and two servers on one PostgreSQL'))(
  'the live show over realtime on %s',
  (engine) => {
    let server: VenueServer;
    let service: SupabaseClient;
    const clients: SupabaseClient[] = [];
    const raws: Raw[] = [];

    const open = (url = server.url, key?: string) => {
      const sb = liveClient(url, key);
      clients.push(sb);
      return sb;
    };
    const raw = async (...args: Parameters<typeof rawSocket> extends [VenueServer, ...infer R] ? R : never) => {
      const r = await rawSocket(server, ...args);
      raws.push(r);
      return r;
    };
    /** A REST write by the show's own tools: one committed statement on breeds. */
    const touchBreed = async () => {
      const { error } = await service.from('breeds').update({ breed_name: 'Abyssinian' }).eq('universal_breed_abbreviation', 'ABY');
      expect(error).toBeNull();
    };

    beforeAll(async () => {
      server = await startTestServer(engine, { REALTIME_MAX_CONNECTIONS_PER_IP: String(PER_IP) }, { ownDatabase: true, realtime: { idleMs: IDLE_MS } });
      service = client(server, 'service_role');
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((sb) => sb.removeAllChannels().then(() => sb.realtime.disconnect())));
      for (const r of raws.splice(0)) r.ws.terminate();
      await until(() => server.realtime.count() === 0, 5_000, 'every socket to close');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('delivers a committed change as one poke within seconds, with the tables and the spread', async () => {
      const live = listen(open());
      expect(await live.outcome).toBe('SUBSCRIBED');
      const committedMs = Date.now();
      await touchBreed();
      await until(() => live.pokes.length > 0, 5_000, 'the poke');
      // A poke, not the 5-minute poll: its speed is the live bench's figure; the bound leaves room for a loaded CI box.
      expect(live.pokes[0]!.atMs - committedMs).toBeLessThan(3_000);
      expect(live.pokes[0]!.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
      // What is left of the guard, counted from the start of the transaction that made the change: its merge window has passed.
      expect(live.pokes[0]!.poke?.guard_ms).toBeGreaterThan(0);
      expect(live.pokes[0]!.poke?.guard_ms).toBeLessThanOrEqual(LIVE_GUARD_MS - POKE_COALESCE_MS);
      await sleep(300);
      expect(live.pokes).toHaveLength(1);
    });

    it('pokes nobody for a rolled-back change, and makes a burst one poke with the union of its tables', async () => {
      const live = listen(open());
      expect(await live.outcome).toBe('SUBSCRIBED');
      await server.db
        .transaction(async (tx) => {
          await tx.query(`update public.catteries set name = name`);
          throw new Error('the organiser cancels');
        })
        .catch(() => undefined);
      await sleep(400);
      expect(live.pokes).toEqual([]);
      // Two commits and a statement that changes no row, well within the coalescing window.
      await server.db.query(`update public.events set name = name where false`);
      await server.db.query(`update public.breeds set breed_name = breed_name where universal_breed_abbreviation = 'ABY'`);
      await until(() => live.pokes.length > 0, 5_000, 'the poke');
      await sleep(300);
      expect(live.pokes.map((p) => p.poke)).toEqual([{ tables: ['breeds', 'events'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) }]);
    });

    it('reaches every subscriber, and a left channel hears no more', async () => {
      const [a, b] = [listen(open()), listen(open())];
      expect(await Promise.all([a.outcome, b.outcome])).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
      expect(server.realtime.count(TOPIC)).toBe(2);
      await touchBreed();
      await until(() => a.pokes.length > 0 && b.pokes.length > 0, 5_000, 'both pokes');
      expect(await a.channel.unsubscribe()).toBe('ok');
      await until(() => server.realtime.count(TOPIC) === 1, 2_000, 'the leave');
      await touchBreed();
      await until(() => b.pokes.length > 1, 5_000, 'the second poke');
      await sleep(300);
      expect(a.pokes).toHaveLength(1);
    });

    it.runIf(engine === 'postgres')('delivers from two venue servers on one PostgreSQL', async () => {
      const second = await startTestServer('postgres', {}, { databaseUrl: server.config.databaseUrl });
      try {
        const here = listen(open());
        const there = listen(open(second.url));
        expect(await Promise.all([here.outcome, there.outcome])).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
        const committedMs = Date.now();
        await touchBreed();
        await until(() => here.pokes.length > 0 && there.pokes.length > 0, 5_000, 'a poke from each server');
        expect(there.pokes[0]!.atMs - committedMs).toBeLessThan(1_000);
        expect(there.pokes[0]!.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
        expect(here.pokes[0]!.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
        // Each counts both (their LISTEN connections by name): a poke's pulls land on the one database from
        // both, so each spreads them as for both servers' phones.
        expect(await Promise.all([server.db.listeners(), second.db.listeners()])).toEqual([2, 2]);
      } finally {
        await Promise.all(clients.splice(0).map((sb) => sb.removeAllChannels().then(() => sb.realtime.disconnect())));
        await second.close();
      }
    });

    it.runIf(engine === 'pglite')('keeps poking after the PGlite worker restarts (a statement past its deadline)', async () => {
      const live = listen(open());
      expect(await live.outcome).toBe('SUBSCRIBED');
      const slow = server.db.transaction((tx) => tx.query('select pg_sleep(5)'), { readOnly: true, settings: [['statement_timeout', '200ms']] });
      await expect(slow).rejects.toMatchObject({ code: '57014' });
      await touchBreed();
      await until(() => live.pokes.length > 0, 10_000, 'the poke from the new worker');
      expect(live.pokes[0]!.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
    });

    it.runIf(engine === 'postgres')('listens again after PostgreSQL ends its LISTEN connection', async () => {
      const live = listen(open());
      expect(await live.outcome).toBe('SUBSCRIBED');
      const { rows } = await server.db.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
      );
      expect(rows).toEqual([{ ended: true }]);
      // The first reconnect comes after 1 s; until then a change is missed (a poke is only a hint).
      const end = Date.now() + 10_000;
      while (live.pokes.length === 0 && Date.now() < end) {
        await touchBreed();
        await sleep(300);
      }
      expect(live.pokes[0]?.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
    });

    it('refuses a forged or expired access token with Realtime’s reasons, and a forged apikey with Kong’s', async () => {
      const forged = (await signJwt({ role: 'service_role', exp: 1983812996 }, 'not-the-secret-of-this-show-but-32-chars-long')) as string;
      const sb = open();
      await sb.realtime.setAuth(forged);
      expect(await listen(sb).outcome).toBe('JwtSignatureError: Failed to validate JWT signature');

      const expired = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 30 }, DEMO_JWT_SECRET);
      const late = open();
      await late.realtime.setAuth(expired);
      expect(await listen(late).outcome).toMatch(/^InvalidJWTToken: Token has expired (3\d) seconds ago$/);

      const noExp = open();
      await noExp.realtime.setAuth(await signJwt({ role: 'anon' }, DEMO_JWT_SECRET));
      expect(await listen(noExp).outcome).toBe('InvalidJWTToken: Fields `role` and `exp` are required in JWT');

      expect(await refusal(rawSocket(server, `apikey=${forged}&vsn=2.0.0`))).toEqual({ status: 401, body: { message: 'Invalid API key' } });
      expect(await refusal(rawSocket(server, 'vsn=2.0.0'))).toEqual({ status: 401, body: { message: 'No API key found in request' } });
      // A user's token is not a project key.
      const user = await signJwt({ role: 'authenticated', exp: 1983812996 }, DEMO_JWT_SECRET);
      expect(await refusal(rawSocket(server, `apikey=${user}&vsn=2.0.0`))).toEqual({ status: 401, body: { message: 'Invalid API key' } });
      // The service key is a project key too.
      const ok = listen(open(server.url, DEMO_SERVICE_ROLE_KEY));
      expect(await ok.outcome).toBe('SUBSCRIBED');
    });

    it('refuses a private topic (no RLS on realtime.messages here), and lets a signed-in visitor join', async () => {
      const sb = open();
      expect(await listen(sb, 'secret', { private: true }).outcome).toBe('Unauthorized: You do not have permissions to read from this Channel topic: secret');
      const visitor = open();
      await visitor.realtime.setAuth(await signJwt({ role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 }, DEMO_JWT_SECRET));
      const live = listen(visitor);
      expect(await live.outcome).toBe('SUBSCRIBED');
      await touchBreed();
      await until(() => live.pokes.length > 0, 5_000, 'the signed-in visitor’s poke');
    });

    it('answers heartbeats, joins and leaves in both serializers, and unmatched topics with Phoenix’s error', async () => {
      const v2 = await raw();
      v2.send([null, '1', 'phoenix', 'heartbeat', {}]);
      v2.send(joinFrame('2'));
      v2.send(['2', '3', TOPIC, 'phx_leave', {}]);
      v2.send(['5', '4', 'realtime:elsewhere', 'phx_leave', {}]);
      v2.send(['2', '6', TOPIC, 'access_token', { access_token: DEMO_ANON_KEY }]);
      v2.send(['7', '7', 'elsewhere', 'phx_join', {}]);
      await until(() => v2.frames.length === 7, 2_000, 'seven frames');
      expect(v2.frames).toEqual([
        [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }],
        ['2', '2', TOPIC, 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }],
        ['2', '3', TOPIC, 'phx_reply', { status: 'ok', response: {} }],
        ['2', '2', TOPIC, 'phx_close', {}],
        ['5', '4', 'realtime:elsewhere', 'phx_reply', { status: 'ok', response: {} }],
        [null, '6', TOPIC, 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
        [null, '7', 'elsewhere', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
      ]);

      const v1 = await raw(`apikey=${DEMO_ANON_KEY}&vsn=1.0.0`);
      v1.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1', join_ref: null });
      v1.send({ topic: TOPIC, event: 'phx_join', payload: { config: { private: false } }, ref: '2', join_ref: '2' });
      await until(() => v1.frames.length === 2, 2_000, 'two replies');
      await touchBreed();
      await until(() => v1.frames.length === 3, 5_000, 'the poke');
      expect(v1.frames).toEqual([
        { join_ref: null, ref: '1', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } },
        { join_ref: '2', ref: '2', topic: TOPIC, event: 'phx_reply', payload: { status: 'ok', response: { postgres_changes: [] } } },
        {
          join_ref: null,
          ref: null,
          topic: TOPIC,
          event: 'broadcast',
          payload: { type: 'broadcast', event: LIVE_EVENT, payload: { tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) } },
        },
      ]);
    });

    it('shuts a channel whose new access token has expired: a system message, then phx_close', async () => {
      const r = await raw();
      r.send(joinFrame('1'));
      await until(() => r.frames.length === 1, 2_000, 'the join');
      const expired = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 5 }, DEMO_JWT_SECRET);
      r.send(['1', '2', TOPIC, 'access_token', { access_token: expired }]);
      await until(() => r.frames.length === 3, 2_000, 'the shutdown');
      expect(r.frames[1]).toEqual([
        '1',
        null,
        TOPIC,
        'system',
        { extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d seconds ago$/) as unknown, channel: LIVE_TOPIC },
      ]);
      expect(r.frames[2]).toEqual(['1', '1', TOPIC, 'phx_close', {}]);
      expect(server.realtime.count(TOPIC)).toBe(0);
    });

    it('holds the per-address connection limit, and frees a place when a socket closes', async () => {
      const held = await Promise.all(Array.from({ length: PER_IP }, () => raw()));
      expect(await refusal(rawSocket(server))).toEqual({ status: 429, body: { error: 'Too many connections from this address' } });
      held[0]!.ws.close();
      await held[0]!.closed;
      await until(() => server.realtime.count() === PER_IP - 1, 2_000, 'the place to free');
      await raw();
      // A forwarded address is not believed without TRUSTED_PROXIES.
      expect(await refusal(rawSocket(server, undefined, { headers: { 'X-Forwarded-For': '203.0.113.9' } }))).toEqual({
        status: 429,
        body: { error: 'Too many connections from this address' },
      });
    });

    it('closes a socket that sends an oversized frame (1009), and only that one', async () => {
      const [big, other] = await Promise.all([raw(), raw()]);
      big.send('x'.repeat(REALTIME_MAX_FRAME_BYTES + 1));
      expect((await big.closed).code).toBe(1009);
      other.send([null, '1', 'phoenix', 'heartbeat', {}]);
      await until(() => other.frames.length === 1, 2_000, 'the heartbeat reply');
      expect(other.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('closes a socket that stays silent past the idle time, keeps a heartbeating one', async () => {
      const [silent, beating] = await Promise.all([raw(), raw()]);
      const timer = setInterval(() => beating.send([null, 'hb', 'phoenix', 'heartbeat', {}]), 500);
      try {
        const { code, reason } = await silent.closed;
        expect({ code, reason }).toEqual({ code: 1000, reason: 'Idle timeout' });
        expect(beating.ws.readyState).toBe(WebSocket.OPEN);
      } finally {
        clearInterval(timer);
      }
    });
  },
);

describe('the realtime websocket over HTTPS (HTTP/1.1 upgrade on the HTTP/2 server)', () => {
  let dir: string;
  let server: VenueServer | null;
  let ca: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'purrfect-tls-'));
    const authority = await createTestCa();
    ca = authority.certPem;
    const files = writeCertificateFiles(dir, await issueCertificate(authority, { hosts: ['127.0.0.1'] }));
    server = await startTestServer('pglite', { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, SITE_URL: 'https://127.0.0.1:0' });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('joins and hears a poke over wss://, and the server’s close ends the socket with 1001', async () => {
    const trusting = class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { ca });
      }
    };
    const venue = server!;
    const sb = liveClient(venue.url, DEMO_ANON_KEY, trusting as unknown as typeof WebSocket);
    const live = listen(sb);
    expect(await live.outcome).toBe('SUBSCRIBED');
    await venue.db.query(`update public.breeds set breed_name = breed_name where universal_breed_abbreviation = 'ABY'`);
    await until(() => live.pokes.length > 0, 5_000, 'the poke over TLS');
    expect(live.pokes[0]!.poke).toEqual({ tables: ['breeds'], spread_ms: LIVE_MIN_SPREAD_MS, guard_ms: expect.any(Number) });
    await sb.removeAllChannels();
    sb.realtime.disconnect();

    const r = await rawSocket(venue, `apikey=${DEMO_ANON_KEY}&vsn=2.0.0`, { ca });
    server = null;
    await venue.close();
    expect(await r.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});

// Connections that hold the venue server without being served. Sockets that send nothing (plain,
// TLS before and after its handshake), idle keep-alive connections and HTTP/2 sessions, a flood beyond the
// per-address cap and beyond the process's connection budget, pipelined requests whose answers are never
// read, and a websocket that never reads its replies. Each server runs in its own process with small
// budgets (MAX_CONNECTIONS_PER_IP, MAX_CONNECTIONS), so a held server shows as timeouts here.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServerProcess } from '../../bench/load.ts';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import { KEEP_ALIVE_TIMEOUT_MS, REQUEST_HEAD_TIMEOUT_MS } from '../../server/connections.ts';
import { createTestCa, issueCertificate, writeCertificateFiles } from '../helpers/test-ca.ts';
import { idleSockets, unreadHeartbeats, unreadPipeline } from './attacks.ts';

const PER_ADDRESS = 50;
const BUDGET = 150;
/** The sweep's tick and a busy 2-CPU machine. */
const SLACK_MS = 2_500;
const MiB = 1024 * 1024;
/** "The other phone": another loopback address, so the server sees a client of its own. */
const OTHER_PHONE = '127.0.0.2';

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;
let plain: ServerProcess;
let secure: ServerProcess;
let ca: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'purrfect-connections-'));
  const testCa = await createTestCa();
  ca = testCa.certPem;
  const files = writeCertificateFiles(dir, await issueCertificate(testCa, { hosts: ['127.0.0.1'] }));
  const budgets = { MAX_CONNECTIONS_PER_IP: String(PER_ADDRESS), MAX_CONNECTIONS: String(BUDGET), LOAD_SERVER_QUIET: '1' };
  [plain, secure] = await Promise.all([
    startServerProcess(undefined, budgets),
    startServerProcess(undefined, { ...budgets, TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** GET path from a source address: status and time, or 0 when it failed or took longer than timeoutMs. */
function get(serverUrl: string, path: string, opts: { localAddress?: string; timeoutMs?: number } = {}): Promise<{ status: number; ms: number; body: string }> {
  const url = new URL(path, serverUrl);
  const t = performance.now();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(url, { localAddress: opts.localAddress, agent: false, ca, headers: { apikey: DEMO_ANON_KEY }, timeout: opts.timeoutMs ?? 5_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t, body }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t, body: '' }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connections that send nothing', () => {
  it('are closed within the head budget: plain, TLS before its handshake, TLS after it (HTTP/1.1 and h2)', async () => {
    const [silentPlain, silentTcpOnTls, silentH1, silentH2] = await Promise.all([
      idleSockets(plain.url, 5),
      idleSockets(secure.url, 5),
      idleSockets(secure.url, 5, { tls: { ca, alpn: 'http/1.1' } }),
      idleSockets(secure.url, 5, { tls: { ca, alpn: 'h2' } }),
    ]);
    try {
      // A socket that sent half a request head gets no longer than one that sent nothing.
      silentPlain.sockets[0]!.write('GET /rest/v1/breeds HTTP/1.1\r\nHost: venue\r\n');
      await sleep(REQUEST_HEAD_TIMEOUT_MS + SLACK_MS);
      expect({
        plain: silentPlain.closed(),
        tcpOnTls: silentTcpOnTls.closed(),
        tlsHttp1: silentH1.closed(),
        tlsH2: silentH2.closed(),
      }).toEqual({ plain: 5, tcpOnTls: 5, tlsHttp1: 5, tlsH2: 5 });
      for (const ms of [...silentPlain.closedAfterMs, ...silentTcpOnTls.closedAfterMs, ...silentH1.closedAfterMs, ...silentH2.closedAfterMs]) {
        expect(ms).toBeGreaterThan(REQUEST_HEAD_TIMEOUT_MS - 1_000);
      }
    } finally {
      for (const held of [silentPlain, silentTcpOnTls, silentH1, silentH2]) held.stop();
    }
  }, 40_000);

  it('closes idle keep-alive connections and HTTP/2 sessions after their last answer', async () => {
    const keepAlive = (serverUrl: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL('/rest/v1/breeds?select=id&limit=1', serverUrl);
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const req = send(url, { agent: false, ca, headers: { apikey: DEMO_ANON_KEY, connection: 'keep-alive' } }, (res) => {
          res.resume();
          res.on('end', () => {
            const answeredAt = performance.now();
            req.socket?.once('close', () => resolve(performance.now() - answeredAt));
          });
        });
        req.on('error', reject);
        req.end();
      });
    const h2Session = new Promise<number>((resolve, reject) => {
      const session = http2Connect(secure.url, { ca });
      session.on('error', () => undefined);
      const stream = session.request({ ':path': '/rest/v1/breeds?select=id&limit=1', apikey: DEMO_ANON_KEY });
      stream.resume();
      stream.on('error', reject);
      stream.on('end', () => {
        const answeredAt = performance.now();
        session.once('close', () => resolve(performance.now() - answeredAt));
      });
    });
    const closedAfter = await Promise.all([keepAlive(plain.url), keepAlive(secure.url), h2Session]);
    for (const ms of closedAfter) expect(ms).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
  }, 30_000);
});

describe('a flood of idle connections', () => {
  it(`keeps one address to ${PER_ADDRESS} open connections, and another phone is answered at once`, async () => {
    const flood = await idleSockets(plain.url, PER_ADDRESS * 4);
    try {
      await sleep(500);
      // The address's own oldest idle sockets made room for its newest ones.
      expect(flood.sockets.length - flood.closed()).toBeLessThanOrEqual(PER_ADDRESS);
      const other = await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE, timeoutMs: 2_000 });
      expect(other.status).toBe(200);
      // The flooding address itself still gets its newest connection served.
      expect((await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { timeoutMs: 2_000 })).status).toBe(200);
    } finally {
      flood.stop();
    }
  }, 30_000);

  it(`sheds idle connections at the process's budget (${BUDGET}) so another phone is answered`, async () => {
    const addresses = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];
    const flood = await idleSockets(plain.url, addresses.length * (PER_ADDRESS - 5), { localAddresses: addresses });
    try {
      await sleep(500);
      expect(flood.sockets.length - flood.closed()).toBeLessThanOrEqual(BUDGET);
      const other = await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE, timeoutMs: 2_000 });
      expect(other.status).toBe(200);
    } finally {
      flood.stop();
    }
  }, 30_000);
});

describe('a server whose connections are all busy', () => {
  it('answers a new connection 503 with a JSON error, and serves again once they go', async () => {
    const url = `${plain.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${DEMO_ANON_KEY}&vsn=2.0.0`;
    const sockets: WebSocket[] = [];
    /** 20 websockets (the realtime cap per address) from one address; websockets are never idle, so none is shed. */
    const openFrom = (address: string) =>
      Promise.all(
        Array.from({ length: 20 }, () => {
          const ws = new WebSocket(url, { localAddress: address, perMessageDeflate: false });
          ws.on('error', () => undefined);
          sockets.push(ws);
          return new Promise<void>((resolve) => {
            ws.once('open', () => resolve());
            ws.once('close', () => resolve());
          });
        }),
      );
    try {
      // 10 addresses × 20 pass the budget of 150.
      await Promise.all(Array.from({ length: 10 }, (_, i) => openFrom(`127.0.0.${31 + i}`)));
      expect(sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length).toBeGreaterThan(BUDGET - 20);
      // Some of those were refused while earlier tests' sockets were still closing; once those have gone there
      // is room again, so the budget is filled from another address until the server is full.
      let refused = await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE, timeoutMs: 2_000 });
      for (let extra = 0; refused.status !== 503 && extra < 3; extra++) {
        await openFrom(`127.0.0.${41 + extra}`);
        refused = await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE, timeoutMs: 2_000 });
      }
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toEqual({ error: expect.stringContaining('connection budget') });
    } finally {
      sockets.forEach((ws) => ws.terminate());
    }
    await sleep(500);
    expect((await get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE, timeoutMs: 2_000 })).status).toBe(200);
  }, 30_000);
});

describe('clients that do not read their answers', () => {
  it('stops reading pipelined requests whose answers sit unread: bounded memory, other phones answered', async () => {
    const before = (await plain.memory(true)).rss;
    const attack = await unreadPipeline(plain.url, {
      sockets: 4,
      requests: 1_500,
      path: '/rest/v1/breeds',
      headers: { apikey: DEMO_ANON_KEY },
    });
    const overTls = await unreadPipeline(secure.url, {
      sockets: 2,
      requests: 1_500,
      path: '/rest/v1/breeds',
      headers: { apikey: DEMO_ANON_KEY },
      tls: { ca, alpn: 'http/1.1' },
    });
    const secureBefore = (await secure.memory(false)).rss;
    try {
      let peak = 0;
      let securePeak = 0;
      const worst: number[] = [];
      for (let i = 0; i < 8; i++) {
        await sleep(1_000);
        peak = Math.max(peak, (await plain.memory(false)).rss);
        securePeak = Math.max(securePeak, (await secure.memory(false)).rss);
        const [p, s] = await Promise.all([
          get(plain.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE }),
          get(secure.url, '/rest/v1/breeds?select=id&limit=1', { localAddress: OTHER_PHONE }),
        ]);
        expect([p.status, s.status]).toEqual([200, 200]);
        worst.push(p.ms, s.ms);
      }
      expect((peak - before) / MiB).toBeLessThan(64);
      expect((securePeak - secureBefore) / MiB).toBeLessThan(64);
      expect(Math.max(...worst)).toBeLessThan(2_000);
    } finally {
      attack.stop();
      overTls.stop();
    }
  }, 60_000);

  it('drops a websocket that never reads its heartbeat replies, with bounded memory', async () => {
    const before = (await plain.memory(true)).rss;
    // The report's attack: 9 heartbeats a second with 16 KB refs, from sockets that read nothing.
    const attack = await unreadHeartbeats(plain.url, {
      apikey: DEMO_ANON_KEY,
      sockets: 10,
      perSecond: 9,
      refBytes: 16_000,
      localAddresses: ['127.0.0.21', '127.0.0.22'],
    });
    try {
      let peak = 0;
      const deadline = performance.now() + 20_000;
      while (attack.closed() < attack.sockets.length && performance.now() < deadline) {
        await sleep(500);
        peak = Math.max(peak, (await plain.memory(false)).rss);
      }
      expect(attack.closed()).toBe(attack.sockets.length);
      expect((peak - before) / MiB).toBeLessThan(48);
    } finally {
      attack.stop();
    }
  }, 40_000);
});

// Hostile requests and hostile connections, shared by the abuse suite and
// the abuse bench (bench/abuse.ts).
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { WebSocket } from 'ws';

/** The backreference regex of the report: exponential in Postgres' regex engine. */
export const REGEX_ATTACK = '/rest/v1/breeds?select=id&about=match.(.*)(.*)(.*)%5C3%5C2%5C1x';
/** Nine levels of breeds ↔ litters: 149 MB and 2 GB RSS before the embed budget. */
export const EMBED_ATTACK = `/rest/v1/breeds?select=${'*,litters(*,breeds('.repeat(4)}*,litters(*)${'))'.repeat(4)}`;

// ---------- connections that hold the server without being served ----------

export interface HeldSockets {
  sockets: Socket[];
  /** Sockets the server has closed so far. */
  closed(): number;
  /** When each closed socket closed, ms after it connected (in close order). */
  closedAfterMs: number[];
  stop(): void;
}

export interface SocketOptions {
  /** Source addresses to spread the sockets over (a loopback address each: Linux routes 127/8 to lo). */
  localAddresses?: string[];
  /** Connect over TLS and finish the handshake (ALPN h2 or http/1.1), trusting this CA; raw TCP otherwise. */
  tls?: { ca: string; alpn: 'h2' | 'http/1.1' };
}

function open(url: URL, i: number, opts: SocketOptions): Socket {
  const localAddress = opts.localAddresses?.[i % opts.localAddresses.length];
  const at = { host: url.hostname, port: Number(url.port), ...(localAddress ? { localAddress } : {}) };
  return opts.tls ? tlsConnect({ ...at, ca: opts.tls.ca, ALPNProtocols: [opts.tls.alpn] }) : netConnect(at);
}

/** Opens `count` sockets that send nothing (after the handshake, with `tls`), as fast as they connect. */
export async function idleSockets(serverUrl: string, count: number, opts: SocketOptions = {}): Promise<HeldSockets> {
  const url = new URL(serverUrl);
  const sockets: Socket[] = [];
  const closedAfterMs: number[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const socket = open(url, i, opts);
    const startedAt = performance.now();
    sockets.push(socket);
    socket.on('error', () => undefined);
    // Whatever the server says (an HTTP/2 SETTINGS frame) is read and dropped, so its close is seen.
    socket.resume();
    ready.push(
      new Promise<void>((resolve) => {
        socket.once(opts.tls ? 'secureConnect' : 'connect', () => resolve());
        socket.once('close', () => {
          closedAfterMs.push(performance.now() - startedAt);
          resolve();
        });
      }),
    );
  }
  await Promise.all(ready);
  return {
    sockets,
    closed: () => closedAfterMs.length,
    closedAfterMs,
    stop: () => sockets.forEach((s) => s.destroy()),
  };
}

/**
 * Sockets that each send `requests` pipelined GETs of `path` at once and never read an answer: the
 * report's 4 × 1,500 `GET /rest/v1/breeds`.
 */
export async function unreadPipeline(
  serverUrl: string,
  opts: SocketOptions & { sockets: number; requests: number; path: string; headers: Record<string, string> },
): Promise<HeldSockets & { sentBytes: number }> {
  const url = new URL(serverUrl);
  const head = Object.entries({ Host: url.host, ...opts.headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const batch = `GET ${opts.path} HTTP/1.1\r\n${head}\r\n`.repeat(opts.requests);
  const held = await idleSockets(serverUrl, opts.sockets, opts.tls ? { ...opts, tls: { ...opts.tls, alpn: 'http/1.1' } } : opts);
  for (const socket of held.sockets) {
    // Never read: the answers stay in the server's (and the kernel's) buffers.
    socket.pause();
    if (!socket.destroyed) socket.write(batch);
  }
  return { ...held, sentBytes: batch.length * held.sockets.length };
}

/**
 * Realtime sockets that send heartbeats with long refs (`perSecond` each, under the frame-rate limit)
 * and never read the replies. Resolves once every socket is open; `closed()` counts those the server dropped.
 */
export async function unreadHeartbeats(
  serverUrl: string,
  opts: { apikey: string; sockets: number; perSecond: number; refBytes: number; localAddresses?: string[] },
): Promise<HeldSockets> {
  const url = `${serverUrl.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${opts.apikey}&vsn=1.0.0`;
  const ref = 'r'.repeat(opts.refBytes);
  const frame = JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref, join_ref: null });
  const sockets: Socket[] = [];
  const closedAfterMs: number[] = [];
  const timers: NodeJS.Timeout[] = [];
  const opened = Array.from({ length: opts.sockets }, (_, i) => {
    const localAddress = opts.localAddresses?.[i % opts.localAddresses.length];
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
    const startedAt = performance.now();
    ws.on('error', () => undefined);
    return new Promise<void>((resolve) => {
      ws.once('open', () => {
        const socket = (ws as unknown as { _socket: Socket })._socket;
        // The client stops reading: replies pile up on the server's side.
        socket.pause();
        socket.once('close', () => closedAfterMs.push(performance.now() - startedAt));
        sockets.push(socket);
        const timer = setInterval(() => {
          if (ws.readyState === WebSocket.OPEN) ws.send(frame);
        }, 1000 / opts.perSecond);
        timers.push(timer);
        resolve();
      });
      ws.once('close', () => resolve());
    });
  });
  await Promise.all(opened);
  return {
    sockets,
    closed: () => closedAfterMs.length,
    closedAfterMs,
    stop() {
      timers.forEach(clearInterval);
      sockets.forEach((s) => s.destroy());
    },
  };
}

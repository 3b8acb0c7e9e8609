// Connection budgets and back-pressure for the venue server's listening sockets (issue 31): the main
// server (plain HTTP, or HTTPS with HTTP/2 and HTTP/1.1) and the HTTP_PORT redirect share one guard.
// Node's own knobs leave gaps: a socket that never sends a byte is never timed out (its parser is not
// "active", so headersTimeout never looks at it), nor is a TLS socket that finished its handshake and
// sends nothing, nor an idle HTTP/2 session; and a pipelined request is handed to the app before its
// answers are read. So every socket is followed here, from its first TCP moment to its close.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2ServerRequest, Http2ServerResponse, Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { plainAddress, trustedProxies } from './auth/client-address.ts';
import type { ServerConfig } from './config.ts';

/** A new connection must have sent a complete request head (after its TLS handshake) within this. */
export const REQUEST_HEAD_TIMEOUT_MS = 10_000;
/** After its last answer, a connection (keep-alive, HTTP/2 session) waits this long for the next request head. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Requests answered on one HTTP/1.1 connection at a time: at this many in flight, reading stops. */
export const PIPELINE_DEPTH = 4;
/** Unsent answer bytes one connection may hold before reading from it stops. */
export const WRITE_BUFFER_BYTES = 64 * 1024;
/** HTTP/2 streams one session may have open (SETTINGS_MAX_CONCURRENT_STREAMS). */
export const HTTP2_MAX_STREAMS = 64;
/** Memory one HTTP/2 session may use in MB (Node's maxSessionMemory: queued frames, header tables). */
export const HTTP2_MAX_SESSION_MEMORY_MB = 4;
/** A connection with answers waiting whose peer takes none of them for this long is cut. */
export const STALLED_READER_MS = 30_000;
/** At the budget, idle connections are shed until this share of it is open. */
const SHED_TO = 0.95;
/** Open files kept for everything that is not a client connection (database, static files, logs). */
const RESERVED_FILES_SHARE = 0.25;
const MIN_RESERVED_FILES = 256;
/** When the open-file limit cannot be read (not Linux, no shell). */
const FALLBACK_OPEN_FILE_LIMIT = 1024;
const SWEEP_MS = 500;
const LOG_EVERY_MS = 60_000;
/** A refused plain-HTTP socket gets this long to take its answer before it is cut. */
const REFUSE_LINGER_MS = 1_000;

/** The process's open-file limit (its soft RLIMIT_NOFILE, which Node raises to the hard one at start). */
export function openFileLimit(): { limit: number; source: string } {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
    if (soft === 'unlimited') return { limit: Number.MAX_SAFE_INTEGER, source: '/proc/self/limits' };
    const n = Number(soft);
    if (Number.isInteger(n) && n > 0) return { limit: n, source: '/proc/self/limits' };
  } catch {
    // not Linux: ask a shell, which inherits this process's limit
  }
  try {
    const out = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (out === 'unlimited') return { limit: Number.MAX_SAFE_INTEGER, source: 'ulimit -n' };
    const n = Number(out);
    if (Number.isInteger(n) && n > 0) return { limit: n, source: 'ulimit -n' };
  } catch {
    // no shell either
  }
  return { limit: FALLBACK_OPEN_FILE_LIMIT, source: 'assumed' };
}

/** Client connections the process may hold: MAX_CONNECTIONS, or what the open-file limit leaves after a reserve. */
export function connectionBudget(configured: number | null, limit = openFileLimit()): { maxOpen: number; why: string } {
  if (configured !== null) return { maxOpen: configured, why: `MAX_CONNECTIONS=${configured}` };
  const reserve = Math.max(MIN_RESERVED_FILES, Math.ceil(limit.limit * RESERVED_FILES_SHARE));
  const maxOpen = Math.max(64, limit.limit - reserve);
  return { maxOpen, why: `open-file limit ${limit.limit} (${limit.source}) less ${reserve} kept for files` };
}

/** The TLS and HTTP/2 options that belong to the budget, for createSecureServer. */
export const secureServerLimits = {
  handshakeTimeout: REQUEST_HEAD_TIMEOUT_MS,
  maxSessionMemory: HTTP2_MAX_SESSION_MEMORY_MB,
  settings: { maxConcurrentStreams: HTTP2_MAX_STREAMS },
} as const;

/** One client connection, from its TCP accept to its close. */
interface Tracked {
  raw: Socket;
  address: string;
  /** Requests (HTTP/1.1) or streams (HTTP/2) not yet answered. */
  inflight: number;
  /** With nothing in flight, the connection is closed at this time (its head or keep-alive budget). */
  deadline: number;
  /** The socket HTTP/1.1 requests arrive on (the TLS socket over TLS): the one paused for back-pressure. */
  http1: Socket | null;
  session: Http2Session | null;
  answers: Set<ServerResponse | Http2ServerResponse>;
  /** A websocket now: realtime's budgets apply, not these. */
  upgraded: boolean;
  pausedHere: boolean;
  /** Bytes written to the peer when answers were last seen moving. */
  written: number;
  movedAt: number;
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;
type Listener = (req: Request, res: Response) => void;

export interface ConnectionGuard {
  /** Follows a server's connections; `tls` for the HTTPS server (its sockets cannot be answered before the handshake). */
  watch(server: HttpServer | Http2SecureServer, kind: 'plain' | 'tls'): void;
  /** Wraps a request listener: requests over a connection's budget are answered here, never by the app. */
  gate<L extends (req: never, res: never) => void>(listener: L): L;
  /** Open client connections, in all and from one address. */
  open(address?: string): number;
  readonly maxOpen: number;
  stop(): void;
}

const peerKey = (s: { remoteAddress?: string; remotePort?: number }) => `${s.remoteAddress ?? ''}|${s.remotePort ?? ''}`;

function rawAnswer(status: number, reason: string, body: object): string {
  const text = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
    `Retry-After: 5\r\nConnection: close\r\n\r\n${text}`
  );
}

export const REFUSALS = {
  overBudget: { error: 'The venue server is at its connection budget: try again in a few seconds' },
  perAddress: { error: 'Too many connections from this address' },
  pipeline: { error: 'Too many requests waiting on this connection: read the answers first' },
} as const;

export function connectionGuard(
  config: Pick<ServerConfig, 'maxConnections' | 'maxConnectionsPerIp' | 'trustedProxies'>,
  opts: { log?: Pick<Console, 'warn'>; limit?: { limit: number; source: string } } = {},
): ConnectionGuard {
  const log = opts.log ?? console;
  const budget = connectionBudget(config.maxConnections, opts.limit);
  const maxOpen = budget.maxOpen;
  const perAddressCap = config.maxConnectionsPerIp;
  // A proxy the operator put in front speaks for many clients: only the total budget applies to it.
  const trusted = trustedProxies(config.trustedProxies);
  /** Every connection, least recently active first (re-inserted on activity). */
  const all = new Map<string, Tracked>();
  const byAddress = new Map<string, Map<string, Tracked>>();

  // Counted between two log lines: one line a minute at most, however many sockets.
  const counts = { shed: 0, overBudget: 0, perAddress: 0, pipeline: 0, stalled: 0 };
  let lastLogAt = -Infinity;
  let logTimer: NodeJS.Timeout | undefined;
  const flushLog = () => {
    logTimer = undefined;
    const { shed, overBudget, perAddress, pipeline, stalled } = counts;
    if (shed + overBudget + perAddress + pipeline + stalled === 0) return;
    lastLogAt = Date.now();
    log.warn(
      `[connections] ${all.size} open of ${maxOpen} (${budget.why}); since the last line: ` +
        `${shed} idle shed at the budget, ${overBudget} refused at the budget (503), ` +
        `${perAddress} over ${perAddressCap} from one address, ${pipeline} pipelined requests refused, ${stalled} unread connections cut` +
        (lastOffender ? `; the last from ${lastOffender}` : ''),
    );
    counts.shed = counts.overBudget = counts.perAddress = counts.pipeline = counts.stalled = 0;
    lastOffender = '';
  };
  /** The address of the last connection refused or cut for what it did (not for the server's budget). */
  let lastOffender = '';
  const note = (what: keyof typeof counts, n = 1, address?: string) => {
    counts[what] += n;
    if (address) lastOffender = address;
    if (logTimer) return;
    const wait = lastLogAt + LOG_EVERY_MS - Date.now();
    if (wait <= 0) flushLog();
    else (logTimer = setTimeout(flushLog, wait)).unref();
  };

  const touch = (key: string, t: Tracked) => {
    all.delete(key);
    all.set(key, t);
    const mine = byAddress.get(t.address);
    if (mine) {
      mine.delete(key);
      mine.set(key, t);
    }
  };
  const forget = (key: string, t: Tracked) => {
    if (all.get(key) === t) all.delete(key);
    const mine = byAddress.get(t.address);
    if (mine?.get(key) === t) {
      mine.delete(key);
      if (mine.size === 0) byAddress.delete(t.address);
    }
  };
  const idle = (t: Tracked) => t.inflight === 0 && !t.upgraded;
  /** Closes a connection that has nothing in flight; an HTTP/2 session is told to go away first. */
  const drop = (t: Tracked) => {
    if (t.session && !t.session.closed && !t.session.destroyed) {
      t.session.close();
      setTimeout(() => t.raw.destroy(), 1_000).unref();
    } else t.raw.destroy();
  };
  /** Sheds idle connections, least recently active first, from these; how many went. */
  const shed = (from: Map<string, Tracked>, wanted: number): number => {
    let n = 0;
    for (const [key, t] of from) {
      if (n >= wanted) break;
      if (!idle(t)) continue;
      forget(key, t);
      drop(t);
      n++;
    }
    return n;
  };

  const refuse = (socket: Socket, kind: 'plain' | 'tls', status: 429 | 503, body: object) => {
    socket.on('error', () => undefined);
    // Nothing can be said before a TLS handshake, and finishing one costs what is short: cut at once.
    if (kind === 'tls') return socket.destroy();
    socket.end(rawAnswer(status, status === 429 ? 'Too Many Requests' : 'Service Unavailable', body));
    socket.resume();
    setTimeout(() => socket.destroy(), REFUSE_LINGER_MS).unref();
  };

  const onConnection = (kind: 'plain' | 'tls') => (socket: Socket) => {
    if (!socket.remoteAddress) return socket.destroy();
    const address = plainAddress(socket.remoteAddress);
    const key = peerKey(socket);
    if (all.size >= maxOpen) {
      const freed = shed(all, Math.max(1, all.size - Math.floor(maxOpen * SHED_TO)));
      if (freed) note('shed', freed);
      if (all.size >= maxOpen) {
        note('overBudget');
        return refuse(socket, kind, 503, REFUSALS.overBudget);
      }
    }
    let mine = byAddress.get(address);
    if (mine && mine.size >= perAddressCap && !trusted(address)) {
      // The address's own idle connections make room (a hall behind one router keeps working); an
      // address whose connections are all busy is refused.
      if (shed(mine, 1) === 0) {
        note('perAddress', 1, address);
        return refuse(socket, kind, 429, REFUSALS.perAddress);
      }
    }
    const now = Date.now();
    const t: Tracked = {
      raw: socket,
      address,
      inflight: 0,
      deadline: now + REQUEST_HEAD_TIMEOUT_MS,
      http1: kind === 'plain' ? socket : null,
      session: null,
      answers: new Set(),
      upgraded: false,
      pausedHere: false,
      written: 0,
      movedAt: now,
    };
    all.set(key, t);
    if (!mine) byAddress.set(address, (mine = new Map()));
    mine.set(key, t);
    socket.once('close', () => forget(key, t));
    // A plain socket paused with answers still buffered reads again once they have gone out (over TLS the
    // TLS socket is watched at its handshake).
    if (kind === 'plain') socket.on('drain', () => pressure(t));
  };

  const find = (s: { remoteAddress?: string; remotePort?: number } | null | undefined): [string, Tracked] | null => {
    if (!s) return null;
    const key = peerKey(s);
    const t = all.get(key);
    return t ? [key, t] : null;
  };

  const pendingBytes = (t: Tracked): number => {
    let n = t.http1?.writableLength ?? 0;
    if (t.http1 !== t.raw) n += t.raw.writableLength;
    for (const res of t.answers) if ('stream' in res) n += res.stream?.writableLength ?? 0;
    return n;
  };

  /** Reading stops while a connection's answers wait unread, and starts again once they have gone. */
  const pressure = (t: Tracked) => {
    const socket = t.http1;
    if (!socket || socket.destroyed || t.upgraded) return;
    const full = t.inflight >= PIPELINE_DEPTH || pendingBytes(t) > WRITE_BUFFER_BYTES;
    if (full && !t.pausedHere) {
      t.pausedHere = true;
      socket.pause();
    } else if (!full && t.pausedHere) {
      t.pausedHere = false;
      // Node's HTTP server pauses the socket itself while its own queue of answers is long, and resumes
      // it when that empties: resuming under it would feed a paused parser.
      if (!(socket as Socket & { _paused?: boolean })._paused) socket.resume();
    }
  };

  const gate = <L extends (req: never, res: never) => void>(wrapped: L): L => {
    const listener = wrapped as unknown as Listener;
    return ((req: Request, res: Response) => {
      const found = find(req.socket);
      if (!found) return listener(req, res);
      const [key, t] = found;
      const http2 = req.httpVersionMajor === 2;
      if (!http2 && !t.http1) {
        t.http1 = req.socket as Socket;
        t.http1.on('drain', () => pressure(t));
      }
      t.inflight++;
      t.answers.add(res);
      touch(key, t);
      res.once('close', () => {
        t.inflight--;
        t.answers.delete(res);
        if (t.inflight === 0) t.deadline = Date.now() + KEEP_ALIVE_TIMEOUT_MS;
        touch(key, t);
        pressure(t);
      });
      // Requests already read past the depth (pipelined in one packet) are refused without reaching the app.
      if (t.inflight > (http2 ? HTTP2_MAX_STREAMS : PIPELINE_DEPTH)) {
        note('pipeline', 1, `${t.address} (${req.method ?? ''} ${(req.url ?? '').slice(0, 80)}, HTTP/${req.httpVersion})`);
        const text = JSON.stringify(REFUSALS.pipeline);
        if (http2) (res as Http2ServerResponse).writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end(text);
        else (res as ServerResponse).writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5', Connection: 'close' }).end(text);
        return;
      }
      pressure(t);
      listener(req, res);
    }) as unknown as L;
  };

  const watch = (server: HttpServer | Http2SecureServer, kind: 'plain' | 'tls') => {
    server.on('connection', onConnection(kind));
    if (kind === 'tls') {
      (server as Http2SecureServer).on('secureConnection', (socket: TLSSocket) => {
        const found = find(socket);
        if (found && socket.alpnProtocol !== 'h2') {
          found[1].http1 = socket;
          socket.on('drain', () => pressure(found[1]));
        }
      });
      (server as Http2SecureServer).on('session', (session: Http2Session) => {
        const found = find(session.socket);
        if (found) found[1].session = session;
      });
    } else {
      const plain = server as HttpServer;
      // Node's own knobs, for what they do cover: the keep-alive wait and a slow request.
      plain.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      plain.headersTimeout = REQUEST_HEAD_TIMEOUT_MS;
    }
    server.prependListener('upgrade', (req: IncomingMessage) => {
      const found = find(req.socket);
      if (found) found[1].upgraded = true;
    });
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, t] of all) {
      if (t.upgraded) continue;
      if (t.inflight === 0) {
        if (now >= t.deadline) {
          forget(key, t);
          drop(t);
        }
        continue;
      }
      // Answers waiting and none of them taken for a while: a reader that stopped is not waited for.
      const written = t.raw.bytesWritten;
      if (written !== t.written || pendingBytes(t) === 0) {
        t.written = written;
        t.movedAt = now;
      } else if (now - t.movedAt >= STALLED_READER_MS) {
        forget(key, t);
        note('stalled', 1, t.address);
        t.raw.destroy();
      }
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    watch,
    gate,
    open: (address) => (address === undefined ? all.size : (byAddress.get(plainAddress(address))?.size ?? 0)),
    maxOpen,
    stop() {
      clearInterval(sweep);
      clearTimeout(logTimer);
      flushLog();
    },
  };
}

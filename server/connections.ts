// Connection budgets and back-pressure for the venue server's listening sockets: the main
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
const PIPELINE_DEPTH_REQUESTS = 4;
/** Unsent answer bytes one connection may hold before reading from it stops. */
const WRITE_BUFFER_BYTES = 64 * 1024;
/** HTTP/2 streams one session may have open (SETTINGS_MAX_CONCURRENT_STREAMS). */
const HTTP2_MAX_STREAMS_PER_SESSION = 64;
/** Memory one HTTP/2 session may use in MB (Node's maxSessionMemory: queued frames, header tables). */
const HTTP2_MAX_SESSION_MEMORY_MB = 4;
/** A connection with answers waiting whose peer takes none of them for this long is cut. */
const STALLED_READER_MS = 30_000;
/** At the budget, idle connections are shed until this share of it is open. */
const SHED_TO_SHARE_OF_BUDGET = 0.95;
/** Open files kept for everything that is not a client connection (database, static files, logs). */
const RESERVED_FILES_SHARE = 0.25;
const MIN_RESERVED_FILES = 256;
/** When the open-file limit cannot be read (not Linux, no shell). */
const FALLBACK_OPEN_FILE_LIMIT = 1024;
/** How often open connections are checked for a passed deadline or a stalled reader. */
const SWEEP_MS = 500;
/** At most one warning line per this interval, however many sockets were refused or cut. */
const LOG_EVERY_MS = 60_000;
/** An HTTP/2 session told to go away gets this long to finish before its socket is cut. */
const GOAWAY_GRACE_MS = 1_000;
/** A connection budget worked out from the open-file limit is never below this. */
const MIN_CONNECTION_BUDGET = 64;
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
function connectionBudget(configured: number | null, limit = openFileLimit()): { maxOpen: number; why: string } {
  if (configured !== null) return { maxOpen: configured, why: `MAX_CONNECTIONS=${configured}` };
  const reserve = Math.max(MIN_RESERVED_FILES, Math.ceil(limit.limit * RESERVED_FILES_SHARE));
  const maxOpen = Math.max(MIN_CONNECTION_BUDGET, limit.limit - reserve);
  return { maxOpen, why: `open-file limit ${limit.limit} (${limit.source}) less ${reserve} kept for files` };
}

/** The TLS and HTTP/2 options that belong to the budget, for createSecureServer. */
export const secureServerLimits = {
  handshakeTimeout: REQUEST_HEAD_TIMEOUT_MS,
  maxSessionMemory: HTTP2_MAX_SESSION_MEMORY_MB,
  settings: { maxConcurrentStreams: HTTP2_MAX_STREAMS_PER_SESSION },
} as const;

/** One client connection, from its TCP accept to its close. */
interface Tracked {
  /** Its peer, `address|port`: how a request, a TLS socket or an HTTP/2 session finds it. */
  key: string;
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
type SocketKind = 'plain' | 'tls';

export interface ConnectionGuard {
  /** Follows a server's connections; `tls` for the HTTPS server (its sockets cannot be answered before the handshake). */
  watch(server: HttpServer | Http2SecureServer, kind: SocketKind): void;
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

const REFUSALS = {
  overBudget: { error: 'The venue server is at its connection budget: try again in a few seconds' },
  perAddress: { error: 'Too many connections from this address' },
  pipeline: { error: 'Too many requests waiting on this connection: read the answers first' },
} as const;

// ---------- per-socket tracking ----------

/** Every open client connection by peer, least recently active first (re-inserted on activity), and by address. */
class ConnectionTable {
  readonly all = new Map<string, Tracked>();
  private readonly byAddress = new Map<string, Map<string, Tracked>>();

  add(t: Tracked): void {
    this.all.set(t.key, t);
    let mine = this.byAddress.get(t.address);
    if (!mine) this.byAddress.set(t.address, (mine = new Map()));
    mine.set(t.key, t);
  }

  /** Activity: the connection moves to the most recently active end. */
  touch(t: Tracked): void {
    this.all.delete(t.key);
    this.all.set(t.key, t);
    const mine = this.byAddress.get(t.address);
    if (mine) {
      mine.delete(t.key);
      mine.set(t.key, t);
    }
  }

  forget(t: Tracked): void {
    if (this.all.get(t.key) === t) this.all.delete(t.key);
    const mine = this.byAddress.get(t.address);
    if (mine?.get(t.key) === t) {
      mine.delete(t.key);
      if (mine.size === 0) this.byAddress.delete(t.address);
    }
  }

  find(s: { remoteAddress?: string; remotePort?: number } | null | undefined): Tracked | null {
    return s ? (this.all.get(peerKey(s)) ?? null) : null;
  }

  /** An address's connections, least recently active first. */
  from(address: string): ReadonlyMap<string, Tracked> | undefined {
    return this.byAddress.get(address);
  }
}

const idle = (t: Tracked) => t.inflight === 0 && !t.upgraded;

/** Closes a connection that has nothing in flight; an HTTP/2 session is told to go away first. */
function drop(t: Tracked): void {
  if (t.session && !t.session.closed && !t.session.destroyed) {
    t.session.close();
    setTimeout(() => t.raw.destroy(), GOAWAY_GRACE_MS).unref();
  } else t.raw.destroy();
}

/** Sheds idle connections, least recently active first, from these (all, or one address's); how many went. */
function shed(table: ConnectionTable, from: ReadonlyMap<string, Tracked>, wanted: number): number {
  let n = 0;
  for (const t of from.values()) {
    if (n >= wanted) break;
    if (!idle(t)) continue;
    table.forget(t);
    drop(t);
    n++;
  }
  return n;
}

// ---------- logging ----------

type Counted = 'shed' | 'overBudget' | 'perAddress' | 'pipeline' | 'stalled';

/** What was refused or cut, counted between two warning lines: one line per LOG_EVERY_MS at most, however many sockets. */
class ConnectionLog {
  private counts: Record<Counted, number> = { shed: 0, overBudget: 0, perAddress: 0, pipeline: 0, stalled: 0 };
  private lastLogAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  /** The address of the last connection refused or cut for what it did (not for the server's budget). */
  private lastOffender = '';

  constructor(
    private readonly log: Pick<Console, 'warn'>,
    /** The budget's state at the head of each line. */
    private readonly headline: () => string,
    private readonly perAddressCap: number,
  ) {}

  note(what: Counted, n = 1, address?: string): void {
    this.counts[what] += n;
    if (address) this.lastOffender = address;
    if (this.timer) return;
    const wait = this.lastLogAt + LOG_EVERY_MS - Date.now();
    if (wait <= 0) this.flush();
    else (this.timer = setTimeout(() => this.flush(), wait)).unref();
  }

  flush(): void {
    this.timer = undefined;
    const { shed, overBudget, perAddress, pipeline, stalled } = this.counts;
    if (shed + overBudget + perAddress + pipeline + stalled === 0) return;
    this.lastLogAt = Date.now();
    this.log.warn(
      `[connections] ${this.headline()}; since the last line: ` +
        `${shed} idle shed at the budget, ${overBudget} refused at the budget (503), ` +
        `${perAddress} over ${this.perAddressCap} from one address, ${pipeline} pipelined requests refused, ${stalled} unread connections cut` +
        (this.lastOffender ? `; the last from ${this.lastOffender}` : ''),
    );
    this.counts = { shed: 0, overBudget: 0, perAddress: 0, pipeline: 0, stalled: 0 };
    this.lastOffender = '';
  }

  stop(): void {
    clearTimeout(this.timer);
    this.flush();
  }
}

/** What the guard's parts share: the connections, the log, and the budgets. */
interface GuardState {
  table: ConnectionTable;
  log: ConnectionLog;
  maxOpen: number;
  perAddressCap: number;
  /** A TRUSTED_PROXIES address: only the total budget applies to it. */
  trusted: (address: string) => boolean;
}

// ---------- admission: the global budget (shedding idle connections) and the per-address one ----------

/** A connection refused at accept: a plain socket gets an answer, a TLS one is cut. */
function refuse(socket: Socket, kind: SocketKind, status: 429 | 503, body: object): void {
  socket.on('error', () => undefined);
  // Nothing can be said before a TLS handshake, and finishing one costs what is short: cut at once.
  if (kind === 'tls') {
    socket.destroy();
    return;
  }
  socket.end(rawAnswer(status, status === 429 ? 'Too Many Requests' : 'Service Unavailable', body));
  socket.resume();
  setTimeout(() => socket.destroy(), REFUSE_LINGER_MS).unref();
}

/** At the budget, idle connections are shed (least recently active first); true when there is room. */
function roomInBudget(state: GuardState): boolean {
  const { table, maxOpen } = state;
  if (table.all.size < maxOpen) return true;
  const freed = shed(table, table.all, Math.max(1, table.all.size - Math.floor(maxOpen * SHED_TO_SHARE_OF_BUDGET)));
  if (freed) state.log.note('shed', freed);
  return table.all.size < maxOpen;
}

/** At an address's cap, its own idle connections make room; true when there is room. */
function roomForAddress(state: GuardState, address: string): boolean {
  const mine = state.table.from(address);
  if (!mine || mine.size < state.perAddressCap || state.trusted(address)) return true;
  // A hall behind one router keeps working; an address whose connections are all busy is refused.
  return shed(state.table, mine, 1) > 0;
}

/** A new TCP connection: admitted and followed until it closes, or refused. */
function admit(state: GuardState, kind: SocketKind, socket: Socket): void {
  if (!socket.remoteAddress) {
    socket.destroy();
    return;
  }
  const address = plainAddress(socket.remoteAddress);
  if (!roomInBudget(state)) {
    state.log.note('overBudget');
    return refuse(socket, kind, 503, REFUSALS.overBudget);
  }
  if (!roomForAddress(state, address)) {
    state.log.note('perAddress', 1, address);
    return refuse(socket, kind, 429, REFUSALS.perAddress);
  }
  const now = Date.now();
  const t: Tracked = {
    key: peerKey(socket),
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
  state.table.add(t);
  socket.once('close', () => state.table.forget(t));
  // A plain socket paused with answers still buffered reads again once they have gone out (over TLS the
  // TLS socket is watched at its handshake).
  if (kind === 'plain') socket.on('drain', () => pressure(t));
}

// ---------- HTTP/1.1 pipelining and back-pressure ----------

/** Answer bytes written and not yet sent, on the connection's sockets and its HTTP/2 streams. */
function pendingBytes(t: Tracked): number {
  let n = t.http1?.writableLength ?? 0;
  if (t.http1 !== t.raw) n += t.raw.writableLength;
  for (const res of t.answers) if ('stream' in res) n += res.stream?.writableLength ?? 0;
  return n;
}

/** Reading stops while a connection's answers wait unread, and starts again once they have gone. */
function pressure(t: Tracked): void {
  const socket = t.http1;
  if (!socket || socket.destroyed || t.upgraded) return;
  const full = t.inflight >= PIPELINE_DEPTH_REQUESTS || pendingBytes(t) > WRITE_BUFFER_BYTES;
  if (full && !t.pausedHere) {
    t.pausedHere = true;
    socket.pause();
  } else if (!full && t.pausedHere) {
    t.pausedHere = false;
    // Node's HTTP server pauses the socket itself while its own queue of answers is long, and resumes
    // it when that empties: resuming under it would feed a paused parser.
    if (!(socket as Socket & { _paused?: boolean })._paused) socket.resume();
  }
}

/** The 503 for a request read past the connection's depth (pipelined in one packet), never shown to the app. */
function refusePipelined(state: GuardState, t: Tracked, req: Request, res: Response, http2: boolean): void {
  state.log.note('pipeline', 1, `${t.address} (${req.method ?? ''} ${(req.url ?? '').slice(0, 80)}, HTTP/${req.httpVersion})`);
  const text = JSON.stringify(REFUSALS.pipeline);
  if (http2) (res as Http2ServerResponse).writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end(text);
  else (res as ServerResponse).writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '5', Connection: 'close' }).end(text);
}

/** A request on a followed connection: counted in flight until its answer closes, refused past the depth. */
function gateRequest(state: GuardState, listener: Listener, req: Request, res: Response): void {
  const t = state.table.find(req.socket);
  if (!t) return listener(req, res);
  const http2 = req.httpVersionMajor === 2;
  if (!http2 && !t.http1) {
    t.http1 = req.socket as Socket;
    t.http1.on('drain', () => pressure(t));
  }
  t.inflight++;
  t.answers.add(res);
  state.table.touch(t);
  res.once('close', () => {
    t.inflight--;
    t.answers.delete(res);
    if (t.inflight === 0) t.deadline = Date.now() + KEEP_ALIVE_TIMEOUT_MS;
    state.table.touch(t);
    pressure(t);
  });
  if (t.inflight > (http2 ? HTTP2_MAX_STREAMS_PER_SESSION : PIPELINE_DEPTH_REQUESTS)) return refusePipelined(state, t, req, res, http2);
  pressure(t);
  listener(req, res);
}

// ---------- the servers' sockets: TLS handshakes, HTTP/2 sessions, upgrades ----------

function watchServer(state: GuardState, server: HttpServer | Http2SecureServer, kind: SocketKind): void {
  server.on('connection', (socket: Socket) => admit(state, kind, socket));
  if (kind === 'tls') {
    (server as Http2SecureServer).on('secureConnection', (socket: TLSSocket) => {
      const t = state.table.find(socket);
      if (t && socket.alpnProtocol !== 'h2') {
        t.http1 = socket;
        socket.on('drain', () => pressure(t));
      }
    });
    // HTTP/2 session limits are the server's own (secureServerLimits); the session is what an idle one is closed through.
    (server as Http2SecureServer).on('session', (session: Http2Session) => {
      const t = state.table.find(session.socket);
      if (t) t.session = session;
    });
  } else {
    const plain = server as HttpServer;
    // Node's own knobs, for what they do cover: the keep-alive wait and a slow request.
    plain.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    plain.headersTimeout = REQUEST_HEAD_TIMEOUT_MS;
  }
  server.prependListener('upgrade', (req: IncomingMessage) => {
    const t = state.table.find(req.socket);
    if (t) t.upgraded = true;
  });
}

// ---------- deadlines and stalled readers ----------

/** Closes idle connections past their deadline, and cuts those whose answers wait unread for STALLED_READER_MS. */
function sweep(state: GuardState, now: number): void {
  for (const t of state.table.all.values()) {
    if (t.upgraded) continue;
    if (t.inflight === 0) {
      if (now >= t.deadline) {
        state.table.forget(t);
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
      state.table.forget(t);
      state.log.note('stalled', 1, t.address);
      t.raw.destroy();
    }
  }
}

export function connectionGuard(
  config: Pick<ServerConfig, 'maxConnections' | 'maxConnectionsPerIp' | 'trustedProxies'>,
  opts: { log?: Pick<Console, 'warn'>; limit?: { limit: number; source: string } } = {},
): ConnectionGuard {
  const budget = connectionBudget(config.maxConnections, opts.limit);
  const table = new ConnectionTable();
  const state: GuardState = {
    table,
    log: new ConnectionLog(opts.log ?? console, () => `${table.all.size} open of ${budget.maxOpen} (${budget.why})`, config.maxConnectionsPerIp),
    maxOpen: budget.maxOpen,
    perAddressCap: config.maxConnectionsPerIp,
    // A proxy the operator put in front speaks for many clients: only the total budget applies to it.
    trusted: trustedProxies(config.trustedProxies),
  };
  const sweeper = setInterval(() => sweep(state, Date.now()), SWEEP_MS);
  sweeper.unref();

  return {
    watch: (server, kind) => watchServer(state, server, kind),
    gate: <L extends (req: never, res: never) => void>(listener: L): L =>
      ((req: Request, res: Response) => gateRequest(state, listener as unknown as Listener, req, res)) as unknown as L,
    open: (address) => (address === undefined ? table.all.size : (table.from(plainAddress(address))?.size ?? 0)),
    maxOpen: budget.maxOpen,
    stop() {
      clearInterval(sweeper);
      state.log.stop();
    },
  };
}

// The Realtime websocket subset supabase-js's channel API uses (docs/REALTIME-WIRE.md): join, heartbeat,
// leave, access-token update and the database's broadcasts (realtime.send → NOTIFY → every socket joined
// to the topic). Bounded: connections per address, frame size, idle time, messages per window, and a
// client that does not read is dropped rather than buffered for.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { LIVE_GUARD_MS, LIVE_MAX_SPREAD_MS, LIVE_MIN_SPREAD_MS, readLivePoke } from '../../shared/live.ts';
import { opaqueKeyClaims, verifyApiKey } from '../api-auth.ts';
import { resolveClientAddress, trustedProxies } from '../auth/client-address.ts';
import { JwtError, verifyJwt, type Claims } from '../auth/jwt.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import { decodeFrame, encodeFrame, readVsn, reply, type PhxMessage, type Vsn } from './wire.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** The NOTIFY channel of server/sql/bootstrap.sql's realtime.send. */
export const REALTIME_NOTIFY_CHANNEL = 'venue_realtime';
/** Pulls per second the venue server takes comfortably (a poke pull on PGlite: ~85 % of the 409 req/s measured for no-change pulls): a poke's spread is subscribers / this. */
export const LIVE_PULL_BUDGET_PER_S = 350;
/** How often a venue server counts the servers sharing its database (a poke's spread is for all of them). */
const SERVER_RECOUNT_MS = 15_000;
/** A burst of changes (an import touches 30 tables) within this window is one poke. */
export const POKE_COALESCE_MS = 100;
/** Client frames are joins, heartbeats and tokens: far below this. ws closes with 1009 above it. */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024;
/** No frame for this long (realtime-js heartbeats every 25 s): the socket is closed, as Phoenix does. */
export const REALTIME_IDLE_MS = 60_000;
/**
 * Bytes a client may leave unread, buffered here or sent and not yet read (a pong tells): a poke is ~100
 * bytes and a reply under a frame's size, so past this the client has stopped reading and is dropped.
 */
export const REALTIME_SLOW_CLIENT_BYTES = 64 * 1024;
/** Unread bytes past which a ping asks how far the client has read. */
const REALTIME_PING_AFTER_BYTES = 16 * 1024;
/** Topics one socket may join (Realtime: "Too many channels"). */
const MAX_TOPICS_PER_SOCKET = 20;
/** Frames one socket may send per window (a heartbeat every 25 s is 1 in 10 s). */
const MAX_FRAMES_PER_WINDOW = 100;
const FRAME_WINDOW_MS = 10_000;
/** How long close() lets sockets say goodbye before cutting them. */
const CLOSE_GRACE_MS = 1_000;

const TOPIC_PREFIX = 'realtime:';

/** The reasons Realtime gives (lib/realtime_web/channels/realtime_channel.ex), "Code: message" on join. */
export const REALTIME_ERRORS = {
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  unmatchedTopic: 'unmatched topic',
  unauthorized: (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
} as const;

/** A token Realtime refuses: the join's reason, and the message of a joined channel's shutdown. */
interface TokenRefusal {
  reason: string;
  shutdown: string;
}

/** Realtime's verdict on a channel token (confirm_token): its claims, or why it is refused. */
async function checkToken(token: string, config: ServerConfig): Promise<{ claims: Claims } | TokenRefusal> {
  const missingClaims = 'Fields `role` and `exp` are required in JWT';
  const opaque = opaqueKeyClaims(token, config);
  if (opaque) return { claims: opaque };
  try {
    const claims = await verifyJwt(token, config.jwtSecret);
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      return { reason: `InvalidJWTToken: ${missingClaims}`, shutdown: missingClaims };
    }
    return { claims };
  } catch (e) {
    if (e instanceof JwtError && e.reason === 'expired') {
      const exp = Number(decodeJwt(token).exp);
      const msg = `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`;
      return { reason: `InvalidJWTToken: ${msg}`, shutdown: msg };
    }
    try {
      decodeProtectedHeader(token);
      decodeJwt(token);
    } catch {
      const msg = 'The token provided is not a valid JWT';
      return { reason: `MalformedJWT: ${msg}`, shutdown: msg };
    }
    // Realtime's access_token path answers this one with `inspect(error)`.
    return { reason: 'JwtSignatureError: Failed to validate JWT signature', shutdown: ':signature_error' };
  }
}

interface Joined {
  joinRef: string | null;
  token: string;
  /** The token's exp (s): past it, the channel is shut as Realtime's periodic confirm_token does. */
  exp: number;
}

interface Client {
  ws: WebSocket;
  vsn: Vsn;
  /** The apikey: a join without access_token runs with it. */
  apikey: string;
  topics: Map<string, Joined>;
  lastSeenMs: number;
  windowStartMs: number;
  framesInWindow: number;
  /** Frames are handled one after another, as Phoenix does: a leave never overtakes its join's token check. */
  queue: Promise<void>;
  /** Bytes of frames sent to the client, and of those it has shown (by a pong) to have read. */
  sentBytes: number;
  readBytes: number;
  /** sentBytes when the ping now waiting for its pong was sent. */
  pingedAt: number | null;
}

export interface RealtimeOptions {
  idleMs?: number;
  coalesceMs?: number;
}

export interface Realtime {
  /** The HTTP(S) server's 'upgrade' listener. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sockets joined to a topic (its name as realtime-js sends it: `realtime:show:catalogue`), or all sockets. */
  count(topic?: string): number;
  close(): Promise<void>;
}

/** A poke's pull window for this many listening phones: never a herd, never a long wait. */
export function spreadMs(subscribers: number): number {
  return Math.round(Math.min(LIVE_MAX_SPREAD_MS, Math.max(LIVE_MIN_SPREAD_MS, (subscribers / LIVE_PULL_BUDGET_PER_S) * 1000)));
}

/** An HTTP answer on a socket that asked to upgrade: JSON, then the connection ends (not half-open). */
function refuse(socket: Duplex, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    () => socket.destroy(),
  );
}

export async function startRealtime(deps: { db: Db; config: ServerConfig }, opts: RealtimeOptions = {}): Promise<Realtime> {
  const { config } = deps;
  const idleMs = opts.idleMs ?? REALTIME_IDLE_MS;
  const coalesceMs = opts.coalesceMs ?? POKE_COALESCE_MS;
  const trusted = trustedProxies(config.trustedProxies);
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  const clients = new Set<Client>();
  const perAddress = new Map<string, number>();
  const subscribers = new Map<string, Set<Client>>();
  // Venue servers on this database (Db.listeners): their phones' pulls after a poke all land on it, so each
  // spreads them as if it held every server's phones (phones are spread evenly over servers).
  let servers = 1;
  const countServers = () =>
    void deps.db.listeners().then(
      (n) => void (servers = n),
      () => undefined,
    );
  let closing = false;

  /**
   * Every frame to a client goes here. One that has stopped reading (its unsent bytes past the bound) is
   * dropped rather than buffered for: replies too, or heartbeats with long refs grow the buffer unread.
   */
  const sendFrame = (client: Client, frame: string) => {
    const { ws } = client;
    if (ws.readyState !== WebSocket.OPEN) return;
    // Past the bound unread: buffered here, or sent but not yet read (the kernel's buffers take megabytes).
    if (ws.bufferedAmount > REALTIME_SLOW_CLIENT_BYTES || client.sentBytes - client.readBytes > REALTIME_SLOW_CLIENT_BYTES) {
      return ws.terminate();
    }
    ws.send(frame);
    client.sentBytes += Buffer.byteLength(frame);
    // A pong comes back only once the client has read every frame before its ping: so it tells how far
    // the client has read. Asked when a few frames' worth waits, one ping at a time.
    if (client.pingedAt === null && client.sentBytes - client.readBytes > REALTIME_PING_AFTER_BYTES) {
      client.pingedAt = client.sentBytes;
      ws.ping();
    }
  };
  const send = (client: Client, m: PhxMessage) => sendFrame(client, encodeFrame(m, client.vsn));
  /** Phoenix's answer to a push on a topic this socket has not joined (its reply carries no join_ref). */
  const unmatched = (client: Client, m: PhxMessage) =>
    send(client, { ...reply(m, 'error', { reason: REALTIME_ERRORS.unmatchedTopic }), join_ref: null });
  /** Phoenix's phx_close for a channel that ended (left, shut, or joined again). */
  const closeFrame = (topic: string, joinRef: string | null): PhxMessage => ({ join_ref: joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });

  const unsubscribe = (client: Client, topic: string) => {
    client.topics.delete(topic);
    const set = subscribers.get(topic);
    set?.delete(client);
    if (set?.size === 0) subscribers.delete(topic);
  };

  /** Realtime's shutdown_response: a system message, then Phoenix's phx_close for the channel. */
  const shutdown = (client: Client, topic: string, message: string) => {
    const joinRef = client.topics.get(topic)?.joinRef ?? null;
    const channel = topic.slice(TOPIC_PREFIX.length);
    send(client, { join_ref: joinRef, ref: null, topic, event: 'system', payload: { extension: 'system', status: 'error', message, channel } });
    send(client, closeFrame(topic, joinRef));
    unsubscribe(client, topic);
  };

  const join = async (client: Client, m: PhxMessage) => {
    // Realtime routes only `realtime:*` topics.
    if (!m.topic.startsWith(TOPIC_PREFIX)) return unmatched(client, m);
    const subTopic = m.topic.slice(TOPIC_PREFIX.length);
    if (!subTopic) return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.topicRequired }));
    const payload = (typeof m.payload === 'object' && m.payload !== null ? m.payload : {}) as Record<string, unknown>;
    const joinConfig = (typeof payload.config === 'object' && payload.config !== null ? payload.config : {}) as Record<string, unknown>;
    const given = typeof payload.access_token === 'string' ? payload.access_token : typeof payload.user_token === 'string' ? payload.user_token : null;
    // As Realtime: no token, or a new-style `sb_` key, means the socket's apikey.
    const token = given && !given.startsWith('sb_') ? given : client.apikey;
    const checked = await checkToken(token, config);
    if ('reason' in checked) return send(client, reply(m, 'error', { reason: checked.reason }));
    // Private channels need RLS on realtime.messages, which the venue server does not have: nobody may read.
    if (joinConfig.private === true) return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.unauthorized(subTopic) }));
    if (!client.topics.has(m.topic) && client.topics.size >= MAX_TOPICS_PER_SOCKET) {
      return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.tooManyChannels }));
    }
    if (client.ws.readyState !== WebSocket.OPEN) return;
    // Phoenix closes a channel joined again on the same socket before the new join.
    const before = client.topics.get(m.topic);
    if (before) send(client, closeFrame(m.topic, before.joinRef));
    client.topics.set(m.topic, { joinRef: m.join_ref, token, exp: checked.claims.exp! });
    let set = subscribers.get(m.topic);
    if (!set) subscribers.set(m.topic, (set = new Set()));
    set.add(client);
    send(client, reply(m, 'ok', { postgres_changes: [] }));
  };

  const accessToken = async (client: Client, m: PhxMessage) => {
    const joined = client.topics.get(m.topic);
    if (!joined) return unmatched(client, m);
    const token = (m.payload as Record<string, unknown>).access_token;
    // Realtime keeps the channel as it is for these, and answers nothing.
    if (typeof token !== 'string' || token.startsWith('sb_') || token === joined.token) return;
    const checked = await checkToken(token, config);
    if (client.topics.get(m.topic) !== joined) return;
    if ('reason' in checked) return shutdown(client, m.topic, checked.shutdown);
    joined.token = token;
    joined.exp = checked.claims.exp!;
  };

  const onFrame = (client: Client, data: RawData, isBinary: boolean) => {
    const now = Date.now();
    client.lastSeenMs = now;
    if (now - client.windowStartMs > FRAME_WINDOW_MS) {
      client.windowStartMs = now;
      client.framesInWindow = 0;
    }
    if (++client.framesInWindow > MAX_FRAMES_PER_WINDOW) return client.ws.close(1008, 'Too many messages');
    // Binary frames are client broadcasts (realtime-js's userBroadcastPush): the venue server relays none.
    if (isBinary) return;
    const m = decodeFrame(data.toString(), client.vsn);
    if (!m) return;
    client.queue = client.queue
      .then(() => handle(client, m))
      .catch((e: unknown) => console.error(`[realtime] ${m.event} failed`, e));
  };

  const handle = async (client: Client, m: PhxMessage): Promise<void> => {
    if (m.topic === 'phoenix') {
      if (m.event === 'heartbeat') send(client, reply(m, 'ok', {}));
      return;
    }
    switch (m.event) {
      case 'phx_join':
        return join(client, m);
      case 'phx_leave': {
        // Phoenix: ok, then the channel's end (phx_close); a topic not joined is just ok.
        const joined = client.topics.get(m.topic);
        send(client, reply(m, 'ok', {}));
        if (!joined) return;
        unsubscribe(client, m.topic);
        return send(client, closeFrame(m.topic, joined.joinRef));
      }
      case 'access_token':
        return accessToken(client, m);
      default:
        // Client broadcast/presence over JSON: not relayed (Realtime logs "Unexpected message").
        if (!client.topics.has(m.topic)) unmatched(client, m);
    }
  };

  const attach = (ws: WebSocket, vsn: Vsn, apikey: string) => {
    const now = Date.now();
    const client: Client = {
      ws,
      vsn,
      apikey,
      topics: new Map(),
      lastSeenMs: now,
      windowStartMs: now,
      framesInWindow: 0,
      queue: Promise.resolve(),
      sentBytes: 0,
      readBytes: 0,
      pingedAt: null,
    };
    clients.add(client);
    ws.on('pong', () => {
      if (client.pingedAt === null) return;
      client.readBytes = client.pingedAt;
      client.pingedAt = null;
    });
    ws.on('message', (data, isBinary) => onFrame(client, data, isBinary));
    // A frame over maxPayload or a broken connection: ws closes that socket (1009, 1006); nothing else.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      clients.delete(client);
      for (const topic of [...client.topics.keys()]) unsubscribe(client, topic);
    });
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://venue');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) {
      return refuse(socket, 404, { error: `No websocket at ${url.pathname}` });
    }
    if (closing) return refuse(socket, 503, { error: 'Realtime is restarting, please standby' });
    const vsn = readVsn(url.searchParams.get('vsn'));
    if (!vsn) return refuse(socket, 400, { error: `Unsupported vsn ${url.searchParams.get('vsn')}: use 1.0.0 or 2.0.0` });
    // The socket's peer, or a TRUSTED_PROXIES hop's word for it: never a header the client alone sets.
    const header = req.headers['x-forwarded-for'];
    const address = resolveClientAddress(req.socket.remoteAddress, Array.isArray(header) ? header.join(',') : header, trusted);
    const open = perAddress.get(address) ?? 0;
    if (open >= config.realtimeMaxConnectionsPerIp) return refuse(socket, 429, { error: 'Too many connections from this address' });
    // Counted from now (the key check is async), released when the connection ends however it ends.
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
    });
    const apikey = url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : null);
    // Kong's gate, as for /rest/v1: the same answers.
    if (!apikey) return refuse(socket, 401, { message: 'No API key found in request' });
    verifyApiKey(apikey, config).then(
      () => {
        if (closing || socket.destroyed) return socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws, vsn, apikey));
      },
      () => refuse(socket, 401, { message: 'Invalid API key' }),
    );
  };

  // ---------- the database's broadcasts ----------
  const frames = (m: PhxMessage) => ({ '1.0.0': encodeFrame(m, '1.0.0'), '2.0.0': encodeFrame(m, '2.0.0') });

  /** One frame to every socket of the topic; one that stopped reading is dropped, never waited for. */
  const deliver = (topic: string, event: string, payload: unknown) => {
    const set = subscribers.get(topic);
    if (!set?.size) return;
    const out = frames({ join_ref: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event, payload } });
    for (const client of set) sendFrame(client, out[client.vsn]);
  };

  /** Pokes waiting for their window to end, by topic and event: the union of their tables. */
  const pending = new Map<
    string,
    { topic: string; event: string; tables: Set<string>; timer: NodeJS.Timeout; firstAt: number; lastAt: number }
  >();

  const onNotify = (text: string) => {
    let message: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const { event, payload } = message;
    // Private messages are for RLS-checked channels, which are never joined here.
    if (typeof message.topic !== 'string' || typeof event !== 'string' || message.private !== false) return;
    const topic = TOPIC_PREFIX + message.topic;
    const poke = readLivePoke(payload);
    if (!poke) return deliver(topic, event, payload ?? {});
    // The guard starts here: the NOTIFY arrives after the commit, and every row of the transaction was
    // stamped (clock_timestamp() as it was written, 20261129000100) before it. An age counted from the
    // transaction's start would start the guard too early for one that sat open before writing.
    const startedAt = Date.now();
    const key = `${topic}\n${event}`;
    const waiting = pending.get(key);
    if (waiting) {
      for (const t of poke.tables) waiting.tables.add(t);
      waiting.lastAt = Math.max(waiting.lastAt, startedAt);
      return;
    }
    const timer = setTimeout(() => {
      const due = pending.get(key);
      pending.delete(key);
      if (!due) return;
      const listening = subscribers.get(topic)?.size ?? 0;
      // The guard runs from the latest merged NOTIFY's arrival, so the time spent in the merge window is
      // not waited twice. The timer may fire a millisecond early by Date.now(): the window has passed all the same.
      const firedAt = Math.max(Date.now(), due.firstAt + coalesceMs);
      const guard_ms = Math.max(0, LIVE_GUARD_MS - (firedAt - due.lastAt));
      deliver(topic, event, { tables: [...due.tables].sort(), spread_ms: spreadMs(listening * servers), guard_ms });
    }, coalesceMs);
    pending.set(key, { topic, event, tables: new Set(poke.tables), timer, firstAt: startedAt, lastAt: startedAt });
  };

  const unlisten = await deps.db.listen(REALTIME_NOTIFY_CHANNEL, onNotify);
  countServers();
  const recount = setInterval(countServers, SERVER_RECOUNT_MS);
  recount.unref();

  // ---------- idle sockets and expired channel tokens ----------
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const client of clients) {
      if (now - client.lastSeenMs > idleMs) {
        client.ws.close(1000, 'Idle timeout');
        continue;
      }
      for (const [topic, joined] of client.topics) {
        const ago = Math.floor(now / 1000) - joined.exp;
        if (ago >= 0) shutdown(client, topic, `Token has expired ${ago} seconds ago`);
      }
    }
  }, Math.max(100, Math.floor(idleMs / 4)));
  sweep.unref();

  return {
    upgrade,
    count: (topic) => (topic === undefined ? clients.size : (subscribers.get(topic)?.size ?? 0)),
    async close() {
      closing = true;
      clearInterval(sweep);
      clearInterval(recount);
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
      await unlisten().catch(() => undefined);
      const gone = [...clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            if (client.ws.readyState === WebSocket.CLOSED) return resolve();
            client.ws.once('close', () => resolve());
            client.ws.close(1001, 'Server shutting down');
          }),
      );
      const cut = setTimeout(() => {
        for (const client of clients) client.ws.terminate();
      }, CLOSE_GRACE_MS);
      await Promise.all(gone);
      clearTimeout(cut);
      wss.close();
    },
  };
}

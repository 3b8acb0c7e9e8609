// The Realtime websocket subset supabase-js's channel API uses (docs/REALTIME-WIRE.md): join, heartbeat,
// leave, access-token update and the database's broadcasts (realtime.send → NOTIFY → every socket joined
// to the topic). Bounded: connections per address, frame size, idle time, messages per window, and a
// client that does not read is dropped rather than buffered for. This module wires the parts together:
// the upgrade gate (upgrade.ts), each socket (session.ts, protocol.ts), the channel registry (channels.ts)
// and the fan-out of the database's broadcasts (broadcasts.ts).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import { broadcastFanOut, countServers } from './broadcasts.ts';
import { Channels } from './channels.ts';
import { receiveFrame, sweepClient, type ProtocolDeps } from './protocol.ts';
import { newClient, onPong, type Client } from './session.ts';
import { upgradeGate } from './upgrade.ts';
import type { Vsn } from './wire.ts';

/** The NOTIFY channel of server/sql/bootstrap.sql's realtime.send. */
const REALTIME_NOTIFY_CHANNEL = 'venue_realtime';
/** A burst of changes (an import touches 30 tables) within this window is one poke. */
export const POKE_COALESCE_MS = 100;
/** Client frames are joins, heartbeats and tokens: far below this. ws closes with 1009 above it. */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024;
/** No frame for this long (realtime-js heartbeats every 25 s): the socket is closed, as Phoenix does. */
const REALTIME_IDLE_MS = 60_000;
/** The idle and token sweep runs this many times per idle period, and at most this often. */
const SWEEPS_PER_IDLE_PERIOD = 4;
const MIN_SWEEP_INTERVAL_MS = 100;
/** How long close() lets sockets say goodbye before cutting them. */
const CLOSE_GRACE_MS = 1_000;

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

export async function startRealtime(deps: { db: Db; config: ServerConfig }, opts: RealtimeOptions = {}): Promise<Realtime> {
  const idleMs = opts.idleMs ?? REALTIME_IDLE_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME_MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });
  const clients = new Set<Client>();
  const protocol: ProtocolDeps = { channels: new Channels(), config: deps.config };
  let closing = false;

  const attach = (ws: WebSocket, vsn: Vsn, apikey: string) => {
    const client = newClient(ws, vsn, apikey, Date.now());
    clients.add(client);
    ws.on('pong', () => onPong(client));
    ws.on('message', (data, isBinary) => receiveFrame(protocol, client, data, isBinary));
    // A frame over maxPayload or a broken connection: ws closes that socket (1009, 1006); nothing else.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      clients.delete(client);
      protocol.channels.leaveAll(client);
    });
  };
  const upgrade = upgradeGate(
    deps.config,
    () => closing,
    (req, socket, head, vsn, apikey) => wss.handleUpgrade(req, socket, head, (ws) => attach(ws, vsn, apikey)),
  );

  // Venue servers on this database: a poke's spread is for all of their phones.
  let servers = 1;
  const fanOut = broadcastFanOut(protocol.channels, { coalesceMs: opts.coalesceMs ?? POKE_COALESCE_MS, servers: () => servers });
  const unlisten = await deps.db.listen(REALTIME_NOTIFY_CHANNEL, fanOut.onNotify);
  const stopCounting = countServers(deps.db, (n) => (servers = n));

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const client of clients) sweepClient(protocol.channels, client, now, idleMs);
    },
    Math.max(MIN_SWEEP_INTERVAL_MS, Math.floor(idleMs / SWEEPS_PER_IDLE_PERIOD)),
  );
  sweep.unref();

  return {
    upgrade,
    count: (topic) => (topic === undefined ? clients.size : protocol.channels.count(topic)),
    async close() {
      closing = true;
      clearInterval(sweep);
      stopCounting();
      fanOut.stop();
      await unlisten().catch(() => undefined);
      await closeClients(clients);
      wss.close();
    },
  };
}

/** Asks every socket to close, and cuts those still open after CLOSE_GRACE_MS. */
async function closeClients(clients: Set<Client>): Promise<void> {
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
}

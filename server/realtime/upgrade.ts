// The HTTP upgrade to the Realtime websocket: its path, the serializer, connections per address and the
// apikey, answered as Realtime (behind Kong) answers them before a socket is opened.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { verifyApiKey } from '../api-auth.ts';
import { resolveClientAddress, trustedProxies } from '../auth/client-address.ts';
import type { ServerConfig } from '../config.ts';
import { readVsn, type Vsn } from './wire.ts';

const REALTIME_PATH = '/realtime/v1/websocket';

/** An HTTP answer on a socket that asked to upgrade: JSON, then the connection ends (not half-open). */
function refuse(socket: Duplex, status: number, body: Record<string, string>): void {
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    () => socket.destroy(),
  );
}

/** A websocket the gate let through: its serializer and the apikey it came with. */
export type Accept = (req: IncomingMessage, socket: Duplex, head: Buffer, vsn: Vsn, apikey: string) => void;

/**
 * The HTTP(S) server's 'upgrade' listener. `closing` tells when the hub is shutting down; `accept` opens the
 * websocket once the apikey is verified.
 */
export function upgradeGate(config: ServerConfig, closing: () => boolean, accept: Accept) {
  const trusted = trustedProxies(config.trustedProxies);
  /** Open (and opening) websockets by client address. */
  const perAddress = new Map<string, number>();

  /** Counted from now (the key check is async), released when the connection ends however it ends. */
  const count = (socket: Duplex, address: string) => {
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const n = (perAddress.get(address) ?? 1) - 1;
      if (n > 0) perAddress.set(address, n);
      else perAddress.delete(address);
    });
  };

  return (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://venue');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) {
      return refuse(socket, 404, { error: `No websocket at ${url.pathname}` });
    }
    if (closing()) return refuse(socket, 503, { error: 'Realtime is restarting, please standby' });
    const vsn = readVsn(url.searchParams.get('vsn'));
    if (!vsn) return refuse(socket, 400, { error: `Unsupported vsn ${url.searchParams.get('vsn')}: use 1.0.0 or 2.0.0` });
    // The socket's peer, or a TRUSTED_PROXIES hop's word for it: never a header the client alone sets.
    const header = req.headers['x-forwarded-for'];
    const address = resolveClientAddress(req.socket.remoteAddress, Array.isArray(header) ? header.join(',') : header, trusted);
    if ((perAddress.get(address) ?? 0) >= config.realtimeMaxConnectionsPerIp) return refuse(socket, 429, { error: 'Too many connections from this address' });
    count(socket, address);
    const apikey = url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : null);
    // Kong's gate, as for /rest/v1: the same answers.
    if (!apikey) return refuse(socket, 401, { message: 'No API key found in request' });
    verifyApiKey(apikey, config).then(
      () => {
        if (closing() || socket.destroyed) return socket.destroy();
        accept(req, socket, head, vsn, apikey);
      },
      () => refuse(socket, 401, { message: 'Invalid API key' }),
    );
  };
}

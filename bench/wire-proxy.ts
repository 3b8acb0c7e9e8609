// A byte-counting TCP proxy for the benches: Chromium talks to it as if it were the venue server, and it
// passes every byte on unchanged, counting both directions per connection. Whatever issued a request (the
// page, the sync worker, the service worker's precache, the live socket), what the phone paid is counted here.
// It also reads the HTTP/1.1 request lines going up, so each exchange's bytes (headers and chunk framing
// included) are known per URL: Chromium never pipelines, so the bytes coming down after a request are its
// response until the next request on that connection leaves.
import { createServer, connect, type Socket } from 'node:net';

export interface WireExchange {
  connection: number;
  method: string;
  /** Path and query as sent in the request line. */
  path: string;
  /**
   * The request's Sec-Fetch-Dest, which says what asked for it: document (a navigation), script, style, image,
   * manifest, worker (the sync worker's script), serviceworker (the service worker's scripts), empty (a fetch(): sync_pull, the
   * precache), websocket; '' if Chromium sent none.
   */
  dest: string;
  /** Response status and Content-Type, from the response's head (0 and '' if it never came). */
  status: number;
  contentType: string;
  /** Request line, headers and body. */
  upBytes: number;
  /** Response head and body; for a socket upgraded to WebSocket, every frame after it too (both ways in up/down). */
  downBytes: number;
  /** performance.now() when its request line reached the proxy. */
  at: number;
}

export interface WireTotals {
  up: number;
  down: number;
  connections: number;
}

export interface WireProxy {
  /** http://127.0.0.1:port, to open in the browser instead of the server's own URL. */
  url: string;
  totals(): WireTotals;
  exchanges(): WireExchange[];
  /** Resolves once no byte has crossed for `ms` (rejects after `timeoutMs`). */
  quiet(ms: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const HEAD_END = Buffer.from('\r\n\r\n');
/** A request head larger than this is not HTTP we understand: stop reading (bytes are still counted). */
const MAX_HEAD = 64 * 1024;

interface Connection {
  id: number;
  /** Bytes of the request head read so far, until its blank line. */
  head: Buffer;
  /** Request body bytes still to come (Content-Length). */
  bodyLeft: number;
  /** After a 101 or a request head we cannot read: the rest is counted on the current exchange. */
  opaque: boolean;
  current: WireExchange | null;
  /** The current exchange's response head, until its blank line. */
  responseHead: Buffer;
  responseHeadDone: boolean;
}

/** A link's shape: round trip and the bandwidth each direction has (NetworkProfile in bench/browser.ts). */
export interface LinkShape {
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

/** Bytes a link sends at a time: connections sharing it take turns at this grain. */
const SLICE_BYTES = 16 * 1024;

/**
 * One direction of the phone's radio link, shared by every connection, first come first served: a slice
 * is sent once the link is free and its last byte lands half a round trip after it left.
 */
class Link {
  private freeAt = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly oneWayMs: number,
  ) {}
  /** When `bytes` handed to the link at `now` (ms) arrive at the far end. */
  arrivalOf(bytes: number, now: number): number {
    const start = Math.max(now, this.freeAt);
    this.freeAt = start + bytes / this.bytesPerMs;
    return this.freeAt + this.oneWayMs;
  }
}

/**
 * Passes every byte on, counting it; with `shape`, each direction through one shared Link (page, workers
 * and service worker alike: they share the phone's air) and a new connection's first bytes a round trip
 * late (its handshake). Shaping here, not by Chromium's per-target emulation, holds for a service worker
 * from its very first fetch: DevTools can attach to a new worker only after its install has started.
 */
export async function startWireProxy(target: { host: string; port: number }, shape?: LinkShape, { encrypted = false } = {}): Promise<WireProxy> {
  const totals: WireTotals = { up: 0, down: 0, connections: 0 };
  const exchanges: WireExchange[] = [];
  const sockets = new Set<Socket>();
  let lastByteAt = performance.now();
  const links = shape && {
    up: new Link(shape.uploadBytesPerSecond / 1000, shape.latencyMs / 2),
    down: new Link(shape.downloadBytesPerSecond / 1000, shape.latencyMs / 2),
  };
  /** Writes `data` to `to` as the link would deliver it, in order after what `queue` already carries. */
  const carry = (link: Link | undefined, queue: { last: Promise<void>; notBefore: number }, to: Socket, data: Buffer) => {
    if (!link) {
      to.write(data);
      return;
    }
    for (let at = 0; at < data.length; at += SLICE_BYTES) {
      const slice = data.subarray(at, at + SLICE_BYTES);
      const arrival = link.arrivalOf(slice.length, Math.max(performance.now(), queue.notBefore));
      queue.last = queue.last.then(async () => {
        const wait = arrival - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        lastByteAt = performance.now();
        if (!to.destroyed) to.write(slice);
      });
    }
  };

  const readUp = (c: Connection, data: Buffer) => {
    let rest = data;
    while (rest.length > 0) {
      if (c.opaque) {
        if (c.current) c.current.upBytes += rest.length;
        return;
      }
      if (c.bodyLeft > 0) {
        const n = Math.min(c.bodyLeft, rest.length);
        c.bodyLeft -= n;
        c.current!.upBytes += n;
        rest = rest.subarray(n);
        continue;
      }
      c.head = Buffer.concat([c.head, rest]);
      const end = c.head.indexOf(HEAD_END);
      if (end < 0) {
        if (c.head.length > MAX_HEAD) c.opaque = true;
        return;
      }
      const headBytes = c.head.subarray(0, end + HEAD_END.length);
      rest = c.head.subarray(end + HEAD_END.length);
      c.head = Buffer.alloc(0);
      const lines = headBytes.toString('latin1').split('\r\n');
      const [method = '?', path = '?'] = lines[0]!.split(' ');
      const header = (name: string) =>
        lines
          .find((l) => l.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      c.current = {
        connection: c.id,
        method,
        path,
        dest: header('sec-fetch-dest') ?? (header('upgrade')?.toLowerCase() === 'websocket' ? 'websocket' : ''),
        status: 0,
        contentType: '',
        upBytes: headBytes.length,
        downBytes: 0,
        at: performance.now(),
      };
      c.responseHead = Buffer.alloc(0);
      c.responseHeadDone = false;
      exchanges.push(c.current);
      // Chromium sends fetch() bodies with a Content-Length; a chunked upload is not followed exchange by exchange.
      if (header('transfer-encoding')) c.opaque = true;
      c.bodyLeft = Number(header('content-length') ?? 0) || 0;
    }
  };

  const readDown = (c: Connection, data: Buffer) => {
    const ex = c.current;
    if (!ex) return;
    ex.downBytes += data.length;
    if (c.responseHeadDone) return;
    c.responseHead = Buffer.concat([c.responseHead, data]);
    const end = c.responseHead.indexOf(HEAD_END);
    if (end < 0 && c.responseHead.length < MAX_HEAD) return;
    c.responseHeadDone = true;
    const lines = c.responseHead
      .subarray(0, end < 0 ? MAX_HEAD : end)
      .toString('latin1')
      .split('\r\n');
    ex.status = Number(lines[0]!.split(' ')[1]) || 0;
    ex.contentType =
      lines
        .find((l) => l.toLowerCase().startsWith('content-type:'))
        ?.slice(13)
        .trim() ?? '';
    c.responseHead = Buffer.alloc(0);
    if (ex.status === 101) c.opaque = true;
  };

  const server = createServer({ allowHalfOpen: true }, (client) => {
    // TLS (`encrypted`): bytes are counted and shaped, but no request can be read off them.
    const c: Connection = {
      id: ++totals.connections,
      head: Buffer.alloc(0),
      bodyLeft: 0,
      opaque: encrypted,
      current: null,
      responseHead: Buffer.alloc(0),
      responseHeadDone: true,
    };
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    // The request cannot leave before the handshake's round trip.
    const upQueue = { last: Promise.resolve(), notBefore: performance.now() + (shape?.latencyMs ?? 0) };
    const downQueue = { last: Promise.resolve(), notBefore: 0 };
    client.on('data', (data: Buffer) => {
      totals.up += data.length;
      lastByteAt = performance.now();
      readUp(c, data);
      carry(links?.up, upQueue, upstream, data);
    });
    upstream.on('data', (data: Buffer) => {
      totals.down += data.length;
      lastByteAt = performance.now();
      readDown(c, data);
      carry(links?.down, downQueue, client, data);
    });
    client.on('end', () => void upQueue.last.then(() => upstream.end()));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    // A server that closes after its response: the phone still gets what is on its way.
    upstream.on('close', () => void downQueue.last.then(end));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The wire proxy has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    totals: () => ({ ...totals }),
    exchanges: () => exchanges.map((e) => ({ ...e })),
    async quiet(ms, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() - lastByteAt < ms) {
        if (performance.now() > deadline) throw new Error(`The network never went quiet for ${ms} ms within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

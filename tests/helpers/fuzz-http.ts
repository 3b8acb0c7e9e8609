// Sends fuzz requests over real sockets (node:http, so headers and paths go out as written) and judges the answers.
import { request, type Agent, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import type { Engine } from './server.ts';

export interface FuzzRequest {
  /** The endpoint group the report counts it under. */
  group: string;
  method: string;
  /** Path and query exactly as sent (Node only refuses control characters and spaces). */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Oversized uploads: the server may answer and close before the upload ends. */
  mayReset?: boolean;
}

interface FuzzAnswer {
  status: number;
  contentType: string;
  body: string;
  /**
   * Refused below the app: Node's HTTP parser (bodyless 400/413/431 without a Date header, or a reset for
   * a header block over 16 KB), @hono/node-server's bodyless 400 for a target that is no URL, or a reset
   * after the server refused an oversized upload.
   */
  fromParser: boolean;
}

export type Outcome = FuzzAnswer | { failure: 'timeout' | 'network'; message: string };

/** Never serve this: it sits next to the static root, one `..` away. */
const SECRET_MARKER = 'FUZZ-SECRET-OUTSIDE-THE-STATIC-ROOT';

/** A small built-app stand-in, with a secret file just outside it to catch path traversal. */
export function makeStaticDir(): string {
  const base = mkdtempSync(join(tmpdir(), 'purrfect-fuzz-'));
  const root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>PurrFect Show</title><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"PurrFect Show"}');
  writeFileSync(join(base, 'secret.txt'), SECRET_MARKER);
  return root;
}

/**
 * On PostgreSQL, a database of its own next to the run's shared one: the hostile callers (and the
 * service role's writes) must neither disturb other test files nor be disturbed by their writes.
 */
async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = new URL(inject('postgresUrl')!);
  const name = `${shared.pathname.slice(1)}_own_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: shared.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Like startTestServer, but on a database of its own, optionally serving a static dir (so the app's paths are fuzzed too). */
export async function startOwnServer(engine: Engine, staticDir?: string): Promise<VenueServer> {
  const own = engine === 'postgres' ? await ownDatabase() : undefined;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    STATIC_DIR: staticDir ?? '',
    // High enough that the fuzz reaches the handlers; 429s are still answered in JSON when hit.
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_URL: own?.url ?? '',
  });
  if (engine === 'pglite') config.dataDir = null;
  if (!staticDir) config.staticDir = null;
  const server = await startVenueServer(config);
  return {
    ...server,
    async close() {
      await server.close();
      await own?.drop();
    },
  };
}

const MAX_BODY_KEPT = 64 * 1024;

/** The body as text, decompressed when the server compressed it (compress() honours Accept-Encoding). */
function decode(res: IncomingMessage, bytes: Buffer): string {
  try {
    const enc = String(res.headers['content-encoding'] ?? '');
    if (enc === 'gzip') return gunzipSync(bytes).toString('utf8');
    if (enc === 'deflate') return inflateSync(bytes).toString('utf8');
    if (enc === 'br') return brotliDecompressSync(bytes).toString('utf8');
  } catch {
    return `<undecodable ${String(res.headers['content-encoding'])} body>`;
  }
  return bytes.toString('utf8');
}

/** Bytes of the request line and header block, roughly as Node's parser counts them. */
function headBytes(req: FuzzRequest): number {
  return req.path.length + Object.entries(req.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 64);
}

const PARSER_STATUSES = new Set([400, 413, 414, 431]);

/** How many sends were retried after a reset without an answer (reported, so a trend stays visible). */
export const retries = { count: 0 };

export async function send(base: URL, req: FuzzRequest, agent: Agent, timeoutMs: number): Promise<Outcome> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const o = await sendOnce(base, req, attempt < 2 ? agent : undefined, timeoutMs);
    if (o !== 'retry') return o;
    retries.count++;
  }
  return { failure: 'network', message: 'ECONNRESET before any answer, four times in a row' };
}

function sendOnce(base: URL, req: FuzzRequest, agent: Agent | undefined, timeoutMs: number): Promise<Outcome | 'retry'> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let settled = false;
    const done = (o: Outcome | 'retry') => {
      if (!settled) {
        settled = true;
        resolve(o);
      }
    };
    let r: ReturnType<typeof request>;
    try {
      r = request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        // Node only frames bodies of POST/PUT/PATCH by itself; a GET's body would leak into the next request.
        headers: req.body === undefined ? req.headers : { 'content-length': String(Buffer.byteLength(req.body)), ...req.headers },
        agent: agent ?? false,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new Error(`the fuzz generator built a request Node refuses to send: ${(e as Error).message} ${JSON.stringify(req).slice(0, 300)}`);
    }
    // Node may still be writing when the server resets: those late socket errors are not the request's.
    r.on('socket', (socket) => socket.on('error', () => undefined));
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept < MAX_BODY_KEPT) chunks.push(c);
        kept += c.length;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        // Node's parser answers without a Date header; @hono/node-server answers a request target it cannot
        // turn into a URL (e.g. a raw `#`) with a bodyless 400 before the app runs. Both are below the app.
        const bodyless = !res.headers['content-type'] && chunks.every((c) => c.length === 0);
        const fromParser = PARSER_STATUSES.has(status) && bodyless && (!res.headers.date || status === 400);
        done({ status, contentType: String(res.headers['content-type'] ?? ''), body: decode(res, Buffer.concat(chunks)), fromParser });
      });
      res.on('error', (e) => done(req.mayReset ? { failure: 'network', message: e.message } : 'retry'));
    });
    r.on('error', (e: NodeJS.ErrnoException) => {
      if (e.name === 'AbortError' || e.name === 'TimeoutError') done({ failure: 'timeout', message: `no answer within ${timeoutMs} ms` });
      // Reset before the answer was read: Node's documented keep-alive race on a reused socket, or
      // @hono/node-server's 500 ms body-drain timer firing after PGlite blocked this process's event loop
      // (client and server share it), which resets the socket before our side read the answer. Retried;
      // a reset that is the server's doing recurs.
      else if (e.code === 'ECONNRESET' && !req.mayReset && headBytes(req) <= 14_000) done('retry');
      else if (headBytes(req) > 14_000 && (e.code === 'EPIPE' || e.code === 'ECONNRESET')) {
        // Over Node's 16 KB header limit: its parser answers 431 and resets, often before we read the answer.
        done({ status: 431, contentType: '', body: '', fromParser: true });
      } else if (req.mayReset && (e.code === 'EPIPE' || e.code === 'ECONNRESET')) {
        // The server answered 413 and closed while the upload was still going; the reset can beat the answer.
        setTimeout(() => done({ status: 413, contentType: '', body: '', fromParser: true }), 1000);
      } else done({ failure: 'network', message: `${e.code ?? ''} ${e.message} (reused ${r.reusedSocket}, after ${Date.now() - t0} ms)` });
    });
    r.end(req.body);
  });
}

/** One raw HTTP/1.1 exchange for what no HTTP client sends: the first status line, or null when the server closes. */
export function sendRaw(
  base: URL,
  bytes: string | Buffer,
  timeoutMs: number,
  halfClose = false,
): Promise<{ status: number | null; head: string; body: string } | 'timeout'> {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname);
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('timeout');
    }, timeoutMs);
    let finished = false;
    socket.on('data', (c) => {
      data += c.toString('latin1');
      // A complete answer with a length (or a bodyless one) ends the exchange; a kept-alive socket would not close.
      const split = data.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(data.slice(0, split));
      if (split >= 0 && !/^HTTP\/1\.1 100/.test(data) && (length ? data.length - split - 4 >= Number(length[1]) : /\r\n0\r\n\r\n$/.test(data))) {
        finish();
        socket.destroy();
      }
    });
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      const split = data.indexOf('\r\n\r\n');
      resolve({ status: m ? Number(m[1]) : null, head: split >= 0 ? data.slice(0, split) : data, body: split >= 0 ? data.slice(split + 4) : '' });
    };
    socket.on('close', finish);
    socket.on('error', () => undefined);
    socket.write(bytes, () => {
      if (halfClose) socket.end();
    });
  });
}

/** What makes an answer wrong, or null: a 5xx, or a 4xx whose body is not JSON. */
export function verdict(req: FuzzRequest, o: Outcome): string | null {
  if ('failure' in o) return `${o.failure}: ${o.message}`;
  if (o.fromParser) return null;
  if (o.status >= 500) return `${o.status} ${o.body.slice(0, 300)}`;
  if (o.body.includes(SECRET_MARKER)) return `${o.status} served a file outside the static root`;
  // serveStatic refuses an unsatisfiable byte range of a file with a bodyless 416 (and Content-Range: bytes */size).
  if (o.status === 416 && req.group === 'static' && o.body === '') return null;
  if (o.status >= 400 && req.method !== 'HEAD') {
    if (!/\bjson\b/i.test(o.contentType)) return `${o.status} with Content-Type "${o.contentType}": ${o.body.slice(0, 200)}`;
    try {
      JSON.parse(o.body);
    } catch {
      return `${o.status} body is not JSON: ${o.body.slice(0, 200)}`;
    }
  }
  return null;
}

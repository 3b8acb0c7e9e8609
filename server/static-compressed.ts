// The built app's files compressed once, with brotli at its best setting, instead of gzip on every
// request: a first visit's JavaScript is smaller on the hall's shared air, and a thousand first visits
// cost the server one compression per file, not a thousand (bench firstvisit, showday).
// Only the build's own file names are served here (no `..` can match); anything else goes on to
// serveStatic and the per-request compression in app.ts.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Paths of the build's compressible files: hashed assets and the root's scripts, styles and pictures. */
const SERVED = /^\/(?:assets\/)?[A-Za-z0-9][A-Za-z0-9_.-]*\.(?:js|mjs|css|svg|json|webmanifest)$/;
/**
 * Below this a compressed answer saves less than its two header lines cost (the web manifest, at some 640
 * bytes, is 300 bytes lighter in brotli).
 */
const MIN_BYTES = 512;

interface Compressed {
  mtimeMs: number;
  br: Buffer;
  gzip: Buffer;
  etag: { br: string; gzip: string };
}

/** A strong validator of one encoding's bytes, made once (static.ts answers a current copy with 304). */
const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** Reads `file.br` and `file.gz` when they are at least as new as `file`, else makes and keeps them. */
async function compressedCopies(file: string, mtimeMs: number): Promise<{ br: Buffer; gzip: Buffer }> {
  const kept = await Promise.all(
    ['.br', '.gz'].map(async (ext) => {
      const info = await stat(file + ext).catch(() => null);
      return info && info.mtimeMs >= mtimeMs ? readFile(file + ext).catch(() => null) : null;
    }),
  );
  if (kept[0] && kept[1]) return { br: kept[0], gzip: kept[1] };
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  // Kept beside the build for the next server on it (tests start many); a read-only build is fine too.
  // Written aside and renamed, so a server reading beside this one never gets half a file.
  const keep = async (path: string, data: Buffer) => {
    const aside = `${path}.${process.pid}-${randomUUID()}.tmp`;
    await writeFile(aside, data);
    await rename(aside, path).catch(async (e: unknown) => {
      await rm(aside, { force: true });
      throw e;
    });
  };
  await Promise.all([keep(file + '.br', br), keep(file + '.gz', gz)]).catch(() => undefined);
  return { br, gzip: gz };
}

/** Middleware answering the build's files compressed (brotli, else gzip) from copies made once. */
export function compressedFiles(root: string): MiddlewareHandler {
  const cache = new Map<string, Promise<Compressed | null>>();

  const load = async (path: string): Promise<Compressed | null> => {
    const file = join(root, path);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size < MIN_BYTES) return null;
    const cached = await cache.get(path)?.catch(() => null);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    // A rebuild while the server runs replaces files in place: the new one is compressed.
    const fresh = compressedCopies(file, info.mtimeMs).then((c) => ({ mtimeMs: info.mtimeMs, ...c, etag: { br: etagOf(c.br), gzip: etagOf(c.gzip) } }));
    cache.set(path, fresh);
    return fresh;
  };

  return async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !SERVED.test(path)) return next();
    const accepted = (c.req.header('Accept-Encoding') ?? '').split(',').map((e) => e.trim().split(';')[0]);
    const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
    if (!encoding) return next();
    const compressed = await load(path).catch(() => null);
    if (!compressed) return next();
    const body = compressed[encoding];
    const headers = {
      // Scripts and styles are read as UTF-8 without a charset (modules always; styles from the page's).
      'Content-Type': (getMimeType(path) ?? 'application/octet-stream').replace(/^(text\/(?:javascript|css)); charset=utf-8$/, '$1'),
      'Content-Encoding': encoding,
      'Content-Length': String(body.length),
      Vary: 'Accept-Encoding',
      // The ETag alone revalidates (a Last-Modified beside it is a header line every answer pays).
      ETag: compressed.etag[encoding],
    };
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body), 200, headers);
  };
}

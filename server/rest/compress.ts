// Compression of answers held in memory: measured first, then compressed in one call when worth it.
// hono's compress() pipes every body through a CompressionStream, even a two-byte one (a string body
// carries no Content-Length), which cost more CPU than the query behind a no-change resync.
import { promisify } from 'node:util';
import { deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

/** Smaller bodies go out as they are: hono's default threshold. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger bodies (a first mirror) are compressed on the thread pool, so other requests go on. */
const ASYNC_MIN_BYTES = 64 * 1024;

const ENCODINGS = ['gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** What hono's compress() would pick: gzip or deflate when fully accepted, else the best q above 0. */
export function chooseEncoding(header: string | null | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/**
 * The bytes to send for a JSON body, setting Content-Length (so the app-wide compress() leaves the
 * answer alone) and, when compressed, Content-Encoding and Vary.
 */
export async function encodeBody(body: string, acceptEncoding: string | undefined, headers: Headers): Promise<string | Uint8Array<ArrayBuffer>> {
  const size = Buffer.byteLength(body);
  const encoding = size >= COMPRESS_MIN_BYTES ? chooseEncoding(acceptEncoding) : undefined;
  if (size >= COMPRESS_MIN_BYTES) headers.append('Vary', 'Accept-Encoding');
  if (!encoding) {
    headers.set('Content-Length', String(size));
    return body;
  }
  const out =
    size >= ASYNC_MIN_BYTES
      ? await (encoding === 'gzip' ? gzipAsync(body) : deflateAsync(body))
      : encoding === 'gzip'
        ? gzipSync(body)
        : deflateSync(body);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(out.byteLength));
  // zlib's output never shares a SharedArrayBuffer.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

// Compression of answers held in memory: measured first, then compressed in one call when worth it.
// hono's compress() pipes every body through a CompressionStream, even a two-byte one (a string body
// carries no Content-Length), which cost more CPU than the query behind a no-change resync.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, deflate, deflateSync, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

/** Smaller bodies go out as they are: hono's default threshold. */
export const COMPRESS_MIN_BYTES = 1024;
/** Larger bodies (a first mirror) are compressed on the thread pool, so other requests go on. */
const ASYNC_MIN_BYTES = 64 * 1024;

/**
 * Brotli first: every browser sends it. On the demo show's first mirror, quality 5 is 12 % smaller than gzip
 * at ×1 (54.9 → 48.3 KB) and 21 % at ×10 (252 → 198 KB) for about 1.3× gzip's CPU; higher qualities
 * gained 1–5 % more for twice to four times the CPU.
 */
const ENCODINGS = ['br', 'gzip', 'deflate'] as const;
type Encoding = (typeof ENCODINGS)[number];
const BROTLI_QUALITY = 5;
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);
const brotliAsync = promisify<string, BrotliOptions, Buffer>(brotliCompress);
const brotliOptions = (size: number): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});

/**
 * A large answer many phones receive alike — the first mirror, the same for every phone that arrives until
 * the show changes, but for its last few hundred bytes (sync_pull's watermark is the server's clock) — is
 * compressed once more at brotli's best: 15 % smaller than quality 5 on the demo show's (61.5 → 52.0 KB), for
 * a second or so of one thread-pool thread. So the phone that asks first gets quality 5 at once, the copy is
 * made in the background, one at a time (a busy hall never queues more than one), and every later phone whose
 * answer starts with the same bytes gets it. The copy is of all but the answer's last TAIL characters,
 * flushed to a byte boundary without ending the stream; each answer's own tail follows in uncompressed
 * meta-blocks and an empty last one (RFC 7932 §9.2): a valid brotli stream of exactly that answer.
 */
const BEST_QUALITY = 11;
/** The characters of an answer left out of its best copy: sync_pull's envelope after the rows fits in it. */
const TAIL = 512;
/** A kept copy serves an answer whose tail is at most this long (beyond, it would be mostly uncompressed). */
const TAIL_MAX = 4 * TAIL;
/** Best copies kept, most recently used first. */
const BEST_KEPT = 8;

interface BestCopy {
  prefix: string;
  /** The prefix compressed at BEST_QUALITY and flushed: a stream not yet ended. */
  head: Buffer;
}
const bestCopies: BestCopy[] = [];
let bestRunning = false;

/** The prefix compressed and flushed to a byte boundary, the stream left open. */
function flushedBrotli(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const size = Buffer.byteLength(text);
    const encoder = createBrotliCompress({ params: { ...brotliOptions(size).params, [constants.BROTLI_PARAM_QUALITY]: BEST_QUALITY } });
    const chunks: Buffer[] = [];
    encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
    encoder.on('error', reject);
    encoder.write(text);
    encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
      resolve(Buffer.concat(chunks));
      encoder.destroy();
    });
  });
}

/** `bytes` as uncompressed meta-blocks of at most 64 KiB, then the empty last meta-block. */
function uncompressedEnd(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += 0x10000) {
    const block = bytes.subarray(offset, offset + 0x10000);
    // Bits from the lowest: ISLAST 0, MNIBBLES 0 (four nibbles), MLEN − 1 in 16 bits, ISUNCOMPRESSED 1; then
    // zero bits to the byte boundary.
    const header = ((block.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), block);
  }
  // ISLAST 1, ISLASTEMPTY 1.
  parts.push(Buffer.from([0x03]));
  return Buffer.concat(parts);
}

/** Where an answer's best copy ends: TAIL characters before its end, never inside a surrogate pair. */
function prefixEnd(body: string): number {
  const end = body.length - TAIL;
  const code = body.charCodeAt(end);
  return code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}

function bestCopy(body: string): Buffer | undefined {
  const index = bestCopies.findIndex((c) => body.length - c.prefix.length <= TAIL_MAX && body.length >= c.prefix.length && body.startsWith(c.prefix));
  if (index >= 0) {
    const [copy] = bestCopies.splice(index, 1);
    bestCopies.unshift(copy!);
    return Buffer.concat([copy!.head, uncompressedEnd(Buffer.from(body.slice(copy!.prefix.length)))]);
  }
  if (!bestRunning && body.length > TAIL_MAX) {
    bestRunning = true;
    const prefix = body.slice(0, prefixEnd(body));
    void flushedBrotli(prefix)
      .then((head) => {
        bestCopies.unshift({ prefix, head });
        bestCopies.length = Math.min(bestCopies.length, BEST_KEPT);
      })
      .catch(() => undefined)
      .finally(() => (bestRunning = false));
  }
  return undefined;
}

/** Resolves once no best copy is being made (tests). */
export async function bestCopiesSettled(): Promise<void> {
  while (bestRunning) await new Promise((r) => setTimeout(r, 10));
}

function compressSync(encoding: Encoding, body: string, size: number): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, brotliOptions(size));
  return encoding === 'gzip' ? gzipSync(body) : deflateSync(body);
}

function compressAsync(encoding: Encoding, body: string, size: number): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(body, brotliOptions(size));
  return encoding === 'gzip' ? gzipAsync(body) : deflateAsync(body);
}

/** Brotli, gzip or deflate (in that order) when fully accepted, else the best q above 0 (as hono's compress() does for the last two). */
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
  const best = size >= ASYNC_MIN_BYTES && encoding === 'br' ? bestCopy(body) : undefined;
  const out = best ?? (size >= ASYNC_MIN_BYTES ? await compressAsync(encoding, body, size) : compressSync(encoding, body, size));
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(out.byteLength));
  // zlib's output never shares a SharedArrayBuffer.
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
}

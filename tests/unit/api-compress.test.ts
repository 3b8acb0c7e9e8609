// JSON answers held in memory (server/rest/compress.ts): which encoding a client gets, and that it decodes.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bestCopiesSettled, chooseEncoding, COMPRESS_MIN_BYTES, encodeBody } from '../../server/rest/compress.ts';

// Over 64 KB: compressed on the thread pool, as a first mirror is.
const mirror = JSON.stringify({ breeds: Array.from({ length: 2_000 }, (_, i) => ({ id: i, breed_name: `Breed ${i}`, coat: i % 2 ? 'long' : 'short' })) });

describe('API answer compression', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'], // Chromium
    ['gzip, deflate, br', 'br'], // Firefox, Safari
    ['gzip, deflate', 'gzip'], // a client without brotli
    ['br;q=0, gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('Accept-Encoding %j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ] as const)('sends %s with its length, and it decodes to the JSON', async (encoding, decode) => {
    const headers = new Headers();
    const out = await encodeBody(mirror, encoding, headers);
    expect(headers.get('Content-Encoding')).toBe(encoding);
    expect(headers.get('Vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(out as Uint8Array);
    expect(Number(headers.get('Content-Length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(mirror.length / 4);
    expect(decode(bytes).toString('utf8')).toBe(mirror);
  });

  it("sends a large answer that repeats but for its end (sync_pull's watermark) at brotli's best once its copy is made", async () => {
    // Text that quality 5 leaves room in, as a first mirror's breed descriptions do.
    const words = Array.from({ length: 400 }, (_, i) => `w${(i * 7919) % 10007}`);
    const rows = (seed: number) => {
      let x = seed;
      const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
      return Array.from({ length: 2_000 }, (_, i) => ({ id: i, about: Array.from({ length: 12 }, () => words[next() % words.length]).join(' ') }));
    };
    // The clock's reading at the end, and a character outside the BMP near the cut.
    const answer = (seed: number, watermark: string) => JSON.stringify({ rows: rows(seed), note: '🐈'.repeat(300), watermark });
    const send = async (body: string) => Buffer.from((await encodeBody(body, 'br', new Headers())) as Uint8Array);
    await bestCopiesSettled();
    const first = answer(3, '2026-11-29T11:43:22.571+00:00');
    const atOnce = await send(first);
    await bestCopiesSettled();
    const later = answer(3, '2026-11-29T11:43:24.99+00:00');
    const best = await send(later);
    expect(best.length).toBeLessThan(atOnce.length);
    expect(brotliDecompressSync(best).toString('utf8')).toBe(later);
    expect(brotliDecompressSync(atOnce).toString('utf8')).toBe(first);
    // Another answer gets its own bytes, never a kept copy of a different one.
    const other = answer(5, '2026-11-29T11:43:24.99+00:00');
    expect(brotliDecompressSync(await send(other)).toString('utf8')).toBe(other);
  });

  it('leaves a body under the threshold as it is', async () => {
    const headers = new Headers();
    const body = 'x'.repeat(COMPRESS_MIN_BYTES - 1);
    expect(await encodeBody(body, 'br', headers)).toBe(body);
    expect(headers.get('Content-Encoding')).toBeNull();
    expect(headers.get('Content-Length')).toBe(String(body.length));
  });
});

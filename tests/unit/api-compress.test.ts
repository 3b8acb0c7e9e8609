// JSON answers held in memory (server/rest/compress.ts): which encoding a client gets, and that it decodes.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES, encodeBody } from '../../server/rest/compress.ts';

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

  it('leaves a body under the threshold as it is', async () => {
    const headers = new Headers();
    const body = 'x'.repeat(COMPRESS_MIN_BYTES - 1);
    expect(await encodeBody(body, 'br', headers)).toBe(body);
    expect(headers.get('Content-Encoding')).toBeNull();
    expect(headers.get('Content-Length')).toBe(String(body.length));
  });
});

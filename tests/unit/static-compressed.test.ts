// The build's files answered compressed from copies made once (server/static-compressed.ts), through the
// same routes the venue server serves the app with.
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { staticRoutes } from '../../server/static.ts';

const dir = mkdtempSync(join(tmpdir(), 'static-compressed-'));
const script = `export const breeds = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Breed number ${i}`))};\n`;
writeFileSync(join(dir, 'index.html'), '<!doctype html><title>PurrFect Show</title>');
writeFileSync(join(dir, 'sw.js'), script);
const assets = join(dir, 'assets');
mkdirSync(assets);
writeFileSync(join(assets, 'breeds-abc123.js'), script);
writeFileSync(join(assets, 'tiny-abc123.js'), 'export {};\n');
const app = staticRoutes(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (path: string, encoding?: string, method = 'GET') => app.request(path, { method, headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('compressed static files', () => {
  it('answers brotli when the browser takes it, with the asset headers, and keeps the copies beside the build', async () => {
    const res = await get('/assets/breeds-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
    expect(existsSync(join(assets, 'breeds-abc123.js.br'))).toBe(true);
  });

  it('answers gzip to a browser without brotli, and the file as it is to one that takes neither', async () => {
    const gz = await get('/sw.js', 'gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gz.headers.get('Cache-Control')).not.toContain('immutable');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await get('/sw.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('leaves tiny files, HEAD without a body, missing files and paths outside the build to the other routes', async () => {
    expect((await get('/assets/tiny-abc123.js', 'br')).headers.get('Content-Encoding')).toBeNull();
    const head = await get('/assets/breeds-abc123.js', 'br', 'HEAD');
    expect(head.headers.get('Content-Encoding')).toBe('br');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect((await get('/assets/missing-abc123.js', 'br')).status).toBe(404);
    expect((await get('/assets/..%2F..%2Fetc%2Fpasswd.js', 'br')).status).toBe(404);
  });

  it('compresses a file again when a rebuild replaces it', async () => {
    await get('/assets/breeds-abc123.js', 'br');
    const rebuilt = script.replace('Breed number 7', 'Maine Coon');
    writeFileSync(join(assets, 'breeds-abc123.js'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(assets, 'breeds-abc123.js'), later, later);
    const res = await get('/assets/breeds-abc123.js', 'br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(rebuilt);
  });
  it('answers 304 to a current copy (by ETag) and the file to a stale one or another encoding', async () => {
    const first = await get('/assets/breeds-abc123.js', 'br');
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const conditional = (headers: Record<string, string>) => app.request('/assets/breeds-abc123.js', { headers: { 'Accept-Encoding': 'br', ...headers } });
    const current = await conditional({ 'If-None-Match': `"other", W/${etag}` });
    expect(current.status).toBe(304);
    expect(current.headers.get('ETag')).toBe(etag);
    expect(current.headers.get('Cache-Control')).toContain('immutable');
    expect((await current.arrayBuffer()).byteLength).toBe(0);
    expect((await conditional({ 'If-None-Match': '"other"' })).status).toBe(200);
    const gzip = await app.request('/assets/breeds-abc123.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('ETag')).not.toBe(etag);
    // A file too small to compress is hashed as it is served.
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    const tinyTag = tiny.headers.get('ETag')!;
    expect(tinyTag).toBeTruthy();
    expect((await app.request('/assets/tiny-abc123.js', { headers: { 'If-None-Match': tinyTag } })).status).toBe(304);
  });
});

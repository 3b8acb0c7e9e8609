// measurePictures and estimateDownload against a small HTTP server that counts the HEAD requests it answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateDownload, measurePictures, SIZE_SAMPLE } from './save-pictures.ts';

describe('measurePictures', () => {
  let server: Server;
  let base: string;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url!);
      // "/a-300.jpg" is 300 bytes; "/unsized.jpg" gives no length; "/gone.jpg" is not there.
      const size = /-(\d+)\.jpg$/.exec(req.url!)?.[1];
      if (req.url === '/gone.jpg') res.writeHead(404).end();
      else if (size) res.writeHead(200, { 'content-length': size }).end();
      else res.writeHead(200, { 'transfer-encoding': 'chunked' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('adds the sizes the answers give, and counts those without one', async () => {
    const urls = ['/a-300.jpg', '/b-1200.jpg', '/unsized.jpg', '/gone.jpg'].map((p) => base + p);
    expect(await measurePictures(urls, new AbortController().signal)).toEqual({ bytes: 1_500, unknown: 2 });
  });

  it('asks again only for the pictures a changed list adds', async () => {
    const known = new Map<string, number | null>();
    await measurePictures([`${base}/c-100.jpg`, `${base}/d-200.jpg`, `${base}/gone.jpg`], new AbortController().signal, known);
    asked.length = 0;
    // One picture saved meanwhile (gone from the list), one new.
    expect(await measurePictures([`${base}/d-200.jpg`, `${base}/e-50.jpg`, `${base}/gone.jpg`], new AbortController().signal, known)).toEqual({
      bytes: 250,
      unknown: 1,
    });
    expect(asked).toEqual(['/e-50.jpg']);
  });

  it('estimates a long list from a sample spread over it: its mean size times the count', async () => {
    asked.length = 0;
    // The first half of the list 100 bytes a picture, the second 300: a sample spread evenly sees both alike.
    const urls = Array.from({ length: SIZE_SAMPLE * 10 }, (_, i) => `${base}/p${i}-${i < SIZE_SAMPLE * 5 ? 100 : 300}.jpg`);
    const estimate = await estimateDownload(urls, new AbortController().signal);
    expect(asked).toHaveLength(SIZE_SAMPLE);
    expect(estimate).toEqual({ bytes: urls.length * 200, unknown: 0 });
  });

  it('measures a list as short as the sample exactly, and says when no sampled answer gave a size', async () => {
    const short = [`${base}/a-300.jpg`, `${base}/unsized.jpg`];
    expect(await estimateDownload(short, new AbortController().signal)).toEqual({ bytes: 300, unknown: 1 });
    const unsized = Array.from({ length: SIZE_SAMPLE + 5 }, (_, i) => `${base}/unsized.jpg?${i}`);
    expect(await estimateDownload(unsized, new AbortController().signal)).toEqual({ bytes: 0, unknown: SIZE_SAMPLE + 5 });
  });
});

import { describe, expect, it } from 'vitest';

// Workbox's modules look for the worker's global scope as they load.
(globalThis as { self?: unknown }).self ??= globalThis;
const { tooOld, trim } = await import('./bounded-cache.ts');

/** A cache as the Cache API keeps one: entries in the order they were put. */
function fakeCache(urls: string[]) {
  const entries = urls.map((u) => new Request(u));
  return {
    entries,
    keys: async () => [...entries],
    delete: async (request: RequestInfo | URL) => {
      const i = entries.findIndex((r) => r.url === (request as Request).url);
      if (i >= 0) entries.splice(i, 1);
      return i >= 0;
    },
  };
}

describe('a bounded runtime cache', () => {
  it('keeps the newest maxEntries, the first stored going first', async () => {
    const cache = fakeCache(['https://h/1.svg', 'https://h/2.svg', 'https://h/3.svg', 'https://h/4.svg']);
    expect(await trim(cache, 3)).toBe(1);
    expect(cache.entries.map((r) => r.url)).toEqual(['https://h/2.svg', 'https://h/3.svg', 'https://h/4.svg']);
    expect(await trim(cache, 3)).toBe(0);
  });

  it('treats a response older than maxAgeSeconds by its Date as absent, and one without a readable Date as fresh', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    const at = (date: string) => new Response('x', { headers: { date } });
    expect(tooOld(at('Sun, 29 Oct 2026 11:59:00 GMT'), 30 * 86_400, now)).toBe(true);
    expect(tooOld(at('Sun, 29 Nov 2026 11:00:00 GMT'), 30 * 86_400, now)).toBe(false);
    expect(tooOld(new Response('x'), 30 * 86_400, now)).toBe(false);
  });
});

// A runtime cache kept within bounds: at most `maxEntries` responses (the least recently stored go first:
// the Cache API lists entries in the order they were put, and a put moves its entry to the end), none older
// than `maxAgeSeconds` by its Date header, and emptied when the browser reports the storage quota exceeded.
// What workbox-expiration does with an IndexedDB of timestamps (and the idb library): the same bounds from
// the cache's own order, for a fifth of the bytes in the worker every first visit downloads.
import { registerQuotaErrorCallback } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface Bounds {
  maxEntries: number;
  maxAgeSeconds: number;
}

/** Whether a response is older than the bounds allow (no readable Date, as an opaque one: not too old). */
export function tooOld(response: Response, maxAgeSeconds: number, now = Date.now()): boolean {
  const date = Date.parse(response.headers.get('date') ?? '');
  return Number.isFinite(date) && now - date > maxAgeSeconds * 1000;
}

/** Deletes the entries of `cache` beyond the newest `maxEntries`. */
export async function trim(cache: Pick<Cache, 'keys' | 'delete'>, maxEntries: number): Promise<number> {
  const keys = await cache.keys();
  const over = keys.slice(0, Math.max(0, keys.length - maxEntries));
  for (const key of over) await cache.delete(key);
  return over.length;
}

/** The plugin for a cache-first strategy over `cacheName`. */
export function boundedCache(cacheName: string, bounds: Bounds): WorkboxPlugin {
  registerQuotaErrorCallback(() => caches.delete(cacheName));
  let trimming: Promise<unknown> = Promise.resolve();
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse && !tooOld(cachedResponse, bounds.maxAgeSeconds) ? cachedResponse : null),
    // One trim at a time: pictures arrive in bursts (a list's, "save every picture").
    cacheDidUpdate: async () => {
      trimming = trimming.then(async () => trim(await caches.open(cacheName), bounds.maxEntries)).catch(() => undefined);
      await trimming;
    },
  };
}

// Fills the service worker's bounded picture cache (IMAGE_CACHE, shared/sw-protocol.ts) from the page. Plain
// TypeScript, no React; it reads the Cache Storage and the network, and never touches the outbox.
import { IMAGE_CACHE, IMAGE_CACHE_MAX_ENTRIES } from '../../../shared/sw-protocol.ts';

/** Deadline for one picture (or one size question) on a slow hall network. */
const PICTURE_TIMEOUT_MS = 15_000;
/** Pictures fetched at once: enough to fill good Wi-Fi without crowding the sync's requests. */
const PICTURES_AT_ONCE = 4;
/**
 * Pictures whose size is asked before a download: a show's hundreds would cost a minute of HEADs over the
 * hall's round trips; this many, spread over the list, estimate the whole in a few seconds.
 */
export const SIZE_SAMPLE = 32;

export interface PictureStore {
  /** Pictures the show has. */
  total: number;
  /** Those already in the picture cache. */
  saved: number;
  /** Bytes of the saved pictures whose size is known. */
  savedBytes: number;
  /** Those not yet saved, in the show's order. */
  missing: string[];
}

const hasCaches = (): boolean => typeof caches !== 'undefined';

const sizeOf = (res: Response): number => Number(res.headers.get('content-length')) || 0;

/** Which of `urls` the picture cache already holds. */
export async function readPictureStore(urls: string[]): Promise<PictureStore> {
  if (!hasCaches()) return { total: urls.length, saved: 0, savedBytes: 0, missing: urls };
  const cache = await caches.open(IMAGE_CACHE);
  const missing: string[] = [];
  let savedBytes = 0;
  for (const url of urls) {
    const hit = await cache.match(url);
    if (hit) savedBytes += sizeOf(hit);
    else missing.push(url);
  }
  return { total: urls.length, saved: urls.length - missing.length, savedBytes, missing };
}

/** The pictures a download may add without pushing saved ones out of the bounded cache. */
export async function roomInPictureCache(): Promise<number> {
  const used = hasCaches() ? (await (await caches.open(IMAGE_CACHE)).keys()).length : 0;
  return Math.max(0, IMAGE_CACHE_MAX_ENTRIES - used);
}

/** Runs `work` over `items`, a few at a time, stopping early when `signal` aborts. */
async function pool<T>(items: T[], signal: AbortSignal, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !signal.aborted) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PICTURES_AT_ONCE, items.length) }, lane));
  signal.throwIfAborted();
}

const withDeadline = (signal: AbortSignal) => AbortSignal.any([signal, AbortSignal.timeout(PICTURE_TIMEOUT_MS)]);

/**
 * The download size of `urls` from HEAD answers; `unknown` counts those that gave none. `known` holds the
 * sizes already asked (null: no size given) and receives the new ones, so a list that changes while it is
 * measured (a sync, a picture the screens cached meanwhile) asks only for what it has not asked before.
 */
export async function measurePictures(urls: string[], signal: AbortSignal, known: Map<string, number | null> = new Map()): Promise<{ bytes: number; unknown: number }> {
  await pool(
    urls.filter((url) => !known.has(url)),
    signal,
    async (url) => {
      try {
        // Past the HTTP cache: a HEAD answered from a cached GET carries no Content-Length.
        const res = await fetch(url, { method: 'HEAD', cache: 'no-store', signal: withDeadline(signal) });
        const size = res.ok ? sizeOf(res) : 0;
        known.set(url, size > 0 ? size : null);
      } catch (e) {
        if (signal.aborted) throw e;
        known.set(url, null);
      }
    },
  );
  let bytes = 0;
  let unknown = 0;
  for (const url of urls) {
    const size = known.get(url);
    if (size) bytes += size;
    else unknown++;
  }
  return { bytes, unknown };
}

/**
 * About how much downloading `urls` costs: exact up to SIZE_SAMPLE pictures; beyond, SIZE_SAMPLE of them
 * spread evenly over the list, their mean size times the count. `unknown` counts pictures of unknown size
 * (in an estimate: all of them, when no sampled answer gave a size).
 */
export async function estimateDownload(urls: string[], signal: AbortSignal, known: Map<string, number | null> = new Map()): Promise<{ bytes: number; unknown: number }> {
  if (urls.length <= SIZE_SAMPLE) return measurePictures(urls, signal, known);
  const sample = Array.from({ length: SIZE_SAMPLE }, (_, i) => urls[Math.floor((i * urls.length) / SIZE_SAMPLE)]!);
  const measured = await measurePictures(sample, signal, known);
  const sized = sample.length - measured.unknown;
  return sized === 0 ? { bytes: 0, unknown: urls.length } : { bytes: Math.round((measured.bytes / sized) * urls.length), unknown: 0 };
}

export interface SaveProgress {
  done: number;
  failed: number;
  total: number;
}

/**
 * Saves `urls` into the picture cache. Under the service worker the request goes through its cache-first
 * route, so the cache's own bound and expiry keep counting; without one, the page stores the answer itself.
 */
export async function savePictures(urls: string[], signal: AbortSignal, onProgress: (p: SaveProgress) => void): Promise<SaveProgress> {
  const progress: SaveProgress = { done: 0, failed: 0, total: urls.length };
  const cache = await caches.open(IMAGE_CACHE);
  const throughWorker = typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
  await pool(urls, signal, async (url) => {
    try {
      const res = await fetch(url, { signal: withDeadline(signal) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      if (throughWorker) await res.arrayBuffer();
      else await cache.put(url, res);
      progress.done++;
    } catch (e) {
      if (signal.aborted) throw e;
      progress.failed++;
    }
    onProgress({ ...progress });
  });
  return progress;
}

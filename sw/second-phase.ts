// The second phase (shared/precache.ts: the floor plan's page and Leaflet, supabase-js, the account screens,
// the QR encoder, the legal pages), out of the precache a first visit waits for. Once the phone is
// offline-ready the page asks (src/app/second-phase.ts) and the worker fetches them into their own cache;
// they are served from it cache-first, and a lazy import made online before that lands in it too. So the
// plan opens in airplane mode after one visit, even if the visitor never opened it.
// The page loads supabase-js the moment it asks for the rest (src/app/startup.ts): a file the page and the
// fill want at once crosses the wire once.
import { registerRoute } from 'workbox-routing';
import { SECOND_PHASE_CACHE } from '../shared/sw-protocol.ts';

/** Files fetched at once: the second phase is a handful of files, and the sync may still be pulling. */
const FILES_AT_ONCE = 3;

export interface SecondPhase {
  /** Copies what an earlier build's precache holds of this list (the same hashed file): an update downloads none of it again. */
  adopt(): Promise<void>;
  /** Drops the files of earlier builds: the cache holds this build's list only. */
  prune(): Promise<void>;
  /** Fetches what the cache lacks; a run already under way is joined, not doubled. */
  fill(): Promise<void>;
}

/** Serves `urls` (absolute) cache-first from SECOND_PHASE_CACHE, and returns what fills and tidies it. */
export function registerSecondPhase(urls: string[]): SecondPhase {
  const list = new Set(urls);
  const inFlight = new Map<string, Promise<Response>>();
  /** The cached copy, else the network's answer (kept when it is a 200): one request per file however many ask. */
  const obtain = async (url: string): Promise<Response> => {
    const cached = await (await caches.open(SECOND_PHASE_CACHE)).match(url);
    if (cached) return cached;
    let pending = inFlight.get(url);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (response.status === 200) await (await caches.open(SECOND_PHASE_CACHE)).put(url, response.clone());
        return response;
      })().finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending.then((r) => r.clone());
  };
  registerRoute(
    ({ url }) => list.has(url.href),
    ({ url }) => obtain(url.href),
  );
  let running: Promise<void> | null = null;
  const missing = async (cache: Cache) => (await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? [] : [url])))).flat();
  return {
    async adopt() {
      const cache = await caches.open(SECOND_PHASE_CACHE);
      for (const url of await missing(cache)) {
        // Any cache but this one: an earlier build's precache keys a hashed file by its plain URL.
        const copy = await caches.match(url);
        if (copy?.ok) await cache.put(url, copy);
      }
    },
    async prune() {
      const cache = await caches.open(SECOND_PHASE_CACHE);
      for (const request of await cache.keys()) if (!list.has(request.url)) await cache.delete(request);
    },
    fill() {
      running ??= (async () => {
        const cache = await caches.open(SECOND_PHASE_CACHE);
        const queue = await missing(cache);
        const lane = async () => {
          for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
            // Offline, or a file the server lost: the next page start asks again.
            await obtain(url).catch(() => null);
          }
        };
        await Promise.all(Array.from({ length: FILES_AT_ONCE }, lane));
      })().finally(() => (running = null));
      return running;
    },
  };
}

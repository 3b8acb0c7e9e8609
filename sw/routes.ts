// Runtime routing: navigations get the precached shell; images and map tiles go to bounded cache-first caches.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE, IMAGE_CACHE_MAX_ENTRIES } from '../shared/sw-protocol.ts';
import { boundedCache } from './bounded-cache.ts';
import { isBuildAsset, isCachedImage, isMapTile, NAVIGATION_DENYLIST, navigationAllowlist } from './match.ts';

const TILE_CACHE = 'map-tiles';
/**
 * The build's hashed files that no list fetches ahead (the organiser console's chunks, shared/precache.ts):
 * kept as a device first loads them, so a ring clerk's screen opens again with the hall Wi-Fi gone.
 */
const LOADED_ASSETS_CACHE = 'loaded-assets';
const MAX_LOADED_ASSETS = 80;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MAX_TILES = 500;

function cacheFirst(cacheName: string, maxEntries: number): CacheFirst {
  return new CacheFirst({
    cacheName,
    plugins: [
      // Status 0 keeps cross-origin (opaque) images usable offline; errors are never cached.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      boundedCache(cacheName, { maxEntries, maxAgeSeconds: MAX_AGE_SECONDS }),
    ],
  });
}

/**
 * Registers every runtime route. The backend's API (/rest, /auth, /functions) has no route on purpose:
 * it goes straight to the network, since the app mirrors what it needs in IndexedDB.
 */
export function registerRoutes(opts: { basePath: string; origin: string; imageRootUrl: string | null }): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(`${opts.basePath}index.html`), {
      allowlist: navigationAllowlist(opts.basePath),
      denylist: NAVIGATION_DENYLIST,
    }),
  );
  // Tiles first: they are images too, but get their own, larger bucket.
  registerRoute(({ url }) => isMapTile(url), cacheFirst(TILE_CACHE, MAX_TILES));
  registerRoute(({ url, request }) => isCachedImage(url, request.destination, opts.origin, opts.imageRootUrl), cacheFirst(IMAGE_CACHE, IMAGE_CACHE_MAX_ENTRIES));
  // After the precache's and the second phase's routes, which answer their own files first.
  registerRoute(({ url }) => isBuildAsset(url, opts.origin, opts.basePath), cacheFirst(LOADED_ASSETS_CACHE, MAX_LOADED_ASSETS));
}

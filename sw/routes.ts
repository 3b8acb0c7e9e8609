// Runtime routing: navigations get the precached shell; images and map tiles go to bounded cache-first caches.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGE_CACHE, IMAGE_CACHE_MAX_ENTRIES } from '../shared/sw-protocol.ts';
import { isCachedImage, isMapTile, NAVIGATION_DENYLIST, navigationAllowlist } from './match.ts';

const TILE_CACHE = 'map-tiles';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MAX_TILES = 500;

function cacheFirst(cacheName: string, maxEntries: number): CacheFirst {
  return new CacheFirst({
    cacheName,
    plugins: [
      // Status 0 keeps cross-origin (opaque) images usable offline; errors are never cached.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries, maxAgeSeconds: MAX_AGE_SECONDS, purgeOnQuotaError: true }),
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
}

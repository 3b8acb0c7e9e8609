// Which requests the service worker handles and how: pure URL rules, tested without a worker.

/** Backend paths that must reach the network, never the app shell (the venue server's API and mailbox). */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/rest\//, /^\/auth\//, /^\/functions\//, /^\/storage\//, /^\/_dev\//];

/** Public storage objects, on the venue server or a hosted Supabase project. */
const PUBLIC_STORAGE_PATH = '/storage/v1/object/public/';

/** Slippy-map tile paths: /{z}/{x}/{y}.png (optionally @2x) and vector tiles. */
const TILE_PATH = /\/\d{1,2}\/\d+\/\d+(@\dx)?\.(png|jpe?g|webp|pbf|mvt)$/i;

/** Navigations under the base path (the router's basename) get the shell; others pass through. */
export function navigationAllowlist(basePath: string): RegExp[] {
  const escaped = basePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [new RegExp(`^${escaped}`)];
}

/** An address the navigation route answers with the shell: under the base path, not the backend's. */
export function isShellNavigation(url: URL, basePath: string): boolean {
  const path = url.pathname + url.search;
  return navigationAllowlist(basePath).some((r) => r.test(path)) && !NAVIGATION_DENYLIST.some((r) => r.test(path));
}

/** A map tile: by path shape, or from a host that serves tiles. */
export function isMapTile(url: URL): boolean {
  if (isApiRequest(url) || url.pathname.includes(PUBLIC_STORAGE_PATH)) return false;
  return TILE_PATH.test(url.pathname) || url.hostname.includes('tile');
}

/**
 * A picture worth keeping offline: a public storage object, anything under the configured image root,
 * or any cross-origin image. Same-origin app images are precached instead.
 */
export function isCachedImage(url: URL, destination: string, selfOrigin: string, imageRootUrl: string | null): boolean {
  if (isApiRequest(url)) return false;
  if (url.pathname.includes(PUBLIC_STORAGE_PATH)) return true;
  if (imageRootUrl && url.href.startsWith(`${imageRootUrl}/`)) return true;
  return url.origin !== selfOrigin && destination === 'image';
}

/** A script or stylesheet of the build: hashed by content under the base path's assets/, so never stale. */
export function isBuildAsset(url: URL, selfOrigin: string, basePath: string): boolean {
  return url.origin === selfOrigin && url.pathname.startsWith(`${basePath}assets/`) && /\.(js|css)$/.test(url.pathname);
}

/** The backend's API (never cached: the app keeps its own IndexedDB mirror). */
export function isApiRequest(url: URL): boolean {
  return /^\/(rest|auth|functions)\/v1\//.test(url.pathname);
}

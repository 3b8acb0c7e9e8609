// The app's Content-Security-Policy, derived from the build's VITE_* settings (vite.config.ts writes it into
// index.html and dist/content-security-policy.txt; the venue server sends the latter as a header).

/** Where the map loads tiles and geocodes when VITE_MAPS_KEY is set (src/ui/map/geo.ts). */
export const MAPTILER_ORIGIN = 'https://api.maptiler.com';

/** gtag.js and where it reports (Google's documented list for GA4), only with VITE_ANALYTICS_ID. */
const ANALYTICS_SCRIPT = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'];
const ANALYTICS_IMG = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/** The file next to index.html that holds the header form of the policy. */
export const CSP_FILE = 'content-security-policy.txt';

/** An http(s) URL's origin; null for an empty or unusable value (the app then shows its config error). */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The websocket origin of an http(s) origin: where supabase-js opens its realtime socket. */
function socketOriginOf(origin: string | null): string | null {
  return origin && origin.replace(/^http/, 'ws');
}

export interface ContentSecurityPolicy {
  /** For <meta http-equiv>: no frame-ancestors, which a meta element cannot carry. */
  meta: string;
  /** For the HTTP header: the meta policy plus frame-ancestors 'none'. */
  header: string;
}

/** The policy for a build with these VITE_* settings: only what the app really loads. */
export function contentSecurityPolicy(env: Record<string, string | undefined>): ContentSecurityPolicy {
  const backend = originOf(env.VITE_SUPABASE_URL);
  // An empty image root is <backend>/storage/…; an empty backend is the app's own origin ('self').
  const images = env.VITE_IMAGE_ROOT_URL ? originOf(env.VITE_IMAGE_ROOT_URL) : backend;
  const maps = env.VITE_MAPS_KEY ? [MAPTILER_ORIGIN] : [];
  const analytics = Boolean(env.VITE_ANALYTICS_ID);
  const list = (...sources: (string | null | false)[]) => [...new Set(sources.filter((s): s is string => typeof s === 'string' && s !== ''))].join(' ');

  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...(analytics ? ANALYTICS_SCRIPT : []))],
    // React's style props and leaflet write styles through the CSSOM, which style-src does not govern.
    ['style-src', "'self'"],
    ['img-src', list("'self'", 'data:', 'blob:', images, ...maps, ...(analytics ? ANALYTICS_IMG : []))],
    ['font-src', "'self'"],
    // 'self' covers a same-origin ws(s): socket; another backend's is named, as browsers differ on http → ws matching.
    ['connect-src', list("'self'", backend, socketOriginOf(backend), ...maps, ...(analytics ? ANALYTICS_CONNECT : []))],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  const meta = directives.map(([name, value]) => `${name} ${value}`).join('; ');
  return { meta, header: `${meta}; frame-ancestors 'none'` };
}

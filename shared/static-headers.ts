// The HTTP headers the built app is served with: by the venue server (server/static.ts), and on any static
// host through dist/_headers (Netlify's and Cloudflare Pages' format), written by the build from this copy.
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE } from './sw-protocol.ts';

/** Sent with every file of the app. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Cross-origin requests (map tiles, analytics) learn the origin only; MapTiler keys may be limited to it.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Hashed assets never change under their name (public is what an answer without credentials is anyway). */
export const IMMUTABLE_CACHE = 'max-age=31536000, immutable';
/** Everything else (index.html, the service workers, the manifest) is revalidated, so a new version is found at once. */
export const REVALIDATE_CACHE = 'no-cache';
/** frame-ancestors' forerunner, for browsers that predate it. */
export const FRAME_OPTIONS = 'DENY';

/** dist/_headers: the same headers for a static host; `base` is the app's path ('/' or '/show/'). */
export function staticHostHeaders(policy: string, base: string): string {
  const rule = (path: string, headers: Record<string, string>) => [path, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)];
  // Rules never overlap on Cache-Control: hosts differ in how they merge a header two rules set.
  return [
    ...rule(`${base}*`, { ...SECURITY_HEADERS, 'Content-Security-Policy': policy, 'X-Frame-Options': FRAME_OPTIONS }),
    ...[base, `${base}index.html`, `${base}${SERVICE_WORKER_FILE}`, `${base}${CLASSIC_SERVICE_WORKER_FILE}`, `${base}manifest.webmanifest`].flatMap((path) =>
      rule(path, { 'Cache-Control': REVALIDATE_CACHE }),
    ),
    ...rule(`${base}assets/*`, { 'Cache-Control': IMMUTABLE_CACHE }),
    '',
  ].join('\n');
}

/** dist/_redirects: every deep link (/breeds/ABY) answers with the app's shell, as the venue server does. */
export function staticHostRedirects(base: string): string {
  return `${base}*  ${base}index.html  200\n`;
}

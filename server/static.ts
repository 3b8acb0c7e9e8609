// Serves the built PWA: hashed assets cached for a year, sw.js and index.html never, SPA fallback to index.html.
// Source maps stay on disk for tooling and are never served.
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { etag } from 'hono/etag';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CSP_FILE } from '../shared/csp.ts';
import { compressedFiles } from './static-compressed.ts';
import { FRAME_OPTIONS, IMMUTABLE_CACHE, REVALIDATE_CACHE, SECURITY_HEADERS } from '../shared/static-headers.ts';

const NOSNIFF = ['X-Content-Type-Options', SECURITY_HEADERS['X-Content-Type-Options']!] as const;

/** The path as the file system will see it; malformed escapes leave it raw. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Not for the phone: a source map (also behind a percent-encoded dot, other letter case or a trailing
 * slash), or anything in a dot-folder or dot-file (the build's `.vite/manifest.json` maps every source
 * file to its chunk).
 */
function isBuildInternal(path: string): boolean {
  return [path, decoded(path)].some((p) => /\.map\/*$/i.test(p) || /(^|[\\/])\./.test(p));
}

/** The build's policy in header form (vite.config.ts writes it); null for a build without one. */
function readPolicy(root: string): string | null {
  try {
    return readFileSync(join(root, CSP_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

export function staticRoutes(dir: string): Hono {
  const root = resolve(dir);
  const app = new Hono();
  const indexFile = join(root, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (path.startsWith('/assets/')) c.res.headers.set('Cache-Control', IMMUTABLE_CACHE);
    else if (c.res.status === 200) c.res.headers.set('Cache-Control', REVALIDATE_CACHE);
    // A script, style or the web manifest needs only nosniff: the page's policies are the document's, and
    // each header line costs every one of a first visit's few dozen answers over HTTP/1.1 (bench firstvisit).
    // So does a Last-Modified beside the ETag that revalidates.
    const html = c.res.headers.get('Content-Type')?.startsWith('text/html') ?? false;
    if (c.res.headers.has('ETag')) c.res.headers.delete('Last-Modified');
    if (!html) c.res.headers.set(NOSNIFF[0], NOSNIFF[1]);
    else for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (html) {
      // Read per response like index.html itself, so a rebuild while the server runs takes effect.
      const policy = readPolicy(root);
      if (policy) c.res.headers.set('Content-Security-Policy', policy);
      c.res.headers.set('X-Frame-Options', FRAME_OPTIONS);
    }
  });
  // Source maps (the build writes them 'hidden') and the build's manifest would hand out the app's whole
  // source and layout: 404, like any missing file.
  app.use('*', async (c, next) => {
    if (isBuildInternal(c.req.path)) return c.json({ code: 'NOT_FOUND', message: `No file at ${c.req.path}` }, 404);
    return next();
  });
  // A current copy gets 304: a new service worker's install revalidates every script it imports (Chromium),
  // hashed ones the page has just loaded too, and a 304 makes each a round trip instead of the file again.
  // (The compressed copies carry their ETag; anything else is hashed per answer.)
  app.use('*', etag());
  app.use('*', compressedFiles(root));
  app.use('*', serveStatic({ root }));
  // Client-side routes (/breeds/abys, /profile …) all load the app shell.
  app.get('*', (c) => {
    const path = c.req.path;
    if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path) || !existsSync(indexFile)) {
      return c.json({ code: 'NOT_FOUND', message: `No file at ${path}` }, 404);
    }
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
}

// Serves the built PWA: hashed assets cached for a year, sw.js and index.html never, SPA fallback to index.html.
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function staticRoutes(dir: string): Hono {
  const root = resolve(dir);
  const app = new Hono();
  const indexFile = join(root, 'index.html');

  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (path.startsWith('/assets/')) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    else if (c.res.status === 200) c.res.headers.set('Cache-Control', 'no-cache');
  });
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

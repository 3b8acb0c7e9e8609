// The README's hosted recipe, end to end with stand-ins. The app is built for a backend URL and
// a publishable key (sb_publishable_…), served from another origin by a plain static host that applies
// only dist/_headers and dist/_redirects, and shows the show from that backend (a venue server accepting
// the key as hosted Supabase does), pictures, live socket and all, without one CSP violation. A build
// with a malformed key fails, naming it, instead of shipping an error screen.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';
import { INVALID_BUILD_CONFIG } from '../src/config-schema.ts';
import type { VenueServer } from '../server/start.ts';
import { useShow } from './fixture.ts';
import { waitForController, type Profile } from './pwa-helpers.ts';

const PUBLISHABLE_KEY = 'sb_publishable_Hn4Tq8Wv2Lx6Zc9Bm3Kd_7Ry1Fs';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain',
};

/** Builds the app with these settings only (the run's VITE_SUPABASE_ANON_KEY set aside) into a new folder. */
async function buildWith(env: Record<string, string>): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'purrfect-hosted-'));
  const saved = { ...process.env };
  delete process.env.VITE_SUPABASE_ANON_KEY;
  Object.assign(process.env, env, { NODE_ENV: 'production' });
  try {
    await build({ logLevel: 'silent', mode: 'production', build: { outDir, emptyOutDir: true } });
    return outDir;
  } catch (e) {
    rmSync(outDir, { recursive: true, force: true });
    throw e;
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** `_headers` rules (path pattern, headers) as Netlify and Cloudflare Pages read them. */
function readHeaderRules(dir: string): { pattern: RegExp; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  for (const line of readFileSync(join(dir, '_headers'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      rules.push({
        pattern: new RegExp(
          `^${line
            .trim()
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')}$`,
        ),
        headers: [],
      });
    } else {
      const at = line.indexOf(':');
      rules.at(-1)!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** A static host: files as they are, `_headers` applied, `_redirects`' one rewrite for everything else. */
function staticHost(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const rules = readHeaderRules(dir);
  const [from, to, status] = readFileSync(join(dir, '_redirects'), 'utf8').trim().split(/\s+/);
  expect([from, to, status]).toEqual(['/*', '/index.html', '200']);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const asked = normalize(join(dir, path));
    const file = asked.startsWith(dir) && existsSync(asked) && statSync(asked).isFile() ? asked : join(dir, 'index.html');
    for (const rule of rules) if (rule.pattern.test(path)) for (const [k, v] of rule.headers) res.setHeader(k, v);
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      // localhost: another origin than the backend's 127.0.0.1, and still a secure context.
      resolve({ url: `http://localhost:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

describe('an app built for a hosted project', () => {
  let backend: VenueServer;
  let host: Awaited<ReturnType<typeof staticHost>>;
  let outDir: string;
  let profile: Profile;
  const violations: string[] = [];

  // The venue server is only the backend here: the app comes from the static host.
  useShow({ env: { STATIC_DIR: '', PUBLISHABLE_KEY }, browser: 'profile' }, (show) => ({ server: backend, profile } = show));
  beforeAll(async () => {
    outDir = await buildWith({ VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY });
    host = await staticHost(outDir);
    profile.ctx.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
  }, 240_000);
  afterAll(async () => {
    await host?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("shows the show from the backend on a deep link, with its pictures and the live socket, under the static host's headers", async () => {
    const page = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    const res = await page.goto(`${host.url}/breeds/ABY`);
    expect(res!.headers()['content-security-policy']).toContain(`connect-src 'self' ${backend.url} ${backend.url.replace(/^http/, 'ws')}`);
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Abyssinian', undefined, { timeout: 30_000 });
    const picture = page.locator('main img').first();
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toContain(`${backend.url}/storage/v1/object/public/images/`);
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await picture.elementHandle(), { timeout: 15_000 });
    await page.waitForFunction(() => /^Live\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await waitForController(page);
    for (const file of [SERVICE_WORKER_FILE, CLASSIC_SERVICE_WORKER_FILE]) {
      const sw = await page.request.get(`${host.url}/${file}`);
      expect(sw.headers()['cache-control']).toBe('no-cache');
    }
    expect(violations).toEqual([]);
  });

  it('fails the build on a malformed key, naming it', async () => {
    const failed = await buildWith({ VITE_SUPABASE_URL: backend.url, VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_' }).then(
      (dir) => {
        rmSync(dir, { recursive: true, force: true });
        return null;
      },
      (e: Error) => e.message,
    );
    expect(failed).toContain(INVALID_BUILD_CONFIG);
    expect(failed).toContain("VITE_SUPABASE_PUBLISHABLE_KEY: must be the project's publishable key (sb_publishable_…) or its legacy anon key (a JWT)");
  });
});

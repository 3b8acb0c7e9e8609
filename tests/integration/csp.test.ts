// The Content-Security-Policy: derived from the build's VITE_* settings, and sent by the venue server with
// the app's HTML, together with the other security headers.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { createApp } from '../../server/app.ts';
import { contentSecurityPolicy, CSP_FILE, MAPTILER_ORIGIN } from '../../shared/csp.ts';
import { geocodeUrl, tileUrlTemplate } from '../../src/ui/map/geo.ts';

/** One directive's sources, e.g. sources(policy, 'img-src') → ["'self'", 'data:', …]. */
function sources(policy: string, directive: string): string[] | undefined {
  const found = policy.split('; ').find((d) => d.startsWith(`${directive} `));
  return found?.split(' ').slice(1);
}

describe('contentSecurityPolicy', () => {
  it('allows only the app itself with the default settings', () => {
    const { meta, header } = contentSecurityPolicy({ VITE_SUPABASE_URL: '', VITE_IMAGE_ROOT_URL: '', VITE_MAPS_KEY: '', VITE_ANALYTICS_ID: '' });
    expect(meta).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-src 'none'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'",
    );
    expect(header).toBe(`${meta}; frame-ancestors 'none'`);
  });

  it('adds hosted Supabase (and its realtime socket) to connect-src and, as the default image root, to img-src', () => {
    const { header } = contentSecurityPolicy({ VITE_SUPABASE_URL: 'https://abcd.supabase.co/' });
    expect(sources(header, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co']);
    expect(sources(header, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://abcd.supabase.co']);
    expect(sources(header, 'script-src')).toEqual(["'self'"]);
  });

  it('adds a separate image root to img-src only', () => {
    const { header } = contentSecurityPolicy({
      VITE_SUPABASE_URL: 'https://abcd.supabase.co',
      VITE_IMAGE_ROOT_URL: 'https://cdn.show.example/show/images',
    });
    expect(sources(header, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.show.example']);
    expect(sources(header, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co', 'wss://abcd.supabase.co']);
  });

  it('adds the tile and geocoder host the map really uses, only with a maps key', () => {
    expect(new URL(tileUrlTemplate('k')).origin).toBe(MAPTILER_ORIGIN);
    expect(new URL(geocodeUrl('Main St 1, Ghent', 'k')).origin).toBe(MAPTILER_ORIGIN);
    const { header } = contentSecurityPolicy({ VITE_MAPS_KEY: 'k' });
    expect(sources(header, 'img-src')).toContain(MAPTILER_ORIGIN);
    expect(sources(header, 'connect-src')).toContain(MAPTILER_ORIGIN);
    expect(contentSecurityPolicy({}).header).not.toContain('maptiler');
  });

  it('adds gtag.js and its endpoints, only with an analytics id', () => {
    const { header } = contentSecurityPolicy({ VITE_ANALYTICS_ID: 'G-TEST' });
    expect(sources(header, 'script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(sources(header, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(contentSecurityPolicy({}).header).not.toContain('google');
  });

  it('never allows inline code or eval, and ignores a URL that is not http(s)', () => {
    const { header, meta } = contentSecurityPolicy({
      VITE_SUPABASE_URL: 'javascript:alert(1)',
      VITE_IMAGE_ROOT_URL: 'not a url',
      VITE_MAPS_KEY: 'k',
      VITE_ANALYTICS_ID: 'G-TEST',
    });
    expect(header).not.toMatch(/unsafe-|javascript|not a url|\*(?!\.)/);
    expect(meta).not.toContain('frame-ancestors');
  });
});

describe('the venue server sends the policy with the app', () => {
  const policy = `${contentSecurityPolicy({}).header}\n`;
  let dist: string;
  let server: VenueServer;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'purrfect-csp-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PurrFect Show</title>');
    writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};');
    writeFileSync(join(dist, CSP_FILE), policy);
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: dist });
    config.dataDir = null;
    server = await startVenueServer(config, { seed: false });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/breeds/abys', '/catteries/some-cattery?returnUrl=%2Fbreeders'])(
    'sends the build policy with frame-ancestors on the HTML of %s',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toBe(policy.trim());
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
      // Plain HTTP: HSTS would be ignored at best, and must not pin a laptop's address to HTTPS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('sends nosniff but no page policy with scripts', async () => {
    const res = await fetch(`${server.url}/assets/index-abc.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    // Nor the document's other policies, nor CORS: each header line is paid by every answer of a first visit.
    for (const name of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy', 'access-control-allow-origin', 'access-control-expose-headers']) {
      expect(res.headers.get(name), name).toBeNull();
    }
  });

  it('adds HSTS, for this name only, when a proxy serves the app over HTTPS (SITE_URL)', async () => {
    // The same app in-process with an https SITE_URL spares a second database; tests/integration/https.test.ts
    // covers the server's own TLS.
    const app = createApp({ db: server.db, mailer: server.mailer, config: { ...server.config, siteUrl: 'https://show.example.org' } });
    for (const path of ['/', '/_health']) {
      const res = await app.request(path);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
    expect((await app.request('/')).headers.get('content-security-policy')).toBe(policy.trim());
  });

  it("serves stored objects sandboxed: an SVG opened directly runs no script in the app's origin", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    await server.db.query(
      `with b as (insert into storage.buckets (id, name, public) values ('csp-test', 'csp-test', true) returning id),
       o as (insert into storage.objects (bucket_id, name, metadata)
             select id, 'evil.svg', '{"mimetype": "image/svg+xml"}'::jsonb from b returning id)
       insert into storage.object_data (object_id, data) select id, convert_to($1, 'UTF8') from o`,
      [svg],
    );
    const res = await fetch(`${server.url}/storage/v1/object/public/csp-test/evil.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(svg);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends a drawing in brotli, byte for byte, sandboxed all the same', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle cx="5" cy="5" r="4"/>'.repeat(80)}<text>Maine Coon — Ø</text></svg>`;
    await server.db.query(
      `with o as (insert into storage.objects (bucket_id, name, metadata)
             select 'csp-test', 'drawing.svg', '{"mimetype": "image/svg+xml"}'::jsonb returning id)
       insert into storage.object_data (object_id, data) select id, convert_to($1, 'UTF8') from o`,
      [svg],
    );
    const res = await fetch(`${server.url}/storage/v1/object/public/csp-test/drawing.svg`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(Buffer.byteLength(svg) / 4);
    expect(await res.text()).toBe(svg);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
  });

  it('leaves the API alone', async () => {
    const res = await fetch(`${server.url}/_health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});

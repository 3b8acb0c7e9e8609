// The dev mailbox holds every reset link, so only this machine's own pages may read it — no CORS
// for another site's page, and no answer to a Host that is not ours (a DNS-rebinding name now resolving to
// 127.0.0.1). And the build's own files (.vite/manifest.json) are not served.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { staticRoutes } from '../../server/static.ts';
import { DEMO_USER } from '../../server/seed/index.ts';
import { startTestServer } from '../helpers/server.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP/1.1 exchange with the Host header set as given (fetch would set its own). */
function exchange(url: string, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

describe('the dev mailbox', () => {
  let server: VenueServer;
  let port: string;
  const email = DEMO_USER.email;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    port = new URL(server.url).port;
    // A password-reset mail for a real account: what a page on another site would be after.
    const recover = await fetch(`${server.url}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: DEMO_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(recover.status).toBe(200);
    // The reset mail follows the answer (the address is looked up once the answer has left).
    for (let wait = 0; wait < 50; wait++) {
      const mails = (await (await fetch(`${server.url}/_dev/mail?format=json&to=${encodeURIComponent(email)}`)).json()) as unknown[];
      if (mails.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(() => server?.close());

  it("answers this machine's pages by a loopback name", async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const res = await exchange(server.url, 'GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, { host });
      expect(res.status, host).toBe(200);
      expect(JSON.parse(res.body), host).not.toHaveLength(0);
    }
  });

  it("gives another site's page no CORS: neither on the answer nor on a preflight", async () => {
    const origin = 'https://evil.example';
    const get = await exchange(server.url, 'GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, { host: `127.0.0.1:${port}`, origin });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await exchange(server.url, 'OPTIONS', '/_dev/mail', {
      host: `127.0.0.1:${port}`,
      origin,
      'access-control-request-method': 'DELETE',
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    // The API keeps its CORS: the app may be served from another origin.
    const api = await exchange(server.url, 'GET', '/rest/v1/breeds?select=id&limit=1', { host: `127.0.0.1:${port}`, origin, apikey: DEMO_ANON_KEY });
    expect(api.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses a Host that is not a loopback name (DNS rebinding), reading or deleting', async () => {
    for (const host of [`rebind.evil.example:${port}`, 'rebind.evil.example', `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`]) {
      const read = await exchange(server.url, 'GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, { host });
      expect(read.status, host).toBe(403);
      expect(JSON.parse(read.body), host).toEqual({ code: 'FORBIDDEN', message: 'The dev mailbox answers only pages of this machine (a loopback Host).' });
      expect(read.body).not.toContain(email);
      const one = await exchange(server.url, 'GET', '/_dev/mail/1', { host });
      expect(one.status, host).toBe(403);
      const wipe = await exchange(server.url, 'DELETE', '/_dev/mail', { host });
      expect(wipe.status, host).toBe(403);
    }
    const still = await exchange(server.url, 'GET', `/_dev/mail?format=json&to=${encodeURIComponent(email)}`, { host: `localhost:${port}` });
    expect(JSON.parse(still.body)).not.toHaveLength(0);
  });
});

describe("the build's own files", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'purrfect-static-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'src/main.tsx': { file: 'assets/index-abc123.js' } }));
    writeFileSync(join(dir, '.env'), 'JWT_SECRET=not-for-phones\n');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"PurrFect Show"}');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are not served: .vite/manifest.json and any dot-file answer 404, also percent-encoded', async () => {
    const app = staticRoutes(dir);
    for (const path of ['/.vite/manifest.json', '/%2Evite/manifest.json', '/%2evite%2fmanifest.json', '/.env', '/.vite/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      const text = await res.text();
      expect(text, path).not.toContain('src/main.tsx');
      expect(text, path).not.toContain('JWT_SECRET');
    }
    expect((await app.request('/manifest.webmanifest')).status).toBe(200);
    expect((await app.request('/')).status).toBe(200);
  });
});

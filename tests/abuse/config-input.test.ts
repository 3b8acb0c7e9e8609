// Safe on a hostile hall network: no demo secret and no 0.0.0.0 links off loopback, and no
// JSON deep or long enough to hurt the database gets past the HTTP layer.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv, promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, loadConfig } from '../../server/config.ts';
import { isLoopbackHost } from '../../server/exposure.ts';
import { generateKeys, withKeys, type KeySettings } from '../../server/keys.ts';
import { MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH } from '../../server/json-limits.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

const run = promisify(execFile);
const CLI = new URL('../../server/cli.ts', import.meta.url).pathname;
const TSX = new URL('../../node_modules/.bin/tsx', import.meta.url).pathname;
const HALL_SITE = 'http://192.0.2.10:54321';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** A raw HTTP exchange, so the test decides the Host header and sees redirects unfollowed. */
function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('configuration off loopback', () => {
  let keys: KeySettings;
  beforeAll(async () => {
    keys = await generateKeys();
  });

  it('tells loopback from the network', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'show-laptop.local', '10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('still starts on loopback with the demo secret and keys (npm ci && npm start)', () => {
    for (const HOST of ['127.0.0.1', 'localhost']) {
      const config = loadConfig({ HOST });
      expect(config.jwtSecret).toBe(DEMO_JWT_SECRET);
      expect(config.publicUrl).toBe(`http://${HOST}:54321`);
      expect(config.siteUrl).toBe(`http://${HOST}:54321`);
    }
  });

  it.each(['0.0.0.0', '::', '192.168.1.20'])('refuses the demo secret and keys on HOST=%s, naming them and `npm run keys`', (HOST) => {
    const message = refusal({ HOST, SITE_URL: HALL_SITE });
    for (const name of ['JWT_SECRET', 'ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'npm run keys']) expect(message).toContain(name);
  });

  it('refuses any one demo value left among real ones', () => {
    const own = { HOST: '0.0.0.0', SITE_URL: HALL_SITE, JWT_SECRET: keys.JWT_SECRET, ANON_KEY: keys.ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: keys.SUPABASE_SERVICE_ROLE_KEY };
    expect(refusal({ ...own, ANON_KEY: DEMO_ANON_KEY })).toMatch(/ANON_KEY is Supabase's published demo value/);
    expect(refusal({ ...own, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY })).toMatch(/SUPABASE_SERVICE_ROLE_KEY is Supabase's published demo/);
    expect(refusal({ ...own, JWT_SECRET: DEMO_JWT_SECRET })).toMatch(/JWT_SECRET is Supabase's published demo/);
  });

  it('refuses keys the secret did not sign', async () => {
    const other = await generateKeys();
    const message = refusal({ HOST: '0.0.0.0', SITE_URL: HALL_SITE, JWT_SECRET: keys.JWT_SECRET, ANON_KEY: other.ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: keys.ANON_KEY });
    expect(message).toContain('ANON_KEY is not a anon JWT signed with JWT_SECRET');
    expect(message).toContain('SUPABASE_SERVICE_ROLE_KEY is not a service_role JWT signed with JWT_SECRET');
  });

  it('refuses a missing SITE_URL/PUBLIC_URL, and links to 0.0.0.0 or loopback, saying what to set', () => {
    const own = { HOST: '0.0.0.0', JWT_SECRET: keys.JWT_SECRET, ANON_KEY: keys.ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: keys.SUPABASE_SERVICE_ROLE_KEY };
    expect(refusal(own)).toMatch(/set SITE_URL \(e\.g\. SITE_URL=http:\/\/<this laptop's address/);
    expect(refusal({ ...own, SITE_URL: 'http://0.0.0.0:54321' })).toContain('SITE_URL=http://0.0.0.0:54321 is not an address other devices can open');
    expect(refusal({ ...own, PUBLIC_URL: 'http://127.0.0.1:54321' })).toContain('PUBLIC_URL=http://127.0.0.1:54321 is not an address');
    const config = loadConfig({ ...own, SITE_URL: `${HALL_SITE}/` });
    expect(config.siteUrl).toBe(HALL_SITE);
    expect(config.publicUrl).toBe(HALL_SITE);
    expect(loadConfig({ ...own, PUBLIC_URL: HALL_SITE }).siteUrl).toBe(HALL_SITE);
  });

  it('refuses NODE_ENV=production with demo values even on loopback', () => {
    expect(refusal({ HOST: '127.0.0.1', NODE_ENV: 'production' })).toContain('NODE_ENV=production');
  });

  it('`npm start` on 0.0.0.0 exits naming the variables; `npm run keys` writes a private .env.local it then starts with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'purrfect-keys-'));
    try {
      const env = { ...process.env, HOST: '0.0.0.0', PORT: '0', SITE_URL: '', PUBLIC_URL: '', JWT_SECRET: '', ANON_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '' };
      const refused = await run(TSX, [CLI, 'start'], { cwd: dir, env, timeout: 20_000 }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused?.code).toBe(1);
      for (const name of ['JWT_SECRET', 'ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'npm run keys', 'SITE_URL']) expect(refused?.stderr).toContain(name);

      writeFileSync(join(dir, '.env.local'), '# mine\nSMTP_FROM=Show <show@example.org>\nJWT_SECRET=\n');
      await run(TSX, [CLI, 'keys'], { cwd: dir, env, timeout: 20_000 });
      const file = readFileSync(join(dir, '.env.local'), 'utf8');
      expect(file).toMatch(/^# mine\nSMTP_FROM=Show <show@example.org>\nJWT_SECRET=\S{43}\n/);
      expect(statSync(join(dir, '.env.local')).mode & 0o777).toBe(0o600);
      const written = parseEnv(file);
      expect(written.VITE_SUPABASE_ANON_KEY).toBe(written.ANON_KEY);
      const config = loadConfig({ ...(written as Record<string, string>), HOST: '0.0.0.0', SITE_URL: HALL_SITE });
      expect(config.anonKey).toBe(written.ANON_KEY);

      // A second run keeps the keys (rotating them signs everyone out) unless told --force.
      const again = await run(TSX, [CLI, 'keys'], { cwd: dir, env, timeout: 20_000 }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(again?.stderr).toContain('--force');
      expect(readFileSync(join(dir, '.env.local'), 'utf8')).toBe(file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps other lines of the env file and replaces only the key settings', () => {
    const k: KeySettings = { JWT_SECRET: 's', ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 'r', VITE_SUPABASE_ANON_KEY: 'a' };
    expect(withKeys('A=1\nANON_KEY=old\n', k, 'stamp')).toBe(
      "A=1\nANON_KEY=a\n# stamp: this show's own secret and keys. Keep this file private.\nJWT_SECRET=s\nSUPABASE_SERVICE_ROLE_KEY=r\nVITE_SUPABASE_ANON_KEY=a\n",
    );
  });
});

describe('a server on the hall network', () => {
  let server: VenueServer;
  let keys: KeySettings;
  beforeAll(async () => {
    keys = await generateKeys();
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '0', SITE_URL: HALL_SITE, STATIC_DIR: '', ...keys });
    config.dataDir = null;
    config.staticDir = null;
    server = await startVenueServer(config);
  });
  afterAll(() => server?.close());
  const local = () => server.url.replace('0.0.0.0', '127.0.0.1');

  it('does not take a token signed with the published demo secret', async () => {
    const res = await raw(`${local()}/rest/v1/visitor_choice?select=email,phone`, {
      headers: { apikey: DEMO_SERVICE_ROLE_KEY, authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
    });
    expect(res.status).toBe(401);
    const own = await raw(`${local()}/rest/v1/breeds?select=id&limit=1`, { headers: { apikey: keys.ANON_KEY } });
    expect(own.status).toBe(200);
  });

  it('links to SITE_URL, never to 0.0.0.0 or the Host a request names', async () => {
    const res = await raw(`${local()}/auth/v1/verify?type=recovery&token=nope`, { headers: { host: 'evil.example' } });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`^${HALL_SITE}[/#]`));
  });
});

const DEEP = 6_000;
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe.each(forEngines(['pglite'], 'deep JSON is refused at the HTTP layer, before SQL'))('input limits on %s', (engine) => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    raw(`${server.url}${path}`, {
      method: 'POST',
      headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${DEMO_ANON_KEY}`, 'content-type': 'application/json', ...headers },
      body,
    });
  const expectPostgrest400 = (res: { status: number; body: string }, code: string, pattern: RegExp) => {
    expect(res.status, res.body).toBe(400);
    const error = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(pattern);
  };
  const vote = (firstName: string) => `{"id":"0b6b3c1e-6f1f-4c57-9d2b-1f2e3d4c5b6a","event_id":1,"first_name":${firstName},"last_name":"L"}`;

  it('answers a deep RPC argument 400, not 500', async () => {
    expectPostgrest400(await post('/rest/v1/rpc/submit_votes', `{"p_votes":[${vote(deepArray(DEEP))}]}`), 'PGRST102', /nested deeper than 64 levels/);
  });

  it('answers a deep insert or update body 400', async () => {
    expectPostgrest400(await post('/rest/v1/visitor_choice', `[${vote(deepArray(DEEP))}]`), 'PGRST102', /nested deeper/);
    const patch = await raw(`${server.url}/rest/v1/visitor_choice?id=eq.0b6b3c1e-6f1f-4c57-9d2b-1f2e3d4c5b6a`, {
      method: 'PATCH',
      headers: { apikey: DEMO_ANON_KEY, 'content-type': 'application/json' },
      body: `{"first_name":${deepArray(DEEP)}}`,
    });
    expectPostgrest400(patch, 'PGRST102', /nested deeper/);
  });

  it('allows exactly the limits and refuses one more', async () => {
    const at = deepArray(MAX_JSON_DEPTH - 3); // inside {"p_votes":[{"x": … }]}
    const ok = await post('/rest/v1/rpc/submit_votes', `{"p_votes":[{"x":${at}}]}`);
    expect(ok.status, ok.body).not.toBe(400);
    const over = await post('/rest/v1/rpc/submit_votes', `{"p_votes":[{"x":${deepArray(MAX_JSON_DEPTH - 2)}}]}`);
    expectPostgrest400(over, 'PGRST102', /nested deeper/);
    const long = await post(
      '/rest/v1/rpc/submit_votes',
      `{"p_votes":[${Array(MAX_JSON_ARRAY_LENGTH + 1)
        .fill('0')
        .join(',')}]}`,
    );
    expectPostgrest400(long, 'PGRST102', /JSON array of 10001 items, more than 10000/);
  });

  it('answers a body of half a million levels, or of a megabyte of [, 400', async () => {
    const half = (server.config.maxBodyBytes / 2) | 0;
    expectPostgrest400(await post('/rest/v1/rpc/submit_votes', deepArray(half)), 'PGRST102', /nested deeper/);
    expectPostgrest400(await post('/rest/v1/visitor_choice', '['.repeat(server.config.maxBodyBytes)), 'PGRST102', /invalid json/);
  });

  it('answers deep JSON in query parameters 400', async () => {
    const get = (query: string) => raw(`${server.url}/rest/v1/${query}`, { headers: { apikey: DEMO_ANON_KEY } });
    expectPostgrest400(await get(`rpc/sync_pull?p_cursors=${deepArray(1_000)}`), 'PGRST100', /nests \[ and \{ deeper than 64/);
    expectPostgrest400(await get(`breeds?select=id&breed_name=cs.${encodeURIComponent(deepArray(1_000))}`), 'PGRST100', /deeper than 64/);
  });

  it("answers a deep function body 400 in the functions' shape", async () => {
    const res = await post('/functions/v1/send-coupon', `{"advertiser_id":${deepArray(DEEP)}}`);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Request body refused: JSON nested deeper than 64 levels' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('still answers normally afterwards', async () => {
    for (let i = 0; i < 3; i++) await post('/rest/v1/rpc/submit_votes', `{"p_votes":[${vote(deepArray(DEEP))}]}`);
    const anon = client(server);
    const breeds = await anon.from('breeds').select('id,breed_name').order('id').limit(3);
    expect(breeds.error).toBeNull();
    expect(breeds.data).toHaveLength(3);
    const pull = await anon.rpc('sync_pull', { p_cursors: {}, p_limit: 1 });
    expect(pull.error).toBeNull();
    const { rows } = await server.db.query<{ n: number }>('select 41 + 1 as n');
    expect(rows[0]?.n).toBe(42);
    // The function host still hands a normal body to the handler (which wants a signed-in user).
    const fn = await post('/functions/v1/send-coupon', '{"advertiser_id":1}');
    expect(fn.status, fn.body).toBe(401);
  });
});

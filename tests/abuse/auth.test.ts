// Safe on a hostile hall network, the auth parts: a client cannot pick its own address for
// the rate limits, an account's password cannot be guessed at speed, e-mail links stay on the site,
// and sign-up, recovery and resend tell nobody whether an address has an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

const PASSWORD = 'Analytical-Engine#1843';
const NAMES = { first_name: 'Ada', last_name: 'Lovelace' };

function post(server: VenueServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${DEMO_ANON_KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A JSON value's shape: its keys and value types, recursively, without the values. */
function shapeOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shapeOf);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .sort()
        .map(([k, x]) => [k, shapeOf(x)]),
    );
  return typeof v;
}

/** A client address no other test uses (on PostgreSQL every test file shares the limits table). */
const madeUpIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

describe.each(forEngines(['pglite'], 'which address counts is decided from the socket, before SQL'))('per-IP limits ignore a made-up X-Forwarded-For (%s)', (engine) => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(() => server?.close());

  it('answers 429 to the socket address whatever header each request carries', async () => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await sleep(left + 100); // counts are per clock minute
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(
        server,
        '/auth/v1/token?grant_type=password',
        { email: uniqueEmail('spoof'), password: 'Wrong#Pass1' },
        {
          'x-forwarded-for': madeUpIp(),
        },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(6)).toEqual(Array(6).fill(429));
  });
});

describe.each(forEngines(['pglite'], 'redirect checks, backoff and alike answers are JavaScript and sequential SQL'))('auth abuse (%s)', (engine) => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  async function registered(tag: string): Promise<string> {
    const email = uniqueEmail(tag);
    const { error } = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: NAMES } });
    expect(error).toBeNull();
    return email;
  }

  describe('per-account backoff on failed sign-ins', () => {
    const signIn = (email: string, password: string) => post(server, '/auth/v1/token?grant_type=password', { email, password }, { 'x-forwarded-for': madeUpIp() });

    it('locks an address briefly after 5 wrong passwords, even for the right one, then lets its owner in', async () => {
      const email = await registered('backoff');
      for (let i = 0; i < 5; i++) expect((await signIn(email, `Wrong#Pass${i}`)).status).toBe(400);
      const locked = await signIn(email, PASSWORD);
      expect(locked.status).toBe(429);
      const wait = Number(locked.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await locked.json()).toMatchObject({ code: 'over_request_rate_limit' });
      // Another account is not held back.
      const other = await registered('backoff-other');
      expect((await signIn(other, PASSWORD)).status).toBe(200);
      // The lock is short, and the owner gets in once it ends.
      await sleep(wait * 1000 + 100);
      expect((await signIn(email, PASSWORD)).status).toBe(200);
    });

    it('doubles the wait with each further failure, capped, and treats unknown addresses alike', async () => {
      const ghost = uniqueEmail('backoff-ghost');
      const waits: number[] = [];
      const refusals: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await signIn(ghost, 'Wrong#Pass1');
        if (res.status === 429) {
          const wait = Number(res.headers.get('retry-after'));
          waits.push(wait);
          await sleep(wait * 1000 + 50);
        } else refusals.push(res.status);
      }
      // 5 free failures, then a 1 s lock, then 2 s; every other answer a plain refusal.
      expect(waits).toEqual([1, 2]);
      expect(refusals).toEqual(Array(8 - waits.length).fill(400));
    });
  });

  describe('redirect_to stays on the site in every form', () => {
    const FORMS = [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0d/evil.example',
      '%09//evil.example',
      '/\t/evil.example',
      '//evil.example',
      '///evil.example',
      '////evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '\\\\evil.example',
      '/%5Cevil.example',
      '%2F%2Fevil.example',
      '/%2f%2fevil.example',
      '%252F%252Fevil.example',
      'https://evil.example',
      'HtTpS://evil.example',
      'https:evil.example',
      'https:/evil.example',
      'https:\\\\evil.example',
      'http://evil.example',
      '//evil.example/%2e%2e',
      'evil.example',
      ' //evil.example',
      '%20//evil.example',
      'https://SITE@evil.example',
      'https://SITE.evil.example',
      'https://evil.example/SITE',
      'https://evil.example?SITE',
      'https://evil.example#SITE',
      'https://evil@SITE',
      'https://evil:pw@SITE/reset-password',
      'https://SITE%40evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java%0ascript:alert(1)',
      '%6a%61vascript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'https://еvil.example',
      'https://xn--vil-sxd.example',
      'https://evil。example',
      'https://evil%E3%80%82example',
      '/%09/%2F%2Fevil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '\u3000//evil.example',
      'https://127.0.0.1.nip.io',
      'https://0x7f.1',
      'ftp://evil.example',
    ];

    it.each(FORMS)('%s', async (form) => {
      const site = new URL(server.config.siteUrl);
      const value = form.replaceAll('SITE', site.host);
      // Sent as written: percent-escapes stay escapes, raw characters are escaped once.
      const query = `type=recovery&token=nope&redirect_to=${value.replace(/[^\x21-\x7e]|[#&+]/gu, (c) => encodeURIComponent(c))}`;
      const res = await fetch(`${server.url}/auth/v1/verify?${query}`, { redirect: 'manual' });
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      const target = new URL(location);
      expect(target.origin).toBe(site.origin);
      expect(target.username + target.password).toBe('');
      expect(location).not.toMatch(/evil/i);
    });

    it('still honours same-site targets', async () => {
      const target = `${server.config.siteUrl}/reset-password`;
      const res = await fetch(`${server.url}/auth/v1/verify?type=recovery&token=nope&redirect_to=${encodeURIComponent(target)}`, {
        redirect: 'manual',
      });
      expect(res.headers.get('location')!.split('#')[0]).toBe(target);
    });
  });

  describe('answers that reveal nothing', () => {
    it('sign-up with a registered address answers like a new one and mails that address instead', async () => {
      const taken = await registered('taken');
      const before = await mailsTo(server, taken);
      const fresh = await post(server, '/auth/v1/signup', { email: uniqueEmail('fresh'), password: PASSWORD, data: NAMES });
      const again = await post(server, '/auth/v1/signup', { email: taken, password: 'Other#Pass2026', data: NAMES });
      expect(again.status).toBe(fresh.status);
      expect(again.status).toBe(200);
      const [a, b] = [await fresh.json(), await again.json()];
      expect(shapeOf(b)).toEqual(shapeOf(a));
      expect(b).not.toHaveProperty('access_token');
      expect(b.identities).toHaveLength(1);
      await expect.poll(async () => (await mailsTo(server, taken)).length - before.length, { timeout: 5_000 }).toBe(1);
      expect((await mailsTo(server, taken))[0]!.subject).toBe('You already have a PurrFect Show account');
      // And the account is untouched: its own password still works, the new one does not.
      expect((await client(server).auth.signInWithPassword({ email: taken, password: PASSWORD })).error).toBeNull();
      expect((await client(server).auth.signInWithPassword({ email: taken, password: 'Other#Pass2026' })).error).not.toBeNull();
    });

    it('recovery answers alike for known, unknown and just-asked addresses', async () => {
      const known = await registered('recover-known');
      const answers = [];
      for (const email of [known, uniqueEmail('recover-unknown'), known]) {
        const res = await post(server, '/auth/v1/recover', { email });
        answers.push({ status: res.status, body: await res.json() });
      }
      expect(answers).toEqual(Array(3).fill({ status: 200, body: {} }));
    });

    it('resend answers alike for unverified, verified, just-mailed and unknown addresses', async () => {
      const unverified = await registered('resend-new');
      const verified = await registered('resend-verified');
      await server.db.query('update public.users set verified = true where email = $1', [verified]);
      const answers = [];
      for (const email of [unverified, unverified, verified, uniqueEmail('resend-unknown')]) {
        const res = await post(server, '/functions/v1/send-verification', { email });
        answers.push({ status: res.status, body: await res.json() });
      }
      expect(answers).toEqual(Array(4).fill({ status: 200, body: { sent: true } }));
      expect((await mailsTo(server, unverified)).filter((m) => m.subject === 'Verify your PurrFect Show account')).toHaveLength(1);
    });

    it('sign-up, recovery and resend are rate limited per client alike', async () => {
      // Behind a trusted proxy, one made-up client of its own: on PostgreSQL every test file shares the
      // limits table, and all of them come from 127.0.0.1.
      const limited = await startTestServer(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUSTED_PROXIES: '127.0.0.1, ::1' });
      try {
        const left = 60_000 - (Date.now() % 60_000);
        if (left < 5_000) await sleep(left + 100);
        const known = uniqueEmail('limit-known');
        for (const [path, body] of [
          ['/auth/v1/recover', (email: string) => ({ email })],
          ['/functions/v1/send-verification', (email: string) => ({ email })],
        ] as const) {
          const statuses = [];
          const client = madeUpIp();
          for (const email of [known, uniqueEmail('limit-a'), uniqueEmail('limit-b')]) {
            statuses.push((await post(limited, path, body(email), { 'x-forwarded-for': client })).status);
          }
          expect(statuses, path).toEqual([200, 200, 429]);
        }
      } finally {
        await limited.close();
      }
    }, 90_000);
  });
});

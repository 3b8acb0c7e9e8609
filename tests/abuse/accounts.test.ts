// A hostile hall, the account parts: metadata that fills the disk and the access
// token (item 3), mail that carries a stranger's text and floods one address, sign-ups nobody verifies
// (item 7), and /recover answering a registered address slower than an unknown one (item 11: it answers before the lookup).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponMail } from '../../supabase/functions/send-coupon/handler.ts';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import { DEMO_USER } from '../../server/seed/index.ts';
import type { VenueServer } from '../../server/start.ts';
import { mailsTo, uniqueEmail, type Mail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

const PASSWORD = 'Analytical-Engine#1843';
const NAMES = { first_name: 'Ada', last_name: 'Lovelace' };
const METADATA_CAP = 4096;
const NAME_CAP_IN_MAIL = 40;

function post(server: { url: string }, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${DEMO_ANON_KEY}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Counts are per clock minute: start a burst early in one. */
async function freshMinute(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await sleep(left + 100);
}

describe.each(forEngines(['pglite'], "size limits and token claims are the server's JavaScript; the rate-limit row on PostgreSQL is tests/integration/auth.test.ts's"))(
  'bounded accounts (%s)',
  (engine) => {
    let server: VenueServer;
    beforeAll(async () => {
      server = await startTestServer(engine);
    });
    afterAll(() => server?.close());

    const largestMetadata = async (): Promise<number> =>
      Number((await server.db.query<{ n: number }>('select coalesce(max(octet_length(raw_user_meta_data::text)), 0)::int as n from auth.users')).rows[0]!.n);

    async function signedIn(tag: string, data: Record<string, unknown> = NAMES) {
      const email = uniqueEmail(tag);
      const c = client(server);
      expect((await c.auth.signUp({ email, password: PASSWORD, options: { data } })).error).toBeNull();
      const { data: session, error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      return { email, c, session: session.session! };
    }

    it('refuses oversize metadata on sign-up with a 422, alike for a new and a registered address', async () => {
      const taken = (await signedIn('meta-taken')).email;
      const blob = { ...NAMES, notes: 'x'.repeat(900_000) };
      for (const email of [uniqueEmail('meta-new'), taken]) {
        const { data, error } = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: blob } });
        expect(data.user).toBeNull();
        expect(error?.status, email).toBe(422);
        expect(error?.code).toBe('validation_failed');
        expect(error?.message).toMatch(/4096 bytes/);
      }
      // Just over the cap is refused too; a long name alone as well.
      const over = await client(server).auth.signUp({
        email: uniqueEmail('meta-over'),
        password: PASSWORD,
        options: { data: { ...NAMES, notes: 'x'.repeat(METADATA_CAP) } },
      });
      expect(over.error?.status).toBe(422);
      const longName = await client(server).auth.signUp({
        email: uniqueEmail('meta-name'),
        password: PASSWORD,
        options: { data: { first_name: 'A'.repeat(101), last_name: 'Lovelace' } },
      });
      expect(longName.error?.status).toBe(422);
      expect(longName.error?.message).toMatch(/100 characters/);
      expect(await largestMetadata()).toBeLessThanOrEqual(METADATA_CAP);
    });

    it('refuses oversize metadata on updateUser, and the stored row and the token stay small', async () => {
      const { email, c } = await signedIn('meta-update');
      for (let i = 0; i < 3; i++) {
        const { error } = await c.auth.updateUser({ data: { [`blob${i}`]: 'x'.repeat(300_000) } });
        expect(error?.status).toBe(422);
        expect(error?.code).toBe('validation_failed');
      }
      // Many small keys that together pass the cap are refused as well.
      const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, 'y'.repeat(10)]));
      expect((await c.auth.updateUser({ data: many })).error?.status).toBe(422);
      expect(await largestMetadata()).toBeLessThanOrEqual(METADATA_CAP);
      const { data, error } = await client(server).auth.signInWithPassword({ email, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.session!.access_token.length).toBeLessThan(2_000);
    });

    it('refuses oversize user_metadata through the admin API too', async () => {
      const admin = client(server, 'service_role').auth.admin;
      const blob = { ...NAMES, notes: 'x'.repeat(100_000) };
      const created = await admin.createUser({ email: uniqueEmail('meta-admin'), user_metadata: blob });
      expect(created.error?.status).toBe(422);
      const ok = await admin.createUser({ email: uniqueEmail('meta-admin-ok'), user_metadata: NAMES });
      expect(ok.error).toBeNull();
      const updated = await admin.updateUserById(ok.data.user!.id, { user_metadata: blob });
      expect(updated.error?.status).toBe(422);
      expect(await largestMetadata()).toBeLessThanOrEqual(METADATA_CAP);
    });

    it('puts only the app’s metadata fields into the access token; GET /user still has the rest', async () => {
      const extra = { ...NAMES, city: 'London', avatar_url: 'https://example.com/ada.png', favourite_engine: 'd'.repeat(2_000) };
      const { c, session } = await signedIn('meta-token', extra);
      const meta = claimsOf(session.access_token).user_metadata as Record<string, unknown>;
      expect(Object.keys(meta).sort()).toEqual(['avatar_url', 'city', 'email', 'email_verified', 'first_name', 'last_name', 'phone_verified', 'sub'].sort());
      expect(session.access_token.length).toBeLessThan(2_000);
      const { data } = await c.auth.getUser();
      expect(data.user?.user_metadata.favourite_engine).toBe(extra.favourite_engine);
    });

    it('limits metadata updates per account to 10 a minute (429 over_request_rate_limit)', async () => {
      await freshMinute();
      const { c } = await signedIn('meta-rate');
      const other = await signedIn('meta-rate-other');
      const statuses: (number | undefined)[] = [];
      for (let i = 0; i < 13; i++) {
        const { error } = await c.auth.updateUser({ data: { city: `Town ${i}` } });
        statuses.push(error?.status ?? 200);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses.slice(10)).toEqual([429, 429, 429]);
      const limited = await c.auth.updateUser({ data: { city: 'Again' } });
      expect(limited.error?.code).toBe('over_request_rate_limit');
      // Another account is not held back, and the limited one can still change its password.
      expect((await other.c.auth.updateUser({ data: { city: 'Elsewhere' } })).error).toBeNull();
      expect((await c.auth.updateUser({ password: 'Difference-Engine#1822' })).error).toBeNull();
    });
  },
);

describe.each(forEngines(['pglite'], 'mail text and per-address mail counts, written one request at a time'))('our mail says only our words (%s)', (engine) => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const verificationMails = async (to: string): Promise<Mail[]> => (await mailsTo(server, to)).filter((m) => m.subject === 'Verify your PurrFect Show account');

  /** The greeting line's name, from the text and (unescaped) the HTML. */
  function greetings(mail: Mail): string[] {
    const text = /^Hello(?: (.*))?,$/m.exec(mail.text_body);
    const html = /<p>Hello(?: (.*?))?,<\/p>/.exec(mail.html_body ?? '');
    expect(text, mail.text_body).not.toBeNull();
    return [text?.[1] ?? '', html?.[1] ?? ''];
  }

  const HOSTILE = [
    'Ada, claim your prize at http://evil.example/win',
    'Ada www.evil.example',
    'Ada evil.example',
    'Ada write to winner@evil.example',
    'Ada evil。example',
    'Ada javascript:alert(1)',
  ];

  it('a 1,500-character first name holding a link never reaches the mail whole, nor its link', async () => {
    const target = uniqueEmail('mail-target');
    const name = `Hello friend, your parcel waits at https://evil.example/parcel?id=1 ${'x'.repeat(1_500)}`.slice(0, 1_500);
    // Names are capped at 100 characters where they are stored: such a sign-up makes no account at all.
    const { error } = await client(server).auth.signUp({ email: target, password: PASSWORD, options: { data: { first_name: name, last_name: 'L' } } });
    expect(error?.status).toBe(422);
    expect((await post(server, '/functions/v1/send-verification', { email: target })).status).toBe(200);
    for (const mail of await mailsTo(server, target)) {
      expect(mail.text_body + (mail.html_body ?? '')).not.toMatch(/evil|parcel/);
      for (const g of greetings(mail)) expect(g.length).toBeLessThanOrEqual(NAME_CAP_IN_MAIL);
    }
  });

  it.each(HOSTILE)('greets without a name a mail client would link: %s', async (first) => {
    const target = uniqueEmail('mail-link');
    expect((await client(server).auth.signUp({ email: target, password: PASSWORD, options: { data: { first_name: first, last_name: 'L' } } })).error).toBeNull();
    expect((await post(server, '/functions/v1/send-verification', { email: target })).status).toBe(200);
    const [mail] = await verificationMails(target);
    expect(mail).toBeDefined();
    expect(mail!.text_body + (mail!.html_body ?? '')).not.toMatch(/evil|javascript/);
    expect(greetings(mail!)).toEqual(['', '']);
  });

  it.each(HOSTILE)('greets the coupon mail without a name a mail client would link: %s', (first) => {
    const coupon = { coupon_type: 'discount', coupon_code: 'PURR-1234', discount_amount: 5, rebate_percentage: null };
    const mail = couponMail('visitor@example.com', first, 'Whisker Foods', coupon as Parameters<typeof couponMail>[3]);
    expect(mail.text + mail.html).not.toMatch(/evil|javascript/);
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.html.startsWith('<p>Hello,</p>')).toBe(true);
  });

  it('greets with at most 40 characters of a long plain name, escaped in HTML', async () => {
    const target = uniqueEmail('mail-long');
    const first = `Émilie & ${'Marguerite '.repeat(8)}`.trim();
    expect((await client(server).auth.signUp({ email: target, password: PASSWORD, options: { data: { first_name: first, last_name: 'L' } } })).error).toBeNull();
    await post(server, '/functions/v1/send-verification', { email: target });
    const [mail] = await verificationMails(target);
    const [text, html] = greetings(mail!);
    expect(text!.length).toBeLessThanOrEqual(NAME_CAP_IN_MAIL);
    expect(first.startsWith(text!)).toBe(true);
    expect(html).toBe(text!.replace('&', '&#38;'));
  });

  it('sends one address at most 3 verification mails an hour, answering alike for registered and unknown addresses', async () => {
    const target = uniqueEmail('mail-flood');
    const unknown = uniqueEmail('mail-flood-unknown');
    await client(server).auth.signUp({ email: target, password: PASSWORD, options: { data: NAMES } });
    const answers: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      for (const email of [target, unknown]) {
        const res = await post(server, '/functions/v1/send-verification', { email });
        answers.push({ status: res.status, body: await res.json() });
      }
      // A minute passes (the once-a-minute rule is older; the hour is what this test is about).
      await server.db.query(`update public.verification_tokens set created_at = created_at - interval '2 minutes' where lower(user_email) = $1`, [target]);
    }
    expect(answers).toEqual(Array(12).fill({ status: 200, body: { sent: true } }));
    expect(await verificationMails(target)).toHaveLength(3);
  });

  it('sends one address at most 3 "you already have an account" mails an hour, answering sign-ups alike', async () => {
    const taken = uniqueEmail('mail-signup');
    await client(server).auth.signUp({ email: taken, password: PASSWORD, options: { data: NAMES } });
    const existing = async () => (await mailsTo(server, taken)).filter((m) => m.subject === 'You already have a PurrFect Show account').length;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post(server, '/auth/v1/signup', { email: taken, password: PASSWORD, data: NAMES })).status);
      statuses.push((await post(server, '/auth/v1/signup', { email: uniqueEmail('mail-signup-new'), password: PASSWORD, data: NAMES })).status);
      // The mail goes out after the answer: wait for it while the budget lasts.
      await expect.poll(existing).toBe(Math.min(i + 1, 3));
      if (i >= 3) await sleep(300);
      // A minute passes for the once-a-minute rule.
      await server.db.query(`delete from auth.rate_limits where key like 'signup-existing:%'`);
    }
    expect(statuses).toEqual(Array(12).fill(200));
    await sleep(500);
    expect(await existing()).toBe(3);
  });

  it('sends one address at most 3 password-reset mails an hour', async () => {
    const target = uniqueEmail('mail-recover');
    await client(server).auth.signUp({ email: target, password: PASSWORD, options: { data: NAMES } });
    const resets = async () => (await mailsTo(server, target)).filter((m) => m.subject === 'Reset Your Password').length;
    for (let i = 0; i < 6; i++) {
      expect((await post(server, '/auth/v1/recover', { email: target })).status).toBe(200);
      // The mail goes out after the answer: wait for it while the budget lasts.
      await expect.poll(resets).toBe(Math.min(i + 1, 3));
      if (i >= 3) await sleep(300);
      await server.db.query(`update auth.users set recovery_sent_at = recovery_sent_at - interval '2 minutes' where email = $1`, [target]);
    }
    await sleep(500);
    expect(await resets()).toBe(3);
  });
});

describe.each(forEngines(['pglite'], 'the sweep is one SQL delete, the same on either engine'))('sign-ups nobody verifies (%s)', (engine) => {
  let server: VenueServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  const exists = async (email: string) => ({
    user: (await server.db.query('select 1 from auth.users where email = $1', [email])).rows.length,
    profile: (await server.db.query('select 1 from public.users where email = $1', [email])).rows.length,
    identities: (await server.db.query('select 1 from auth.identities where email = $1', [email])).rows.length,
    sessions: (await server.db.query('select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [email])).rows.length,
    tokens: (await server.db.query('select 1 from public.verification_tokens where lower(user_email) = $1', [email])).rows.length,
  });

  it('removes an account still unverified a day after sign-up, with its identities, sessions and tokens', async () => {
    const c = client(server);
    const [stale, fresh, verified, organiser] = [uniqueEmail('prune-stale'), uniqueEmail('prune-fresh'), uniqueEmail('prune-verified'), uniqueEmail('prune-organiser')];
    for (const email of [stale, fresh, verified, organiser]) {
      expect((await c.auth.signUp({ email, password: PASSWORD, options: { data: NAMES } })).error).toBeNull();
    }
    expect((await client(server).auth.signInWithPassword({ email: stale, password: PASSWORD })).error).toBeNull();
    await post(server, '/functions/v1/send-verification', { email: stale });
    await server.db.query('update public.users set verified = true where email = $1', [verified]);
    await server.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"show_role":"organiser"}' where email = $1`, [organiser]);
    await server.db.query(`update auth.users set created_at = now() - interval '25 hours' where email = any($1)`, [[stale, verified, organiser]]);
    expect(await exists(stale)).toEqual({ user: 1, profile: 1, identities: 1, sessions: 1, tokens: 1 });

    const { pruneUnverifiedAccounts } = await import('../../server/auth/account-pruner.ts');
    expect(await pruneUnverifiedAccounts(server.db)).toBeGreaterThanOrEqual(1);

    expect(await exists(stale)).toEqual({ user: 0, profile: 0, identities: 0, sessions: 0, tokens: 0 });
    for (const kept of [fresh, verified, organiser]) expect((await exists(kept)).user, kept).toBe(1);
    // The demo visitor (seeded, verified) stays whatever its age.
    await server.db.query(`update auth.users set created_at = now() - interval '400 days' where email = $1`, [DEMO_USER.email]);
    await pruneUnverifiedAccounts(server.db);
    expect((await server.db.query(`select 1 from auth.users where email = $1`, [DEMO_USER.email])).rows).toHaveLength(1);
  });
});

describe.each(forEngines(['pglite'], "which query waits for which answer is the server's JavaScript; the lookup is one indexed query on either engine"))(
  '/recover answers before it looks the address up (%s)',
  (engine) => {
    // A timing side channel measured with a stopwatch is a coin toss on a loaded machine (a registered
    // address's mail is a millisecond of work); what makes the two answers take the same time is the order:
    // the answer leaves before the address is looked up. Holding the lookup proves that order exactly:
    // were the answer to wait for it, the request would hang.
    let server: VenueServer;
    beforeAll(async () => {
      server = await startTestServer(engine);
    });
    afterAll(() => server?.close());

    /** Holds every lookup of `email` in auth.users until released; `asked` settles when the first one starts. */
    function holdLookupOf(email: string) {
      const query = server.db.query.bind(server.db);
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let asked!: () => void;
      const lookupAsked = new Promise<void>((r) => (asked = r));
      server.db.query = (async (text: string, params?: unknown[]) => {
        if (/lower\(u\.email\) = lower\(\$1\)/.test(text) && String(params?.[0]).toLowerCase() === email.toLowerCase()) {
          asked();
          await released;
        }
        return query(text, params);
      }) as typeof server.db.query;
      return {
        lookupAsked,
        release: () => {
          server.db.query = query;
          release();
        },
      };
    }

    /** Asks /recover for `email` with its lookup held: the answer, and whether the lookup then started. */
    async function recoverWhileHeld(email: string): Promise<{ status: number; body: unknown }> {
      const held = holdLookupOf(email);
      try {
        const res = await fetch(`${server.url}/auth/v1/recover`, {
          method: 'POST',
          headers: { apikey: DEMO_ANON_KEY, authorization: `Bearer ${DEMO_ANON_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
          signal: AbortSignal.timeout(10_000),
        });
        const answer = { status: res.status, body: await res.json() };
        // The lookup does happen, once the answer has gone.
        await held.lookupAsked;
        return answer;
      } finally {
        held.release();
      }
    }

    it('answers a registered address {} while its lookup is held, then mails it', async () => {
      const email = uniqueEmail('recover-order');
      expect((await post(server, '/auth/v1/signup', { email, password: PASSWORD, data: NAMES })).status).toBe(200);
      const before = (await mailsTo(server, email)).length;
      expect(await recoverWhileHeld(email)).toEqual({ status: 200, body: {} });
      await expect.poll(async () => (await mailsTo(server, email)).length, { timeout: 10_000 }).toBe(before + 1);
    }, 30_000);

    it('answers an unknown address {} while its lookup is held, and mails nobody', async () => {
      const email = uniqueEmail('recover-order-unknown');
      expect(await recoverWhileHeld(email)).toEqual({ status: 200, body: {} });
      expect(await mailsTo(server, email)).toHaveLength(0);
    }, 30_000);
  },
);

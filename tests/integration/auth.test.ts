// GoTrue subset (/auth/v1) driven through the real supabase-js client, on every engine of the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { DEMO_ANON_KEY } from '../../server/config.ts';
import { DEMO_USER } from '../../server/seed/index.ts';
import type { VenueServer } from '../../server/start.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

const NAMES = { first_name: 'Ada', last_name: 'Lovelace' };
const PASSWORD = 'Analytical-Engine#1843';
const NEW_PASSWORD = 'Difference-Engine#1822';

const claimsOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(forEngines(['pglite'], "GoTrue's rules are JavaScript (tokens, bcrypt) over the same SQL, one request at a time"))('auth (%s)', (engine) => {
  let server: VenueServer;

  beforeAll(async () => {
    // Generous per-IP limit: this file makes many calls from 127.0.0.1 within a minute.
    server = await startTestServer(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A raw request to /auth/v1 with the anon key, for what supabase-js hides (statuses, headers). */
  function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const { token, headers, ...rest } = init;
    return fetch(`${server.url}/auth/v1${path}`, {
      ...rest,
      headers: {
        apikey: DEMO_ANON_KEY,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(headers as Record<string, string> | undefined),
      },
    });
  }

  /** A new user signed up (and so signed in) on a fresh client. */
  async function signedUp(tag: string): Promise<{ sb: SupabaseClient; email: string; session: Session }> {
    const sb = client(server);
    const email = uniqueEmail(tag);
    const signUp = await sb.auth.signUp({ email, password: PASSWORD, options: { data: NAMES } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const { data, error } = await sb.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { sb, email, session: data.session! };
  }

  async function latestMail(to: string) {
    const { rows } = await server.db.query<{ subject: string; text_body: string; html_body: string | null }>(
      'select subject, text_body, html_body from _dev.mail where to_address = $1 order by id desc',
      [to],
    );
    return rows;
  }

  /** The mails to `to` once the first has arrived: /recover mails after its answer is written. */
  async function mailsOnceSent(to: string) {
    await expect.poll(async () => (await latestMail(to)).length).toBeGreaterThan(0);
    return latestMail(to);
  }

  const linkIn = (text: string): string => {
    const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text);
    if (!m) throw new Error(`no link in mail: ${text}`);
    return m[0];
  };

  function fragmentOf(res: Response): URLSearchParams {
    const location = res.headers.get('location') ?? '';
    return new URLSearchParams(location.split('#')[1] ?? '');
  }

  describe('signUp', () => {
    it('autoconfirms, answers without a session and runs the auth.users triggers', async () => {
      const sb = client(server);
      const events: AuthChangeEvent[] = [];
      sb.auth.onAuthStateChange((event) => {
        events.push(event);
      });
      const email = uniqueEmail('Signup').toUpperCase();
      const { data, error } = await sb.auth.signUp({ email, password: PASSWORD, options: { data: NAMES } });
      expect(error).toBeNull();
      const { user } = data;
      expect(data.session).toBeNull();
      expect(events).not.toContain('SIGNED_IN');
      const signIn = await sb.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const session = signIn.data.session;
      expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
      expect(session!.refresh_token.length).toBeGreaterThanOrEqual(12);
      expect(user).toMatchObject({
        aud: 'authenticated',
        role: 'authenticated',
        email: email.toLowerCase(),
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { ...NAMES, email: email.toLowerCase(), email_verified: true, phone_verified: false, sub: user!.id },
        is_anonymous: false,
      });
      expect(user!.email_confirmed_at).toBeTruthy();
      expect(user!.identities).toHaveLength(1);
      expect(user!.identities![0]).toMatchObject({ provider: 'email', id: user!.id, user_id: user!.id });
      expect(events).toContain('SIGNED_IN');

      const claims = claimsOf(session!.access_token);
      expect(Object.keys(claims)).toEqual([
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ]);
      expect(claims).toMatchObject({
        iss: `${server.config.publicUrl}/auth/v1`,
        sub: user!.id,
        aud: 'authenticated',
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: 'password' }],
        is_anonymous: false,
      });
      expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

      // The product's trigger on auth.users created the profile in the same statement.
      const profile = await server.db.query('select first_name, last_name from public.users where id = $1', [user!.id]);
      expect(profile.rows).toEqual([NAMES]);
    });

    it('answers a registered e-mail like a new one (tests/abuse/auth.test.ts has the details)', async () => {
      const { email } = await signedUp('dup');
      const { data, error } = await client(server).auth.signUp({
        email: email.toUpperCase(),
        password: PASSWORD,
        options: { data: NAMES },
      });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user).toMatchObject({ email: email.toLowerCase() });
    });

    it('refuses weak passwords and invalid e-mail addresses', async () => {
      const sb = client(server);
      const weak = await sb.auth.signUp({ email: uniqueEmail('weak'), password: '12345', options: { data: NAMES } });
      expect(weak.error).toMatchObject({
        name: 'AuthWeakPasswordError',
        status: 422,
        code: 'weak_password',
        message: 'Password must be at least 8 characters',
        reasons: ['length', 'characters'],
      });
      const noUpper = await sb.auth.signUp({ email: uniqueEmail('weak'), password: 'whiskers#2026', options: { data: NAMES } });
      expect(noUpper.error).toMatchObject({
        status: 422,
        code: 'weak_password',
        message: 'Password must contain at least one uppercase letter',
      });
      expect(noUpper.data.session).toBeNull();
      const bad = await sb.auth.signUp({ email: 'not-an-email', password: PASSWORD, options: { data: NAMES } });
      expect(bad.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
    });

    it('returns a trigger’s error and leaves no user behind', async () => {
      await server.db.exec(`
        create or replace function public.auth_test_veto() returns trigger language plpgsql as $$
        begin raise exception 'Vetoed by the test trigger'; end $$;
        drop trigger if exists auth_test_veto on auth.users;
        create trigger auth_test_veto after insert on auth.users
          for each row when (new.email like 'veto.%') execute function public.auth_test_veto();`);
      try {
        const email = uniqueEmail('veto');
        const { error } = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: NAMES } });
        expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Vetoed by the test trigger' });
        const left = await server.db.query('select 1 from auth.users where email = $1', [email]);
        expect(left.rows).toHaveLength(0);
      } finally {
        await server.db.exec('drop trigger if exists auth_test_veto on auth.users; drop function if exists public.auth_test_veto();');
      }
    });
  });

  describe('signInWithPassword', () => {
    it('returns a new session for the right password', async () => {
      const { email, session: first } = await signedUp('signin');
      const sb = client(server);
      const { data, error } = await sb.auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.last_sign_in_at).toBeTruthy();
      expect(claimsOf(data.session!.access_token).session_id).not.toBe(claimsOf(first.access_token).session_id);
    });

    it('answers invalid_credentials for a wrong password or an unknown e-mail', async () => {
      const { email } = await signedUp('wrongpw');
      for (const creds of [
        { email, password: 'not-the-password' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
      ]) {
        const { data, error } = await client(server).auth.signInWithPassword(creds);
        expect(data.session).toBeNull();
        expect(error).toMatchObject({
          name: 'AuthApiError',
          status: 400,
          code: 'invalid_credentials',
          message: 'Invalid login credentials',
        });
      }
    });

    it('signs in the seeded demo visitor (inserted straight into auth.users)', async () => {
      const { data, error } = await client(server).auth.signInWithPassword(DEMO_USER);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(DEMO_USER.email);
    });
  });

  describe('the signed-in user', () => {
    it('getUser returns the user; bad bearer tokens are refused like GoTrue does', async () => {
      const { sb, email, session } = await signedUp('getuser');
      const { data, error } = await sb.auth.getUser();
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);

      const anon = await sb.auth.getUser(DEMO_ANON_KEY);
      expect(anon.error).toMatchObject({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
      const forged = await sb.auth.getUser(`${session.access_token.slice(0, -4)}AAAA`);
      expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
      expect(forged.error?.message).toMatch(/^invalid JWT: unable to parse or verify signature/);

      const none = await api('/user');
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    });

    it('updateUser changes the password (not to the same one) and merges metadata', async () => {
      const { sb, email } = await signedUp('update');
      const events: AuthChangeEvent[] = [];
      sb.auth.onAuthStateChange((event) => {
        events.push(event);
      });
      const same = await sb.auth.updateUser({ password: PASSWORD });
      expect(same.error).toMatchObject({
        status: 422,
        code: 'same_password',
        message: 'New password should be different from the old password.',
      });
      const weak = await sb.auth.updateUser({ password: 'abc' });
      expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
      // The SPEC §5 rule, not just GoTrue's length: the first missed requirement is the message.
      const noSpecial = await sb.auth.updateUser({ password: 'Difference1822' });
      expect(noSpecial.error).toMatchObject({
        status: 422,
        code: 'weak_password',
        message: 'Password must contain at least one special character',
        reasons: ['characters'],
      });

      const { data, error } = await sb.auth.updateUser({ password: NEW_PASSWORD, data: { nickname: 'Countess' } });
      expect(error).toBeNull();
      expect(data.user?.user_metadata).toMatchObject({ ...NAMES, nickname: 'Countess', email });
      expect(events).toContain('USER_UPDATED');

      const old = await client(server).auth.signInWithPassword({ email, password: PASSWORD });
      expect(old.error?.code).toBe('invalid_credentials');
      const fresh = await client(server).auth.signInWithPassword({ email, password: NEW_PASSWORD });
      expect(fresh.error).toBeNull();
    });

    it('a password change signs out the user’s other sessions', async () => {
      const { sb, email } = await signedUp('pwothers');
      const other = client(server);
      const { data } = await other.auth.signInWithPassword({ email, password: PASSWORD });
      expect((await sb.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
      expect((await api('/user', { token: data.session!.access_token })).status).toBe(403);
      expect((await sb.auth.getUser()).error).toBeNull();
    });
  });

  describe('refresh tokens', () => {
    it('rotate; the previous token still works briefly, later its reuse ends the session', async () => {
      const { sb, session } = await signedUp('refresh');
      const first = session.refresh_token;
      const rotated = await sb.auth.refreshSession();
      expect(rotated.error).toBeNull();
      const second = rotated.data.session!.refresh_token;
      expect(second).not.toBe(first);
      expect(claimsOf(rotated.data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id);
      const parent = await server.db.query('select parent from auth.refresh_tokens where token = $1', [second]);
      expect(parent.rows).toEqual([{ parent: first }]);

      // Another tab refreshing with the just-rotated token gets the current one back.
      const racing = await client(server).auth.refreshSession({ refresh_token: first });
      expect(racing.error).toBeNull();
      expect(racing.data.session!.refresh_token).toBe(second);

      // Past the 10 s reuse interval the old token counts as stolen.
      await server.db.query(`update auth.refresh_tokens set updated_at = updated_at - interval '1 minute' where token = $1`, [first]);
      const reused = await client(server).auth.refreshSession({ refresh_token: first });
      expect(reused.error).toMatchObject({
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      });
      const after = await client(server).auth.refreshSession({ refresh_token: second });
      expect(after.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
      const res = await api('/user', { token: rotated.data.session!.access_token });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'session_not_found' });
    });

    it('refuses unknown tokens', async () => {
      const { error } = await client(server).auth.refreshSession({ refresh_token: 'no-such-token-at-all' });
      expect(error).toMatchObject({
        status: 400,
        code: 'refresh_token_not_found',
        message: 'Invalid Refresh Token: Refresh Token Not Found',
      });
    });
  });

  describe('signOut', () => {
    it('answers 204 and ends the session: its access token then gets session_not_found', async () => {
      const { sb, session } = await signedUp('signout');
      const { error } = await sb.auth.signOut();
      expect(error).toBeNull();
      expect((await sb.auth.getSession()).data.session).toBeNull();

      const res = await api('/user', { token: session.access_token });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: 'session_not_found',
        error_code: 'session_not_found',
        msg: 'Session from session_id claim in JWT does not exist',
        message: 'Session from session_id claim in JWT does not exist',
      });
      const viaClient = await client(server).auth.getUser(session.access_token);
      expect(viaClient.error?.name).toBe('AuthSessionMissingError');
    });

    it('scope local ends only this session, others all but this one, global all', async () => {
      const { email } = await signedUp('scopes');
      const signIn = async () => (await client(server).auth.signInWithPassword({ email, password: PASSWORD })).data.session!.access_token;
      const [a, b, c] = [await signIn(), await signIn(), await signIn()];
      const alive = async (t: string) => (await api('/user', { token: t })).status === 200;

      expect((await api('/logout?scope=local', { method: 'POST', token: a })).status).toBe(204);
      expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
      expect((await api('/logout?scope=others', { method: 'POST', token: b })).status).toBe(204);
      expect([await alive(b), await alive(c)]).toEqual([true, false]);
      const d = await signIn();
      expect((await api('/logout?scope=global', { method: 'POST', token: d })).status).toBe(204);
      expect([await alive(b), await alive(d)]).toEqual([false, false]);
      expect((await api('/logout?scope=everything', { method: 'POST', token: d })).status).toBe(400);
    });
  });

  describe('password recovery', () => {
    it('mails a link whose 303 fragment carries a recovery session that can set a new password', async () => {
      const { email } = await signedUp('recover');
      const redirectTo = `${server.config.siteUrl}/reset-password`;
      const { data, error } = await client(server).auth.resetPasswordForEmail(email, { redirectTo });
      expect(error).toBeNull();
      expect(data).toEqual({});

      const mails = await mailsOnceSent(email);
      expect(mails).toHaveLength(1);
      const link = linkIn(mails[0]!.text_body);
      expect(mails[0]!.html_body).toContain('Reset Password');
      const url = new URL(link);
      expect(url.origin + url.pathname).toBe(`${server.config.publicUrl}/auth/v1/verify`);
      expect(url.searchParams.get('type')).toBe('recovery');
      expect(url.searchParams.get('redirect_to')).toBe(redirectTo);
      // Only the token's hash is stored.
      const stored = await server.db.query<{ recovery_token: string }>('select recovery_token from auth.users where email = $1', [email]);
      expect(stored.rows[0]!.recovery_token).not.toBe(url.searchParams.get('token'));

      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')!.startsWith(`${redirectTo}#`)).toBe(true);
      const fragment = fragmentOf(res);
      expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
      expect(Object.fromEntries(fragment)).toMatchObject({
        expires_in: '3600',
        sb: '',
        token_type: 'bearer',
        type: 'recovery',
      });
      const access_token = fragment.get('access_token')!;
      expect(claimsOf(access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);

      const sb = client(server);
      const set = await sb.auth.setSession({ access_token, refresh_token: fragment.get('refresh_token')! });
      expect(set.error).toBeNull();
      expect((await sb.auth.updateUser({ password: 'A-Brand-New-Secret#1' })).error).toBeNull();
      const signIn = await client(server).auth.signInWithPassword({ email, password: 'A-Brand-New-Secret#1' });
      expect(signIn.error).toBeNull();

      // The link works once.
      const again = await fetch(link, { redirect: 'manual' });
      expect(again.status).toBe(303);
      expect(Object.fromEntries(fragmentOf(again))).toEqual({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
        sb: '',
      });
    });

    it('answers {} for unknown addresses without mailing anyone', async () => {
      const email = uniqueEmail('ghost');
      const { data, error } = await client(server).auth.resetPasswordForEmail(email);
      expect(error).toBeNull();
      expect(data).toEqual({});
      await sleep(200);
      expect(await latestMail(email)).toHaveLength(0);
    });

    it('sends at most one mail per minute per user, answering the repeat like any other', async () => {
      const { email } = await signedUp('recover-rate');
      expect((await client(server).auth.resetPasswordForEmail(email)).error).toBeNull();
      const { data, error } = await client(server).auth.resetPasswordForEmail(email);
      expect(error).toBeNull();
      expect(data).toEqual({});
      await sleep(200);
      expect(await latestMail(email)).toHaveLength(1);
    });

    it('expired and unknown tokens redirect with the error fragment', async () => {
      const { email } = await signedUp('recover-expired');
      await client(server).auth.resetPasswordForEmail(email);
      await mailsOnceSent(email);
      await server.db.query(`update auth.users set recovery_sent_at = recovery_sent_at - interval '2 hours' where email = $1`, [email]);
      const expired = await fetch(linkIn((await mailsOnceSent(email))[0]!.text_body), { redirect: 'manual' });
      expect(expired.status).toBe(303);
      expect(fragmentOf(expired).get('error_code')).toBe('otp_expired');

      const site = server.config.siteUrl;
      const unknown = await api(`/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent(site)}`, {
        redirect: 'manual',
      });
      expect(unknown.status).toBe(303);
      expect(unknown.headers.get('location')).toBe(`${site}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`);
    });

    it('never redirects to a foreign origin', async () => {
      const { email } = await signedUp('recover-foreign');
      await client(server).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
      const link = new URL(linkIn((await mailsOnceSent(email))[0]!.text_body));
      expect(link.searchParams.get('redirect_to')).toBe(server.config.siteUrl);
      link.searchParams.set('redirect_to', 'https://evil.example/steal');
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.headers.get('location')!.startsWith(`${server.config.siteUrl}#access_token=`)).toBe(true);
    });

    it('verifyOtp with the token hash opens a recovery session', async () => {
      const { email } = await signedUp('recover-otp');
      await client(server).auth.resetPasswordForEmail(email);
      const token = new URL(linkIn((await mailsOnceSent(email))[0]!.text_body)).searchParams.get('token')!;
      const sb = client(server);
      const events: AuthChangeEvent[] = [];
      sb.auth.onAuthStateChange((event) => {
        events.push(event);
      });
      const { data, error } = await sb.auth.verifyOtp({ type: 'recovery', token_hash: token });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(events).toContain('PASSWORD_RECOVERY');
      const reused = await client(server).auth.verifyOtp({ type: 'recovery', token_hash: token });
      expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });
    });
  });

  describe('wire details', () => {
    it('every response carries X-Supabase-Api-Version, success or error', async () => {
      const ok = await api('/recover', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('hdr') }) });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(ok.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
      const bad = await api('/token?grant_type=password', { method: 'POST', body: '{}' });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    });

    it('malformed bodies are 400 bad_json; unknown grants and routes are JSON errors', async () => {
      for (const body of ['{"email":', '[]', JSON.stringify({ email: 42, password: PASSWORD })]) {
        const res = await api('/signup', { method: 'POST', body });
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await res.json()).toMatchObject({
          code: 'bad_json',
          msg: expect.stringMatching(/^Could not parse request body as JSON/),
        });
      }
      const grant = await api('/token?grant_type=magic', { method: 'POST', body: '{}' });
      expect(grant.status).toBe(400);
      expect(await grant.json()).toMatchObject({ code: 'unsupported_grant_type' });
      const missing = await api('/nowhere');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'not_found' });
      const verify = await api('/verify?type=bogus&token=x', { redirect: 'manual' });
      expect(verify.status).toBe(400);
    });
  });
});

describe.each(forEngines(['pglite', 'postgres'], 'the shared auth.rate_limits row, upserted on PostgreSQL as every instance does'))(
  'auth rate limit per client IP (%s)',
  (engine) => {
    let server: VenueServer;

    beforeAll(async () => {
      // The test is the proxy in front: its X-Forwarded-For names the client.
      server = await startTestServer(engine, { AUTH_RATE_LIMIT_PER_MINUTE: '5', TRUSTED_PROXIES: '127.0.0.1, ::1' });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 429 over_request_rate_limit past the limit, per IP and endpoint', async () => {
      // Counts are per clock minute: don't straddle a boundary.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 5_000) await sleep(left + 100);
      const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}, 10.0.0.1`;
      const signIn = (from: string) =>
        fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: DEMO_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': from },
          body: JSON.stringify({ email: uniqueEmail('limited'), password: PASSWORD }),
        });
      for (let i = 0; i < 5; i++) expect((await signIn(ip)).status).toBe(400);
      const limited = await signIn(ip);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({
        code: 'over_request_rate_limit',
        error_code: 'over_request_rate_limit',
        msg: 'Request rate limit reached',
        message: 'Request rate limit reached',
      });
      expect((await signIn('198.51.100.7')).status).toBe(400);
      const otherEndpoint = await fetch(`${server.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: DEMO_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: uniqueEmail('limited') }),
      });
      expect(otherEndpoint.status).toBe(200);
    });
  },
);

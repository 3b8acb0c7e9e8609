// Expiry rules against the injected clock (AppDeps.now), through the app without a socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { DEMO_ANON_KEY, loadConfig } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { devMailer } from '../mail/queue.ts';
import { migrate } from '../migrate.ts';

const MINUTE = 60_000;

describe('auth expiry with an injected clock', () => {
  let db: Db;
  let now = Date.UTC(2026, 5, 1, 12, 0, 0);
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    const config = loadConfig({ PORT: '54321', STATIC_DIR: '' });
    config.staticDir = null;
    app = createApp({ db, config, mailer: devMailer(db, config.mailFrom), now: () => now });
  });
  afterAll(async () => {
    await db?.close();
  });

  const call = (path: string, body?: unknown, token?: string) =>
    app.request(`/auth/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        apikey: DEMO_ANON_KEY,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function signUp(email: string): Promise<{ access_token: string; refresh_token: string }> {
    const res = await call('/signup', { email, password: 'Secret#Pass1', data: { first_name: 'Ada', last_name: 'L' } });
    expect(res.status).toBe(200);
    // Sign-up answers without a session (a registered address answers alike): sign in for one.
    const signIn = await call('/token?grant_type=password', { email, password: 'Secret#Pass1' });
    expect(signIn.status).toBe(200);
    return (await signIn.json()) as { access_token: string; refresh_token: string };
  }

  it('access tokens expire after JWT_EXPIRY', async () => {
    const { access_token } = await signUp('clock-jwt@example.com');
    expect((await call('/user', undefined, access_token)).status).toBe(200);
    now += 3601_000;
    const res = await call('/user', undefined, access_token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
  });

  it('a rotated refresh token is accepted for 10 s only', async () => {
    const { refresh_token: first } = await signUp('clock-refresh@example.com');
    const rotated = await call('/token?grant_type=refresh_token', { refresh_token: first });
    const { refresh_token: second } = (await rotated.json()) as { refresh_token: string };
    now += 9_000;
    const racing = await call('/token?grant_type=refresh_token', { refresh_token: first });
    expect(((await racing.json()) as { refresh_token: string }).refresh_token).toBe(second);
    now += 2_000;
    const late = await call('/token?grant_type=refresh_token', { refresh_token: first });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('recovery mails are throttled per minute and their links last an hour', async () => {
    const email = 'clock-recover@example.com';
    await signUp(email);
    expect((await call('/recover', { email })).status).toBe(200);
    now += 30_000;
    // Within the minute the answer is the same `{}` (an unknown address gets it too), but no mail goes out.
    const early = await call('/recover', { email });
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({});
    const mails = async () => (await db.query('select 1 from _dev.mail where to_address = $1', [email])).rows.length;
    // The mail goes out once the answer is written (recovery.ts): wait for it.
    await expect.poll(mails).toBe(1);
    now += 30_000;
    expect((await call('/recover', { email })).status).toBe(200);
    await expect.poll(mails).toBe(2);

    const { rows } = await db.query<{ text_body: string }>('select text_body from _dev.mail where to_address = $1 order by id desc limit 1', [email]);
    const link = new URL(/http\S+/.exec(rows[0]!.text_body)![0]);
    now += 61 * MINUTE;
    const res = await app.request(`${link.pathname}${link.search}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('#error=access_denied&error_code=otp_expired');
  });
});

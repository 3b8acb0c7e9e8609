// The account life cycle and vouchers end to end: sign-up → verification e-mail → verify_account →
// sign-in → own profile → coupon e-mail, all read back from the dev mailbox.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { linkIn, mailsTo, uniqueEmail } from '../helpers/mailbox.ts';
import { COUPON_MESSAGES } from '../../shared/messages.ts';

const PASSWORD = 'Whiskers#2026';

function postRaw(url: string, apikey: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { apikey, 'Content-Type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
    req.end(body);
  });
}
const profileData = { first_name: 'Grace', middle_name: 'B.', last_name: 'Hopper', phone: '+31 20 123 4567', city: 'Amsterdam', country: 'Netherlands' };

async function register(anon: SupabaseClient, email: string) {
  const signUp = await anon.auth.signUp({ email, password: PASSWORD, options: { data: profileData } });
  expect(signUp.error).toBeNull();
  const sent = await anon.functions.invoke('send-verification', { body: { email } });
  expect(sent.error).toBeNull();
  return signUp;
}

describe.each(forEngines(['pglite'], 'mail, SPEC texts and the gateway are JavaScript; each step is one request after another'))(
  'accounts and coupons on %s',
  (engine) => {
    let server: VenueServer;
    beforeAll(async () => {
      server = await startTestServer(engine);
    });
    afterAll(() => server?.close());

    it('signs up, mails a 32-character activation link, verifies, and reads and edits only the own profile', async () => {
      const anon = client(server);
      const email = uniqueEmail('grace');
      await register(anon, email);

      const [mail] = await mailsTo(server, email);
      expect(mail!.subject).toBe('Verify your PurrFect Show account');
      const link = linkIn(mail!, /http:\/\/\S+\/activate-account\?token=([A-Za-z0-9]+)/);
      const token = new URL(link).searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(link.startsWith(`${server.config.siteUrl}/activate-account?token=`)).toBe(true);

      const user = client(server);
      const signIn = await user.auth.signInWithPassword({ email, password: PASSWORD });
      expect(signIn.error).toBeNull();
      const before = await user.from('users').select('*').eq('email', email).single();
      expect(before.data).toMatchObject({ ...profileData, email, verified: false, street_address: null });

      const verified = await client(server).rpc('verify_account', { p_token: token });
      expect(verified.error).toBeNull();
      expect(verified.data).toEqual({ verified: true, email });
      const again = await client(server).rpc('verify_account', { p_token: token });
      expect(again.status).toBe(400);
      expect(again.error!.message).toBe('Invalid or expired verification token');

      const after = await user.from('users').select('verified, last_updated').eq('email', email).single();
      expect(after.data!.verified).toBe(true);

      const update = await user
        .from('users')
        .update({ first_name: 'Amazing', street_address: 'Dam 1', last_updated: new Date().toISOString() })
        .eq('email', email)
        .select('first_name, street_address, email, verified')
        .single();
      expect(update.error).toBeNull();
      expect(update.data).toEqual({ first_name: 'Amazing', street_address: 'Dam 1', email, verified: true });

      // Identity and status columns are not the visitor's to change.
      const escalate = await user.from('users').update({ verified: false, email: 'other@example.com' }).eq('email', email);
      expect(escalate.error!.code).toBe('42501');
      expect(escalate.status).toBe(403);

      // Another visitor's profile is invisible and untouchable.
      const other = await user.from('users').select('*').eq('email', 'demo@purrfect-show.example');
      expect(other.data).toEqual([]);
      const missing = await user.from('users').select('*').eq('email', 'demo@purrfect-show.example').single();
      expect(missing.error!.code).toBe('PGRST116');
      const hijack = await user.from('users').update({ first_name: 'Mallory' }).eq('email', 'demo@purrfect-show.example').select();
      expect(hijack.data).toEqual([]);
      const demo = await client(server, 'service_role').from('users').select('first_name').eq('email', 'demo@purrfect-show.example').single();
      expect(demo.data!.first_name).toBe('Demi');
    });

    it('gives SPEC texts for a missing, unknown or expired token, and rate-limits resends', async () => {
      const anon = client(server);
      const unknown = await anon.rpc('verify_account', { p_token: 'A'.repeat(32) });
      expect(unknown.error!.message).toBe('Invalid or expired verification token');
      const empty = await anon.rpc('verify_account', { p_token: '' });
      expect(empty.error!.message).toBe('Invalid or expired verification token');

      const email = uniqueEmail('late');
      await register(anon, email);
      // A stranger hears the same as for any address; no second mail goes out within the minute.
      const resend = await anon.functions.invoke('send-verification', { body: { email } });
      expect(resend.error).toBeNull();
      expect(resend.data).toEqual({ sent: true });
      expect(await mailsTo(server, email)).toHaveLength(1);
      // The address's owner, signed in, is told why.
      const owner = client(server);
      expect((await owner.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
      const ownResend = await owner.functions.invoke('send-verification', { body: { email } });
      expect(ownResend.response!.status).toBe(429);
      expect(await ownResend.response!.json()).toEqual({
        error: 'A verification e-mail was sent less than a minute ago. Please check your inbox or try again shortly.',
      });

      const token = new URL(linkIn((await mailsTo(server, email))[0]!, /http:\/\/\S+/)).searchParams.get('token')!;
      await server.db.query(`update public.verification_tokens set expires_at = now() - interval '1 minute' where token = $1`, [token]);
      const expired = await anon.rpc('verify_account', { p_token: token });
      expect(expired.error!.message).toBe('Verification token has expired');

      // An address without a profile is answered like the rest (SPEC §5's text is for the owner only).
      const nobody = await anon.functions.invoke('send-verification', { body: { email: uniqueEmail('nobody') } });
      expect(nobody.error).toBeNull();
      expect(nobody.data).toEqual({ sent: true });
    });

    it('mails a coupon once per request id to a signed-in, verified visitor, and refuses anonymous and unverified requests', async () => {
      const email = uniqueEmail('shopper');
      await register(client(server), email);
      const user = client(server);
      await user.auth.signInWithPassword({ email, password: PASSWORD });

      const advertiser = (await user.from('advertisers').select('*').eq('discount_voucher_enabled', true).order('company_name').limit(1).single()).data!;
      // Coupons go to verified accounts only: first the refusal, then the activation link.
      const unverified = await user.functions.invoke('send-coupon', { body: { request_id: crypto.randomUUID(), advertiser_id: advertiser.id, coupon_type: 'discount' } });
      expect(unverified.response!.status).toBe(403);
      expect(await unverified.response!.json()).toEqual({ error: COUPON_MESSAGES.notVerified, code: 'email_not_verified' });
      const token = new URL(linkIn((await mailsTo(server, email))[0]!, /http:\/\/\S+/)).searchParams.get('token')!;
      expect((await client(server).rpc('verify_account', { p_token: token })).error).toBeNull();

      const request_id = crypto.randomUUID();
      const sent = await user.functions.invoke('send-coupon', { body: { request_id, advertiser_id: advertiser.id, coupon_type: 'discount' } });
      expect(sent.error).toBeNull();
      const prefix = (advertiser.company_name as string)
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 3)
        .toUpperCase();
      expect(sent.data.coupon_code).toMatch(new RegExp(`^${prefix}-DSC-\\d{4}-\\d{4}$`));
      expect(sent.data).toMatchObject({ request_id, coupon_type: 'discount', discount_amount: Number(advertiser.discount_voucher_amount), duplicate: false });

      const replay = await user.functions.invoke('send-coupon', { body: { request_id, advertiser_id: advertiser.id, coupon_type: 'discount' } });
      expect(replay.data).toMatchObject({ coupon_code: sent.data.coupon_code, duplicate: true });

      const coupons = (await mailsTo(server, email)).filter((m) => m.subject.includes('coupon'));
      expect(coupons).toHaveLength(1);
      const amount = `$${Number(advertiser.discount_voucher_amount).toFixed(2)} off`;
      expect(coupons[0]!.subject).toBe(`Your ${advertiser.company_name} coupon: ${amount}`);
      expect(coupons[0]!.text_body).toContain(sent.data.coupon_code);
      expect(coupons[0]!.text_body).toContain('can be used once');

      const stored = await client(server, 'service_role').from('coupons').select('status, email, coupon_code').eq('id', request_id).single();
      expect(stored.data).toEqual({ status: 'sent', email, coupon_code: sent.data.coupon_code });

      const anonymous = await client(server).functions.invoke('send-coupon', {
        body: { request_id: crypto.randomUUID(), advertiser_id: advertiser.id, coupon_type: 'discount' },
      });
      expect(anonymous.response!.status).toBe(401);
      expect(await anonymous.response!.json()).toEqual({ error: 'Please sign in to request a coupon.' });

      const noRebate = (await user.from('advertisers').select('id').eq('rebate_voucher_enabled', false).limit(1).single()).data!;
      const unavailable = await user.functions.invoke('send-coupon', { body: { request_id: crypto.randomUUID(), advertiser_id: noRebate.id, coupon_type: 'rebate' } });
      expect(unavailable.response!.status).toBe(422);

      const malformed = await user.functions.invoke('send-coupon', { body: { advertiser_id: 'lots', coupon_type: 'free' } });
      expect(malformed.response!.status).toBe(400);
    });

    it('answers the function gateway like Supabase: missing or bad JWT, unknown function', async () => {
      const url = `${server.url}/functions/v1/send-coupon`;
      const apikey = server.config.anonKey;
      const noAuth = await fetch(url, { method: 'POST', headers: { apikey } });
      expect(noAuth.status).toBe(401);
      expect(await noAuth.json()).toEqual({ msg: 'Error: Missing authorization header' });
      const badJwt = await fetch(url, { method: 'POST', headers: { apikey, Authorization: 'Bearer not.a.jwt' } });
      expect(await badJwt.json()).toEqual({ msg: 'Invalid JWT' });
      const unknown = await fetch(`${server.url}/functions/v1/nope`, { method: 'POST', headers: { apikey, Authorization: `Bearer ${apikey}` } });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
      const preflight = await fetch(url, { method: 'OPTIONS' });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('refuses requests without a valid API key or with an oversized body, and answers unknown routes with 404 JSON', async () => {
      const none = await fetch(`${server.url}/rest/v1/breeds`);
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ message: 'No API key found in request' });
      const wrong = await fetch(`${server.url}/rest/v1/breeds`, { headers: { apikey: 'abc' } });
      expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
      const nowhere = await fetch(`${server.url}/v2/anything`);
      expect(nowhere.status).toBe(404);
      expect((await nowhere.json()).code).toBe('NOT_FOUND');
      // The server answers before the upload ends; read that early response as a real client would.
      const huge = await postRaw(`${server.url}/rest/v1/visitor_choice`, server.config.anonKey, 'x'.repeat(server.config.maxBodyBytes + 1));
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body).message).toBe(`Request body larger than ${server.config.maxBodyBytes} bytes`);
      const html = await fetch(`${server.url}/_dev/mail`, { headers: { accept: 'text/html' } });
      expect(await html.text()).toContain('<h1>Dev mailbox</h1>');
    });
  },
);

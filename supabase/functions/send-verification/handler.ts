// send-verification: creates a 32-character activation token (24 h) for a registered, unverified
// profile and mails the /activate-account link. Called by the PWA right after sign-up, and to resend.
import { z } from 'zod';
import { bearer, json, preflight, readJson } from '../_shared/http.ts';
import type { FunctionDeps, Handler } from '../_shared/deps.ts';
import { VERIFICATION_TOKEN_TTL_MS, verificationToken } from '../_shared/codes.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';

/** One verification e-mail per address per minute: the resend button cannot be used to flood an inbox. */
export const RESEND_INTERVAL_MS = 60_000;

const Body = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

export const MESSAGES = {
  profileNotFound: ACCOUNT_MESSAGES.profileNotFound,
  alreadyVerified: 'This account is already verified.',
  tooSoon: 'A verification e-mail was sent less than a minute ago. Please check your inbox or try again shortly.',
  invalidEmail: ACCOUNT_MESSAGES.invalidEmail,
  mailFailed: 'Failed to send verification email. Please try again later.',
} as const;

export function createSendVerificationHandler(deps: FunctionDeps): Handler {
  return async (req) => {
    if (req.method === 'OPTIONS') return preflight();
    if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
    if (!bearer(req)) return json(401, { error: 'Missing authorization header' });

    const body = Body.safeParse(await readJson(req));
    if (!body.success) return json(400, { error: MESSAGES.invalidEmail });
    const email = body.data.email;
    // An address may hold `_` (LIKE's any-character): match it literally, or `____@x.com` matches many.
    const pattern = email.replace(/[\\%_]/g, (c) => `\\${c}`);

    const profile = await deps.admin.from('users').select('email, first_name, verified').ilike('email', pattern).maybeSingle();
    if (profile.error) return json(500, { error: profile.error.message });
    if (!profile.data) return json(404, { error: MESSAGES.profileNotFound });
    if (profile.data.verified) return json(200, { sent: false, already_verified: true, message: MESSAGES.alreadyVerified });

    const now = deps.now();
    const recent = await deps.admin
      .from('verification_tokens')
      .select('created_at')
      .ilike('user_email', pattern)
      .gte('created_at', new Date(now - RESEND_INTERVAL_MS).toISOString())
      .limit(1);
    if (recent.error) return json(500, { error: recent.error.message });
    if (recent.data.length > 0) {
      return json(429, { error: MESSAGES.tooSoon }, { 'Retry-After': String(RESEND_INTERVAL_MS / 1000) });
    }

    const token = verificationToken(deps.randomInt);
    const expiresAt = new Date(now + VERIFICATION_TOKEN_TTL_MS);
    const stored = await deps.admin.from('verification_tokens').insert({
      user_email: profile.data.email,
      token,
      expires_at: expiresAt.toISOString(),
      created_at: new Date(now).toISOString(),
    });
    if (stored.error) return json(500, { error: stored.error.message });

    const link = paths.activateAccount(deps.siteUrl, token);
    try {
      await deps.sendMail({
        to: profile.data.email,
        subject: 'Verify your PurrFect Show account',
        text: `Hello ${profile.data.first_name},\n\nWelcome to PurrFect Show! Please verify your account by opening this link within 24 hours:\n\n${link}\n\nIf you did not register, you can ignore this e-mail.`,
        html: `<p>Hello ${escapeHtml(profile.data.first_name)},</p><p>Welcome to PurrFect Show! Please verify your account by opening this link within 24 hours:</p><p><a href="${link}">Verify my account</a></p><p>If you did not register, you can ignore this e-mail.</p>`,
      });
    } catch {
      // Without the mail the token is useless; remove it so the visitor may retry at once.
      await deps.admin.from('verification_tokens').delete().eq('token', token);
      return json(502, { error: MESSAGES.mailFailed });
    }
    return json(200, { sent: true, expires_at: expiresAt.toISOString() });
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

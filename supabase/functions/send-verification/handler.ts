// send-verification: creates a 32-character activation token (24 h) for a registered, unverified
// profile and mails the /activate-account link. Called by the PWA right after sign-up, and to resend.
// Anyone may ask for any address, so the answer must not tell whether it has a profile: every
// well-formed address gets the same 200 `{ sent: true }`, whether a mail went out, the profile is
// already verified, a mail was sent less than a minute ago (or three this hour), or there is no profile at all. Only a
// caller signed in as that very address learns which (SPEC §5's "User profile not found" and friends).
import { z } from 'zod';
import { bearer, json, preflight, readJson } from '../_shared/http.ts';
import type { FunctionDeps, Handler } from '../_shared/deps.ts';
import { VERIFICATION_TOKEN_TTL_MS, verificationToken } from '../_shared/codes.ts';
import { greeting, MAILS_PER_ADDRESS_PER_HOUR } from '../_shared/mail-text.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';

/** One verification e-mail per address per minute: the resend button cannot be used to flood an inbox. */
const RESEND_INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60_000;

const Body = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

const MESSAGES = {
  profileNotFound: ACCOUNT_MESSAGES.profileNotFound,
  alreadyVerified: 'This account is already verified.',
  tooSoon: 'A verification e-mail was sent less than a minute ago. Please check your inbox or try again shortly.',
  tooMany: 'Several verification e-mails were sent in the last hour. Please check your inbox (and spam folder) or try again later.',
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
    const owner = await callerOwns(deps, bearer(req), email);
    const answer = await send(deps, email);
    // A database failure is no secret (it happens for any address); a refused mail is one.
    if (owner || answer.status === 500) return answer.response;
    return json(200, SENT);
  };
}

/** What every caller who is not the address's owner hears. */
const SENT = { sent: true } as const;

interface Outcome {
  status: number;
  response: Response;
}

const outcome = (status: number, body: unknown, headers?: Record<string, string>): Outcome => ({
  status,
  response: json(status, body, headers),
});

/** Mails a fresh link when the address has an unverified profile and none went out this minute (nor MAILS_PER_ADDRESS_PER_HOUR this hour). */
async function send(deps: FunctionDeps, email: string): Promise<Outcome> {
  // An address may hold `_` (LIKE's any-character): match it literally, or `____@x.com` matches many.
  const pattern = email.replace(/[\\%_]/g, (c) => `\\${c}`);

  const profile = await deps.admin.from('users').select('email, first_name, verified').ilike('email', pattern).maybeSingle();
  if (profile.error) return outcome(500, { error: profile.error.message });
  if (!profile.data) return outcome(404, { error: MESSAGES.profileNotFound });
  if (profile.data.verified) return outcome(200, { sent: false, already_verified: true, message: MESSAGES.alreadyVerified });

  // The tokens of the last hour (a verified or pruned account's are deleted with it): the minute's and the hour's budgets.
  const now = deps.now();
  const recent = await deps.admin
    .from('verification_tokens')
    .select('created_at')
    .ilike('user_email', pattern)
    .gte('created_at', new Date(now - HOUR_MS).toISOString())
    .order('created_at', { ascending: false })
    .limit(MAILS_PER_ADDRESS_PER_HOUR);
  if (recent.error) return outcome(500, { error: recent.error.message });
  const latest = recent.data[0] ? new Date(recent.data[0].created_at).getTime() : -Infinity;
  if (latest >= now - RESEND_INTERVAL_MS) {
    return outcome(429, { error: MESSAGES.tooSoon }, { 'Retry-After': String(RESEND_INTERVAL_MS / 1000) });
  }
  if (recent.data.length >= MAILS_PER_ADDRESS_PER_HOUR) {
    const oldest = new Date(recent.data[recent.data.length - 1]!.created_at).getTime();
    const wait = Math.max(1, Math.ceil((oldest + HOUR_MS - now) / 1000));
    return outcome(429, { error: MESSAGES.tooMany }, { 'Retry-After': String(wait) });
  }

  const token = verificationToken(deps.randomInt);
  const expiresAt = new Date(now + VERIFICATION_TOKEN_TTL_MS);
  const stored = await deps.admin.from('verification_tokens').insert({
    user_email: profile.data.email,
    token,
    expires_at: expiresAt.toISOString(),
    created_at: new Date(now).toISOString(),
  });
  if (stored.error) return outcome(500, { error: stored.error.message });

  const link = paths.activateAccount(deps.siteUrl, token);
  // The name is whatever the sign-up said: bounded and never a link (mail-text.ts), or left out.
  const hello = greeting(profile.data.first_name);
  try {
    await deps.sendMail({
      kind: 'verification',
      to: profile.data.email,
      subject: 'Verify your PurrFect Show account',
      text: `${hello.text}\n\nWelcome to PurrFect Show! Please verify your account by opening this link within 24 hours:\n\n${link}\n\nIf you did not register, you can ignore this e-mail.`,
      html: `<p>${hello.html}</p><p>Welcome to PurrFect Show! Please verify your account by opening this link within 24 hours:</p><p><a href="${link}">Verify my account</a></p><p>If you did not register, you can ignore this e-mail.</p>`,
    });
  } catch {
    // Without the mail the token is useless; remove it so the visitor may retry at once.
    await deps.admin.from('verification_tokens').delete().eq('token', token);
    return outcome(502, { error: MESSAGES.mailFailed });
  }
  return outcome(200, { sent: true, expires_at: expiresAt.toISOString() });
}

/** True when the bearer is a user session for `email` (checked with the auth server, not just decoded). */
async function callerOwns(deps: FunctionDeps, jwt: string | null, email: string): Promise<boolean> {
  if (!jwt) return false;
  let claims: { role?: unknown; email?: unknown };
  try {
    const payload = jwt.split('.')[1] ?? '';
    claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as typeof claims;
  } catch {
    return false;
  }
  // The anon key (and any other non-user token) needs no round trip.
  if (claims.role !== 'authenticated' || typeof claims.email !== 'string' || claims.email.toLowerCase() !== email) return false;
  const { data, error } = await deps.admin.auth.getUser(jwt);
  return !error && data.user?.email?.toLowerCase() === email;
}

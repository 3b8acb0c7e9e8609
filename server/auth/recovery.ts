// E-mail links: POST /recover mails a one-time link; GET /verify (the link) and POST /verify exchange it for a session.
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { mailedLately } from '../mail/queue.ts';
import { escapeHtml, MAILS_PER_ADDRESS_PER_HOUR } from '../../supabase/functions/_shared/mail-text.ts';
import { authError } from './errors.ts';
import { LINK_ERROR_FRAGMENT, safeRedirect, withFragment } from './redirect.ts';
import { createSession, nowOf, sessionResponse } from './sessions.ts';
import type { SessionJson, UserRow } from './shapes.ts';
import { randomToken, sha256Hex } from './tokens.ts';
import { clearRecoveryToken, consumeLinkToken, storeRecoveryToken, userByEmail, type LinkType } from './users.ts';
import { normalizeEmail, readBody } from './validate.ts';

/** GoTrue's defaults: one recovery mail per user per minute (smtp max_frequency), links valid for an hour. */
const EMAIL_INTERVAL_MS = 60_000;
const LINK_TTL_MS = 3_600_000;
const HOUR_MS = 3_600_000;

const LINK_TYPES: readonly LinkType[] = ['recovery', 'magiclink', 'signup'];
const isLinkType = (t: unknown): t is LinkType => LINK_TYPES.includes(t as LinkType);

const RecoverBody = z.object({ email: z.string().nullish() });

const VerifyBody = z.object({
  type: z.string(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
});

function linkRedirect(deps: AppDeps, raw: string | undefined): string {
  const { siteUrl, publicUrl } = deps.config;
  return safeRedirect(raw, siteUrl, [siteUrl, publicUrl]);
}

/**
 * Always `{}` for a well-formed address, registered or not: a repeat within a minute sends no second
 * mail (rather than a 429 only a registered address could earn), and a failed mail is only logged,
 * so neither status nor body tells whether an account exists. Nor does the time: the address is looked
 * up, and the link stored and mailed, only after the answer, so both answers cost the same work. The
 * per-IP limit applies to every address alike.
 */
export async function recover(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, RecoverBody);
  if (!body.email) throw authError(400, 'validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(body.email);
  const redirectTo = linkRedirect(deps, c.req.query('redirect_to'));
  const now = nowOf(deps);
  afterAnswer(c, () => void recoverInBackground(deps, email, redirectTo, now));
  return c.json({});
}

/**
 * Runs work once the answer has left (node-server's response closed: sent, or the client gone), so not
 * even its CPU can delay the answer; without a node response (app.request in tests), on the next turn.
 */
function afterAnswer(c: Context, work: () => void): void {
  const outgoing = (c.env as Partial<HttpBindings | Http2Bindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.closed) outgoing.once('close', work);
  else setImmediate(work);
}

async function recoverInBackground(deps: AppDeps, email: string, redirectTo: string, now: number): Promise<void> {
  try {
    const user = await userByEmail(deps.db, email);
    if (user) await sendRecoveryMail(deps, user, redirectTo, now);
  } catch (e) {
    console.error('[auth] recovery failed', e);
  }
}

async function sendRecoveryMail(deps: AppDeps, user: UserRow, redirectTo: string, now: number): Promise<void> {
  const to = user.email ?? '';
  // A few links an hour at most, whoever asks: a stranger cannot fill the owner's inbox.
  if ((await mailedLately(deps.db, to, ['recovery'], now - HOUR_MS)) >= MAILS_PER_ADDRESS_PER_HOUR) return;
  const token = randomToken(32);
  // One mail per user per minute; a repeat is dropped silently.
  if (!(await storeRecoveryToken(deps.db, user.id, sha256Hex(token), now, EMAIL_INTERVAL_MS))) return;
  const query = new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo });
  const link = `${deps.config.publicUrl}/auth/v1/verify?${query.toString()}`;
  try {
    await deps.mailer.send(recoveryMail(to, link));
  } catch (e) {
    // Unsent, so let the user ask again straight away.
    await clearRecoveryToken(deps.db, user.id);
    console.error('[auth] recovery mail failed', e);
  }
}

function recoveryMail(to: string, link: string): MailMessage {
  return {
    kind: 'recovery',
    to,
    subject: 'Reset Your Password',
    text: `Follow this link to reset the password for your user:\n\n${link}\n\nThe link is valid for one hour.`,
    html: '<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p>' + `<p><a href="${escapeHtml(link)}">Reset Password</a></p>`,
  };
}

/** Consumes the link token and opens a session, or null for an unknown, used or expired token. */
async function sessionFromLink(deps: AppDeps, type: LinkType, token: string, email?: string): Promise<SessionJson | null> {
  const now = nowOf(deps);
  const userId = await consumeLinkToken(deps.db, type, sha256Hex(token), email, now, LINK_TTL_MS);
  if (!userId) return null;
  const session = await createSession(deps.db, userId, type === 'recovery' ? 'recovery' : 'otp', now);
  return sessionResponse(deps, userId, session);
}

/** The mailed link: 303 back to the app with the session (or the error) in the URL fragment. */
export async function verifyLink(c: Context, deps: AppDeps): Promise<Response> {
  const type = c.req.query('type');
  if (!isLinkType(type)) throw authError(400, 'validation_failed', 'Unsupported verification type');
  const token = c.req.query('token');
  const session = token ? await sessionFromLink(deps, type, token) : null;
  const fragment = session
    ? {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type,
      }
    : LINK_ERROR_FRAGMENT;
  return c.redirect(withFragment(linkRedirect(deps, c.req.query('redirect_to')), fragment), 303);
}

/** supabase.auth.verifyOtp({type, token_hash}): the same exchange, answered with the session object. */
export async function verifyToken(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, VerifyBody);
  if (!isLinkType(body.type)) throw authError(400, 'validation_failed', 'Unsupported verification type');
  const token = body.token_hash ?? body.token;
  if (!token) throw authError(400, 'validation_failed', 'Verify requires a token or a token hash');
  const session = await sessionFromLink(deps, body.type, token, body.email ?? undefined);
  if (!session) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
  return c.json(session);
}

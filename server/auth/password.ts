// E-mail + password accounts: POST /signup (autoconfirmed, like the local CLI default) and the password grant.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { isPgError } from '../db/types.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { mailedLately } from '../mail/queue.ts';
import { MAILS_PER_ADDRESS_PER_HOUR } from '../../supabase/functions/_shared/mail-text.ts';
import { paths } from '../../shared/paths.ts';
import { authError } from './errors.ts';
import { checkMetadata } from './metadata.ts';
import { checkSignInBackoff, clearSignInFailures, countHit, recordSignInFailure } from './rate-limit.ts';
import { sha256Hex } from './tokens.ts';
import { createSession, nowOf, sessionResponse } from './sessions.ts';
import { emailIdentityData, userJson } from './shapes.ts';
import { insertEmailUser, ts, userByEmail } from './users.ts';
import { checkPassword, checkPasswordStrength, hashPassword, normalizeEmail, readBody } from './validate.ts';

const SignupBody = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const PasswordGrantBody = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
});

/**
 * POST /signup answers the same for a new address and a registered one, as hosted GoTrue does with
 * e-mail confirmation on: 200 with a user object and no session (sign in with the password to get
 * one). A new address gets its account; a registered one gets nothing but a "you already have an
 * account" mail, sent after the answer so its time cannot be measured. Both pay for one password hash.
 */
export async function signup(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, SignupBody);
  if (!body.email) throw authError(400, 'validation_failed', 'To signup, please provide your email');
  const email = normalizeEmail(body.email);
  if (!body.password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(body.password, deps.config.password);

  const id = randomUUID();
  const identityData = emailIdentityData(id, email, true);
  const userMetadata = { ...body.data, ...identityData };
  // Asked of the database for every address, so an oversize sign-up is refused alike whether or not it is registered.
  await checkMetadata(deps.db, userMetadata);
  const passwordHash = await hashPassword(body.password);
  const now = nowOf(deps);
  const answer = () => c.json(newUserJson({ id, email, userMetadata, identityData, now }));

  if (await userByEmail(deps.db, email)) {
    tellExistingAccount(deps, email, now);
    return answer();
  }
  try {
    await insertEmailUser(deps.db, { id, email, passwordHash, userMetadata, identityData, now });
  } catch (e) {
    // A racing sign-up for the same address: answered like any registered address.
    if (isPgError(e) && e.code === '23505') {
      tellExistingAccount(deps, email, now);
      return answer();
    }
    throw signupDbError(e);
  }
  return answer();
}

/** The user object of a just-created account, built from the request alone so both answers match. */
function newUserJson(u: { id: string; email: string; userMetadata: Record<string, unknown>; identityData: Record<string, unknown>; now: number }) {
  const at = ts(u.now);
  return userJson({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    encrypted_password: null,
    email_confirmed_at: at,
    invited_at: null,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: u.userMetadata,
    created_at: at,
    updated_at: at,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: at,
    banned_until: null,
    is_anonymous: false,
    identities: [
      {
        id: u.id,
        provider_id: u.id,
        user_id: u.id,
        identity_data: u.identityData,
        provider: 'email',
        email: u.email,
        last_sign_in_at: null,
        created_at: at,
        updated_at: at,
      },
    ],
  });
}

/** At most one "you already have an account" mail per address a minute (and a few an hour), in the background. */
function tellExistingAccount(deps: AppDeps, email: string, now: number): void {
  void (async () => {
    if ((await countHit(deps.db, `signup-existing:${sha256Hex(email)}`, now)) > 1) return;
    if ((await mailedLately(deps.db, email, ['account'], now - 3_600_000)) >= MAILS_PER_ADDRESS_PER_HOUR) return;
    await deps.mailer.send(existingAccountMail(email, deps.config.siteUrl));
  })().catch((e: unknown) => {
    console.error('[auth] existing-account mail failed', e);
  });
}

function existingAccountMail(to: string, siteUrl: string): MailMessage {
  const site = siteUrl.replace(/\/$/, '');
  const login = `${site}${paths.login()}`;
  const forgot = `${site}/forgot-password`;
  return {
    kind: 'account',
    to,
    subject: 'You already have a PurrFect Show account',
    text:
      `Someone (probably you) tried to register a PurrFect Show account for this address, but it already has one.\n\n` +
      `Sign in: ${login}\nForgot your password? ${forgot}\n\nIf this was not you, you can ignore this e-mail.`,
    html:
      '<p>Someone (probably you) tried to register a PurrFect Show account for this address, but it already has one.</p>' +
      `<p><a href="${login}">Sign in</a> or <a href="${forgot}">reset your password</a>.</p>` +
      '<p>If this was not you, you can ignore this e-mail.</p>',
  };
}

/** A failed INSERT INTO auth.users: a project trigger refusing the metadata, or worse. */
function signupDbError(e: unknown): unknown {
  if (!isPgError(e)) return e;
  if (/^(22|23|P0)/.test(e.code ?? '')) return authError(422, 'validation_failed', e.message);
  console.error('[auth] signup failed', e);
  return authError(500, 'unexpected_failure', 'Database error saving new user');
}

export async function passwordGrant(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, PasswordGrantBody);
  if (!body.email) throw authError(400, 'validation_failed', 'missing email or phone');
  const email = body.email.trim();
  await checkSignInBackoff(deps, email);
  const user = await userByEmail(deps.db, email);
  const ok = await checkPassword(body.password ?? '', user?.encrypted_password ?? null);
  if (!user || !ok) {
    await recordSignInFailure(deps, email);
    throw authError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  await clearSignInFailures(deps, email);
  if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.banned_until && new Date(user.banned_until).getTime() > nowOf(deps)) {
    throw authError(400, 'user_banned', 'User is banned');
  }
  const session = await createSession(deps.db, user.id, 'password', nowOf(deps));
  return c.json(await sessionResponse(deps, user.id, session));
}

// E-mail + password accounts: POST /signup (autoconfirmed, like the local CLI default) and the password grant.
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../app.ts';
import { isPgError } from '../db/types.ts';
import { authError } from './errors.ts';
import { checkSignInBackoff, clearSignInFailures, recordSignInFailure } from './rate-limit.ts';
import { createSession, nowOf, sessionResponse } from './sessions.ts';
import { emailIdentityData } from './shapes.ts';
import { insertEmailUser, userByEmail } from './users.ts';
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

export async function signup(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, SignupBody);
  if (!body.email) throw authError(400, 'validation_failed', 'To signup, please provide your email');
  const email = normalizeEmail(body.email);
  if (!body.password) throw authError(400, 'validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(body.password, deps.config.password);
  if (await userByEmail(deps.db, email)) throw authError(422, 'user_already_exists', 'User already registered');

  const id = randomUUID();
  const identityData = emailIdentityData(id, email, true);
  const passwordHash = await hashPassword(body.password);
  const now = nowOf(deps);
  const session = await deps.db
    .transaction(async (tx) => {
      await insertEmailUser(tx, {
        id,
        email,
        passwordHash,
        userMetadata: { ...body.data, ...identityData },
        identityData,
        now,
      });
      return createSession(tx, id, 'password', now);
    })
    .catch((e: unknown) => {
      throw signupDbError(e);
    });
  return c.json(await sessionResponse(deps, id, session));
}

/** A failed INSERT INTO auth.users: a racing duplicate, or a project trigger refusing the metadata. */
function signupDbError(e: unknown): unknown {
  if (!isPgError(e)) return e;
  if (e.code === '23505') return authError(422, 'user_already_exists', 'User already registered');
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

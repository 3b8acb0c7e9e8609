// The signed-in user: GET/PUT /user and POST /logout.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { requireUser } from './current-user.ts';
import { authError } from './errors.ts';
import { endSessions, nowOf, type LogoutScope } from './sessions.ts';
import { checkMetadata, countMetadataUpdate, metadataRefusal } from './metadata.ts';
import { mergeMetadata, userJson } from './shapes.ts';
import { updateUserAttributes, userById } from './users.ts';
import { checkPassword, checkPasswordStrength, hashPassword, readBody } from './validate.ts';

const UpdateUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export async function getUser(c: Context, deps: AppDeps): Promise<Response> {
  const { user } = await requireUser(c, deps);
  return c.json(userJson(user));
}

export async function updateUser(c: Context, deps: AppDeps): Promise<Response> {
  const { user, sessionId } = await requireUser(c, deps);
  const body = await readBody(c, UpdateUserBody);
  if (body.data) await countMetadataUpdate(deps, user.id);
  const newEmail = body.email && body.email.trim().toLowerCase() !== user.email?.toLowerCase();
  if (newEmail || (body.phone && body.phone !== user.phone)) {
    throw authError(422, 'validation_failed', 'Changing the email address or phone number is not supported');
  }

  let passwordHash: string | undefined;
  if (typeof body.password === 'string') {
    checkPasswordStrength(body.password, deps.config.password);
    if (await checkPassword(body.password, user.encrypted_password)) {
      throw authError(422, 'same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(body.password);
  }
  let userMetadata: Record<string, unknown> | undefined;
  if (body.data) {
    userMetadata = mergeMetadata(user.raw_user_meta_data ?? {}, body.data);
    await checkMetadata(deps.db, userMetadata);
  }

  await updateUserAttributes(deps.db, user.id, { passwordHash, userMetadata }, nowOf(deps)).catch((e: unknown) => {
    throw metadataRefusal(e);
  });
  // GoTrue signs every other session out when the password changes.
  if (passwordHash) await endSessions(deps.db, user.id, sessionId, 'others');
  const updated = await userById(deps.db, user.id);
  if (!updated) throw authError(404, 'user_not_found', 'User not found');
  return c.json(userJson(updated));
}

const SCOPES: readonly LogoutScope[] = ['global', 'local', 'others'];

export async function logout(c: Context, deps: AppDeps): Promise<Response> {
  const scope = (c.req.query('scope') ?? 'global') as LogoutScope;
  if (!SCOPES.includes(scope)) throw authError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  const { user, sessionId } = await requireUser(c, deps);
  await endSessions(deps.db, user.id, sessionId, scope);
  return c.body(null, 204);
}

// /auth/v1/admin/users: the GoTrue admin endpoints supabase-js's `auth.admin` calls (create, list, get,
// update, delete), for the service-role key only. The organiser command uses them, so one
// command works against the venue server and hosted Supabase alike.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import bcrypt from 'bcryptjs';
import type { AppDeps } from '../deps.ts';
import { bearerOf, opaqueKeyClaims } from '../api-auth.ts';
import { isPgError } from '../db/types.ts';
import { userFromAccessToken } from './current-user.ts';
import { authError } from './errors.ts';
import { verifyJwt, type Claims } from './jwt.ts';
import { nowOf } from './sessions.ts';
import { mergeMetadata, userJson, type UserRow } from './shapes.ts';
import { ts, userByEmail, userById, usersPage } from './users.ts';
import { checkPasswordStrength, hashPassword, normalizeEmail, readBody } from './validate.ts';

/**
 * GoTrue's GOTRUE_JWT_ADMIN_ROLES without supabase_admin: that is a database superuser on hosted
 * Supabase, and no key of this server carries it, so a token naming it is refused like any other.
 */
const ADMIN_ROLES = ['service_role'];
const AUD = 'authenticated';
const DEFAULT_PER_PAGE = 50;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const Metadata = z.record(z.string(), z.unknown()).nullish();

/** GoTrue's AdminUserParams; unknown members are ignored, as Go's decoder does. */
const AdminUserBody = z.object({
  id: z.string().nullish(),
  aud: z.string().nullish(),
  role: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  password_hash: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: Metadata,
  app_metadata: Metadata,
  ban_duration: z.string().nullish(),
});
type AdminUserBody = z.infer<typeof AdminUserBody>;

const DeleteBody = z.object({ should_soft_delete: z.boolean().nullish() });

/**
 * GoTrue's requireAdminCredentials: a Bearer token (the Authorization header only) signed with our
 * secret whose role is an admin role; a user's token must also belong to a live session.
 */
function requireAdmin(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerOf(c);
    if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Claims;
    try {
      claims = opaqueKeyClaims(token, deps.config) ?? (await verifyJwt(token, deps.config.jwtSecret, nowOf(deps)));
    } catch (e) {
      throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(e as Error).message}`);
    }
    if (typeof claims.session_id === 'string' && claims.session_id !== '' && claims.session_id !== NIL_UUID) {
      await userFromAccessToken(deps, token);
    }
    if (!ADMIN_ROLES.includes(claims.role ?? '')) throw authError(403, 'not_admin', 'User not allowed');
    await next();
  };
}

/** Features of GoTrue's admin API this server does not offer: refused plainly rather than ignored. */
function refuseUnsupported(body: AdminUserBody): void {
  const refuse = (what: string) => {
    throw authError(400, 'validation_failed', `${what} is not supported by the venue server`);
  };
  if (body.phone) refuse('A phone number');
  if (body.password_hash) refuse('password_hash');
  if (body.ban_duration) refuse('ban_duration');
  // Another role would put that role into the user's access tokens, and so into the database session.
  if (body.role && body.role !== AUD) refuse(`The role "${body.role}"`);
  if (body.aud && body.aud !== AUD) refuse(`The audience "${body.aud}"`);
}

/** A failed write to auth.users: a project trigger refusing the data (e.g. no name for the profile). */
function dbError(e: unknown, what: string): unknown {
  if (!isPgError(e)) return e;
  if (e.code === '23505') return authError(422, 'email_exists', 'A user with this email address has already been registered');
  if (/^(22|23|P0)/.test(e.code ?? '')) return authError(422, 'validation_failed', e.message);
  console.error(`[auth] admin ${what} failed`, e);
  return authError(500, 'unexpected_failure', `Database error ${what}`);
}

async function loadUser(c: Context, deps: AppDeps): Promise<UserRow> {
  const id = c.req.param('id') ?? '';
  if (!UUID_RE.test(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await userById(deps.db, id);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return user;
}

async function createUser(c: Context, deps: AppDeps): Promise<Response> {
  const body = await readBody(c, AdminUserBody);
  refuseUnsupported(body);
  if (!body.email) throw authError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
  const email = normalizeEmail(body.email);
  if (await userByEmail(deps.db, email)) {
    throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  let id: string = randomUUID();
  if (body.id) {
    if (!UUID_RE.test(body.id)) throw authError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
    if (body.id === NIL_UUID) throw authError(400, 'validation_failed', 'ID cannot be a nil uuid');
    id = body.id.toLowerCase();
  }
  // GoTrue checks no strength rule here (the admin chooses), only bcrypt's limit; no password = a random one.
  const password = body.password || randomBytes(48).toString('base64url');
  if (bcrypt.truncates(password)) throw authError(400, 'validation_failed', 'password length exceeds 72 bytes');

  const confirm = body.email_confirm === true;
  const appMetadata = mergeMetadata({ provider: 'email', providers: ['email'] }, body.app_metadata ?? {});
  const userMetadata = mergeMetadata(body.user_metadata ?? {}, confirm ? { email_verified: true } : {});
  const identityData = { sub: id, email, email_verified: false, phone_verified: false };
  const now = ts(nowOf(deps));
  try {
    // One statement, so the project's triggers on auth.users run (and can veto, e.g. a profile without a name).
    await deps.db.query(
      `with usr as (
         insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                                 raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
                 case when $7 then $6::timestamptz end, $4, $5, $6::timestamptz, $6::timestamptz, false)
       )
       insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1, $1, $8, 'email', $6::timestamptz, $6::timestamptz)`,
      [id, email, await hashPassword(password), JSON.stringify(appMetadata), JSON.stringify(userMetadata), now, confirm, JSON.stringify(identityData)],
    );
  } catch (e) {
    throw dbError(e, 'creating new user');
  }
  const user = await userById(deps.db, id);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  return c.json(userJson(user));
}

/** A page number or size as GoTrue parses it (an unsigned integer), within what SQL can offset. */
function pageParam(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1) {
    throw authError(400, 'validation_failed', `Bad Pagination Parameters: ${name} must be a whole number from 1 to 999999999, got "${raw}"`);
  }
  return n;
}

async function listUsers(c: Context, deps: AppDeps): Promise<Response> {
  const page = pageParam(c.req.query('page'), 'page', 1);
  const perPage = pageParam(c.req.query('per_page'), 'per_page', DEFAULT_PER_PAGE);
  const { rows: counted } = await deps.db.query<{ n: string }>(`select count(*)::text as n from auth.users where aud = $1`, [AUD]);
  const total = Number(counted[0]?.n ?? 0);
  // As text: page × size can pass 2^53, where a JS number would lose digits.
  const users = await usersPage(deps.db, AUD, perPage, String(BigInt(page - 1) * BigInt(perPage)));
  // GoTrue's headers, with the path it sees behind the gateway: auth-js reads the page numbers from them.
  const lastPage = Math.ceil(total / perPage);
  const query = new URL(c.req.url).searchParams;
  const link = (p: number) => {
    query.set('page', String(p));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  const next = lastPage > page ? `${link(page + 1)}; rel="next", ` : '';
  c.header('Link', `${next}${link(lastPage)}; rel="last"`);
  c.header('X-Total-Count', String(total));
  return c.json({ users: users.map(userJson), aud: AUD });
}

async function updateUser(c: Context, deps: AppDeps): Promise<Response> {
  const user = await loadUser(c, deps);
  const body = await readBody(c, AdminUserBody);
  refuseUnsupported(body);
  if (body.email && normalizeEmail(body.email) !== user.email?.toLowerCase()) {
    throw authError(422, 'validation_failed', 'Changing the email address is not supported by the venue server');
  }
  let passwordHash: string | null = null;
  if (typeof body.password === 'string') {
    checkPasswordStrength(body.password, deps.config.password);
    passwordHash = await hashPassword(body.password);
  }
  const confirm = body.email_confirm === true;
  // GoTrue merges both metadata objects key by key; a null value removes the key.
  const appMetadata = body.app_metadata ? mergeMetadata(user.raw_app_meta_data ?? {}, body.app_metadata) : null;
  let userMetadata = body.user_metadata ? mergeMetadata(user.raw_user_meta_data ?? {}, body.user_metadata) : null;
  if (confirm) userMetadata = mergeMetadata(userMetadata ?? user.raw_user_meta_data ?? {}, { email_verified: true });
  try {
    await deps.db.query(
      `update auth.users
          set encrypted_password = coalesce($2, encrypted_password),
              recovery_token = case when $2::text is null then recovery_token end,
              email_confirmed_at = case when $3 then coalesce(email_confirmed_at, $6::timestamptz) else email_confirmed_at end,
              confirmation_token = case when $3 then null else confirmation_token end,
              raw_app_meta_data = coalesce($4::jsonb, raw_app_meta_data),
              raw_user_meta_data = coalesce($5::jsonb, raw_user_meta_data),
              updated_at = $6::timestamptz
        where id = $1`,
      [user.id, passwordHash, confirm, appMetadata ? JSON.stringify(appMetadata) : null, userMetadata ? JSON.stringify(userMetadata) : null, ts(nowOf(deps))],
    );
  } catch (e) {
    throw dbError(e, 'updating user');
  }
  const updated = await userById(deps.db, user.id);
  if (!updated) throw authError(404, 'user_not_found', 'User not found');
  return c.json(userJson(updated));
}

async function deleteUser(c: Context, deps: AppDeps): Promise<Response> {
  const user = await loadUser(c, deps);
  // auth-js always sends {should_soft_delete}; GoTrue parses a body only when there is one.
  const text = await c.req.text();
  if (text.trim() !== '') {
    const parsed = DeleteBody.safeParse(
      (() => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw authError(400, 'bad_json', 'Could not parse request body as JSON');
        }
      })(),
    );
    if (!parsed.success) throw authError(400, 'bad_json', 'Could not parse request body as JSON: should_soft_delete must be a boolean');
    if (parsed.data.should_soft_delete) throw authError(400, 'validation_failed', 'Soft deletion is not supported by the venue server');
  }
  try {
    // Sessions, identities, the profile and its coupons go with the account (on delete cascade).
    await deps.db.query('delete from auth.users where id = $1', [user.id]);
  } catch (e) {
    throw dbError(e, 'deleting user');
  }
  return c.json({});
}

export function adminRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.use('*', requireAdmin(deps));
  app.get('/users', (c) => listUsers(c, deps));
  app.post('/users', (c) => createUser(c, deps));
  app.get('/users/:id', async (c) => c.json(userJson(await loadUser(c, deps))));
  app.put('/users/:id', (c) => updateUser(c, deps));
  app.delete('/users/:id', (c) => deleteUser(c, deps));
  return app;
}

// auth.users and auth.identities: the GoTrue subset's queries (run as the connection user; GoTrue owns its schema).
import type { Queryable } from '../db/types.ts';
import type { UserRow } from './shapes.ts';

const USER_SELECT = `
  select u.id, u.aud, u.role, u.email, u.encrypted_password, u.email_confirmed_at, u.invited_at,
         u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data,
         u.created_at, u.updated_at, u.phone, u.phone_confirmed_at, u.confirmed_at, u.banned_until, u.is_anonymous,
         coalesce((select json_agg(i order by i.created_at) from auth.identities i where i.user_id = u.id), '[]')
           as identities
    from auth.users u`;

/** Milliseconds since the epoch as a timestamptz parameter. */
export const ts = (ms: number): string => new Date(ms).toISOString();

export async function userById(q: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id]);
  return rows[0] ?? null;
}

/** One page of the accounts of an audience, newest first (GoTrue's admin list order). */
export async function usersPage(q: Queryable, aud: string, limit: number, offset: string): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(`${USER_SELECT} where u.aud = $1 order by u.created_at desc, u.id desc limit $2 offset $3::bigint`, [aud, limit, offset]);
  return rows;
}

export async function userByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await q.query<UserRow>(`${USER_SELECT} where lower(u.email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export interface NewEmailUser {
  id: string;
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
  identityData: Record<string, unknown>;
  now: number;
}

/** One INSERT INTO auth.users, so the project's triggers on it run (and can veto the sign-up). */
export async function insertEmailUser(q: Queryable, u: NewEmailUser): Promise<void> {
  await q.query(
    `with usr as (
       insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $6::timestamptz,
               '{"provider":"email","providers":["email"]}', $4, $6::timestamptz, $6::timestamptz, false)
     )
     insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $1, $5, 'email', $6::timestamptz, $6::timestamptz)`,
    [u.id, u.email, u.passwordHash, JSON.stringify(u.userMetadata), JSON.stringify(u.identityData), ts(u.now)],
  );
}

export async function updateUserAttributes(
  q: Queryable,
  id: string,
  changes: { passwordHash?: string; userMetadata?: Record<string, unknown> },
  now: number,
): Promise<void> {
  // A new password also voids any outstanding recovery link.
  await q.query(
    `update auth.users
        set encrypted_password = coalesce($2, encrypted_password),
            recovery_token = case when $2::text is null then recovery_token end,
            raw_user_meta_data = coalesce($3::jsonb, raw_user_meta_data),
            updated_at = $4::timestamptz
      where id = $1`,
    [id, changes.passwordHash ?? null, changes.userMetadata ? JSON.stringify(changes.userMetadata) : null, ts(now)],
  );
}

/**
 * Stores a recovery token's hash unless one was sent less than minIntervalMs ago (checked in the
 * UPDATE itself, so concurrent requests and several instances agree). False when throttled.
 */
export async function storeRecoveryToken(q: Queryable, id: string, tokenHash: string, now: number, minIntervalMs: number): Promise<boolean> {
  const { rows } = await q.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = $3::timestamptz
      where id = $1 and (recovery_sent_at is null or recovery_sent_at <= $4::timestamptz)
      returning id`,
    [id, tokenHash, ts(now), ts(now - minIntervalMs)],
  );
  return rows.length > 0;
}

export async function clearRecoveryToken(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.users set recovery_token = null, recovery_sent_at = null where id = $1', [id]);
}

export type LinkType = 'recovery' | 'magiclink' | 'signup';

// Which columns hold each link type's token (GoTrue sends magic links through the recovery token too).
const LINK_COLUMNS: Record<LinkType, { token: string; sentAt: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
};

/**
 * Uses up a one-time link token that is younger than maxAgeMs; following any link proves the
 * address, so it also confirms the e-mail. The user's id, or null for an unknown or expired token.
 */
export async function consumeLinkToken(
  q: Queryable,
  type: LinkType,
  tokenHash: string,
  email: string | undefined,
  now: number,
  maxAgeMs: number,
): Promise<string | null> {
  const col = LINK_COLUMNS[type];
  const { rows } = await q.query<{ id: string }>(
    `update auth.users
        set ${col.token} = null,
            email_confirmed_at = coalesce(email_confirmed_at, $2::timestamptz),
            updated_at = $2::timestamptz
      where ${col.token} = $1 and ${col.sentAt} > $3::timestamptz
        and ($4::text is null or lower(email) = lower($4))
      returning id`,
    [tokenHash, ts(now), ts(now - maxAgeMs), email ?? null],
  );
  return rows[0]?.id ?? null;
}

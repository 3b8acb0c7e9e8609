// GoTrue's JSON shapes: the user object, access-token claims and the session object (docs/DESIGN.md §7.2).
import { PROFILE_FIELDS } from '../../shared/profile-fields.ts';
import type { Claims } from './jwt.ts';

type Timestamp = Date | string | null;
type Json = Record<string, unknown>;

/** An auth.identities row as the user query aggregates it (timestamps arrive as JSON strings). */
interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  email: string | null;
  last_sign_in_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The auth.users columns the GoTrue subset reads, plus the user's identities. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Timestamp;
  invited_at: Timestamp;
  confirmation_sent_at: Timestamp;
  recovery_sent_at: Timestamp;
  last_sign_in_at: Timestamp;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  phone: string | null;
  phone_confirmed_at: Timestamp;
  confirmed_at: Timestamp;
  banned_until: Timestamp;
  is_anonymous: boolean;
  identities: IdentityRow[];
}

export type AuthMethod = 'password' | 'recovery' | 'otp';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** GoTrue renders times as RFC 3339 in UTC. */
function iso(t: Timestamp): string | null {
  return t === null ? null : new Date(t).toISOString();
}

/** Drops null members, as GoTrue omits its optional fields. */
function compact(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

function identityJson(i: IdentityRow): Json {
  return compact({
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email,
  });
}

export function userJson(u: UserRow): Json {
  return compact({
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone ?? '',
    phone_confirmed_at: iso(u.phone_confirmed_at),
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: u.identities.map(identityJson),
    banned_until: iso(u.banned_until),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  });
}

/** GoTrue's metadata update: keys are merged, a null value removes the key. */
export function mergeMetadata(current: Json, patch: Json): Json {
  return compact({ ...current, ...patch });
}

/** The identity fields GoTrue merges into an e-mail user's metadata (identity wins over sign-up data). */
export function emailIdentityData(id: string, email: string, emailVerified: boolean): Json {
  return { email, email_verified: emailVerified, phone_verified: false, sub: id };
}

/**
 * What reaches an access token's user_metadata: what GoTrue always puts there, the profile the app
 * signs up with, and the avatar it shows. GET /user still answers the whole (capped) metadata.
 */
const TOKEN_METADATA_FIELDS: ReadonlySet<string> = new Set(['email', 'email_verified', 'phone_verified', 'sub', ...PROFILE_FIELDS, 'avatar_url']);

function tokenMetadata(meta: Json | null): Json {
  return Object.fromEntries(Object.entries(meta ?? {}).filter(([k]) => TOKEN_METADATA_FIELDS.has(k)));
}

export interface ClaimsInput {
  issuer: string;
  user: UserRow;
  sessionId: string;
  amr: AmrEntry[];
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresIn: number;
}

/** The access token's claims, in GoTrue's order. */
export function accessTokenClaims(i: ClaimsInput): Claims {
  return {
    iss: i.issuer,
    sub: i.user.id,
    aud: i.user.aud ?? 'authenticated',
    exp: i.issuedAt + i.expiresIn,
    iat: i.issuedAt,
    email: i.user.email ?? '',
    phone: i.user.phone ?? '',
    app_metadata: i.user.raw_app_meta_data ?? {},
    user_metadata: tokenMetadata(i.user.raw_user_meta_data),
    role: i.user.role ?? 'authenticated',
    aal: 'aal1',
    amr: i.amr,
    session_id: i.sessionId,
    is_anonymous: i.user.is_anonymous,
  };
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
}

export function sessionJson(accessToken: string, refreshToken: string, claims: Claims, user: UserRow): SessionJson {
  const exp = claims.exp ?? 0;
  const iat = claims.iat ?? 0;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: exp - iat,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

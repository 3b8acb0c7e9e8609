// Sessions and refresh tokens: sign-in creates one, /token?grant_type=refresh_token rotates it, /logout ends it.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../db/types.ts';
import { authError } from './errors.ts';
import { signJwt } from './jwt.ts';
import { accessTokenClaims, sessionJson, type AmrEntry, type AuthMethod, type SessionJson } from './shapes.ts';
import { randomToken } from './tokens.ts';
import { ts, userById } from './users.ts';

/** config.toml `refresh_token_reuse_interval`: a just-rotated token still works this long (tabs racing). */
const REFRESH_TOKEN_REUSE_MS = 10_000;

export const nowOf = (deps: AppDeps): number => deps.now?.() ?? Date.now();

export interface NewSession {
  sessionId: string;
  refreshToken: string;
}

/** One statement: the session, how it was authenticated, its first refresh token, and the sign-in time. */
export async function createSession(q: Queryable, userId: string, method: AuthMethod, now: number): Promise<NewSession> {
  const s: NewSession = { sessionId: randomUUID(), refreshToken: randomToken() };
  await q.query(
    `with sess as (
       insert into auth.sessions (id, user_id, created_at, updated_at) values ($1, $2, $4::timestamptz, $4::timestamptz)
     ), amr as (
       insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
       values ($1, $5, $4::timestamptz, $4::timestamptz)
     ), tok as (
       insert into auth.refresh_tokens (token, user_id, session_id, created_at, updated_at)
       values ($3, $2, $1, $4::timestamptz, $4::timestamptz)
     ), ident as (
       update auth.identities set last_sign_in_at = $4::timestamptz where user_id = $2
     )
     update auth.users set last_sign_in_at = $4::timestamptz where id = $2`,
    [s.sessionId, userId, s.refreshToken, ts(now), method],
  );
  return s;
}

/** The session object for a live session: a fresh access token plus the given refresh token. */
export async function sessionResponse(deps: AppDeps, userId: string, s: NewSession): Promise<SessionJson> {
  const user = await userById(deps.db, userId);
  if (!user) throw authError(404, 'user_not_found', 'User not found');
  const { rows } = await deps.db.query<AmrEntry>(
    `select authentication_method as method, extract(epoch from updated_at)::int as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at`,
    [s.sessionId],
  );
  const claims = accessTokenClaims({
    issuer: `${deps.config.publicUrl}/auth/v1`,
    user,
    sessionId: s.sessionId,
    amr: rows,
    issuedAt: Math.floor(nowOf(deps) / 1000),
    expiresIn: deps.config.jwtExpirySeconds,
  });
  return sessionJson(await signJwt(claims, deps.config.jwtSecret), s.refreshToken, claims, user);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  session_id: string;
  revoked: boolean;
  updated_at: Date | string;
}

type Rotation = (NewSession & { userId: string }) | { reused: true };

/**
 * Rotates a refresh token: revokes it and issues its child. A token revoked within the reuse
 * interval yields the session's current token; an older one is treated as stolen and the whole
 * session is ended, as GoTrue's reuse detection does.
 */
export async function rotateRefreshToken(deps: AppDeps, token: string): Promise<SessionJson> {
  const now = nowOf(deps);
  const outcome = await deps.db.transaction(async (tx): Promise<Rotation | null> => {
    const { rows } = await tx.query<TokenRow>(`select id, token, user_id, session_id, revoked, updated_at from auth.refresh_tokens where token = $1 for update`, [token]);
    const old = rows[0];
    if (!old) return null;
    const base = { userId: old.user_id, sessionId: old.session_id };
    if (!old.revoked) {
      const next = randomToken();
      await tx.query(
        `with rev as (update auth.refresh_tokens set revoked = true, updated_at = $2::timestamptz where id = $1),
              ses as (update auth.sessions set updated_at = $2::timestamptz where id = $5)
         insert into auth.refresh_tokens (token, user_id, session_id, parent, created_at, updated_at)
         values ($3, $4, $5, $6, $2::timestamptz, $2::timestamptz)`,
        [old.id, ts(now), next, old.user_id, old.session_id, old.token],
      );
      return { ...base, refreshToken: next };
    }
    if (now - new Date(old.updated_at).getTime() <= REFRESH_TOKEN_REUSE_MS) {
      const active = await tx.query<{ token: string }>(`select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`, [
        old.session_id,
      ]);
      const current = active.rows[0];
      if (current) return { ...base, refreshToken: current.token };
    }
    await tx.query('delete from auth.sessions where id = $1', [old.session_id]);
    return { reused: true };
  });
  if (!outcome) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if ('reused' in outcome) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  return sessionResponse(deps, outcome.userId, outcome);
}

export type LogoutScope = 'global' | 'local' | 'others';

export async function endSessions(q: Queryable, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (scope === 'global') {
    await q.query('delete from auth.sessions where user_id = $1', [userId]);
  } else if (scope === 'local') {
    await q.query('delete from auth.sessions where id = $1', [sessionId]);
  } else {
    await q.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [userId, sessionId]);
  }
}

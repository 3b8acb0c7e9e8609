// Who a user access token belongs to, checked the way GoTrue does for /user and /logout.
import type { Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { bearerOf } from '../api-auth.ts';
import { authError } from './errors.ts';
import { JwtError, verifyJwt, type Claims } from './jwt.ts';
import { nowOf } from './sessions.ts';
import type { UserRow } from './shapes.ts';
import { userById } from './users.ts';

export interface CurrentUser {
  user: UserRow;
  claims: Claims;
  /** null for a token minted without a session (e.g. by a script). */
  sessionId: string | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user and live session behind a user access token; throws GoTrue's 403s (bad_jwt,
 * user_not_found, session_not_found) otherwise. Reusable by any API that needs the signed-in user.
 */
export async function userFromAccessToken(deps: AppDeps, token: string): Promise<CurrentUser> {
  let claims: Claims;
  try {
    claims = await verifyJwt(token, deps.config.jwtSecret, nowOf(deps));
  } catch (e) {
    const expired = e instanceof JwtError && e.reason === 'expired';
    const why = expired ? 'token has invalid claims: token is expired' : (e as Error).message;
    throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  if (!claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(claims.sub)) throw authError(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await userById(deps.db, claims.sub);
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId !== null) {
    const live = UUID_RE.test(sessionId) ? (await deps.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])).rows : [];
    if (live.length === 0) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  return { user, claims, sessionId };
}

/** The bearer token's user; 401 no_authorization when the request carries none. */
export function requireUser(c: Context, deps: AppDeps): Promise<CurrentUser> {
  const token = bearerOf(c);
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return userFromAccessToken(deps, token);
}

// HS256 JWTs: the API keys and access tokens, signed and verified with JWT_SECRET.
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { DbRole } from '../db/context.ts';

export type Claims = JWTPayload & { role?: string; email?: string; session_id?: string };

export class JwtError extends Error {
  override name = 'JwtError';
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

/** `now` (ms since the epoch) replaces the clock for the expiry check, for tests of expiry. */
export async function verifyJwt(token: string, secret: string, now?: number): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      ...(now === undefined ? {} : { currentDate: new Date(now) }),
    });
    return payload as Claims;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', e instanceof Error ? e.message : 'invalid JWT');
  }
}

export function roleOf(claims: Claims): DbRole | null {
  const r = claims.role;
  return r === 'anon' || r === 'authenticated' || r === 'service_role' ? r : null;
}

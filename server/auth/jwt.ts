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

/**
 * Tokens verified lately, by their exact text. Every API request carries the apikey and most the
 * same access token again: checking the signature each time cost more CPU than the query behind a
 * no-change resync. Only successes are kept, briefly, and expiry is checked again on every use.
 */
const verified = new Map<string, { secret: string; claims: Claims; until: number }>();
const VERIFIED_MAX = 1_000;
const VERIFIED_MS = 60_000;

/** `now` (ms since the epoch) replaces the clock for the expiry check, for tests of expiry. */
export async function verifyJwt(token: string, secret: string, now?: number): Promise<Claims> {
  const at = Date.now();
  const hit = now === undefined ? verified.get(token) : undefined;
  // jose's rule: expired once exp <= the current second.
  if (hit && hit.secret === secret && at < hit.until && (hit.claims.exp === undefined || hit.claims.exp > Math.floor(at / 1000))) {
    return { ...hit.claims };
  }
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      ...(now === undefined ? {} : { currentDate: new Date(now) }),
    });
    if (now === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { secret, claims: payload as Claims, until: at + VERIFIED_MS });
    }
    return { ...payload } as Claims;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', e instanceof Error ? e.message : 'invalid JWT');
  }
}

export function roleOf(claims: Claims): DbRole | null {
  const r = claims.role;
  return r === 'anon' || r === 'authenticated' || r === 'service_role' ? r : null;
}

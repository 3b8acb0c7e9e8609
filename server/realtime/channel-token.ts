// Realtime's verdict on the token a channel is joined with (confirm_token): its claims, or why it is refused.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { opaqueKeyClaims } from '../api-auth.ts';
import { JwtError, verifyJwt, type Claims } from '../auth/jwt.ts';
import type { ServerConfig } from '../config.ts';

/** A token Realtime refuses: the join's reason, and the message of a joined channel's shutdown. */
export interface TokenRefusal {
  reason: string;
  shutdown: string;
}

export async function checkToken(token: string, config: ServerConfig): Promise<{ claims: Claims } | TokenRefusal> {
  const missingClaims = 'Fields `role` and `exp` are required in JWT';
  const opaque = opaqueKeyClaims(token, config);
  if (opaque) return { claims: opaque };
  try {
    const claims = await verifyJwt(token, config.jwtSecret);
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      return { reason: `InvalidJWTToken: ${missingClaims}`, shutdown: missingClaims };
    }
    return { claims };
  } catch (e) {
    if (e instanceof JwtError && e.reason === 'expired') {
      const exp = Number(decodeJwt(token).exp);
      const msg = `Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago`;
      return { reason: `InvalidJWTToken: ${msg}`, shutdown: msg };
    }
    try {
      decodeProtectedHeader(token);
      decodeJwt(token);
    } catch {
      const msg = 'The token provided is not a valid JWT';
      return { reason: `MalformedJWT: ${msg}`, shutdown: msg };
    }
    // Realtime's access_token path answers this one with `inspect(error)`.
    return { reason: 'JwtSignatureError: Failed to validate JWT signature', shutdown: ':signature_error' };
  }
}

// Who is calling: the apikey gate (like Supabase's Kong) and the role from a verified Authorization JWT.
import type { Context } from 'hono';
import type { DbRole } from './db/context.ts';
import { HttpError } from './http-error.ts';
import { JwtError, roleOf, verifyJwt, type Claims } from './auth/jwt.ts';
import type { ServerConfig } from './config.ts';

export interface Caller {
  role: DbRole;
  claims: Claims;
  /** The bearer token as sent (the apikey when no Authorization header came). */
  token: string;
}

function apiKeyOf(c: Context): string | undefined {
  return c.req.header('apikey') ?? c.req.query('apikey') ?? undefined;
}

/** Far enough ahead that Realtime's token-expiry check never shuts a channel joined with an opaque key. */
const OPAQUE_KEY_EXP = 4_102_444_800; // 2100-01-01

/**
 * The claims an opaque project key stands for (sb_publishable_… = anon, sb_secret_… = service_role), as
 * hosted Supabase's gateway swaps them for a JWT of that role; null for any other token.
 */
export function opaqueKeyClaims(token: string, config: Pick<ServerConfig, 'publishableKey' | 'secretKey'>): Claims | null {
  if (config.publishableKey && token === config.publishableKey) return { role: 'anon', exp: OPAQUE_KEY_EXP };
  if (config.secretKey && token === config.secretKey) return { role: 'service_role', exp: OPAQUE_KEY_EXP };
  return null;
}

/** A JWT signed with JWT_SECRET, or one of the opaque project keys: its claims; throws JwtError otherwise. */
async function verifyToken(token: string, config: ServerConfig): Promise<Claims> {
  return opaqueKeyClaims(token, config) ?? verifyJwt(token, config.jwtSecret);
}

/** A project key (anon or service_role, signed with JWT_SECRET, or opaque): its claims; throws JwtError otherwise. */
export async function verifyApiKey(key: string, config: ServerConfig): Promise<Claims> {
  const claims = await verifyToken(key, config);
  const role = roleOf(claims);
  if (role !== 'anon' && role !== 'service_role') throw new JwtError('invalid', 'not an API key');
  return claims;
}

/** Kong's check: a request without a valid project key never reaches the services. */
export async function checkApiKey(c: Context, config: ServerConfig): Promise<Claims> {
  const key = apiKeyOf(c);
  if (!key) throw new HttpError(401, { message: 'No API key found in request' });
  try {
    return await verifyApiKey(key, config);
  } catch {
    throw new HttpError(401, { message: 'Invalid API key' });
  }
}

export function parseBearer(header: string | null | undefined): string | undefined {
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
}

export function bearerOf(c: Context): string | undefined {
  return parseBearer(c.req.header('authorization'));
}

/**
 * The caller's role and claims. Only a verified JWT decides the role; throws JwtError for a bad or
 * expired token so each API can answer in its own error shape.
 */
export async function resolveCaller(c: Context, config: ServerConfig): Promise<Caller> {
  const token = bearerOf(c) ?? apiKeyOf(c);
  if (!token) throw new JwtError('invalid', 'no token');
  const claims = await verifyToken(token, config);
  const role = roleOf(claims);
  if (!role) throw new JwtError('invalid', 'JWT has no valid role claim');
  return { role, claims, token };
}

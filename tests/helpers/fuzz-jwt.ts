// Forged, expired and malformed JWTs: none of them may grant more than the anon key does.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { DEMO_ANON_KEY } from '../../server/config.ts';

const b64 = (v: unknown): string => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const WRONG_SECRET = new TextEncoder().encode('not-the-venue-secret-but-at-least-32-characters');

async function sign(claims: Record<string, unknown>, secret: Uint8Array | string, alg = 'HS256', header: Record<string, unknown> = {}): Promise<string> {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', ...header }).sign(key);
}

/** HS256 by hand, for headers jose refuses to produce (e.g. an unknown `crit` extension). */
function hs256(header: Record<string, unknown>, claims: Record<string, unknown>, secret: string): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export interface Forgeries {
  /** Tokens that must be refused outright (401/403) wherever a token is checked. */
  refused: string[];
  /** Validly signed tokens with odd claims: they may pass the signature check but must not grant more than their role. */
  oddButSigned: string[];
}

/**
 * victim: a real user's id; secret: the server's JWT secret, used only for tokens an attacker gains
 * nothing from (expired, not yet valid, unknown roles) and for odd claims that name nobody real.
 */
export async function forgeTokens(secret: string, victim: string): Promise<Forgeries> {
  const now = Math.floor(Date.now() / 1000);
  const user = { sub: victim, role: 'authenticated', aud: 'authenticated', email: 'victim@example.com', exp: now + 3600 };
  const anonParts = DEMO_ANON_KEY.split('.');
  const refused = [
    // alg none, with and without a trailing signature
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role', exp: now + 3600 })}.`,
    `${b64({ alg: 'none' })}.${b64(user)}.`,
    `${b64({ alg: 'None', typ: 'JWT' })}.${b64({ role: 'service_role' })}.${anonParts[2]}`,
    // role escalation signed with a wrong key
    await sign({ role: 'service_role', exp: now + 3600 }, WRONG_SECRET),
    await sign({ role: 'postgres', exp: now + 3600 }, WRONG_SECRET),
    await sign({ role: 'supabase_admin', exp: now + 3600 }, WRONG_SECRET),
    await sign(user, WRONG_SECRET),
    await sign({ ...user, role: 'service_role' }, WRONG_SECRET),
    await sign({ role: 'anon', exp: now + 3600 }, WRONG_SECRET),
    // the anon key's payload swapped for a service_role one (signature no longer matches)
    `${anonParts[0]}.${b64({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}.${anonParts[2]}`,
    // right key, but expired, not yet valid, wrong algorithm, or a role that is no API role
    await sign({ ...user, exp: now - 60 }, secret),
    await sign({ role: 'anon', exp: now - 1 }, secret),
    await sign({ role: 'service_role', exp: now - 10 }, secret),
    await sign({ ...user, nbf: now + 3600 }, secret),
    await sign({ role: 'service_role', nbf: now + 3600, exp: now + 7200 }, secret),
    await sign({ ...user }, secret, 'HS512'),
    await sign({ role: 'service_role', exp: now + 3600 }, secret, 'HS384'),
    await sign({ role: 'postgres', exp: now + 3600 }, secret),
    await sign({ role: 'supabase_admin', exp: now + 3600 }, secret),
    await sign({ role: 'SERVICE_ROLE', exp: now + 3600 }, secret),
    await sign({ role: 'service_role ', exp: now + 3600 }, secret),
    await sign({ role: ['service_role'], exp: now + 3600 }, secret),
    await sign({ exp: now + 3600 }, secret),
    await sign({ role: 'anon', exp: 'tomorrow' }, secret),
    await sign({ role: 'anon', nbf: 'now' }, secret),
    hs256({ alg: 'HS256', typ: 'JWT', crit: ['x-unknown'], 'x-unknown': 1 }, { ...user, role: 'service_role' }, secret),
    // garbage segments
    'a.b.c',
    '..',
    '.',
    'eyJ.eyJ.',
    `${b64('not json')}.${b64('not json')}.${b64('sig')}`,
    `${anonParts[0]}.${anonParts[1]}`,
    `${anonParts[0]}.${anonParts[1]}.${anonParts[2]}.extra`,
    `${anonParts[0]}.${anonParts[1]}.${anonParts[2]}.a.b`,
    `${anonParts[0]}.${anonParts[1]}.${anonParts[2]!.slice(0, -2)}`,
    `${anonParts[0]}.${anonParts[1]}.${anonParts[2]}=`,
    `${anonParts[0]}.${anonParts[1]}.${anonParts[2]!.replace(/[A-Za-z]/, (c) => (c === 'A' ? 'B' : 'A'))}`,
    `${b64({ alg: 'HS256', typ: 'JWT', kid: "../../../dev/null' union select 1 --" })}.${b64({ role: 'service_role' })}.${anonParts[2]}`,
    'Bearer',
    'x'.repeat(8000),
    `${anonParts[0]}.${b64({ role: 'service_role', pad: 'x'.repeat(5000) })}.${anonParts[2]}`,
  ];
  const oddButSigned = [
    await sign({ role: 'authenticated', exp: now + 3600 }, secret),
    await sign({ role: 'authenticated', sub: 'not-a-uuid', exp: now + 3600 }, secret),
    await sign({ role: 'authenticated', sub: '', exp: now + 3600 }, secret),
    await sign({ role: 'authenticated', sub: 12345, exp: now + 3600 }, secret),
    await sign({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000000', session_id: 'x', exp: now + 3600 }, secret),
    await sign({ role: 'anon', exp: now + 3600, email: "'; drop table public.users; --" }, secret),
    await sign({ role: 'anon', exp: now + 3600, claims: { nested: { deep: [1, 2, { role: 'service_role' }] } } }, secret),
  ];
  return { refused, oddButSigned };
}

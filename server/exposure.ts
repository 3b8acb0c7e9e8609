// What the venue server refuses to start with once anyone but this machine can reach it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** The command that writes a show's own secret and keys to .env.local (server/keys.ts). */
export const KEYS_COMMAND = 'npm run keys';

/** True when HOST only accepts connections from this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return /^(0*:)*:?0*1$/.test(h) || /^::ffff:127\./.test(h);
  return false;
}

/** 0.0.0.0 and :: mean "every interface" to a server; as a link they lead nowhere. */
function isUnspecified(hostname: string): boolean {
  const h = hostname.replace(/^\[(.*)\]$/, '$1');
  return h === '0.0.0.0' || /^[0:]+$/.test(h);
}

/** The role claim of an HS256 JWT when `secret` signed it, else null. Synchronous, for loadConfig. */
export function hs256Role(token: string, secret: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    const role = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { role?: unknown }).role;
    return alg === 'HS256' && typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

export interface ExposureInput {
  host: string;
  port: number;
  production: boolean;
  publicUrl: string | undefined;
  siteUrl: string | undefined;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  demo: { jwtSecret: string; anonKey: string; serviceRoleKey: string };
}

/**
 * Why this configuration must not serve a network, one line each (empty = fine). On loopback the
 * demo secret and derived links are harmless and `npm start` keeps working without any setup; bound
 * to anything else, a token signed with the published demo secret reads every vote, and links built
 * from HOST would point phones at 0.0.0.0. Links never come from a request's Host header.
 */
export function exposureProblems(x: ExposureInput): string[] {
  const exposed = !isLoopbackHost(x.host);
  const where = exposed ? `HOST=${x.host} lets other machines connect` : 'NODE_ENV=production';
  const problems: string[] = [];
  if (exposed || x.production) {
    const demo = [
      x.jwtSecret === x.demo.jwtSecret && 'JWT_SECRET',
      x.anonKey === x.demo.anonKey && 'ANON_KEY',
      x.serviceRoleKey === x.demo.serviceRoleKey && 'SUPABASE_SERVICE_ROLE_KEY',
    ].filter((v): v is string => typeof v === 'string');
    if (demo.length) {
      problems.push(
        `${where}, but ${demo.join(', ')} ${demo.length === 1 ? 'is' : 'are'} Supabase's published demo ` +
          `${demo.length === 1 ? 'value' : 'values'}: anyone could sign a service_role token and read every vote and account. ` +
          `Run \`${KEYS_COMMAND}\` once (it writes this show's own JWT_SECRET, ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and ` +
          `VITE_SUPABASE_ANON_KEY to .env.local), then start again with \`npm start\` so the app is built with the new anon key.`,
      );
    }
  }
  if (!exposed) return problems;
  // With a real secret, keys it did not sign would leave the app (or the functions) locked out.
  if (x.jwtSecret !== x.demo.jwtSecret) {
    for (const [name, key, role] of [
      ['ANON_KEY', x.anonKey, 'anon'],
      ['SUPABASE_SERVICE_ROLE_KEY', x.serviceRoleKey, 'service_role'],
    ] as const) {
      if (key !== x.demo.anonKey && key !== x.demo.serviceRoleKey && hs256Role(key, x.jwtSecret) !== role) {
        problems.push(`${name} is not a ${role} JWT signed with JWT_SECRET. Run \`${KEYS_COMMAND}\` to make a matching set.`);
      }
    }
  }
  if (!x.siteUrl && !x.publicUrl) {
    problems.push(
      `${where}, so e-mail links and sign-in redirects need the address phones use: set SITE_URL ` +
        `(e.g. SITE_URL=http://<this laptop's address on the hall network>:${x.port}; PUBLIC_URL defaults to it).`,
    );
  }
  for (const [name, value] of [
    ['SITE_URL', x.siteUrl],
    ['PUBLIC_URL', x.publicUrl],
  ] as const) {
    if (!value) continue;
    const hostname = new URL(value).hostname;
    if (isUnspecified(hostname) || isLoopbackHost(hostname)) {
      problems.push(`${name}=${value} is not an address other devices can open: use this machine's address on the hall network.`);
    }
  }
  return problems;
}

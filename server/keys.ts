// `npm run keys`: this show's own JWT secret and API keys, written to .env.local for the server and the build.
import { randomBytes } from 'node:crypto';
import { signJwt } from './auth/jwt.ts';

/** The settings `npm run keys` owns; VITE_SUPABASE_ANON_KEY is what `npm start`'s build bakes into the app. */
const KEY_SETTINGS = ['JWT_SECRET', 'ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'VITE_SUPABASE_ANON_KEY'] as const;
export type KeySettings = Record<(typeof KEY_SETTINGS)[number], string>;

const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** A fresh 256-bit secret and the anon and service_role keys it signs (long-lived, like Supabase's). */
export async function generateKeys(nowMs = Date.now()): Promise<KeySettings> {
  const secret = randomBytes(32).toString('base64url');
  const iat = Math.floor(nowMs / 1000);
  const key = (role: string) => signJwt({ iss: 'purrfect-show', role, iat, exp: iat + TEN_YEARS_S }, secret);
  const anon = await key('anon');
  return { JWT_SECRET: secret, ANON_KEY: anon, SUPABASE_SERVICE_ROLE_KEY: await key('service_role'), VITE_SUPABASE_ANON_KEY: anon };
}

/** The env file's text with the key settings replaced where they are and appended where they are not. */
export function withKeys(text: string, keys: KeySettings, stamp: string): string {
  const missing = new Set<string>(KEY_SETTINGS);
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const out = lines.map((line) => {
    const name = /^\s*(?:export\s+)?([A-Z0-9_]+)\s*=/.exec(line)?.[1];
    if (!name || !(name in keys)) return line;
    missing.delete(name);
    return `${name}=${keys[name as keyof KeySettings]}`;
  });
  if (missing.size) {
    out.push(`# ${stamp}: this show's own secret and keys. Keep this file private.`);
    for (const name of KEY_SETTINGS) if (missing.has(name)) out.push(`${name}=${keys[name]}`);
  }
  return `${out.join('\n')}\n`;
}

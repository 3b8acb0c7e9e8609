// Where the organiser's commands (npm run organiser, npm run show) go: one rule for both.
import { DEMO_SERVICE_ROLE_KEY } from './config.ts';
import { isLoopbackHost } from './exposure.ts';

export interface Target {
  url: string;
  serviceRoleKey: string;
}

/** Where the command goes: SUPABASE_URL, else the venue server this machine runs, as `npm start` configures it. */
export function targetFromEnv(env: Record<string, string | undefined>): Target {
  const set = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
  const tls = Boolean(set(env.TLS_CERT_FILE));
  const host = set(env.HOST) ?? '127.0.0.1';
  // A server bound to every address (0.0.0.0) answers on loopback; with TLS the certificate names SITE_URL.
  const local = `${tls ? 'https' : 'http'}://${isLoopbackHost(host) ? host : '127.0.0.1'}:${set(env.PORT) ?? '54321'}`;
  const url = set(env.SUPABASE_URL) ?? set(env.PUBLIC_URL) ?? (tls ? set(env.SITE_URL) : undefined) ?? local;
  return { url: url.replace(/\/$/, ''), serviceRoleKey: set(env.SUPABASE_SERVICE_ROLE_KEY) ?? DEMO_SERVICE_ROLE_KEY };
}

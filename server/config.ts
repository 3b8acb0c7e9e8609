// Venue-server configuration from the environment (.env.example documents every key).
import { z } from 'zod';
import { parsePasswordSettings, type PasswordRule } from '../shared/password.ts';
import { isAddressOrCidr } from './auth/client-address.ts';
import { exposureProblems, isLoopbackHost } from './exposure.ts';

/** Supabase's well-known local demo secret and keys (the same as `supabase start`). */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const EnvSchema = z.object({
  NODE_ENV: optionalString,
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(54321)),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SITE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).default(DEMO_JWT_SECRET)),
  JWT_EXPIRY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(30).default(3600)),
  ANON_KEY: z.preprocess(emptyToUndefined, z.string().default(DEMO_ANON_KEY)),
  SUPABASE_SERVICE_ROLE_KEY: z.preprocess(emptyToUndefined, z.string().default(DEMO_SERVICE_ROLE_KEY)),
  // Hosted Supabase's newer opaque keys, accepted beside the JWTs above so the venue server can stand in
  // for a project an app was built for with them (anon and service_role rights respectively).
  PUBLISHABLE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^sb_publishable_[A-Za-z0-9_-]{16,}$/, 'expected sb_publishable_ and at least 16 letters, digits, _ or -')
      .optional(),
  ),
  SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^sb_secret_[A-Za-z0-9_-]{16,}$/, 'expected sb_secret_ and at least 16 letters, digits, _ or -')
      .optional(),
  ),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().default(587)),
  SMTP_SECURE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.preprocess(emptyToUndefined, z.string().default('PurrFect Show <no-reply@purrfect-show.example>')),
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  TRUSTED_PROXIES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isAddressOrCidr), 'expected IP addresses or CIDRs, comma-separated'),
  ),
  REALTIME_MAX_CONNECTIONS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
  // Open HTTP connections one client address may hold: a hall's phones behind one router share an address.
  MAX_CONNECTIONS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1000)),
  // Open client connections in all; empty = what the process's open-file limit leaves after a reserve.
  MAX_CONNECTIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(16).optional()),
  MAX_BODY_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(1_048_576)),
  REST_MAX_EMBED_DEPTH: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).default(4)),
  REST_MAX_EMBED_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(1000)),
  REST_MAX_RESPONSE_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(65_536).default(16_777_216)),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().default('dist')),
  // HTTPS for the hall: PEM files, the certificate file with its chain.
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  // With TLS, a plain-HTTP port that only redirects to the HTTPS address.
  HTTP_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  // The dev mailbox (/_dev/mail): empty = only while listening on loopback outside production.
  DEV_MAILBOX: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).optional()),
  // PASSWORD_* (SPEC §5's rule) are read by shared/password.ts, as the PWA reads its VITE_PASSWORD_*.
});

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** Where supabase-js reaches this server; also the issuer base of access tokens. */
  publicUrl: string;
  /** Where the PWA is served; e-mail links and auth redirects point here. */
  siteUrl: string;
  databaseUrl?: string;
  /** null keeps PGlite in memory (tests). */
  dataDir: string | null;
  jwtSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  /** An opaque key with the anon key's rights (PUBLISHABLE_KEY), or null. */
  publishableKey: string | null;
  /** An opaque key with the service_role key's rights (SECRET_KEY), or null. */
  secretKey: string | null;
  smtp: SmtpConfig | null;
  mailFrom: string;
  authRateLimitPerMinute: number;
  /** Proxies whose X-Forwarded-For is believed (addresses or CIDRs); empty = the socket address only. */
  trustedProxies: string[];
  /** Open realtime websockets one client address may hold (a phone needs one; tabs and reconnects a few). */
  realtimeMaxConnectionsPerIp: number;
  /** Open HTTP connections one client address (the socket's peer) may hold (MAX_CONNECTIONS_PER_IP). */
  maxConnectionsPerIp: number;
  /** Open client connections in all (MAX_CONNECTIONS); null = from the open-file limit (server/connections.ts). */
  maxConnections: number | null;
  maxBodyBytes: number;
  /** The REST read budget: embed nesting, rows per embedded level (per parent row), bytes of one answer. */
  restBudget: RestBudget;
  staticDir: string | null;
  /** Serve HTTPS with these PEM files (TLS_CERT_FILE, TLS_KEY_FILE); null = plain HTTP. */
  tls: TlsConfig | null;
  /** With TLS: a plain-HTTP port that redirects to HTTPS (HTTP_PORT); null = none. */
  httpPort: number | null;
  /**
   * Serve /_dev/mail and deliver mail there when no SMTP server is configured. True on loopback
   * outside production, or with DEV_MAILBOX=on (a warning at start); otherwise mail without SMTP is queued.
   */
  devMailbox: boolean;
  /** DEV_MAILBOX=on made the mailbox reachable off loopback: print a warning at start. */
  devMailboxForced: boolean;
  production: boolean;
  /** Enforced on sign-up and password change (SPEC §5). */
  password: PasswordRule;
}

export interface TlsConfig {
  certFile: string;
  keyFile: string;
}

interface RestBudget {
  maxEmbedDepth: number;
  maxEmbedRows: number;
  maxResponseBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  const password = parsePasswordSettings(env, 'PASSWORD_');
  if (!parsed.success || !password.ok) {
    const lines = [...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)), ...(password.ok ? [] : password.problems)];
    throw new ConfigError(`Invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const unsafe = exposureProblems({
    host: e.HOST,
    port: e.PORT,
    production,
    publicUrl: e.PUBLIC_URL,
    siteUrl: e.SITE_URL,
    jwtSecret: e.JWT_SECRET,
    anonKey: e.ANON_KEY,
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    demo: { jwtSecret: DEMO_JWT_SECRET, anonKey: DEMO_ANON_KEY, serviceRoleKey: DEMO_SERVICE_ROLE_KEY },
  });
  if (!e.TLS_CERT_FILE !== !e.TLS_KEY_FILE) {
    unsafe.push('TLS_CERT_FILE and TLS_KEY_FILE go together: set both (PEM files, the certificate with its chain) or neither.');
  }
  if (e.HTTP_PORT !== undefined && !e.TLS_CERT_FILE) {
    unsafe.push('HTTP_PORT only redirects plain HTTP to HTTPS: set TLS_CERT_FILE and TLS_KEY_FILE too, or leave HTTP_PORT empty.');
  }
  if (production && e.DEV_MAILBOX === 'on') {
    unsafe.push(
      'DEV_MAILBOX=on with NODE_ENV=production: the dev mailbox shows every reset link and coupon code to anyone. Configure SMTP_HOST; mail waits in the queue until it answers.',
    );
  }
  if (unsafe.length) throw new ConfigError(`Refusing to start:\n${unsafe.map((line) => `  - ${line}`).join('\n')}`);
  // Links never come from a request's Host header. Off loopback one of PUBLIC_URL and SITE_URL is set
  // (exposureProblems), and the venue server serves the app and the API from one address.
  const scheme = e.TLS_CERT_FILE ? 'https' : 'http';
  const local = isLoopbackHost(e.HOST) ? `${scheme}://${e.HOST}:${e.PORT}` : undefined;
  const publicUrl = (e.PUBLIC_URL ?? local ?? e.SITE_URL ?? '').replace(/\/$/, '');
  const smtp: SmtpConfig | null = e.SMTP_HOST
    ? {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT,
        secure: e.SMTP_SECURE === 'true',
        user: e.SMTP_USER,
        pass: e.SMTP_PASS,
        from: e.SMTP_FROM,
      }
    : null;
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    siteUrl: (e.SITE_URL ?? publicUrl).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    jwtExpirySeconds: e.JWT_EXPIRY,
    anonKey: e.ANON_KEY,
    serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
    publishableKey: e.PUBLISHABLE_KEY ?? null,
    secretKey: e.SECRET_KEY ?? null,
    smtp,
    mailFrom: e.SMTP_FROM,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    trustedProxies: e.TRUSTED_PROXIES,
    realtimeMaxConnectionsPerIp: e.REALTIME_MAX_CONNECTIONS_PER_IP,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    maxConnections: e.MAX_CONNECTIONS ?? null,
    maxBodyBytes: e.MAX_BODY_BYTES,
    restBudget: {
      maxEmbedDepth: e.REST_MAX_EMBED_DEPTH,
      maxEmbedRows: e.REST_MAX_EMBED_ROWS,
      maxResponseBytes: e.REST_MAX_RESPONSE_BYTES,
    },
    staticDir: e.STATIC_DIR,
    tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : null,
    httpPort: e.HTTP_PORT ?? null,
    devMailbox: e.DEV_MAILBOX === 'on' || (e.DEV_MAILBOX === undefined && isLoopbackHost(e.HOST) && !production),
    devMailboxForced: e.DEV_MAILBOX === 'on' && !isLoopbackHost(e.HOST),
    production,
    password: password.rule,
  };
}

// npm start | npm run dev | npm run db:reset | npm run keys | npm run venue:check — the venue server's command line.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { ConfigError, DEMO_JWT_SECRET, loadConfig, type ServerConfig } from './config.ts';
import { openDb } from './db/open.ts';
import { migrate } from './migrate.ts';
import { DEMO_USER, reseed } from './seed/index.ts';
import { startVenueServer } from './start.ts';
import { parseScale } from './cli-args.ts';
import { generateKeys, withKeys } from './keys.ts';
import { isLoopbackHost } from './exposure.ts';
import { formatChecklist } from './venue-check.ts';
import { runVenueCheck } from './venue-check-run.ts';
import { mailBanner } from './mail/banner.ts';

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

function describe(config: ServerConfig): string {
  return config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `PGlite in ${config.dataDir}/pglite`;
}

async function start(mode: 'start' | 'dev'): Promise<void> {
  const config = loadConfig();
  if (mode === 'dev') config.staticDir = null;
  const server = await startVenueServer(config);
  const prune = setInterval(() => {
    server.db.query('select public.sync_prune_tombstones()').catch((e) => console.error('[sync] prune failed', e));
  }, PRUNE_INTERVAL_MS);
  prune.unref();

  // Off loopback the addresses phones use (HOST=0.0.0.0 is no address to open); with TLS the name in
  // the certificate (SITE_URL), which a bare IP address would not match.
  const local = isLoopbackHost(config.host);
  const siteOrigin = new URL(config.siteUrl).origin;
  const api = !local ? config.publicUrl : config.tls ? siteOrigin : server.url;
  const mail = mailBanner(config, server.mailer.kind, await server.mailer.pending(), api);
  const lines = [
    '',
    `PurrFect Show venue server on ${describe(config)}${config.tls ? ', HTTPS (HTTP/2)' : ''}`,
    mode === 'start' ? `  App:          ${local && !config.tls ? server.url : config.siteUrl}/` : '',
    `  API:          ${api}  (REST /rest/v1, auth /auth/v1, functions /functions/v1, storage /storage/v1, realtime /realtime/v1)`,
    server.redirectUrl ? `  Plain HTTP:   port ${new URL(server.redirectUrl).port} redirects (308) to ${siteOrigin}` : '',
    mail.line,
    `  Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`,
    '',
  ];
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    // The app calls its own origin (VITE_SUPABASE_URL empty): Vite's dev server passes the API on to ours.
    const proxy = Object.fromEntries(
      ['/rest/v1', '/auth/v1', '/functions/v1', '/storage/v1', '/realtime/v1'].map((path) => [path, { target: server.url, ws: path === '/realtime/v1' }]),
    );
    const vite = await createServer({ server: { host: config.host, proxy } });
    await vite.listen();
    lines.splice(2, 0, `  App (vite):   ${vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/'}`);
  }
  console.log(lines.filter((l) => l !== '').join('\n'));
  for (const warning of mail.warnings) console.warn(`\n${warning}\n`);

  const stop = async () => {
    clearInterval(prune);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function reset(args: string[]): Promise<void> {
  const scale = parseScale(args);
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const started = performance.now();
    await reseed(db, { scale });
    const { rows } = await db.query<{ t: string; n: number }>(
      `select t, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', t), false, true, '')))[1]::text::int as n
         from unnest(public.sync_tables()) as t`,
    );
    console.log(`Reseeded the demo show (scale ${scale}) in ${describe(config)} in ${Math.round(performance.now() - started)} ms:`);
    console.log(rows.map((r) => `  ${r.t}: ${r.n}`).join('\n'));
  } finally {
    await db.close();
  }
}

/** Where `npm run keys` writes; read before .env, as Vite does for the build. */
const KEYS_FILE = '.env.local';

async function keys(args: string[]): Promise<void> {
  const text = existsSync(KEYS_FILE) ? readFileSync(KEYS_FILE, 'utf8') : '';
  const current = parseEnv(text).JWT_SECRET;
  if (current && current !== DEMO_JWT_SECRET && !args.includes('--force')) {
    throw new ConfigError(
      `${KEYS_FILE} already holds this show's own JWT_SECRET and keys; nothing changed.\n` +
        `\`npm run keys -- --force\` replaces them (every signed-in visitor is signed out, and the app must be rebuilt: npm start does).`,
    );
  }
  writeFileSync(KEYS_FILE, withKeys(text, await generateKeys(), `Written by \`npm run keys\` on ${new Date().toISOString()}`), { mode: 0o600 });
  chmodSync(KEYS_FILE, 0o600);
  console.log(
    [
      `Wrote a new JWT_SECRET, ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and VITE_SUPABASE_ANON_KEY to ${KEYS_FILE}.`,
      'npm start reads them and builds the app with the new anon key. For the hall network:',
      "  HOST=0.0.0.0 SITE_URL=http://<this laptop's address>:54321 npm start",
    ].join('\n'),
  );
}

/** The hall doctor: a ✓/✗ checklist with the fix for each ✗; exits 1 when any ✗. */
async function check(): Promise<void> {
  const results = await runVenueCheck(process.env);
  console.log(`PurrFect Show venue check (${process.env.HOST || '127.0.0.1'}:${process.env.PORT || '54321'})\n`);
  console.log(formatChecklist(results));
  // Exit now: a closed PGlite worker or SMTP socket must not keep the doctor waiting.
  process.exit(results.some((r) => r.ok === false) ? 1 : 0);
}

async function main(): Promise<void> {
  // The environment wins over .env.local, which wins over .env (loadEnvFile never overrides a set key).
  for (const file of [KEYS_FILE, '.env']) if (existsSync(file)) process.loadEnvFile(file);
  const command = process.argv[2] ?? 'start';
  if (command === 'start' || command === 'dev') await start(command);
  else if (command === 'reset') await reset(process.argv.slice(3));
  else if (command === 'keys') await keys(process.argv.slice(3));
  else if (command === 'check') await check();
  else throw new ConfigError(`Unknown command "${command}". Use start, dev, reset, keys or check.`);
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});

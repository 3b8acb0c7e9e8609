// `npm run venue:check`: the doctor. What a hall set-up needs before the show, one ✓/✗ line each, with the fix.
// The checks here decide from the facts venue-check-run.ts gathers (ports, data directory, database, SMTP,
// the build); only the TLS checks read their files themselves (the certificate chain and its key).
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import { addDaysToDate, zonedTimeToInstant } from '../shared/dates.ts';
import { eventTimeZone } from '../shared/schedule.ts';
import type { BuildInfo } from './build-info.ts';
import { anonKeySha256 } from './build-info.ts';
import { ConfigError, DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, loadConfig, type ServerConfig } from './config.ts';
import { exposureProblems, hs256Role, isLoopbackHost, KEYS_COMMAND, type ExposureInput } from './exposure.ts';

/** true = ✓, false = ✗ (the check exits 1), 'warn' = ⚠ (worth a look, not blocking). */
type CheckStatus = boolean | 'warn';

export interface CheckResult {
  ok: CheckStatus;
  title: string;
  detail?: string;
  fix?: string;
}

/** Where the hall set-up (name, certificate, DNS) is written down. */
const HALL_SETUP_DOC = 'docs/HALL-SETUP.md';
/** A certificate expiring within this is worth renewing now even when the show ends before. */
const CERT_RENEW_WARNING_MS = 14 * 24 * 60 * 60 * 1000;
/** Below this free space where DATA_DIR lives, votes and accounts may fail to save mid-show. */
export const MIN_FREE_BYTES = 500 * 1024 * 1024;

const DEMO = { jwtSecret: DEMO_JWT_SECRET, anonKey: DEMO_ANON_KEY, serviceRoleKey: DEMO_SERVICE_ROLE_KEY };
const RENEW_FIX = `Renew it with your ACME client (DNS challenge) and point TLS_CERT_FILE and TLS_KEY_FILE at the new files: see ${HALL_SETUP_DOC}.`;
const REBUILD_FIX = "Rebuild the app with the server's settings: `npm start` builds before it starts (or `npm run build`).";

// ---- Configuration --------------------------------------------------------------------------------

export interface LoadedForCheck {
  /** null when the configuration cannot be read at all; the other checks are then skipped. */
  config: ServerConfig | null;
  /** What exposureProblems judges: the secrets and SITE_URL checks report its lines one by one. */
  exposure: ExposureInput | null;
  result: CheckResult;
}

const blank = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);

/**
 * loadConfig as `npm start` runs it. When it refuses to start, the configuration is read again as on loopback
 * so that everything else can still be checked, and the refusals that the checks below report one by one
 * (exposureProblems' lines) are left out of this line.
 */
export function loadConfigForCheck(env: Record<string, string | undefined>): LoadedForCheck {
  const exposureOf = (config: ServerConfig): ExposureInput => ({
    host: config.host,
    port: config.port,
    production: config.production,
    publicUrl: blank(env.PUBLIC_URL),
    siteUrl: blank(env.SITE_URL),
    jwtSecret: config.jwtSecret,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    demo: DEMO,
  });
  try {
    const config = loadConfig(env);
    return { config, exposure: exposureOf(config), result: { ok: true, title: 'Configuration loads' } };
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    let config: ServerConfig;
    try {
      config = loadConfig({ ...env, HOST: '127.0.0.1', NODE_ENV: '' });
    } catch {
      return {
        config: null,
        exposure: null,
        result: {
          ok: false,
          title: 'Configuration does not load',
          detail: e.message,
          fix: 'Correct the settings named above (.env.local, .env or the environment; .env.example documents each).',
        },
      };
    }
    // Back to the real HOST and NODE_ENV; the dev mailbox rule of config.ts for them (off loopback or in
    // production only DEV_MAILBOX=on serves it).
    const host = blank(env.HOST) ?? config.host;
    const production = env.NODE_ENV === 'production';
    const loopbackDev = isLoopbackHost(host) && !production;
    config.host = host;
    config.production = production;
    config.devMailbox = config.devMailbox && (loopbackDev || env.DEV_MAILBOX === 'on');
    config.devMailboxForced = env.DEV_MAILBOX === 'on' && !isLoopbackHost(host);
    if (!isLoopbackHost(host)) config.publicUrl = (blank(env.PUBLIC_URL) ?? blank(env.SITE_URL) ?? '').replace(/\/$/, '');
    if (!isLoopbackHost(host)) config.siteUrl = (blank(env.SITE_URL) ?? config.publicUrl).replace(/\/$/, '');
    const exposure = exposureOf(config);
    const reported = new Set(exposureProblems(exposure));
    const others = e.message
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\s*-?\s*/, ''))
      .filter((line) => line !== '' && !reported.has(line));
    const result: CheckResult = others.length
      ? {
          ok: false,
          title: '`npm start` refuses this configuration',
          detail: others.join('\n'),
          fix: 'Change the settings named above (.env.local, .env or the environment).',
        }
      : { ok: true, title: 'Configuration loads (npm start refuses it for the ✗ below)' };
    return { config, exposure, result };
  }
}

// ---- Secrets and addresses --------------------------------------------------------------------------

/** An exposureProblems line split into what is wrong and what to do, at its "Run `npm run keys`". */
function problemAndFix(line: string): { detail: string; fix: string } {
  const at = line.indexOf(`Run \`${KEYS_COMMAND}\``);
  return at > 0 ? { detail: line.slice(0, at).trim(), fix: line.slice(at) } : { detail: line, fix: line };
}

export function checkSecrets(exposure: ExposureInput): CheckResult[] {
  const results: CheckResult[] = [];
  const demo = [
    exposure.jwtSecret === DEMO.jwtSecret && 'JWT_SECRET',
    exposure.anonKey === DEMO.anonKey && 'ANON_KEY',
    exposure.serviceRoleKey === DEMO.serviceRoleKey && 'SUPABASE_SERVICE_ROLE_KEY',
  ].filter((v): v is string => typeof v === 'string');
  const refusal = exposureProblems(exposure).find((line) => line.includes('published demo'));
  if (refusal) {
    results.push({
      ok: false,
      title: `Demo secrets: ${demo.join(', ')} ${demo.length === 1 ? 'is' : 'are'} Supabase's published demo ${demo.length === 1 ? 'value' : 'values'}`,
      ...problemAndFix(refusal),
    });
  } else if (demo.length) {
    results.push({
      ok: 'warn',
      title: `Demo secrets (${demo.join(', ')}): fine while only this machine connects`,
      fix: `Before the hall: \`${KEYS_COMMAND}\`, then \`npm start\` (it rebuilds the app with the new anon key).`,
    });
  } else {
    results.push({ ok: true, title: "Secrets are this show's own, not Supabase's demo values" });
  }
  // A key the secret did not sign locks the app (or the functions) out with 401 on every request.
  for (const [name, key, role] of [
    ['ANON_KEY', exposure.anonKey, 'anon'],
    ['SUPABASE_SERVICE_ROLE_KEY', exposure.serviceRoleKey, 'service_role'],
  ] as const) {
    if (hs256Role(key, exposure.jwtSecret) === role) continue;
    results.push({
      ok: false,
      title: `${name} is not signed with JWT_SECRET (role ${role}): every request with it fails with 401`,
      fix: `Run \`${KEYS_COMMAND} -- --force\` for a matching set (it replaces all three), then \`npm start\`.`,
    });
  }
  if (results.length === 1 && results[0]!.ok !== false) results.push({ ok: true, title: 'ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are signed with JWT_SECRET' });
  return results;
}

export function checkSiteUrl(config: ServerConfig, exposure: ExposureInput): CheckResult[] {
  const results: CheckResult[] = exposureProblems(exposure)
    .filter((line) => line.includes('SITE_URL') || line.includes('PUBLIC_URL'))
    .map((line) => ({ ok: false, title: line, fix: 'Set SITE_URL to the address phones open on the hall network, e.g. SITE_URL=https://show.example.org' }));
  if (results.length) return results;
  const scheme = new URL(config.siteUrl).protocol;
  if (config.tls && scheme !== 'https:') {
    return [
      {
        ok: false,
        title: `SITE_URL=${config.siteUrl} is plain HTTP, but the server serves HTTPS`,
        fix: 'Make SITE_URL the https:// address the certificate is for, e.g. SITE_URL=https://show.example.org',
      },
    ];
  }
  const local = isLoopbackHost(config.host);
  return [{ ok: true, title: `Links in e-mails point to ${config.siteUrl}${local ? ' (this machine only)' : ''}` }];
}

// ---- Events ---------------------------------------------------------------------------------------

/** An event as the check reads it: its last day, its venue's zone, and when its last session on that day ends. */
export interface EventEndRow {
  name: string;
  end_date: string;
  time_zone: string | null;
  /** HH:MM[:SS] of the latest session on end_date; null = the event runs to the end of that day. */
  last_end_time: string | null;
}

export interface EventEnd {
  name: string;
  at: Date;
  /** "2026-12-03 18:00 Europe/Berlin". */
  words: string;
}

/** When the last event of the show ends, in the venue's own wall-clock words. */
export function lastEventEnd(rows: readonly EventEndRow[]): EventEnd | null {
  let last: EventEnd | null = null;
  for (const row of rows) {
    const zone = eventTimeZone(row);
    const time = row.last_end_time ?? '24:00';
    const at = row.last_end_time ? zonedTimeToInstant(row.end_date, row.last_end_time, zone) : zonedTimeToInstant(addDaysToDate(row.end_date, 1), '00:00', zone);
    if (!last || at > last.at) last = { name: row.name, at, words: `${row.end_date} ${time.slice(0, 5)} ${zone}` };
  }
  return last;
}

// ---- TLS ------------------------------------------------------------------------------------------

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

let nodeRoots: X509Certificate[] | undefined;

/** The roots Node trusts (tls.rootCertificates) plus extra PEM ones, as NODE_EXTRA_CA_CERTS adds them. */
function trustedRoots(extraPem: string | undefined): X509Certificate[] {
  const parse = (pems: readonly string[]) =>
    pems.flatMap((p) => {
      try {
        return [new X509Certificate(p)];
      } catch {
        return [];
      }
    });
  nodeRoots ??= parse(rootCertificates);
  return [...nodeRoots, ...parse(extraPem?.match(PEM_CERTIFICATE) ?? [])];
}

const issuedBy = (child: X509Certificate, parent: X509Certificate) => child.checkIssued(parent) && child.verify(parent.publicKey);
const commonName = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn.replace(/\n/g, ', ');
/** "2026-12-01 14:00 UTC". */
export const utcWords = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface TlsCheckOptions {
  now: Date;
  /** PEM roots trusted besides Node's own (NODE_EXTRA_CA_CERTS' file; a test's certificate authority). */
  extraCaPem?: string;
  lastEvent: EventEnd | null;
}

export function checkTls(config: ServerConfig, opts: TlsCheckOptions): CheckResult[] {
  if (!config.tls) {
    // A proxy in front terminates TLS (SITE_URL https://): its certificate is its own business.
    if (config.siteUrl.startsWith('https:'))
      return [{ ok: 'warn', title: `HTTPS is served in front of this server (SITE_URL=${config.siteUrl}): its certificate is not checked here` }];
    if (isLoopbackHost(config.host)) return [{ ok: true, title: 'Plain HTTP on this machine only (browsers treat localhost as secure: fine for development)' }];
    return [
      {
        ok: false,
        title: `No HTTPS: phones get no offline use or install over plain HTTP (HOST=${config.host})`,
        fix: `Get a certificate for the hall's name before the show and set TLS_CERT_FILE and TLS_KEY_FILE: see ${HALL_SETUP_DOC}.`,
      },
    ];
  }
  const { certFile, keyFile } = config.tls;
  let certs: X509Certificate[];
  try {
    const pems = readFileSync(certFile, 'utf8').match(PEM_CERTIFICATE) ?? [];
    certs = pems.map((p) => new X509Certificate(p));
    if (!certs.length) throw new Error('no PEM certificate in it');
  } catch (e) {
    return [
      {
        ok: false,
        title: `Certificate file TLS_CERT_FILE=${certFile} cannot be used: ${(e as Error).message}`,
        fix: "Point TLS_CERT_FILE at the PEM file with the certificate and its chain (the ACME client's fullchain.pem).",
      },
    ];
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(keyFile));
  } catch (e) {
    return [
      {
        ok: false,
        title: `Key file TLS_KEY_FILE=${keyFile} cannot be used: ${(e as Error).message}`,
        fix: 'Point TLS_KEY_FILE at the PEM private key issued with the certificate (privkey.pem).',
      },
    ];
  }
  const leaf = certs[0]!;
  return [coverCheck(leaf, config.siteUrl), chainCheck(certs, trustedRoots(opts.extraCaPem)), keyCheck(leaf, key), validityCheck(leaf, opts)];
}

function coverCheck(leaf: X509Certificate, siteUrl: string): CheckResult {
  if (!siteUrl) return { ok: 'warn', title: 'Certificate names not compared: SITE_URL is not set (see below)' };
  const host = new URL(siteUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const covered = isIP(host) ? leaf.checkIP(host) !== undefined : leaf.checkHost(host) !== undefined;
  if (covered) return { ok: true, title: `Certificate covers ${host}` };
  const names = (leaf.subjectAltName ?? `CN=${commonName(leaf.subject)}`).replace(/DNS:/g, '').replace(/IP Address:/g, '');
  return {
    ok: false,
    title: `Certificate does not cover ${host} (SITE_URL's host): it is for ${names}`,
    fix: `Get a certificate for ${host} (${HALL_SETUP_DOC}), or set SITE_URL to the name the certificate is for.`,
  };
}

function chainCheck(certs: X509Certificate[], roots: X509Certificate[]): CheckResult {
  for (let i = 0; i + 1 < certs.length; i++) {
    if (!issuedBy(certs[i]!, certs[i + 1]!)) {
      return {
        ok: false,
        title: `Certificate chain broken: certificate ${i + 1} (${commonName(certs[i]!.subject)}) is not issued by the next one (${commonName(certs[i + 1]!.subject)})`,
        fix: "TLS_CERT_FILE lists the server's certificate first, then each issuer in turn: use the ACME client's fullchain.pem as it is.",
      };
    }
  }
  const last = certs[certs.length - 1]!;
  const isRoot = roots.some((r) => r.fingerprint256 === last.fingerprint256);
  const root = isRoot ? last : roots.find((r) => issuedBy(last, r));
  if (root)
    return {
      ok: true,
      title: `Certificate chain complete (${certs.length} ${certs.length === 1 ? 'certificate' : 'certificates'}, up to ${commonName(root.subject)}, a root this machine trusts)`,
    };
  if (certs.length === 1) {
    return {
      ok: false,
      title: 'Certificate chain incomplete: put fullchain.pem, not cert.pem',
      detail: `TLS_CERT_FILE holds the server's certificate alone; its issuer (${commonName(last.issuer)}) is not in it, and phones will not find it.`,
      fix: "Point TLS_CERT_FILE at fullchain.pem (the certificate followed by its issuer's).",
    };
  }
  return {
    ok: false,
    title: `Certificate chain ends at ${commonName(last.issuer)}, an issuer this machine does not trust`,
    fix: `Use a certificate from a public authority (e.g. Let's Encrypt) for the hall's name: phones trust only those. See ${HALL_SETUP_DOC}.`,
  };
}

function keyCheck(leaf: X509Certificate, key: KeyObject): CheckResult {
  if (leaf.checkPrivateKey(key)) return { ok: true, title: 'Private key matches the certificate' };
  return {
    ok: false,
    title: 'Private key does not match the certificate (TLS_KEY_FILE)',
    fix: 'Point TLS_KEY_FILE at the private key issued together with this certificate (privkey.pem of the same order).',
  };
}

function validityCheck(leaf: X509Certificate, { now, lastEvent }: TlsCheckOptions): CheckResult {
  const from = new Date(leaf.validFrom);
  const to = new Date(leaf.validTo);
  if (now < from)
    return {
      ok: false,
      title: `Certificate not valid before ${utcWords(from)}`,
      fix: "Check this machine's clock and date; if they are right, use the certificate that is valid now.",
    };
  if (now > to) return { ok: false, title: `Certificate expired on ${utcWords(to)}`, fix: RENEW_FIX };
  if (lastEvent && to < lastEvent.at) {
    return { ok: false, title: `Certificate expires ${utcWords(to)}, before the last event ends (${lastEvent.name}, ${lastEvent.words})`, fix: RENEW_FIX };
  }
  const days = Math.floor((to.getTime() - now.getTime()) / (24 * 60 * 60 * 1000));
  if (to.getTime() - now.getTime() < CERT_RENEW_WARNING_MS)
    return { ok: 'warn', title: `Certificate expires in ${days} ${days === 1 ? 'day' : 'days'} (${utcWords(to)})`, fix: RENEW_FIX };
  const after = lastEvent ? `, after the last event ends (${lastEvent.name}, ${lastEvent.words})` : '';
  return { ok: true, title: `Certificate valid until ${utcWords(to)}${after}` };
}

// ---- Mail -----------------------------------------------------------------------------------------

export interface MailFacts {
  /** The SMTP server's answer to a greeting and EHLO; null without SMTP_HOST. */
  smtp: { ok: true } | { ok: false; error: string } | null;
  /** Mails not yet sent; null when it could not be counted (why: pendingNote). */
  pending: number | null;
  pendingNote?: string;
}

const SMTP_FIX = 'Set SMTP_HOST (and SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS) to a mail server this laptop can reach; queued mail is sent once it answers.';

export function checkMail(config: ServerConfig, facts: MailFacts): CheckResult[] {
  const results: CheckResult[] = [];
  const smtp = config.smtp;
  if (smtp && facts.smtp) {
    const where = `${smtp.host}:${smtp.port}`;
    results.push(
      facts.smtp.ok
        ? { ok: true, title: `SMTP server ${where} answers` }
        : {
            ok: false,
            title: `SMTP server ${where} does not answer: ${facts.smtp.error}`,
            fix: 'Check SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER and SMTP_PASS, and that this laptop reaches it. Meanwhile mail waits in the queue and is sent when it answers.',
          },
    );
  } else if (config.devMailbox && !config.devMailboxForced) {
    results.push({ ok: true, title: 'No SMTP server: mail goes to the dev mailbox (/_dev/mail), for development on this machine only' });
  } else if (config.devMailbox) {
    results.push({
      ok: 'warn',
      title: 'DEV_MAILBOX=on: anyone on the network can read every reset link and coupon code at /_dev/mail',
      fix: `Remove DEV_MAILBOX=on before visitors connect. ${SMTP_FIX}`,
    });
  } else {
    results.push({ ok: false, title: 'No SMTP server: mail will be queued until SMTP_HOST is set', fix: SMTP_FIX });
  }
  const n = facts.pending;
  const mails = (k: number) => `${k} ${k === 1 ? 'mail waits' : 'mails wait'}`;
  if (n === null) {
    results.push({ ok: 'warn', title: `Mail queue not counted: ${facts.pendingNote ?? 'the database did not answer'}` });
  } else if (n === 0) {
    results.push({ ok: true, title: 'Mail queue is empty' });
  } else if (!smtp && !config.devMailbox) {
    results.push({ ok: false, title: `${mails(n)} in the queue, and no SMTP server is set`, fix: SMTP_FIX });
  } else if (facts.smtp && !facts.smtp.ok) {
    results.push({ ok: 'warn', title: `${mails(n)} in the queue until the SMTP server answers` });
  } else {
    results.push({ ok: true, title: `${mails(n)} in the queue; the server sends ${n === 1 ? 'it' : 'them'} while it runs` });
  }
  return results;
}

// ---- The app build --------------------------------------------------------------------------------

export interface BuildFacts {
  dir: string;
  /** dist/index.html exists. */
  built: boolean;
  info: BuildInfo | null | Error;
  /** package.json's version of this checkout (the server's). */
  serverVersion: string;
  /**
   * sync_contract()->>'min_client' of the database; 'no database' = none yet (`npm start` makes it from this
   * checkout's migrations, which the build's version already matches); null = unknown (why: minClientNote).
   */
  minClient: number | 'no database' | null;
  minClientNote?: string;
}

export function checkBuild(config: ServerConfig, facts: BuildFacts): CheckResult[] {
  if (!facts.built) return [{ ok: false, title: `No app build in ${facts.dir}`, fix: 'Run `npm start` (it builds first) or `npm run build`.' }];
  const info = facts.info;
  if (info === null) return [{ ok: false, title: `The app in ${facts.dir} predates build-info.json, so it cannot be matched to the server`, fix: REBUILD_FIX }];
  if (info instanceof Error) return [{ ok: false, title: `The app build's info cannot be read: ${info.message}`, fix: REBUILD_FIX }];
  const results: CheckResult[] = [];
  // The app's key is the server's ANON_KEY or, when set, its PUBLISHABLE_KEY: either is accepted.
  const serverKeys = [config.anonKey, config.publishableKey].flatMap((k) => (k ? [anonKeySha256(k)] : []));
  if (!serverKeys.includes(info.anon_key_sha256)) {
    results.push({
      ok: false,
      title: `The app in ${facts.dir} was built with another anon key than the server's ANON_KEY: every request would fail with 401`,
      detail: `The usual cause: \`${KEYS_COMMAND}\` without a rebuild.`,
      fix: REBUILD_FIX,
    });
  } else {
    results.push({ ok: true, title: "The app was built with the server's anon key" });
  }
  if (info.app_version !== facts.serverVersion) {
    results.push({ ok: false, title: `The app in ${facts.dir} is version ${info.app_version}, the server ${facts.serverVersion}`, fix: REBUILD_FIX });
  }
  if (info.supabase_url && info.supabase_url.replace(/\/$/, '') !== config.publicUrl) {
    results.push({
      ok: false,
      title: `The app in ${facts.dir} talks to ${info.supabase_url}, not to this server`,
      fix: 'Build with VITE_SUPABASE_URL empty (the app then uses the address it was opened from): remove it from .env and rebuild with `npm run build`.',
    });
  }
  if (facts.minClient === 'no database') {
    results.push({ ok: true, title: "Sync contract: no database yet; `npm start` creates it from this checkout's migrations" });
  } else if (facts.minClient === null) {
    results.push({ ok: 'warn', title: `Sync contract not compared: ${facts.minClientNote ?? 'the database did not say which it needs'}` });
  } else if (info.sync_contract_version < facts.minClient) {
    results.push({ ok: false, title: `The app speaks sync contract ${info.sync_contract_version}, the database needs ${facts.minClient} or later`, fix: REBUILD_FIX });
  } else {
    results.push({ ok: true, title: `The app's sync contract (${info.sync_contract_version}) is one the database serves (from ${facts.minClient})` });
  }
  return results;
}

// ---- Output ---------------------------------------------------------------------------------------

const MARK: Record<string, string> = { true: '✓', false: '✗', warn: '⚠' };

/** The checklist as printed: a mark and words per line, the detail and fix indented under it. */
export function formatChecklist(results: readonly CheckResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${MARK[String(r.ok)]} ${r.title}`);
    for (const d of r.detail?.split('\n') ?? []) lines.push(`    ${d}`);
    if (r.fix && r.ok !== true) lines.push(`    Fix: ${r.fix}`);
  }
  const failed = results.filter((r) => r.ok === false).length;
  const warned = results.filter((r) => r.ok === 'warn').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    '',
    failed
      ? `${plural(failed, 'problem')}${warned ? ` and ${plural(warned, 'warning')}` : ''}: fix each ✗ before the show, then run \`npm run venue:check\` again.`
      : warned
        ? `Ready, with ${plural(warned, 'warning')} (⚠) worth a look.`
        : 'All checks passed: ready for the show.',
  );
  return lines.join('\n');
}

// `npm run venue:check` against real files, sockets, a real PGlite data directory and a local SMTP server.
import { spawn } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata'; // before @peculiar/x509, as tests/helpers/test-ca.ts does
import * as x509 from '@peculiar/x509';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, zonedDateTime } from '../../shared/dates.ts';
import { buildInfoJson } from '../../server/build-info.ts';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { openDb } from '../../server/db/open.ts';
import { generateKeys, type KeySettings } from '../../server/keys.ts';
import { migrate } from '../../server/migrate.ts';
import { utcWords, type CheckResult } from '../../server/venue-check.ts';
import { runVenueCheck, type VenueCheckOptions } from '../../server/venue-check-run.ts';
import { SYNC_CONTRACT_VERSION } from '../../src/data/sync/contract.ts';
import { createTestCa, issueCertificate, writeCertificateFiles, type TestCa } from '../helpers/test-ca.ts';
import type { VenueServer } from '../../server/start.ts';
import { engines, startTestServer } from '../helpers/server.ts';
import { inject } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;
const HALL = 'show.example.test';
const root = mkdtempSync(join(tmpdir(), 'venue-check-'));
let ca: TestCa;
let keys: KeySettings;
let smtp: SMTPServer;
let smtpPort: number;
let good: { certFile: string; keyFile: string };
const dataDir = join(root, 'data');
const dist = join(root, 'dist');
/** The last event: ends 30 days from now at 18:00 in Berlin. */
const lastDay = addDaysToDate(zonedDateTime(new Date(), 'Europe/Berlin').date, 30);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A hall configuration that passes every check; each test breaks one thing. */
async function hallEnv(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    HOST: '0.0.0.0',
    PORT: String(await freePort()),
    HTTP_PORT: String(await freePort()),
    SITE_URL: `https://${HALL}`,
    TLS_CERT_FILE: good.certFile,
    TLS_KEY_FILE: good.keyFile,
    JWT_SECRET: keys.JWT_SECRET,
    ANON_KEY: keys.ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: keys.SUPABASE_SERVICE_ROLE_KEY,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    DATA_DIR: dataDir,
    STATIC_DIR: dist,
    ...overrides,
  };
}

async function check(env: Record<string, string>, opts: VenueCheckOptions = {}): Promise<CheckResult[]> {
  return runVenueCheck(env, { extraCaPem: ca.certPem, ...opts });
}

const failures = (results: CheckResult[]) => results.filter((r) => r.ok === false).map((r) => r.title);
const titled = (results: CheckResult[], title: string) => results.find((r) => r.title === title);

/** An intermediate authority under `parent`, shaped as a TestCa so issueCertificate signs with it. */
async function createIntermediate(parent: TestCa): Promise<TestCa> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '01',
    subject: 'CN=PurrFect Show Test Intermediate',
    issuer: parent.cert.subject,
    notBefore: new Date(Date.now() - DAY_MS),
    notAfter: new Date(Date.now() + 365 * DAY_MS),
    signingAlgorithm: alg,
    publicKey: keys.publicKey,
    signingKey: parent.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(parent.cert),
    ],
  });
  return { cert, keys, certPem: `${cert.toString('pem')}\n`, spkiSha256: '' };
}

async function certificate(name: string, opts: Parameters<typeof issueCertificate>[1], chain = true) {
  return writeCertificateFiles(join(root, 'tls'), await issueCertificate(ca, opts), { chain, prefix: name });
}

beforeAll(async () => {
  ca = await createTestCa();
  keys = await generateKeys();
  good = await certificate('good', { hosts: [HALL] });

  smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>PurrFect Show</title>');
  writeFileSync(
    join(dist, 'build-info.json'),
    buildInfoJson({ appVersion: '0.1.0', syncContractVersion: SYNC_CONTRACT_VERSION, anonKey: keys.ANON_KEY, supabaseUrl: '' }),
  );

  // The show's database as `npm start` leaves it: migrated, one event, two mails waiting.
  const db = await openDb({ dataDir });
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.events (name, start_date, end_date, time_zone) values ('Winter Show', $1, $2, 'Europe/Berlin') returning id`,
      [addDaysToDate(lastDay, -1), lastDay],
    );
    await db.query(`insert into public.event_schedule (event_id, schedule_date, start_time, end_time, title) values ($1, $2, '16:00', '18:00', 'Best in Show')`, [
      rows[0]!.id,
      lastDay,
    ]);
    for (const to of ['a@example.com', 'b@example.com']) {
      await db.query(
        `insert into _venue.mail_queue (kind, from_address, to_address, subject, text_body, message_id) values ('coupon', 'show@example.test', $1, 'Your coupon', 'CODE', $2)`,
        [to, `<${to}.test>`],
      );
    }
  } finally {
    await db.close();
  }
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

// Each check opens PGlite in a data directory, and one spawns the CLI: room for a busy machine.
describe('venue:check', { timeout: 90_000 }, () => {
  it('is all ✓ for a hall set up right', async () => {
    const results = await check(await hallEnv());
    expect(results.filter((r) => r.ok !== true)).toEqual([]);
    const titles = results.map((r) => r.title);
    expect(titles).toContain(`Certificate covers ${HALL}`);
    expect(titles).toContain('Certificate chain complete (2 certificates, up to PurrFect Show Test CA, a root this machine trusts)');
    expect(titles).toContain('Private key matches the certificate');
    expect(titles.find((t) => t.startsWith('Certificate valid until'))).toMatch(
      new RegExp(`, after the last event ends \\(Winter Show, ${lastDay} 18:00 Europe/Berlin\\)$`),
    );
    expect(titles).toContain(`SMTP server 127.0.0.1:${smtpPort} answers`);
    expect(titles).toContain('2 mails wait in the queue; the server sends them while it runs');
    expect(titles).toContain("The app was built with the server's anon key");
    expect(titles).toContain(`The app's sync contract (${SYNC_CONTRACT_VERSION}) is one the database serves (from 1)`);
  });

  it('✗ an expired certificate', async () => {
    const notAfter = new Date(Date.now() - DAY_MS);
    const files = await certificate('expired', { hosts: [HALL], notBefore: new Date(Date.now() - 90 * DAY_MS), notAfter });
    const results = await check(await hallEnv({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile }));
    expect(failures(results)).toEqual([`Certificate expired on ${utcWords(new Date(Math.floor(notAfter.getTime() / 1000) * 1000))}`]);
    expect(titled(results, failures(results)[0]!)?.fix).toMatch(/^Renew it with your ACME client/);
  });

  it("✗ a certificate for another host than SITE_URL's", async () => {
    const files = await certificate('other', { hosts: ['other.example.test'] });
    const results = await check(await hallEnv({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile }));
    expect(failures(results)).toEqual([`Certificate does not cover ${HALL} (SITE_URL's host): it is for other.example.test`]);
  });

  it('✗ a leaf without its chain: put fullchain.pem', async () => {
    // As a public authority issues: root (trusted) → intermediate → the hall's certificate.
    const intermediate = await createIntermediate(ca);
    const issued = await issueCertificate(intermediate, { hosts: [HALL] });
    const leaf = writeCertificateFiles(join(root, 'tls'), issued, { chain: false, prefix: 'leaf' });
    const results = await check(await hallEnv({ TLS_CERT_FILE: leaf.certFile, TLS_KEY_FILE: leaf.keyFile }));
    expect(failures(results)).toEqual(['Certificate chain incomplete: put fullchain.pem, not cert.pem']);
    const full = writeCertificateFiles(join(root, 'tls'), issued, { prefix: 'fullchain' });
    const fixed = await check(await hallEnv({ TLS_CERT_FILE: full.certFile, TLS_KEY_FILE: full.keyFile }));
    expect(failures(fixed)).toEqual([]);
    expect(fixed.map((r) => r.title)).toContain('Certificate chain complete (2 certificates, up to PurrFect Show Test CA, a root this machine trusts)');
  });

  it('✗ a chain ending at an authority nobody trusts', async () => {
    const results = await check(await hallEnv(), { extraCaPem: '' });
    expect(failures(results)).toEqual(['Certificate chain ends at PurrFect Show Test CA, an issuer this machine does not trust']);
  });

  it('✗ a key that does not match the certificate', async () => {
    const other = await certificate('other-key', { hosts: [HALL] });
    const results = await check(await hallEnv({ TLS_KEY_FILE: other.keyFile }));
    expect(failures(results)).toEqual(['Private key does not match the certificate (TLS_KEY_FILE)']);
  });

  it('✗ a certificate expiring before the last event ends', async () => {
    const notAfter = new Date(Date.now() + 20 * DAY_MS);
    const files = await certificate('short', { hosts: [HALL], notAfter });
    const results = await check(await hallEnv({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile }));
    expect(failures(results)).toEqual([
      `Certificate expires ${utcWords(new Date(Math.floor(notAfter.getTime() / 1000) * 1000))}, before the last event ends (Winter Show, ${lastDay} 18:00 Europe/Berlin)`,
    ]);
  });

  it('⚠ a certificate expiring within 14 days, even after the show', async () => {
    const files = await certificate('soon', { hosts: [HALL], notAfter: new Date(Date.now() + 10 * DAY_MS + 3_600_000) });
    // A fresh data directory: no events, so only the 14 days count.
    const fresh = await check(await hallEnv({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, DATA_DIR: join(root, 'fresh') }));
    expect(fresh.filter((r) => r.ok === 'warn').map((r) => r.title)).toEqual([expect.stringMatching(/^Certificate expires in 10 days \(/)]);
    expect(failures(fresh)).toEqual([]);
  });

  it('✗ no HTTPS off loopback', async () => {
    const results = await check(await hallEnv({ TLS_CERT_FILE: '', TLS_KEY_FILE: '', HTTP_PORT: '', SITE_URL: `http://${HALL}` }));
    expect(failures(results)).toEqual(['No HTTPS: phones get no offline use or install over plain HTTP (HOST=0.0.0.0)']);
    expect(titled(results, failures(results)[0]!)?.fix).toContain('docs/HALL-SETUP.md');
    const proxied = await check(await hallEnv({ TLS_CERT_FILE: '', TLS_KEY_FILE: '', HTTP_PORT: '' }));
    expect(failures(proxied)).toEqual([]);
    expect(titled(proxied, `HTTPS is served in front of this server (SITE_URL=https://${HALL}): its certificate is not checked here`)?.ok).toBe('warn');
  });

  it('✗ the demo secret, and the configuration line says npm start refuses it', async () => {
    const results = await check(await hallEnv({ JWT_SECRET: DEMO_JWT_SECRET, ANON_KEY: DEMO_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY }));
    expect(results[0]).toEqual({ ok: true, title: 'Configuration loads (npm start refuses it for the ✗ below)' });
    const demo = titled(results, "Demo secrets: JWT_SECRET, ANON_KEY, SUPABASE_SERVICE_ROLE_KEY are Supabase's published demo values");
    expect(demo?.ok).toBe(false);
    expect(demo?.fix).toMatch(/^Run `npm run keys` once/);
    // The app in dist carries this show's key, not the demo one the server would now use.
    expect(failures(results)).toContain(`The app in ${dist} was built with another anon key than the server's ANON_KEY: every request would fail with 401`);
  });

  it('✗ no SITE_URL off loopback', async () => {
    const results = await check(await hallEnv({ SITE_URL: '' }));
    expect(failures(results)).toEqual([
      expect.stringMatching(/^HOST=0\.0\.0\.0 lets other machines connect, so e-mail links and sign-in redirects need the address phones use: set SITE_URL /),
    ]);
    expect(titled(results, 'Certificate names not compared: SITE_URL is not set (see below)')?.ok).toBe('warn');
  });

  it('✗ keys that JWT_SECRET did not sign', async () => {
    const other = await generateKeys();
    const results = await check(await hallEnv({ ANON_KEY: other.ANON_KEY }));
    expect(failures(results)).toContain('ANON_KEY is not signed with JWT_SECRET (role anon): every request with it fails with 401');
  });

  it('✗ no SMTP server, with mail waiting in the queue', async () => {
    const results = await check(await hallEnv({ SMTP_HOST: '' }));
    expect(failures(results)).toEqual(['No SMTP server: mail will be queued until SMTP_HOST is set', '2 mails wait in the queue, and no SMTP server is set']);
  });

  it('✓ the dev mailbox on loopback, for development', async () => {
    const results = await check(await hallEnv({ HOST: '127.0.0.1', SMTP_HOST: '', SITE_URL: '', TLS_CERT_FILE: '', TLS_KEY_FILE: '', HTTP_PORT: '' }));
    expect(titled(results, 'No SMTP server: mail goes to the dev mailbox (/_dev/mail), for development on this machine only')?.ok).toBe(true);
  });

  it('✗ an SMTP server that does not answer, within the deadline', async () => {
    // Accepts the connection and never greets: the hall's internet is down, the relay half-reachable.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const started = performance.now();
      const results = await check(await hallEnv({ SMTP_PORT: String(port) }), { deadlineMs: 1000 });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(failures(results)).toEqual([expect.stringMatching(new RegExp(`^SMTP server 127\\.0\\.0\\.1:${port} does not answer: `))]);
      expect(titled(results, '2 mails wait in the queue until the SMTP server answers')?.ok).toBe('warn');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('✗ a data directory that cannot be created, or with too little room', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    const blocked = await check(await hallEnv({ DATA_DIR: join(file, 'data') }));
    expect(failures(blocked)).toEqual([expect.stringMatching(new RegExp(`^Data directory ${join(file, 'data')} cannot be created: ENOTDIR`))]);
    const full = await check(await hallEnv(), { minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect(failures(full)).toEqual([expect.stringMatching(new RegExp(`^Only .* free for the data directory ${dataDir}$`))]);
  });

  it('✗ a PostgreSQL that does not answer', async () => {
    const port = await freePort();
    const results = await check(await hallEnv({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` }), { deadlineMs: 2000 });
    expect(failures(results)).toEqual([expect.stringMatching(new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port} does not answer: `))]);
  });

  it.runIf(engines().includes('postgres'))('✓ PostgreSQL answering', async () => {
    const databaseUrl = inject('postgresUrl')!;
    const db = await openDb({ databaseUrl, dataDir: null });
    await migrate(db).finally(() => db.close());
    const results = await check(await hallEnv({ DATABASE_URL: databaseUrl }));
    expect(results.find((r) => r.title.startsWith('PostgreSQL at'))?.ok).toBe(true);
    expect(results.find((r) => r.title.startsWith("The app's sync contract"))?.ok).toBe(true);
  });

  it('✗ a port another program holds', async () => {
    const sockets = new Set<Socket>();
    const busy = createServer((s) => sockets.add(s));
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const results = await check(await hallEnv({ PORT: String(port) }), { deadlineMs: 1000 });
      expect(failures(results)).toEqual([`Port 0.0.0.0:${port} (PORT) is in use — is the server already running?`]);
      expect(
        titled(results, `Mail queue not counted: PORT ${port} is busy, so the PGlite database in ${join(dataDir, 'pglite')} is left alone (only one process may open it)`)
          ?.ok,
      ).toBe('warn');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  describe('with the venue server running', () => {
    // Started in a hook (hook timeout): a seeded PGlite start takes long on a busy machine.
    let port: number;
    let env: Record<string, string>;
    let server: VenueServer;
    beforeAll(async () => {
      port = await freePort();
      env = { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(root, 'running'), STATIC_DIR: dist };
      server = await startTestServer('pglite', env);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('⚠ asks the running server instead of opening its database', async () => {
      const results = await check(env);
      expect(titled(results, `Port 127.0.0.1:${port} (PORT) is in use by this venue server, already running: the checks asked it where they could`)?.ok).toBe('warn');
      // The seeded show's events came over HTTP: no "Event dates not read".
      expect(results.some((r) => r.title.startsWith('Event dates not read'))).toBe(false);
      expect(titled(results, 'Mail queue not counted: the running server holds the PGlite database; stop it and run the check again to count the queue')?.ok).toBe(
        'warn',
      );
      expect(results.find((r) => r.title.startsWith("The app's sync contract"))?.ok).toBe(true);
    }, 60_000);
  });

  it('✗ an app built before `npm run keys`, or with no build at all', async () => {
    const stale = join(root, 'stale-dist');
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, 'index.html'), '<!doctype html>');
    writeFileSync(
      join(stale, 'build-info.json'),
      buildInfoJson({ appVersion: '0.1.0', syncContractVersion: SYNC_CONTRACT_VERSION, anonKey: DEMO_ANON_KEY, supabaseUrl: '' }),
    );
    expect(failures(await check(await hallEnv({ STATIC_DIR: stale })))).toEqual([
      `The app in ${stale} was built with another anon key than the server's ANON_KEY: every request would fail with 401`,
    ]);
    const none = join(root, 'no-dist');
    expect(failures(await check(await hallEnv({ STATIC_DIR: none })))).toEqual([`No app build in ${none}`]);
  });

  it('prints the checklist and exits 1 from the command line', async () => {
    const env = {
      ...process.env,
      HOST: '0.0.0.0',
      PORT: String(await freePort()),
      SITE_URL: 'http://192.0.2.10:54321',
      JWT_SECRET: DEMO_JWT_SECRET,
      ANON_KEY: DEMO_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      DATA_DIR: join(root, 'cli-data'),
      STATIC_DIR: dist,
    };
    const child = spawn('npx', ['tsx', 'server/cli.ts', 'check'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(out).toContain("\n✗ Demo secrets: JWT_SECRET, ANON_KEY, SUPABASE_SERVICE_ROLE_KEY are Supabase's published demo values\n");
    expect(out).toContain('    Fix: Run `npm run keys` once');
    expect(code).toBe(1);
  }, 60_000);
});

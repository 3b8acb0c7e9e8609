// `npm run venue:check`'s facts: the port, the data directory, the database (or the running server), SMTP and
// dist/build-info.json, each under a deadline; venue-check.ts turns them into the checklist.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createServer, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { readBuildInfo } from './build-info.ts';
import type { ServerConfig, SmtpConfig } from './config.ts';
import { openDb } from './db/open.ts';
import { pendingCount } from './mail/queue.ts';
import { isPgError, type Queryable } from './db/types.ts';
import {
  checkBuild,
  checkMail,
  checkSecrets,
  checkSiteUrl,
  checkTls,
  lastEventEnd,
  loadConfigForCheck,
  MIN_FREE_BYTES,
  type CheckResult,
  type EventEndRow,
} from './venue-check.ts';

/** How long SMTP, PostgreSQL or a running venue server may take to answer the check. */
const CHECK_DEADLINE_MS = 5_000;

export interface VenueCheckOptions {
  now?: Date;
  /** PEM roots trusted besides Node's; default: the file NODE_EXTRA_CA_CERTS names, as Node itself adds it. */
  extraCaPem?: string;
  deadlineMs?: number;
  minFreeBytes?: number;
}

/** Every check, in the order printed. Never throws for a problem it can describe. */
export async function runVenueCheck(env: Record<string, string | undefined>, opts: VenueCheckOptions = {}): Promise<CheckResult[]> {
  const now = opts.now ?? new Date();
  const deadlineMs = opts.deadlineMs ?? CHECK_DEADLINE_MS;
  const loaded = loadConfigForCheck(env);
  const results: CheckResult[] = [loaded.result];
  const { config, exposure } = loaded;
  if (!config || !exposure) return results;

  const ports = await probePorts(config, deadlineMs);
  const main = ports[0]!;
  const data = await probeData(config, deadlineMs, opts.minFreeBytes ?? MIN_FREE_BYTES);
  const show = data.reachable
    ? await showFacts(config, main, deadlineMs)
    : { events: null, minClient: null, pending: null, note: 'the database cannot be reached (see its ✗)' };
  const lastEvent = show.events ? lastEventEnd(show.events) : null;
  const extraCaPem = opts.extraCaPem ?? readExtraCa(env.NODE_EXTRA_CA_CERTS);

  results.push(...checkTls(config, { now, extraCaPem, lastEvent }));
  if (show.events === null && config.tls) results.push({ ok: 'warn', title: `Event dates not read (certificate compared with today only): ${show.note}` });
  results.push(...checkSecrets(exposure), ...checkSiteUrl(config, exposure));
  results.push(
    ...checkMail(config, {
      smtp: config.smtp ? await verifySmtp(config.smtp, deadlineMs) : null,
      pending: show.pending,
      pendingNote: show.note ?? undefined,
    }),
  );
  results.push(...data.results, ...ports.map((p) => p.result));
  const dir = resolve(config.staticDir ?? 'dist');
  results.push(
    ...checkBuild(config, {
      dir: config.staticDir ?? 'dist',
      built: existsSync(join(dir, 'index.html')),
      info: readBuildInfo(dir),
      serverVersion: packageVersion(),
      minClient: show.minClient,
      minClientNote: show.note ?? undefined,
    }),
  );
  return results;
}

function readExtraCa(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Rejects with a TimeoutError when `promise` takes longer than ms. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 100) / 10} s (${what})`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- Ports ----------------------------------------------------------------------------------------

interface PortFacts {
  port: number;
  /** Something listens on it already. */
  busy: boolean;
  /** The port is busy and a venue server with this configuration's anon key answered on it. */
  venueServer: boolean;
  result: CheckResult;
}

/** The address this machine reaches a server on HOST by: 0.0.0.0 and :: listen on loopback too. */
function localAddress(host: string): string {
  const h = host.replace(/^\[(.*)\]$/, '$1');
  if (h === '0.0.0.0') return '127.0.0.1';
  if (/^[0:]+$/.test(h)) return '::1';
  return h;
}

/** Whether HOST:port can be listened on right now: null = yes, else the listen error's code. */
function tryListen(host: string, port: number): Promise<string | null> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    server.listen({ host, port, exclusive: true }, () => server.close(() => done(null)));
  });
}

async function probePorts(config: ServerConfig, deadlineMs: number): Promise<PortFacts[]> {
  const ports: [string, number][] = [['PORT', config.port]];
  if (config.httpPort !== null) ports.push(['HTTP_PORT', config.httpPort]);
  const out: PortFacts[] = [];
  for (const [name, port] of ports) {
    const where = `${config.host}:${port} (${name})`;
    if (port === 0) {
      out.push({ port, busy: false, venueServer: false, result: { ok: true, title: `${name}=0: the server picks a free port` } });
      continue;
    }
    const problem = await tryListen(config.host, port);
    if (problem === null) {
      out.push({ port, busy: false, venueServer: false, result: { ok: true, title: `Port ${where} is free` } });
    } else if (problem === 'EADDRINUSE') {
      // The doctor usually runs before `npm start`; if the server already runs, it answers on PORT.
      const venueServer =
        name === 'PORT' &&
        (await askServer(config, '/rest/v1/rpc/sync_contract', deadlineMs, 'POST').then(
          (r) => r !== null,
          () => false,
        ));
      out.push({
        port,
        busy: true,
        venueServer,
        result: venueServer
          ? {
              ok: 'warn',
              title: `Port ${where} is in use by this venue server, already running: the checks asked it where they could`,
              fix: 'Nothing to do while it serves the show. To restart it, stop it first (Ctrl+C where it runs).',
            }
          : {
              ok: false,
              title: `Port ${where} is in use — is the server already running?`,
              fix: `Stop whatever listens on port ${port} (a server started earlier, another program), or set ${name} to a free port.`,
            },
      });
    } else if (problem === 'EACCES') {
      out.push({
        port,
        busy: false,
        venueServer: false,
        result: {
          ok: false,
          title: `No permission to listen on port ${where}`,
          fix: `Ports below 1024 need privileges: use a port from 1024 up, or allow Node once with \`sudo setcap cap_net_bind_service=+ep "$(command -v node)"\`.`,
        },
      });
    } else {
      out.push({
        port,
        busy: false,
        venueServer: false,
        result: { ok: false, title: `Cannot listen on ${where}: ${problem}`, fix: 'Set HOST to an address of this machine (0.0.0.0 = every network).' },
      });
    }
  }
  return out;
}

/**
 * A JSON answer of the venue server running on this machine with this configuration, or null. Public data
 * only (the anon key's), over loopback; its certificate is for the hall name, not for the address asked, so
 * it is not verified here (checkTls checks the certificate files themselves).
 */
function askServer(config: ServerConfig, path: string, deadlineMs: number, method: 'GET' | 'POST' = 'GET'): Promise<unknown> {
  const host = localAddress(config.host);
  const siteHost = config.siteUrl ? new URL(config.siteUrl).hostname : host;
  return new Promise((done, fail) => {
    const options: https.RequestOptions = {
      host,
      port: config.port,
      path,
      method,
      timeout: deadlineMs,
      headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      ...(config.tls ? { rejectUnauthorized: false, servername: isIP(siteHost) ? undefined : siteHost } : {}),
    };
    const req = (config.tls ? https : http).request(options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return done(null);
        try {
          done(JSON.parse(body));
        } catch {
          done(null);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', fail);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

// ---- Data -----------------------------------------------------------------------------------------

const formatBytes = (n: number) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${Math.round(n / 1024 ** 2)} MB`);

async function probeData(config: ServerConfig, deadlineMs: number, minFreeBytes: number): Promise<{ reachable: boolean; results: CheckResult[] }> {
  if (config.databaseUrl) {
    const where = new URL(config.databaseUrl).host;
    const started = performance.now();
    try {
      await withPostgres(config.databaseUrl, deadlineMs, (db) => db.query('select 1'));
      return { reachable: true, results: [{ ok: true, title: `PostgreSQL at ${where} answers (${Math.round(performance.now() - started)} ms)` }] };
    } catch (e) {
      return {
        reachable: false,
        results: [
          { ok: false, title: `PostgreSQL at ${where} does not answer: ${message(e)}`, fix: 'Start PostgreSQL, or correct DATABASE_URL (empty = PGlite in DATA_DIR).' },
        ],
      };
    }
  }
  const dir = resolve(config.dataDir ?? '.data');
  const fixDir = 'Set DATA_DIR to a folder this user may write to, or correct its permissions.';
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    return { reachable: false, results: [{ ok: false, title: `Data directory ${dir} cannot be created: ${message(e)}`, fix: fixDir }] };
  }
  const probe = join(dir, `.venue-check-${process.pid}`);
  try {
    writeFileSync(probe, 'probe');
    rmSync(probe);
  } catch (e) {
    return { reachable: false, results: [{ ok: false, title: `Data directory ${dir} is not writable: ${message(e)}`, fix: fixDir }] };
  }
  const stats = await statfs(dir);
  const free = stats.bavail * stats.bsize;
  const result: CheckResult =
    free < minFreeBytes
      ? {
          ok: false,
          title: `Only ${formatBytes(free)} free for the data directory ${dir}`,
          fix: `Free at least ${formatBytes(minFreeBytes)} on that disk, or set DATA_DIR to one with room: votes, accounts and queued mail are saved there.`,
        }
      : { ok: true, title: `Data directory ${dir} is writable, ${formatBytes(free)} free` };
  return { reachable: true, results: [result] };
}

async function withPostgres<T>(url: string, deadlineMs: number, fn: (db: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: deadlineMs, query_timeout: deadlineMs });
  client.on('error', () => undefined);
  try {
    await within(client.connect(), deadlineMs, 'PostgreSQL');
    return await fn({ query: async <R>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as R[] }) });
  } finally {
    await client.end().catch(() => undefined);
  }
}

// ---- The show's data: events, the sync contract, the mail queue ------------------------------------

interface ShowFacts {
  events: EventEndRow[] | null;
  minClient: number | 'no database' | null;
  pending: number | null;
  /** Why some of the above are null. */
  note: string | null;
}

const EVENTS_SQL = `
  select e.name, e.end_date::text as end_date, e.time_zone,
         (select max(s.end_time)::text from public.event_schedule s
           where s.event_id = e.id and s.schedule_date = e.end_date) as last_end_time
    from public.events e`;

async function readShow(db: Queryable): Promise<ShowFacts> {
  const notes: string[] = [];
  let unmigrated = false;
  const attempt = async <T>(what: string, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (e) {
      // undefined_table, undefined_function: a database `npm start` has not migrated yet.
      if (isPgError(e) && (e.code === '42P01' || e.code === '42883')) unmigrated = true;
      else notes.push(`${what}: ${message(e)}`);
      return null;
    }
  };
  const events = await attempt('events', async () => (await db.query<EventEndRow>(EVENTS_SQL)).rows);
  const minClient = await attempt(
    'sync contract',
    async () => (await db.query<{ n: number }>(`select (public.sync_contract() ->> 'min_client')::int as n`)).rows[0]?.n ?? null,
  );
  const pending = await attempt('mail queue', () => pendingCount(db));
  if (unmigrated) notes.push('the database is not migrated yet (`npm start` migrates it)');
  return { events, minClient, pending, note: notes.length ? notes.join('; ') : null };
}

/**
 * PGlite keeps its data directory to one process: opened a second time while the server runs, both would
 * write it. So when this venue server already answers on PORT, the doctor asks it (public data with the
 * anon key: event dates and the sync contract) and leaves the mail queue uncounted; when PORT is busy with
 * anything else it does not open the directory at all. PostgreSQL takes any number of connections.
 */
async function showFacts(config: ServerConfig, port: PortFacts, deadlineMs: number): Promise<ShowFacts> {
  if (config.databaseUrl)
    return withPostgres(config.databaseUrl, deadlineMs, readShow).catch((e: unknown) => ({ events: null, minClient: null, pending: null, note: message(e) }));
  const dir = join(resolve(config.dataDir ?? '.data'), 'pglite');
  if (port.venueServer) return askRunningServer(config, deadlineMs);
  if (port.busy) {
    return {
      events: null,
      minClient: null,
      pending: null,
      note: `PORT ${config.port} is busy, so the PGlite database in ${dir} is left alone (only one process may open it)`,
    };
  }
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    return { events: [], minClient: 'no database', pending: 0, note: `no database yet in ${dir}: \`npm start\` creates and seeds it` };
  }
  const db = await openDb({ dataDir: config.dataDir });
  try {
    return await within(readShow(db), Math.max(deadlineMs, 30_000), 'PGlite');
  } catch (e) {
    return { events: null, minClient: null, pending: null, note: message(e) };
  } finally {
    await db.close().catch(() => undefined);
  }
}

async function askRunningServer(config: ServerConfig, deadlineMs: number): Promise<ShowFacts> {
  const note = 'the running server holds the PGlite database; stop it and run the check again to count the queue';
  try {
    const contract = (await askServer(config, '/rest/v1/rpc/sync_contract', deadlineMs, 'POST')) as { min_client?: unknown } | null;
    const events = (await askServer(config, '/rest/v1/events?select=name,end_date,time_zone,event_schedule(schedule_date,end_time)', deadlineMs)) as
      { name: string; end_date: string; time_zone: string | null; event_schedule: { schedule_date: string; end_time: string }[] }[] | null;
    return {
      events: Array.isArray(events)
        ? events.map((e) => ({
            name: e.name,
            end_date: e.end_date,
            time_zone: e.time_zone,
            last_end_time:
              e.event_schedule
                .filter((s) => s.schedule_date === e.end_date)
                .map((s) => s.end_time)
                .sort()
                .at(-1) ?? null,
          }))
        : null,
      minClient: typeof contract?.min_client === 'number' ? contract.min_client : null,
      pending: null,
      note,
    };
  } catch (e) {
    return { events: null, minClient: null, pending: null, note: `the running server did not answer: ${message(e)}` };
  }
}

// ---- SMTP -----------------------------------------------------------------------------------------

/** Connects, reads the greeting, says EHLO (and logs in when SMTP_USER is set), all within the deadline. */
async function verifySmtp(smtp: SmtpConfig, deadlineMs: number): Promise<{ ok: true } | { ok: false; error: string }> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    connectionTimeout: deadlineMs,
    greetingTimeout: deadlineMs,
    socketTimeout: deadlineMs,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  try {
    await within(transport.verify(), deadlineMs + 500, 'SMTP');
    return { ok: true };
  } catch (e) {
    return { ok: false, error: message(e) };
  } finally {
    transport.close();
  }
}

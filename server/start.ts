// Opens the database, migrates, seeds when empty, and serves the app: used by the CLI and the tests.
import { serve, type ServerType } from '@hono/node-server';
import { createServer as createHttpServer, type RequestListener, type Server as HttpServer, type ServerOptions } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type SecureServerOptions } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ConfigError, type ServerConfig } from './config.ts';
import { connectionGuard, secureServerLimits } from './connections.ts';
import { openDb } from './db/open.ts';
import type { Db } from './db/types.ts';
import type { Mailer } from './mail/mailer.ts';
import { mailQueue, type MailQueueOptions } from './mail/queue.ts';
import { migrate } from './migrate.ts';
import { startRealtime, type Realtime, type RealtimeOptions } from './realtime/hub.ts';
import { seedIfEmpty } from './seed/index.ts';
import { CLOSE_GRACE_MS, closeHttpRedirect, closerFor, readCertificatePair, startHttpRedirect, watchCertificate } from './tls.ts';
import { startAccountPruner } from './auth/account-pruner.ts';
import { startVoteContactPruner } from './vote-contacts.ts';

export interface VenueServer {
  /** http://HOST:PORT, or https:// with TLS_CERT_FILE. */
  url: string;
  /** The plain-HTTP port that redirects to HTTPS (HTTP_PORT), or null. */
  redirectUrl: string | null;
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
  /** The realtime websocket (/realtime/v1/websocket). */
  realtime: Realtime;
  close(): Promise<void>;
}

export async function startVenueServer(
  config: ServerConfig,
  opts: {
    seed?: boolean;
    scale?: number;
    certPollIntervalMs?: number;
    mail?: MailQueueOptions;
    voteContactPruneIntervalMs?: number;
    realtime?: RealtimeOptions;
  } = {},
): Promise<VenueServer> {
  // Checked before the database opens: a wrong file is a message, not a stack trace after a migration.
  const pair = config.tls ? readCertificatePair(config.tls) : null;
  if (config.tls && !config.siteUrl.startsWith('https:')) {
    throw new ConfigError(
      `TLS_CERT_FILE is set, so the app is served over HTTPS, but SITE_URL=${config.siteUrl} is not an https:// address: ` +
        "set SITE_URL=https://<the certificate's name>[:PORT].",
    );
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
  } catch (e) {
    // A refused or failed migration leaves no pool or PGlite worker behind.
    await db.close();
    throw e;
  }
  if (opts.seed !== false) await seedIfEmpty(db, { scale: opts.scale });
  const mailer = mailQueue(db, config, opts.mail);
  // Vote contacts past their retention go on start and every hour after (/privacy);
  // so do sign-ups left unverified for a day.
  const votePruner = startVoteContactPruner(db, { intervalMs: opts.voteContactPruneIntervalMs });
  const accountPruner = startAccountPruner(db);
  const pruner = { stop: async () => void (await Promise.all([votePruner.stop(), accountPruner.stop()])) };
  await Promise.all([votePruner.firstRun, accountPruner.firstRun]);
  const realtime = await startRealtime({ db, config }, opts.realtime);
  // One budget for every listening socket of this process: they share its open-file limit.
  const guard = connectionGuard(config);

  let server: ServerType | undefined;
  let closeSecure: (() => Promise<void>) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    // The public URL may name port 0 (tests); fix it up once the socket is bound.
    const app = createApp({ db, config, mailer });
    const listening = (info: AddressInfo) => resolve(info.port);
    const { host: hostname, port } = config;
    if (pair) {
      const secure = serve(
        {
          fetch: app.fetch,
          hostname,
          port,
          // The guard sees each request first: those over their connection's budget never reach the app.
          createServer: ((options: SecureServerOptions, listener: (req: Http2ServerRequest, res: Http2ServerResponse) => void) =>
            createSecureServer(options, guard.gate(listener))) as typeof createSecureServer,
          // HTTP/2 for browsers, HTTP/1.1 for everything that does not offer it in ALPN.
          serverOptions: { cert: pair.cert, key: pair.key, allowHTTP1: true, ...secureServerLimits },
        },
        listening,
      ) as Http2SecureServer;
      guard.watch(secure, 'tls');
      closeSecure = closerFor(secure);
      server = secure;
    } else {
      const plain = serve(
        {
          fetch: app.fetch,
          hostname,
          port,
          createServer: ((options: ServerOptions, listener: RequestListener) => createHttpServer(options, guard.gate(listener))) as typeof createHttpServer,
        },
        listening,
      ) as HttpServer;
      guard.watch(plain, 'plain');
      server = plain;
    }
    // The websocket upgrade: HTTP/1.1 on both servers (the HTTPS one takes it with allowHTTP1).
    server.on('upgrade', realtime.upgrade);
    server.on('error', (e) => reject(listenError('PORT', port, e)));
  }).catch(async (e: unknown) => {
    guard.stop();
    await realtime.close();
    await pruner.stop();
    await db.close();
    throw e;
  });
  if (config.port === 0) {
    config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
    config.siteUrl = config.siteUrl.replace(/:0$/, `:${port}`);
  }
  const secure = pair ? (server as Http2SecureServer) : null;
  const stopWatching = secure && config.tls ? watchCertificate(secure, config.tls, { intervalMs: opts.certPollIntervalMs }) : null;
  // A socket a browser opened and has not used yet (a preconnect, a worker's) is no idle connection to
  // Node's close(), which would wait for its headers timeout (60 s): after the grace period it is cut.
  const closePlain = (plain: HttpServer) =>
    new Promise<void>((resolve) => {
      plain.close(() => resolve());
      plain.closeIdleConnections();
      setTimeout(() => plain.closeAllConnections(), CLOSE_GRACE_MS).unref();
    });
  const closeServer = () => closeSecure?.() ?? (server ? closePlain(server as HttpServer) : Promise.resolve());
  let redirect: Awaited<ReturnType<typeof startHttpRedirect>> | null = null;
  if (secure && config.httpPort !== null) {
    const httpPort = config.httpPort;
    redirect = await startHttpRedirect(config, httpPort, guard).catch(async (e: unknown) => {
      stopWatching?.();
      guard.stop();
      await realtime.close();
      await closeServer();
      await pruner.stop();
      await db.close();
      throw listenError('HTTP_PORT', httpPort, e);
    });
  }
  return {
    url: `${secure ? 'https' : 'http'}://${config.host}:${port}`,
    redirectUrl: redirect && `http://${config.host}:${redirect.boundPort}`,
    db,
    mailer,
    config,
    realtime,
    async close() {
      stopWatching?.();
      if (redirect) await closeHttpRedirect(redirect);
      // Its sockets left the HTTP server at the upgrade: the server's close would not wait for them.
      await realtime.close();
      await closeServer();
      guard.stop();
      await pruner.stop();
      await mailer.close();
      await db.close();
    },
  };
}

/** A port that cannot be bound, said as what to do; other errors pass unchanged. */
function listenError(name: string, port: number, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new ConfigError(`${name}=${port} is already in use by another program: stop it or choose another port.`);
  if (code === 'EACCES') {
    return new ConfigError(
      `${name}=${port} needs privileges (ports below 1024): allow Node once with ` +
        "`sudo setcap 'cap_net_bind_service=+ep' $(which node)`, or use a port above 1024 (e.g. 8443) and put it in SITE_URL.",
    );
  }
  return e;
}

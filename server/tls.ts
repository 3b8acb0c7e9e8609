// HTTPS for the hall: the certificate pair read from TLS_CERT_FILE/TLS_KEY_FILE, reloaded
// when the files change, HSTS, and the plain-HTTP port that only redirects to the HTTPS site.
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2Session } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { ConfigError, type ServerConfig, type TlsConfig } from './config.ts';
import type { ConnectionGuard } from './connections.ts';

/**
 * One year, for this name only. No includeSubDomains: the hall laptop's name lives under the
 * organiser's domain, and must not force HTTPS on every other host they run there. No preload either.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** How often the certificate files are checked for a renewal (a stat each, nothing more). */
const CERT_POLL_INTERVAL_MS = 5_000;
/** A renewal writes two files: wait this long after the last change before loading the pair. */
const CERT_SETTLE_MS = 500;
/** On close, requests in flight get this long before their connections are cut. */
export const CLOSE_GRACE_MS = 2_000;

export interface CertificatePair {
  cert: string;
  key: string;
  /** The leaf's SHA-256 fingerprint, for the log. */
  fingerprint256: string;
  validTo: string;
}

/** The browser reaches the app over HTTPS: this server terminates TLS, or a proxy in front of it does (SITE_URL). */
export function servesHttps(config: Pick<ServerConfig, 'tls' | 'siteUrl'>): boolean {
  return config.tls !== null || config.siteUrl.startsWith('https:');
}

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

function readPem(name: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${name}=${file} cannot be read: ${reason(e)}.`);
  }
}

/** Reads and checks the pair: a PEM certificate (chain after it) and the private key that belongs to it. */
export function readCertificatePair(tls: TlsConfig): CertificatePair {
  const cert = readPem('TLS_CERT_FILE', tls.certFile);
  const key = readPem('TLS_KEY_FILE', tls.keyFile);
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(cert);
  } catch (e) {
    throw new ConfigError(`TLS_CERT_FILE=${tls.certFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----, the site's first, then its chain): ${reason(e)}.`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (e) {
    throw new ConfigError(`TLS_KEY_FILE=${tls.keyFile} holds no PEM private key (-----BEGIN PRIVATE KEY-----): ${reason(e)}.`);
  }
  if (!leaf.checkPrivateKey(privateKey)) {
    throw new ConfigError(
      `TLS_KEY_FILE=${tls.keyFile} is not the private key of the certificate in TLS_CERT_FILE=${tls.certFile}: ` +
        'use the key the certificate was issued for (privkey.pem beside fullchain.pem).',
    );
  }
  return { cert, key, fingerprint256: leaf.fingerprint256, validTo: leaf.validTo };
}

/**
 * Watches the two files (by polling: renewals replace files and symlinks, which fs.watch loses) and
 * swaps the server's certificate for new connections. A pair that does not load is logged and the
 * current one kept. Returns the stop function.
 */
export function watchCertificate(server: Http2SecureServer, tls: TlsConfig, opts: { intervalMs?: number; log?: Pick<Console, 'log' | 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    timer = undefined;
    try {
      const pair = readCertificatePair(tls);
      server.setSecureContext({ cert: pair.cert, key: pair.key });
      log.log(`[tls] loaded the renewed certificate ${pair.fingerprint256} (valid to ${pair.validTo})`);
    } catch (e) {
      log.error(`[tls] the changed certificate files do not load, keeping the current certificate: ${reason(e)}`);
    }
  };
  const changed = (curr: Stats, prev: Stats) => {
    if (curr.mtimeMs === prev.mtimeMs && curr.ino === prev.ino && curr.size === prev.size) return;
    clearTimeout(timer);
    timer = setTimeout(reload, CERT_SETTLE_MS);
  };
  const files = [tls.certFile, tls.keyFile];
  for (const file of files) watchFile(file, { interval: opts.intervalMs ?? CERT_POLL_INTERVAL_MS, persistent: false }, changed);
  return () => {
    clearTimeout(timer);
    for (const file of files) unwatchFile(file, changed);
  };
}

/**
 * Follows the server's connections and returns its close: no new connections, HTTP/2 sessions told
 * to go away, and whatever is still open (HTTP/1.1 keep-alive included) cut after a grace.
 */
export function closerFor(server: Http2SecureServer): () => Promise<void> {
  const sessions = new Set<Http2Session>();
  const sockets = new Set<TLSSocket>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const session of sessions) session.close();
      setTimeout(() => {
        for (const socket of sockets) socket.destroy();
      }, CLOSE_GRACE_MS).unref();
    });
}

/**
 * The plain-HTTP port: every request gets a 308 to the same path and query on the HTTPS site. The
 * target comes from SITE_URL, never from the request's Host header.
 */
export function startHttpRedirect(config: Pick<ServerConfig, 'siteUrl' | 'host'>, port: number, guard?: ConnectionGuard): Promise<HttpServer & { boundPort: number }> {
  const origin = new URL(config.siteUrl).origin;
  const redirect = (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    // An absolute-form target (as sent to proxies) names a host: keep only its path and query.
    const path = target.startsWith('/')
      ? target
      : (() => {
          try {
            const url = new URL(target);
            return url.pathname + url.search;
          } catch {
            return '/';
          }
        })();
    const location = origin + path;
    res.writeHead(308, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`This show is served over HTTPS: ${location}\n`);
  };
  // The main server's connection budget covers this port too (it shares the process's open files).
  const server = createServer(guard ? guard.gate(redirect) : redirect);
  guard?.watch(server, 'plain');
  // A slow client must not hold the port's sockets open: headers within 10 s or the socket goes.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(Object.assign(server, { boundPort: typeof address === 'object' && address ? address.port : port }));
    });
  });
}

/** Closes the redirect port, idle keep-alive connections included. */
export function closeHttpRedirect(server: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

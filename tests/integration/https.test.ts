// The venue server over HTTPS: supabase-js through it, HTTP/2 and HTTP/1.1, the HTTP_PORT
// redirect, HSTS, a renewed certificate taken without restart, and clear refusals of bad files.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, DEMO_ANON_KEY, loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { testClient } from '../helpers/client.ts';
import { forEngines, startTestServer } from '../helpers/server.ts';
import { createTestCa, issueCertificate, writeCertificateFiles, type IssuedCertificate, type TestCa } from '../helpers/test-ca.ts';
import { fetchTrusting, presentedCertificate } from '../helpers/tls-fetch.ts';

const HSTS = 'max-age=31536000';
const HALL = 'show.purrfect.test';
const fingerprint = (issued: IssuedCertificate) => new X509Certificate(issued.certPem).fingerprint256;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One GET over HTTP/2 (ALPN h2 only); also reports the protocol the session settled on. */
function getOverHttp2(url: string, path: string, ca: string): Promise<Answer & { alpn: string | undefined }> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(url, { ca });
    session.on('error', reject);
    const stream = session.request({ ':path': path });
    let status = 0;
    let headers: Answer['headers'] = {};
    let body = '';
    stream.setEncoding('utf8');
    stream.on('response', (h) => {
      status = Number(h[':status']);
      headers = h;
    });
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      resolve({ status, headers, body, alpn: session.alpnProtocol });
      session.close();
    });
    stream.on('error', reject);
    stream.setTimeout(10_000, () => stream.close());
  });
}

/** One GET with node:https, which offers no ALPN at all: HTTP/1.1, as an old client speaks. */
function getOverHttp1(url: string, ca: string): Promise<Answer & { version: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, version: res.httpVersion }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** A plain-HTTP GET with whatever Host header the caller claims. */
function getPlain(url: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host }, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** Sends raw request bytes and returns the raw answer (for request forms node:http will not send). */
function rawExchange(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = netConnect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe.each(forEngines(['pglite'], 'TLS, HTTP/2 and certificates: no SQL'))('the venue server over HTTPS on %s', (engine) => {
  let dir: string;
  let ca: TestCa;
  let first: IssuedCertificate;
  let files: { certFile: string; keyFile: string };
  let server: VenueServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'purrfect-tls-'));
    ca = await createTestCa();
    first = await issueCertificate(ca, { hosts: [HALL, '127.0.0.1'] });
    files = writeCertificateFiles(dir, first);
    server = await startTestServer(
      engine,
      { TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, HTTP_PORT: '0', SITE_URL: `https://${HALL}:0` },
      { certPollIntervalMs: 100 },
    );
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the real supabase-js client over HTTPS', async () => {
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const anon = testClient(server.url, DEMO_ANON_KEY, { fetch: fetchTrusting(ca.certPem) });
    const { data, error } = await anon.from('breeds').select('universal_breed_abbreviation').eq('universal_breed_abbreviation', 'ABY');
    expect(error).toBeNull();
    expect(data).toEqual([{ universal_breed_abbreviation: 'ABY' }]);
  });

  it('refuses a client that does not trust the certificate', async () => {
    const stranger = await createTestCa('Some Other CA');
    await expect(fetchTrusting(stranger.certPem)(`${server.url}/_health`)).rejects.toThrow(/self-signed|unable to verify|certificate/i);
  });

  it('speaks HTTP/2 to a client that offers it, with HSTS', async () => {
    const res = await getOverHttp2(server.url, '/_health', ca.certPem);
    expect(res.alpn).toBe('h2');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, db: engine });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  it('speaks HTTP/1.1 to a client that offers nothing else, with HSTS on API answers and errors alike', async () => {
    const health = await getOverHttp1(`${server.url}/_health`, ca.certPem);
    expect(health.version).toBe('1.1');
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toBe(HSTS);
    const missing = await getOverHttp1(`${server.url}/no/such/route`, ca.certPem);
    expect(missing.status).toBe(404);
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
    // A client that offers http/1.1 in ALPN gets it.
    expect((await presentedCertificate(server.url, { ca: ca.certPem, alpn: ['http/1.1'] })).alpnProtocol).toBe('http/1.1');
  });

  it('redirects plain HTTP on HTTP_PORT with a 308 to the same path on SITE_URL, whatever the Host header says', async () => {
    expect(server.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const site = server.config.siteUrl;
    expect(site).toMatch(new RegExp(`^https://${HALL.replaceAll('.', '\\.')}:\\d+$`));
    expect(site).toBe(`https://${HALL}:${new URL(server.url).port}`);

    const res = await getPlain(`${server.redirectUrl}/breeds/ABY?from=poster`, 'evil.example');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`${site}/breeds/ABY?from=poster`);
    expect(res.body).toBe(`This show is served over HTTPS: ${site}/breeds/ABY?from=poster\n`);
    expect(res.headers['strict-transport-security']).toBeUndefined();

    // The absolute form a proxy request carries names a host too: only its path and query are kept.
    const raw = await rawExchange(server.redirectUrl!, 'GET http://evil.example/steal?x=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 308 Permanent Redirect\r\n/);
    expect(raw).toContain(`\r\nLocation: ${site}/steal?x=1\r\n`);
  });

  it('presents a renewed certificate without a restart, and keeps it when the next files are broken', async () => {
    const before = await presentedCertificate(server.url, { ca: ca.certPem });
    expect(before.fingerprint256).toBe(fingerprint(first));

    const renewed = await issueCertificate(ca, { hosts: [HALL, '127.0.0.1'] });
    writeCertificateFiles(dir, renewed);
    await expect
      .poll(async () => (await presentedCertificate(server.url, { ca: ca.certPem })).fingerprint256, { timeout: 10_000, interval: 200 })
      .toBe(fingerprint(renewed));
    // New connections still get HTTP/2 after the swap.
    expect((await getOverHttp2(server.url, '/_health', ca.certPem)).alpn).toBe('h2');

    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // A certificate whose key is not the one beside it: logged, and the renewed pair stays.
      const other = await issueCertificate(ca, { hosts: [HALL] });
      writeFileSync(files.certFile, other.chainPem);
      await expect.poll(() => errors.mock.calls.length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
      expect(String(errors.mock.calls[0]?.[0])).toBe(
        `[tls] the changed certificate files do not load, keeping the current certificate: TLS_KEY_FILE=${files.keyFile} ` +
          `is not the private key of the certificate in TLS_CERT_FILE=${files.certFile}: use the key the certificate was issued for (privkey.pem beside fullchain.pem).`,
      );
      expect((await presentedCertificate(server.url, { ca: ca.certPem })).fingerprint256).toBe(fingerprint(renewed));

      // Not PEM at all: the same.
      writeFileSync(files.certFile, 'not a certificate\n');
      await expect.poll(() => errors.mock.calls.length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(1);
      expect(String(errors.mock.calls[1]?.[0])).toContain(`TLS_CERT_FILE=${files.certFile} holds no PEM certificate`);
      expect((await presentedCertificate(server.url, { ca: ca.certPem })).fingerprint256).toBe(fingerprint(renewed));
    } finally {
      errors.mockRestore();
    }
  });
});

describe('starting with TLS files that do not work', () => {
  let dir: string;
  let good: { certFile: string; keyFile: string };
  let otherKey: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'purrfect-tls-bad-'));
    const ca = await createTestCa();
    good = writeCertificateFiles(dir, await issueCertificate(ca, { hosts: ['127.0.0.1'] }));
    otherKey = writeCertificateFiles(dir, await issueCertificate(ca, { hosts: ['127.0.0.1'] }), { prefix: 'other' }).keyFile;
    writeFileSync(join(dir, 'garbage.pem'), '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', ...env });
    config.dataDir = null;
    // Each refusal comes before the database opens.
    return startVenueServer(config, { seed: false });
  };

  it.each([
    [
      'an unreadable certificate file',
      () => ({ TLS_CERT_FILE: join(dir, 'missing.pem'), TLS_KEY_FILE: good.keyFile }),
      () => `TLS_CERT_FILE=${join(dir, 'missing.pem')} cannot be read: ENOENT: no such file or directory, open '${join(dir, 'missing.pem')}'.`,
    ],
    [
      'a file that is not a certificate',
      () => ({ TLS_CERT_FILE: join(dir, 'garbage.pem'), TLS_KEY_FILE: good.keyFile }),
      () => `TLS_CERT_FILE=${join(dir, 'garbage.pem')} holds no PEM certificate`,
    ],
    ['a certificate as the key', () => ({ TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: good.certFile }), () => `TLS_KEY_FILE=${good.certFile} holds no PEM private key`],
    [
      'a key that belongs to another certificate',
      () => ({ TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: otherKey }),
      () => `TLS_KEY_FILE=${otherKey} is not the private key of the certificate in TLS_CERT_FILE=${good.certFile}`,
    ],
    [
      'an http SITE_URL',
      () => ({ TLS_CERT_FILE: good.certFile, TLS_KEY_FILE: good.keyFile, SITE_URL: 'http://show.purrfect.test:8443' }),
      () => 'but SITE_URL=http://show.purrfect.test:8443 is not an https:// address',
    ],
  ])('refuses %s with a ConfigError that says which file and why', async (_, env, message) => {
    const started = start(env());
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(message());
  });
});

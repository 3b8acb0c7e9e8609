// A fetch over node:https that trusts a given CA (Node's global fetch cannot be given one in-process),
// and a look at the certificate a TLS server presents.
import { request } from 'node:https';
import { connect } from 'node:tls';

const DEADLINE_MS = 10_000;

/** fetch for supabase-js and tests: HTTP/1.1 over TLS, trusting `ca` (PEM) only. */
export function fetchTrusting(ca: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(req.headers);
    if (body) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(req.url, { method: req.method, headers, ca, timeout: DEADLINE_MS, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
          }
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304 || req.method === 'HEAD';
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: responseHeaders }));
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer from ${req.url} within ${DEADLINE_MS} ms`)));
      outgoing.on('error', reject);
      req.signal.addEventListener('abort', () => outgoing.destroy(req.signal.reason as Error), { once: true });
      outgoing.end(body);
    });
  };
}

export interface PresentedCertificate {
  fingerprint256: string;
  /** The protocol ALPN settled on, or false when the client offered none the server speaks. */
  alpnProtocol: string | false;
}

/** Opens a fresh TLS connection (no session reuse) and reports the leaf the server presented. */
export function presentedCertificate(url: string, opts: { ca: string; servername?: string; alpn?: string[] }): Promise<PresentedCertificate> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      ca: opts.ca,
      servername: opts.servername,
      ALPNProtocols: opts.alpn,
      timeout: DEADLINE_MS,
    });
    socket.once('secureConnect', () => {
      resolve({ fingerprint256: socket.getPeerCertificate().fingerprint256, alpnProtocol: socket.alpnProtocol ?? false });
      socket.destroy();
    });
    socket.once('timeout', () => socket.destroy(new Error(`No TLS handshake with ${url} within ${DEADLINE_MS} ms`)));
    socket.once('error', reject);
  });
}

// An HTTP server in front of the venue server that, while `stall` is set, accepts requests and never
// answers: what a request on hall Wi-Fi that never returns looks like to the app.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VenueServer } from '../../server/start.ts';

export interface StallingProxy {
  url: string;
  /** While true, requests are held open with no answer. */
  stall: boolean;
  /** Requests held so far. */
  stalled: number;
  close(): Promise<void>;
}

export async function stallingProxy(target: VenueServer): Promise<StallingProxy> {
  const state = { stall: true, stalled: 0 };
  const held: ServerResponse[] = [];
  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (state.stall) {
      state.stalled++;
      held.push(res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      void fetch(target.url + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => {
      held.forEach((r) => r.destroy());
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  });
}

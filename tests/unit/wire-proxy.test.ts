// bench/wire-proxy.ts: every byte counted both ways, and each exchange's bytes given to its request,
// over one kept-alive connection as Chromium uses it (a GET, a POST with a body, a chunked answer, a WebSocket).
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { startWireProxy, type WireProxy } from '../../bench/wire-proxy.ts';

const GET = 'GET /assets/app.js HTTP/1.1\r\nHost: x\r\nSec-Fetch-Dest: script\r\n\r\n';
const GET_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Length: 5\r\n\r\nhello';
const BODY = '{"since":null,"note":"GET /fake HTTP/1.1\\r\\n\\r\\n"}';
const POST = `POST /rest/v1/rpc/sync_pull HTTP/1.1\r\nHost: x\r\nSec-Fetch-Dest: empty\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`;
const POST_ANSWER = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n';
const UPGRADE = 'GET /realtime/v1/websocket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n';
const UPGRADE_ANSWER = 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n';
const FRAME_UP = '\x81\x05ping!';
const FRAME_DOWN = '\x81\x05pong!';

/** Answers each request with the next canned answer once its whole request has arrived. */
function cannedServer(script: { request: string; answer: string }[]): Server {
  return createServer((socket) => {
    let got = '';
    let step = 0;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      got += d;
      while (step < script.length && got.startsWith(script[step]!.request)) {
        got = got.slice(script[step]!.request.length);
        socket.write(Buffer.from(script[step]!.answer, 'latin1'));
        step++;
      }
      if (step === script.length && got === FRAME_UP) socket.write(Buffer.from(FRAME_DOWN, 'latin1'));
    });
  });
}

/** Sends a request (in two pieces, as TCP may deliver it) and waits for `answerBytes` bytes back. */
async function exchange(socket: Socket, request: string, answerBytes: number): Promise<void> {
  const got = new Promise<void>((resolve) => {
    let n = 0;
    const onData = (d: Buffer) => {
      n += d.length;
      if (n >= answerBytes) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  const bytes = Buffer.from(request, 'latin1');
  const cut = Math.floor(bytes.length / 2);
  socket.write(bytes.subarray(0, cut));
  await new Promise((r) => setTimeout(r, 10));
  socket.write(bytes.subarray(cut));
  await got;
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

test('counts every byte both ways and gives each exchange its own', async () => {
  const server = cannedServer([
    { request: GET, answer: GET_ANSWER },
    { request: POST, answer: POST_ANSWER },
    { request: UPGRADE, answer: UPGRADE_ANSWER },
  ]);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(() => new Promise((r) => server.close(() => r())));
  const port = (server.address() as { port: number }).port;
  const proxy: WireProxy = await startWireProxy({ host: '127.0.0.1', port });
  cleanup.push(() => proxy.close());

  const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
  cleanup.push(async () => void socket.destroy());
  await new Promise((r) => socket.once('connect', r));
  await exchange(socket, GET, GET_ANSWER.length);
  await exchange(socket, POST, POST_ANSWER.length);
  await exchange(socket, UPGRADE, UPGRADE_ANSWER.length);
  await exchange(socket, FRAME_UP, FRAME_DOWN.length);
  await proxy.quiet(50, 5_000);

  const up = GET.length + POST.length + UPGRADE.length + FRAME_UP.length;
  const down = GET_ANSWER.length + POST_ANSWER.length + UPGRADE_ANSWER.length + FRAME_DOWN.length;
  expect(proxy.totals()).toEqual({ up, down, connections: 1 });
  expect(proxy.exchanges().map(({ at: _at, ...e }) => e)).toEqual([
    {
      connection: 1,
      method: 'GET',
      path: '/assets/app.js',
      dest: 'script',
      status: 200,
      contentType: 'text/javascript',
      upBytes: GET.length,
      downBytes: GET_ANSWER.length,
    },
    // The body's "GET … HTTP/1.1" is body, not a request: Content-Length says where the body ends.
    {
      connection: 1,
      method: 'POST',
      path: '/rest/v1/rpc/sync_pull',
      dest: 'empty',
      status: 200,
      contentType: 'application/json',
      upBytes: POST.length,
      downBytes: POST_ANSWER.length,
    },
    // After the 101 every frame, both ways, belongs to the socket's exchange.
    {
      connection: 1,
      method: 'GET',
      path: '/realtime/v1/websocket',
      dest: 'websocket',
      status: 101,
      contentType: '',
      upBytes: UPGRADE.length + FRAME_UP.length,
      downBytes: UPGRADE_ANSWER.length + FRAME_DOWN.length,
    },
  ]);
});

test('encrypted: counts every byte both ways and reads no request from them', async () => {
  const server = cannedServer([{ request: GET, answer: GET_ANSWER }]);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanup.push(() => new Promise((r) => server.close(() => r())));
  const port = (server.address() as { port: number }).port;
  const proxy: WireProxy = await startWireProxy({ host: '127.0.0.1', port }, undefined, { encrypted: true });
  cleanup.push(() => proxy.close());

  const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
  cleanup.push(async () => void socket.destroy());
  await new Promise((r) => socket.once('connect', r));
  await exchange(socket, GET, GET_ANSWER.length);
  await proxy.quiet(50, 5_000);

  expect(proxy.totals()).toEqual({ up: GET.length, down: GET_ANSWER.length, connections: 1 });
  expect(proxy.exchanges()).toEqual([]);
});

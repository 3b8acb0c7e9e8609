// One websocket client of the Realtime endpoint: its state, every frame sent to it (a client that has
// stopped reading is dropped rather than buffered for), and its budget of frames per window.
import { WebSocket } from 'ws';
import { encodeFrame, type PhxMessage, type Vsn } from './wire.ts';

/**
 * Bytes a client may leave unread, buffered here or sent and not yet read (a pong tells): a poke is ~100
 * bytes and a reply under a frame's size, so past this the client has stopped reading and is dropped.
 */
const REALTIME_SLOW_CLIENT_BYTES = 64 * 1024;
/** Unread bytes past which a ping asks how far the client has read. */
const REALTIME_PING_AFTER_BYTES = 16 * 1024;
/** Frames one socket may send per window (a heartbeat every 25 s is 1 in 10 s). */
const MAX_FRAMES_PER_WINDOW = 100;
const FRAME_WINDOW_MS = 10_000;

/** A channel the socket has joined. */
export interface Joined {
  joinRef: string | null;
  token: string;
  /** The token's exp (s): past it, the channel is shut as Realtime's periodic confirm_token does. */
  exp: number;
}

export interface Client {
  ws: WebSocket;
  vsn: Vsn;
  /** The apikey: a join without access_token runs with it. */
  apikey: string;
  topics: Map<string, Joined>;
  lastSeenMs: number;
  windowStartMs: number;
  framesInWindow: number;
  /** Frames are handled one after another, as Phoenix does: a leave never overtakes its join's token check. */
  queue: Promise<void>;
  /** Bytes of frames sent to the client, and of those it has shown (by a pong) to have read. */
  sentBytes: number;
  readBytes: number;
  /** sentBytes when the ping now waiting for its pong was sent. */
  pingedAt: number | null;
}

export function newClient(ws: WebSocket, vsn: Vsn, apikey: string, now: number): Client {
  return {
    ws,
    vsn,
    apikey,
    topics: new Map(),
    lastSeenMs: now,
    windowStartMs: now,
    framesInWindow: 0,
    queue: Promise.resolve(),
    sentBytes: 0,
    readBytes: 0,
    pingedAt: null,
  };
}

/**
 * Every frame to a client goes here. One that has stopped reading (its unsent bytes past the bound) is
 * dropped rather than buffered for: replies too, or heartbeats with long refs grow the buffer unread.
 */
export function sendFrame(client: Client, frame: string): void {
  const { ws } = client;
  if (ws.readyState !== WebSocket.OPEN) return;
  // Past the bound unread: buffered here, or sent but not yet read (the kernel's buffers take megabytes).
  if (ws.bufferedAmount > REALTIME_SLOW_CLIENT_BYTES || client.sentBytes - client.readBytes > REALTIME_SLOW_CLIENT_BYTES) {
    return ws.terminate();
  }
  ws.send(frame);
  client.sentBytes += Buffer.byteLength(frame);
  // A pong comes back only once the client has read every frame before its ping: so it tells how far
  // the client has read. Asked when a few frames' worth waits, one ping at a time.
  if (client.pingedAt === null && client.sentBytes - client.readBytes > REALTIME_PING_AFTER_BYTES) {
    client.pingedAt = client.sentBytes;
    ws.ping();
  }
}

export const send = (client: Client, m: PhxMessage) => sendFrame(client, encodeFrame(m, client.vsn));

/** The pong to the ping sendFrame sent: the client has read everything sent before it. */
export function onPong(client: Client): void {
  if (client.pingedAt === null) return;
  client.readBytes = client.pingedAt;
  client.pingedAt = null;
}

/** Counts a frame the client sent; past its window's budget the socket is closed and false returned. */
export function admitFrame(client: Client, now: number): boolean {
  client.lastSeenMs = now;
  if (now - client.windowStartMs > FRAME_WINDOW_MS) {
    client.windowStartMs = now;
    client.framesInWindow = 0;
  }
  if (++client.framesInWindow > MAX_FRAMES_PER_WINDOW) {
    client.ws.close(1008, 'Too many messages');
    return false;
  }
  return true;
}

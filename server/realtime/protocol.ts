// The Phoenix channel protocol on one socket, as Realtime answers it: heartbeat, join, leave and
// access-token update, handled one frame after another; and the shutdown of a channel whose token expired.
import { WebSocket, type RawData } from 'ws';
import type { ServerConfig } from '../config.ts';
import { checkToken } from './channel-token.ts';
import { TOPIC_PREFIX, type Channels } from './channels.ts';
import { admitFrame, send, type Client } from './session.ts';
import { decodeFrame, reply, type PhxMessage } from './wire.ts';

/** Topics one socket may join (Realtime: "Too many channels"). */
const MAX_TOPICS_PER_SOCKET = 20;

/** The reasons Realtime gives (lib/realtime_web/channels/realtime_channel.ex), "Code: message" on join. */
const REALTIME_ERRORS = {
  topicRequired: 'TopicNameRequired: You must provide a topic name',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  unmatchedTopic: 'unmatched topic',
  unauthorized: (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
} as const;

/** What the protocol reads and changes besides the socket itself. */
export interface ProtocolDeps {
  channels: Channels;
  config: ServerConfig;
}

/** A frame from the client: counted against its budget, decoded, and queued behind the ones before it. */
export function receiveFrame(deps: ProtocolDeps, client: Client, data: RawData, isBinary: boolean): void {
  if (!admitFrame(client, Date.now())) return;
  // Binary frames are client broadcasts (realtime-js's userBroadcastPush): the venue server relays none.
  if (isBinary) return;
  const m = decodeFrame(data.toString(), client.vsn);
  if (!m) return;
  client.queue = client.queue.then(() => handle(deps, client, m)).catch((e: unknown) => console.error(`[realtime] ${m.event} failed`, e));
}

async function handle(deps: ProtocolDeps, client: Client, m: PhxMessage): Promise<void> {
  if (m.topic === 'phoenix') {
    if (m.event === 'heartbeat') send(client, reply(m, 'ok', {}));
    return;
  }
  switch (m.event) {
    case 'phx_join':
      return join(deps, client, m);
    case 'phx_leave':
      return leave(deps.channels, client, m);
    case 'access_token':
      return accessToken(deps, client, m);
    default:
      // Client broadcast/presence over JSON: not relayed (Realtime logs "Unexpected message").
      if (!client.topics.has(m.topic)) unmatched(client, m);
  }
}

/** Phoenix's answer to a push on a topic this socket has not joined (its reply carries no join_ref). */
const unmatched = (client: Client, m: PhxMessage) => send(client, { ...reply(m, 'error', { reason: REALTIME_ERRORS.unmatchedTopic }), join_ref: null });

/** Phoenix's phx_close for a channel that ended (left, shut, or joined again). */
const closeFrame = (topic: string, joinRef: string | null): PhxMessage => ({ join_ref: joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });

async function join(deps: ProtocolDeps, client: Client, m: PhxMessage): Promise<void> {
  // Realtime routes only `realtime:*` topics.
  if (!m.topic.startsWith(TOPIC_PREFIX)) return unmatched(client, m);
  const subTopic = m.topic.slice(TOPIC_PREFIX.length);
  if (!subTopic) return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.topicRequired }));
  const payload = (typeof m.payload === 'object' && m.payload !== null ? m.payload : {}) as Record<string, unknown>;
  const joinConfig = (typeof payload.config === 'object' && payload.config !== null ? payload.config : {}) as Record<string, unknown>;
  const given = typeof payload.access_token === 'string' ? payload.access_token : typeof payload.user_token === 'string' ? payload.user_token : null;
  // As Realtime: no token, or a new-style `sb_` key, means the socket's apikey.
  const token = given && !given.startsWith('sb_') ? given : client.apikey;
  const checked = await checkToken(token, deps.config);
  if ('reason' in checked) return send(client, reply(m, 'error', { reason: checked.reason }));
  // Private channels need RLS on realtime.messages, which the venue server does not have: nobody may read.
  if (joinConfig.private === true) return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.unauthorized(subTopic) }));
  if (!client.topics.has(m.topic) && client.topics.size >= MAX_TOPICS_PER_SOCKET) {
    return send(client, reply(m, 'error', { reason: REALTIME_ERRORS.tooManyChannels }));
  }
  if (client.ws.readyState !== WebSocket.OPEN) return;
  // Phoenix closes a channel joined again on the same socket before the new join.
  const before = client.topics.get(m.topic);
  if (before) send(client, closeFrame(m.topic, before.joinRef));
  deps.channels.join(client, m.topic, { joinRef: m.join_ref, token, exp: checked.claims.exp! });
  send(client, reply(m, 'ok', { postgres_changes: [] }));
}

/** Phoenix: ok, then the channel's end (phx_close); a topic not joined is just ok. */
function leave(channels: Channels, client: Client, m: PhxMessage): void {
  const joined = client.topics.get(m.topic);
  send(client, reply(m, 'ok', {}));
  if (!joined) return;
  channels.leave(client, m.topic);
  send(client, closeFrame(m.topic, joined.joinRef));
}

async function accessToken(deps: ProtocolDeps, client: Client, m: PhxMessage): Promise<void> {
  const joined = client.topics.get(m.topic);
  if (!joined) return unmatched(client, m);
  const token = (m.payload as Record<string, unknown>).access_token;
  // Realtime keeps the channel as it is for these, and answers nothing.
  if (typeof token !== 'string' || token.startsWith('sb_') || token === joined.token) return;
  const checked = await checkToken(token, deps.config);
  if (client.topics.get(m.topic) !== joined) return;
  if ('reason' in checked) return shutdown(deps.channels, client, m.topic, checked.shutdown);
  joined.token = token;
  joined.exp = checked.claims.exp!;
}

/** Realtime's shutdown_response: a system message, then Phoenix's phx_close for the channel. */
function shutdown(channels: Channels, client: Client, topic: string, message: string): void {
  const joinRef = client.topics.get(topic)?.joinRef ?? null;
  const channel = topic.slice(TOPIC_PREFIX.length);
  send(client, { join_ref: joinRef, ref: null, topic, event: 'system', payload: { extension: 'system', status: 'error', message, channel } });
  send(client, closeFrame(topic, joinRef));
  channels.leave(client, topic);
}

/** A socket silent for idleMs is closed, as Phoenix does; a channel whose token has expired is shut. */
export function sweepClient(channels: Channels, client: Client, now: number, idleMs: number): void {
  if (now - client.lastSeenMs > idleMs) {
    client.ws.close(1000, 'Idle timeout');
    return;
  }
  for (const [topic, joined] of client.topics) {
    const ago = Math.floor(now / 1000) - joined.exp;
    if (ago >= 0) shutdown(channels, client, topic, `Token has expired ${ago} seconds ago`);
  }
}

// The database's broadcasts (realtime.send → NOTIFY) fanned out to every socket joined to the topic. A live
// poke is coalesced over a short window and carries the pull window its phones spread over.
import { LIVE_GUARD_MS, LIVE_MAX_SPREAD_MS, LIVE_MIN_SPREAD_MS, readLivePoke } from '../../shared/live.ts';
import type { Db } from '../db/types.ts';
import { TOPIC_PREFIX, type Channels } from './channels.ts';
import { sendFrame } from './session.ts';
import { encodeFrame, type PhxMessage } from './wire.ts';

/**
 * Pulls per second the venue server takes comfortably: a poke's spread is subscribers / this. PGlite answers
 * about 409 no-change pulls a second; a poke pull costs a little more, so this is ~85 % of that.
 */
export const LIVE_PULL_BUDGET_PER_S = 350;
/** How often a venue server counts the servers sharing its database (a poke's spread is for all of them). */
const SERVER_RECOUNT_MS = 15_000;

/** A poke's pull window for this many listening phones: never a herd, never a long wait. */
export function spreadMs(subscribers: number): number {
  return Math.round(Math.min(LIVE_MAX_SPREAD_MS, Math.max(LIVE_MIN_SPREAD_MS, (subscribers / LIVE_PULL_BUDGET_PER_S) * 1000)));
}

const frames = (m: PhxMessage) => ({ '1.0.0': encodeFrame(m, '1.0.0'), '2.0.0': encodeFrame(m, '2.0.0') });

/** One frame to every socket of the topic; one that stopped reading is dropped, never waited for. */
function deliver(channels: Channels, topic: string, event: string, payload: unknown): void {
  const set = channels.members(topic);
  if (!set?.size) return;
  const out = frames({ join_ref: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event, payload } });
  for (const client of set) sendFrame(client, out[client.vsn]);
}

/**
 * Counts the venue servers on this database (Db.listeners) now and every SERVER_RECOUNT_MS: their phones'
 * pulls after a poke all land on it, so each spreads them as if it held every server's phones (phones are
 * spread evenly over servers). Returns the stop.
 */
export function countServers(db: Db, onCount: (servers: number) => void): () => void {
  const count = () =>
    void db.listeners().then(
      (n) => void onCount(n),
      () => undefined,
    );
  count();
  const recount = setInterval(count, SERVER_RECOUNT_MS);
  recount.unref();
  return () => clearInterval(recount);
}

/** A poke waiting for its window to end, by topic and event: the union of its NOTIFYs' tables. */
interface PendingPoke {
  tables: Set<string>;
  timer: NodeJS.Timeout;
  firstAt: number;
  lastAt: number;
}

/** The NOTIFY listener: broadcasts go out at once, pokes once their coalescing window has passed. */
export function broadcastFanOut(channels: Channels, opts: { coalesceMs: number; servers: () => number }): { onNotify(text: string): void; stop(): void } {
  const pending = new Map<string, PendingPoke>();

  const firePoke = (key: string, topic: string, event: string) => {
    const due = pending.get(key);
    pending.delete(key);
    if (!due) return;
    const listening = channels.count(topic);
    // The guard runs from the latest merged NOTIFY's arrival, so the time spent in the merge window is
    // not waited twice. The timer may fire a millisecond early by Date.now(): the window has passed all the same.
    const firedAt = Math.max(Date.now(), due.firstAt + opts.coalesceMs);
    const guard_ms = Math.max(0, LIVE_GUARD_MS - (firedAt - due.lastAt));
    deliver(channels, topic, event, { tables: [...due.tables].sort(), spread_ms: spreadMs(listening * opts.servers()), guard_ms });
  };

  const onNotify = (text: string) => {
    let message: { topic?: unknown; event?: unknown; payload?: unknown; private?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    const { event, payload } = message;
    // Private messages are for RLS-checked channels, which are never joined here.
    if (typeof message.topic !== 'string' || typeof event !== 'string' || message.private !== false) return;
    const topic = TOPIC_PREFIX + message.topic;
    const poke = readLivePoke(payload);
    if (!poke) return deliver(channels, topic, event, payload ?? {});
    // The guard starts here: the NOTIFY arrives after the commit, and every row of the transaction was
    // stamped before it (clock_timestamp() as it was written: supabase/migrations/20261129000100_sync_writer_watermark.sql).
    // An age counted from the transaction's start would start the guard too early for one that sat open before writing.
    const startedAt = Date.now();
    const key = `${topic}\n${event}`;
    const waiting = pending.get(key);
    if (waiting) {
      for (const t of poke.tables) waiting.tables.add(t);
      waiting.lastAt = Math.max(waiting.lastAt, startedAt);
      return;
    }
    const timer = setTimeout(() => firePoke(key, topic, event), opts.coalesceMs);
    pending.set(key, { tables: new Set(poke.tables), timer, firstAt: startedAt, lastAt: startedAt });
  };

  return {
    onNotify,
    stop() {
      for (const p of pending.values()) clearTimeout(p.timer);
      pending.clear();
    },
  };
}

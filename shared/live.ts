// The live show: the "something changed" poke that travels over Supabase Realtime broadcast.
// One copy for the migration's trigger (by value, see 20261128000100_live_pokes.sql), the venue server's
// websocket and the app. A poke never carries data: it only makes the phone pull (docs/DESIGN.md §4.4).

/** The public broadcast topic every visitor joins (supabase-js: `supabase.channel(LIVE_TOPIC)`). */
export const LIVE_TOPIC = 'show:catalogue';
/** The broadcast event the database sends once per changing statement on a mirrored table. */
export const LIVE_EVENT = 'changed';

/**
 * The poke's payload. `tables`: the mirrored tables that changed (from realtime.send in the trigger).
 * `spread_ms`: added by the venue server, which knows how many phones listen: the window over which
 * they spread their pulls. Hosted Supabase does not add it; the app then uses LIVE_DEFAULT_SPREAD_MS.
 * `guard_ms`: added by the venue server: how much of LIVE_GUARD_MS is still to run, counted from the (latest)
 * change's arrival at the server, after its commit, rather than from the poke's arrival at the phone: the
 * server's merge window and the hop are already past.
 * Unknown fields are ignored, so a later server may add more.
 */
export interface LivePoke {
  tables: string[];
  spread_ms?: number;
  guard_ms?: number;
}

/** SPEC §9: the client's realtime join time-out. */
export const LIVE_JOIN_TIMEOUT_MS = 10_000;
/** The pull spread when the server names none (hosted Supabase). */
export const LIVE_DEFAULT_SPREAD_MS = 1_000;
/** The venue server's spread bounds: never a herd, never a wait longer than this. */
export const LIVE_MIN_SPREAD_MS = 250;
export const LIVE_MAX_SPREAD_MS = 20_000;
/**
 * sync_pull holds back rows younger than its watermark (now() − 1 s, or older while a transaction that
 * wrote the catalogue is in flight): a pull answering a poke waits this long so the change is past the guard.
 */
export const LIVE_GUARD_MS = 1_100;
/** While the socket is up the periodic pull relaxes to this; when it is down, SYNC_INTERVAL_MS as before. */
export const LIVE_RELAXED_INTERVAL_MS = 5 * 60_000;

/** A poke from the wire, or null when it is not one (ignore it: a poke is only a hint). */
export function readLivePoke(payload: unknown): LivePoke | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { tables, spread_ms, guard_ms } = payload as Record<string, unknown>;
  if (!Array.isArray(tables) || !tables.every((t) => typeof t === 'string')) return null;
  const poke: LivePoke = { tables };
  const spread = bounded(spread_ms, LIVE_MAX_SPREAD_MS);
  if (spread !== undefined) poke.spread_ms = spread;
  const guard = bounded(guard_ms, LIVE_GUARD_MS);
  if (guard !== undefined) poke.guard_ms = guard;
  return poke;
}

/** A duration from the wire, capped; undefined when it is not one. */
function bounded(value: unknown, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, max) : undefined;
}

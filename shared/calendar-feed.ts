// The calendar feed a phone subscribes to (supabase/functions/calendar): its address names the sessions it
// holds, so no account is needed, and the same sessions always give the same address (ids sorted, once
// each). The app builds the address (shared/paths.ts), the function reads it back here.

export const CALENDAR_FEED = {
  /** The Edge Function's name: <SUPABASE_URL>/functions/v1/calendar. */
  functionName: 'calendar',
  /** Sessions one address may name; a longer list is refused (400), so an answer stays small. */
  maxSessions: 100,
  /** How long a phone or a proxy may reuse an answer without asking (Cache-Control max-age), in seconds. */
  maxAgeSeconds: 300,
  /** How often the calendar apps that read the hint poll (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshInterval: 'PT15M',
} as const;

/** The words of the feed's 400 answers. */
export const CALENDAR_FEED_ERRORS = {
  malformed: 'A calendar address names sessions by id: ?sessions=12,13,40',
  tooMany: `A calendar address names at most ${CALENDAR_FEED.maxSessions} sessions.`,
} as const;

/** A session id as the address writes it: a positive integer, at most 15 digits (a safe integer). */
const ID = /^[1-9][0-9]{0,14}$/;

/** The ids as an address lists them: whole positive numbers, sorted, each once. */
export function feedSessionIds(ids: Iterable<number>): number[] {
  return [...new Set([...ids].filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b);
}

type FeedQuery = { ok: true; ids: number[] } | { ok: false; error: string };

/** What parseFeedQuery reads of a URL's searchParams (a URLSearchParams). */
interface QueryParams {
  getAll(name: string): string[];
}

/** The sessions an address names (?sessions=12,13,40), or why it is refused. */
export function parseFeedQuery(params: QueryParams): FeedQuery {
  const lists = params.getAll('sessions');
  if (lists.length !== 1) return { ok: false, error: CALENDAR_FEED_ERRORS.malformed };
  const parts = lists[0]!.split(',');
  if (parts.length > CALENDAR_FEED.maxSessions) return { ok: false, error: CALENDAR_FEED_ERRORS.tooMany };
  if (!parts.every((p) => ID.test(p))) return { ok: false, error: CALENDAR_FEED_ERRORS.malformed };
  return { ok: true, ids: feedSessionIds(parts.map(Number)) };
}

// calendar: the iCalendar feed (RFC 5545) a phone's calendar subscribes to from My show, holding the
// sessions its address names (?sessions=12,13,40): their current times and places, a cancelled one marked
// STATUS:CANCELLED, the same UIDs as the app's .ics files and a SEQUENCE that grows with every change.
// Anonymous (a calendar app sends no key), GET and HEAD only, public columns only, at most
// CALENDAR_FEED.maxSessions ids (unknown ones are simply absent). The same sessions in the same state give
// the same bytes (DTSTAMP is their latest change, not the clock), so the ETag lets a poll end in a 304.
import { json } from '../_shared/http.ts';
import type { FunctionDeps, Handler } from '../_shared/deps.ts';
import { CALENDAR_FEED, parseFeedQuery } from '../../../shared/calendar-feed.ts';
import { calendarSessionOf, ICS_MIME_TYPE, ICS_TEXTS, sessionsCalendar, type SessionRow } from '../../../shared/ics.ts';

/** The database gets this long to answer both reads; a calendar app retries at its next poll. */
const READ_DEADLINE_MS = 8_000;
const SESSION_COLUMNS = 'id, event_id, schedule_date, start_time, end_time, title, description, location, status, updated_at, revision';
const EVENT_COLUMNS = 'id, name, time_zone';
const METHODS = 'GET, HEAD, OPTIONS';

const MESSAGES = {
  method: 'The calendar feed answers GET and HEAD only.',
  unavailable: 'The show’s schedule could not be read just now; the calendar will try again at its next refresh.',
} as const;

const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': METHODS, 'Access-Control-Expose-Headers': 'ETag, Last-Modified' };

interface EventRow {
  id: number;
  name: string;
  time_zone: string | null;
}

/** A weak validator made of the body's SHA-256 (weak: a host may compress the bytes on the way). */
async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  const b64 = btoa(String.fromCharCode(...digest.subarray(0, 18)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `W/"${b64}"`;
}

/** If-None-Match holds this validator (weak comparison, RFC 9110 §13.1.2), or "*". */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers.get('if-none-match');
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

async function readSessions(deps: FunctionDeps, ids: number[]): Promise<{ sessions: SessionRow[]; events: Map<number, EventRow> } | null> {
  if (ids.length === 0) return { sessions: [], events: new Map() };
  const signal = AbortSignal.timeout(READ_DEADLINE_MS);
  const sessions = await deps.admin
    .from('event_schedule')
    .select(SESSION_COLUMNS)
    .in('id', ids)
    .order('schedule_date')
    .order('start_time')
    .order('id')
    .abortSignal(signal);
  if (sessions.error) return null;
  const rows = sessions.data as unknown as SessionRow[];
  const eventIds = [...new Set(rows.map((s) => s.event_id))];
  if (eventIds.length === 0) return { sessions: rows, events: new Map() };
  const events = await deps.admin.from('events').select(EVENT_COLUMNS).in('id', eventIds).abortSignal(signal);
  if (events.error) return null;
  return { sessions: rows, events: new Map((events.data as EventRow[]).map((e) => [Number(e.id), e])) };
}

/** The latest change among the sessions: DTSTAMP and Last-Modified (the epoch for an empty feed). */
function latestChange(sessions: SessionRow[]): Date {
  const ms = Math.max(0, ...sessions.map((s) => Date.parse(s.updated_at)).filter(Number.isFinite));
  return new Date(Math.floor(ms / 1000) * 1000);
}

export function createCalendarHandler(deps: FunctionDeps): Handler {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...cors, 'Access-Control-Allow-Headers': 'if-none-match' } });
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: MESSAGES.method }, { ...cors, Allow: METHODS });

    const query = parseFeedQuery(new URL(req.url).searchParams);
    if (!query.ok) return json(400, { error: query.error }, cors);

    const read = await readSessions(deps, query.ids).catch(() => null);
    if (!read) return json(503, { error: MESSAGES.unavailable, retryable: true }, { ...cors, 'Retry-After': '60' });

    const stamp = latestChange(read.sessions);
    const body = sessionsCalendar(
      read.sessions.map((s) => calendarSessionOf(s, read.events.get(Number(s.event_id)))),
      { appOrigin: deps.siteUrl, now: stamp, name: ICS_TEXTS.calendarName(ICS_TEXTS.feedName), refreshInterval: CALENDAR_FEED.refreshInterval },
    );
    const etag = await etagOf(body);
    const headers = {
      ...cors,
      ETag: etag,
      'Cache-Control': `public, max-age=${CALENDAR_FEED.maxAgeSeconds}`,
      'Last-Modified': stamp.toUTCString(),
    };
    if (notModified(req, etag)) return new Response(null, { status: 304, headers });
    return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers: { ...headers, 'Content-Type': ICS_MIME_TYPE } });
  };
}

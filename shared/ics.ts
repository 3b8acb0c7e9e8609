// iCalendar (RFC 5545) of schedule sessions: the .ics files the app saves (the phone's own calendar rings
// ten minutes before a session even with the app closed and the phone offline) and the calendar feed a
// phone subscribes to (supabase/functions/calendar), written by this one module so a file and the feed
// name a session the same way. Times are written in UTC ("Z"): every calendar shows them in the phone's
// zone, and no VTIMEZONE rules have to be carried. UIDs come from the session id alone and SEQUENCE from
// the row's updated_at and revision, so adding the file again, or the feed's next poll, updates the
// entries (a moved or cancelled session too) instead of duplicating them.
import { eventTimeZone, sessionBounds, type ScheduleSession } from './schedule.ts';
import { paths } from './paths.ts';

/** The words written into the calendar entries (the buttons' words are in src/lib/share-texts.ts). */
export const ICS_TEXTS = {
  /** Put before a cancelled session's title in the calendar, as not every calendar shows STATUS. */
  cancelledPrefix: 'Cancelled: ',
  /** The alarm's text, ten minutes before the start. */
  alarm: (title: string) => `Starts in 10 minutes: ${title}`,
  /** The calendar's name, when a calendar app shows one. */
  calendarName: (name: string) => `PurrFect Show: ${name}`,
  /** What the subscribed feed is called in the phone's list of calendars. */
  feedName: 'My sessions',
} as const;

export interface CalendarSession {
  /** The session's row id: the UID is made from it alone. */
  id: string | number;
  title: string;
  start: Date;
  end: Date | null;
  location: string | null;
  eventName: string;
  /** The link back: a same-app path ("/events/3#session-12") or an absolute URL. */
  url: string;
  description?: string | null;
  /** Cancelled by the organiser: the entry stays, marked STATUS:CANCELLED, without an alarm. */
  cancelled?: boolean;
  /** The row's updated_at (ISO 8601): a later change gives a higher SEQUENCE. */
  updatedAt?: string | null;
  /**
   * The row's revision (event_schedule.revision, raised by the database on each change of what a calendar
   * shows): added to SEQUENCE, so two changes within one second of updated_at still raise it.
   */
  revision?: number | null;
}

export interface CalendarOptions {
  /** The app's root URL (origin plus base path) that same-app paths are resolved against. */
  appOrigin: string;
  /** DTSTAMP: when the file is made. */
  now: Date;
  /** X-WR-CALNAME, for calendar apps that name an imported calendar. */
  name?: string;
  /**
   * A subscribed feed's polling hint, an RFC 5545 duration ("PT15M"): REFRESH-INTERVAL (RFC 7986) and
   * X-PUBLISHED-TTL, which the calendar apps that poll read. A saved file has none.
   */
  refreshInterval?: string;
}

const ICS_PRODID = '-//PurrFect Show//Visitor app//EN';
/** The media type of a file and of the feed's answer. */
export const ICS_MIME_TYPE = 'text/calendar; charset=utf-8';
/** The alarm rings this long before the start (ten minutes). */
const ALARM_TRIGGER = '-PT10M';
/**
 * SEQUENCE counts seconds of updated_at since this instant, plus the row's revision, so it fits a 32-bit
 * integer until 2092. Files saved before revisions existed counted the seconds alone: every later SEQUENCE
 * of the same session is still higher than theirs.
 */
const SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);
const MAX_LINE_OCTETS = 75;

/** A stable UID for a session: the same in every file, whatever changed in the session. */
export const sessionUid = (id: string | number): string => `session-${id}@purrfect-show`;

/** What calendarSessionOf needs of an event_schedule row (the mirror's ScheduleSession, or the feed's select). */
export interface SessionRow extends ScheduleSession {
  title: string;
  description: string | null;
  location: string | null;
  updated_at: string;
  /** Not mirrored (older builds strip it): the feed reads it from the database. */
  revision?: number | null;
}

/** A session row as a calendar entry: its venue times as instants, a link to its place in the programme. */
export function calendarSessionOf(session: SessionRow, event: { name: string; time_zone?: string | null } | undefined): CalendarSession {
  const { start, end } = sessionBounds(session, eventTimeZone(event));
  return {
    id: session.id,
    title: session.title,
    start,
    end,
    location: session.location,
    eventName: event?.name ?? '',
    url: paths.eventSession(session.event_id, session.id),
    description: session.description,
    cancelled: session.status === 'cancelled',
    updatedAt: session.updated_at,
    revision: session.revision ?? null,
  };
}

/** An instant as an RFC 5545 UTC DATE-TIME: 20261127T091500Z. */
function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value escaped (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((ch) => !isControl(ch)) // other control characters are not allowed
    .join('');
}

function isControl(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (code < 0x20 && ch !== '\t') || code === 0x7f;
}

/** How many octets UTF-8 takes for a code point (shared/ runs where TextEncoder may not be a global). */
function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** One content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character, CRLF-ended. */
export function foldLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Octets(ch.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      out += '\r\n ';
      octets = 1; // the leading space of a continuation line counts
    }
    out += ch;
    octets += size;
  }
  return `${out}\r\n`;
}

function sequenceOf(updatedAt: string | null | undefined, revision: number | null | undefined): number {
  const ms = updatedAt ? Date.parse(updatedAt) : NaN;
  const seconds = Number.isFinite(ms) ? Math.max(0, Math.floor((ms - SEQUENCE_EPOCH_MS) / 1000)) : 0;
  return seconds + (Number.isSafeInteger(revision) && revision! > 0 ? revision! : 0);
}

function absoluteUrl(url: string, appOrigin: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  const root = appOrigin.replace(/\/+$/, '');
  return `${root}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** A URI value: no line breaks or spaces (it is not escaped like TEXT). */
const uriValue = (url: string) => encodeURI(decodeURIComponentSafe(url.replace(/[\r\n]/g, '')));

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function vevent(s: CalendarSession, opts: CalendarOptions): string[] {
  const url = uriValue(absoluteUrl(s.url, opts.appOrigin));
  const title = s.cancelled ? `${ICS_TEXTS.cancelledPrefix}${s.title}` : s.title;
  const description = [s.eventName, s.description ?? '', url].filter((part) => part.trim() !== '').join('\n');
  const lines = [
    'BEGIN:VEVENT',
    `UID:${sessionUid(s.id)}`,
    `DTSTAMP:${icsDateTime(opts.now)}`,
    `SEQUENCE:${sequenceOf(s.updatedAt, s.revision)}`,
    `DTSTART:${icsDateTime(s.start)}`,
  ];
  if (s.end && s.end.getTime() > s.start.getTime()) lines.push(`DTEND:${icsDateTime(s.end)}`);
  if (s.updatedAt && Number.isFinite(Date.parse(s.updatedAt))) lines.push(`LAST-MODIFIED:${icsDateTime(new Date(s.updatedAt))}`);
  lines.push(`SUMMARY:${escapeText(title)}`);
  if (s.location) lines.push(`LOCATION:${escapeText(s.location)}`);
  lines.push(`DESCRIPTION:${escapeText(description)}`, `URL:${url}`, `STATUS:${s.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  if (!s.cancelled) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:${ALARM_TRIGGER}`, `DESCRIPTION:${escapeText(ICS_TEXTS.alarm(s.title))}`, 'END:VALARM');
  }
  lines.push('END:VEVENT');
  return lines;
}

/** An iCalendar file of the given sessions, one VEVENT each: pure, the same input gives the same text. */
export function sessionsCalendar(sessions: CalendarSession[], opts: CalendarOptions): string {
  const lines = ['BEGIN:VCALENDAR', `PRODID:${ICS_PRODID}`, 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (opts.name) lines.push(`X-WR-CALNAME:${escapeText(opts.name)}`);
  if (opts.refreshInterval) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${opts.refreshInterval}`, `X-PUBLISHED-TTL:${opts.refreshInterval}`);
  for (const s of sessions) lines.push(...vevent(s, opts));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('');
}

/** A file name made of a title: "Winter Cat Show 2026" → "winter-cat-show-2026.ics". */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'purrfect-show'}.ics`;
}

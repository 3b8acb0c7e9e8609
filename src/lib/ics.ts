// iCalendar files (RFC 5545) of schedule sessions, so the phone's own calendar rings ten minutes before a
// session even with the app closed and the phone offline. Times are written in UTC ("Z"): every calendar
// shows them in the phone's zone, and no VTIMEZONE rules have to be carried. UIDs come from the session
// id alone and SEQUENCE from the row's updated_at, so adding the file again updates the entries (a moved
// or cancelled session too) instead of duplicating them.
import { eventTimeZone, sessionBounds, type ScheduleSession } from '../../shared/schedule.ts';
import { paths } from '../../shared/paths.ts';
import { CALENDAR_TEXTS } from './share-texts.ts';

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
}

export interface CalendarOptions {
  /** The app's root URL (origin plus base path) that same-app paths are resolved against. */
  appOrigin: string;
  /** DTSTAMP: when the file is made. */
  now: Date;
  /** X-WR-CALNAME, for calendar apps that name an imported calendar. */
  name?: string;
}

const ICS_PRODID = '-//PurrFect Show//Visitor app//EN';
const ICS_MIME_TYPE = 'text/calendar';
/** The alarm rings this long before the start (ten minutes). */
const ALARM_TRIGGER = '-PT10M';
/** SEQUENCE counts seconds of updated_at since this instant, so it fits a 32-bit integer until 2092. */
const SEQUENCE_EPOCH_MS = Date.UTC(2024, 0, 1);
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** A stable UID for a session: the same in every file, whatever changed in the session. */
export const sessionUid = (id: string | number): string => `session-${id}@purrfect-show`;

/** What calendarSessionOf needs of an event_schedule row (the mirror's ScheduleSession). */
export interface SessionRow extends ScheduleSession {
  title: string;
  description: string | null;
  location: string | null;
  updated_at: string;
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

/** One content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character, CRLF-ended. */
export function foldLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > MAX_LINE_OCTETS) {
      out += '\r\n ';
      octets = 1; // the leading space of a continuation line counts
    }
    out += ch;
    octets += size;
  }
  return `${out}\r\n`;
}

function sequenceOf(updatedAt: string | null | undefined): number {
  const ms = updatedAt ? Date.parse(updatedAt) : NaN;
  return Number.isFinite(ms) ? Math.max(0, Math.floor((ms - SEQUENCE_EPOCH_MS) / 1000)) : 0;
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
  const title = s.cancelled ? `${CALENDAR_TEXTS.cancelledPrefix}${s.title}` : s.title;
  const description = [s.eventName, s.description ?? '', url].filter((part) => part.trim() !== '').join('\n');
  const lines = ['BEGIN:VEVENT', `UID:${sessionUid(s.id)}`, `DTSTAMP:${icsDateTime(opts.now)}`, `SEQUENCE:${sequenceOf(s.updatedAt)}`, `DTSTART:${icsDateTime(s.start)}`];
  if (s.end && s.end.getTime() > s.start.getTime()) lines.push(`DTEND:${icsDateTime(s.end)}`);
  if (s.updatedAt && Number.isFinite(Date.parse(s.updatedAt))) lines.push(`LAST-MODIFIED:${icsDateTime(new Date(s.updatedAt))}`);
  lines.push(`SUMMARY:${escapeText(title)}`);
  if (s.location) lines.push(`LOCATION:${escapeText(s.location)}`);
  lines.push(`DESCRIPTION:${escapeText(description)}`, `URL:${url}`, `STATUS:${s.cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  if (!s.cancelled) {
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `TRIGGER:${ALARM_TRIGGER}`, `DESCRIPTION:${escapeText(CALENDAR_TEXTS.alarm(s.title))}`, 'END:VALARM');
  }
  lines.push('END:VEVENT');
  return lines;
}

/** An iCalendar file of the given sessions, one VEVENT each: pure, the same input gives the same text. */
export function sessionsCalendar(sessions: CalendarSession[], opts: CalendarOptions): string {
  const lines = ['BEGIN:VCALENDAR', `PRODID:${ICS_PRODID}`, 'VERSION:2.0', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (opts.name) lines.push(`X-WR-CALNAME:${escapeText(opts.name)}`);
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

/** Saves the calendar text as a file (a Blob, so it works offline); the phone offers to open it in its calendar. */
export function downloadCalendar(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${ICS_MIME_TYPE};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the Blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

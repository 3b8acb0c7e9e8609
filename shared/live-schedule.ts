// The live schedule: what an organiser's change to a session sends, worked out on the phone
// as ABSOLUTE target values when it is queued (a delay of 30 minutes travels as the new times), so a
// replay of the same operation ends in the same place; and how a visitor sees a changed session.
import { formatTime } from './dates.ts';

/** A notice is one line of at most this many characters (show_notices.message's check). */
export const NOTICE_MAX_LENGTH = 140;
/** A location name is at most this long (organiser_change_sessions checks it). */
export const LOCATION_MAX_LENGTH = 100;

export type SessionChange =
  | { id: number; action: 'set'; schedule_date: string; start_time: string; end_time: string; location: string | null }
  | { id: number; action: 'cancel' }
  | { id: number; action: 'restore' };

/** What a change needs of a session: its current values (the mirror's event_schedule row). */
export interface LiveSession {
  id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  location: string | null;
  status?: 'scheduled' | 'cancelled' | null;
  original_date?: string | null;
  original_start_time?: string | null;
  original_end_time?: string | null;
  original_location?: string | null;
}

export const LIVE_SCHEDULE_MESSAGES = {
  pastMidnight: 'A session must end on the same day: choose a smaller delay or an earlier time.',
  endBeforeStart: 'A session must end after it starts.',
  badTime: 'Enter a time as HH:MM.',
  badMinutes: 'Enter a delay in whole minutes, from -240 to 240, not 0.',
  noNotice: 'Write the notice first.',
  noticeTooLong: `A notice is at most ${NOTICE_MAX_LENGTH} characters.`,
  noticeEndPast: 'The end time has already passed.',
} as const;

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function timeOf(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** "HH:MM" or "HH:MM:SS" → "HH:MM:00"; null when it is not a time of day. */
export function normaliseTime(input: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(input.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? timeOf(h * 60 + min) : null;
}

type Result = { ok: true; changes: SessionChange[] } | { ok: false; message: string };

/** Every given session later (or earlier, minutes < 0) by `minutes`, keeping its length and place. */
export function delaySessions(sessions: readonly LiveSession[], minutes: number): Result {
  if (!Number.isInteger(minutes) || minutes === 0 || Math.abs(minutes) > 240) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.badMinutes };
  const changes: SessionChange[] = [];
  for (const s of sessions) {
    const start = minutesOf(s.start_time) + minutes;
    const end = minutesOf(s.end_time) + minutes;
    if (start < 0 || end >= MINUTES_PER_DAY) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.pastMidnight };
    changes.push({ id: s.id, action: 'set', schedule_date: s.schedule_date, start_time: timeOf(start), end_time: timeOf(end), location: s.location });
  }
  return { ok: true, changes };
}

/** The session at a new start time, keeping its length (or ending at `end` when given). */
export function retimeSession(session: LiveSession, start: string, end?: string): Result {
  const from = normaliseTime(start);
  const to = end ? normaliseTime(end) : null;
  if (!from || (end && !to)) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.badTime };
  const startMin = minutesOf(from);
  const endMin = to ? minutesOf(to) : startMin + minutesOf(session.end_time) - minutesOf(session.start_time);
  if (endMin <= startMin) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.endBeforeStart };
  if (endMin >= MINUTES_PER_DAY) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.pastMidnight };
  return {
    ok: true,
    changes: [{ id: session.id, action: 'set', schedule_date: session.schedule_date, start_time: from, end_time: timeOf(endMin), location: session.location }],
  };
}

/** The session in another location, at its current time. */
export function moveSession(session: LiveSession, location: string): SessionChange {
  const place = location.trim().slice(0, LOCATION_MAX_LENGTH);
  return {
    id: session.id,
    action: 'set',
    schedule_date: session.schedule_date,
    start_time: session.start_time,
    end_time: session.end_time,
    location: place === '' ? null : place,
  };
}

export const isCancelled = (s: Pick<LiveSession, 'status'>): boolean => s.status === 'cancelled';

/**
 * What a visitor reads on a changed session: "Moved from 14:00", "Moved from Ring 2",
 * "Moved from 14:00, Ring 2", "Moved from Saturday 14:00"; null when its time and place are unchanged.
 * `dayName` names another day (the schedule's own day format).
 */
export function movedFromText(s: LiveSession, dayName: (date: string) => string = (d) => d): string | null {
  if (s.original_start_time == null) return null;
  const parts: string[] = [];
  const otherDay = s.original_date != null && s.original_date !== s.schedule_date;
  const otherTime = otherDay || minutesOf(s.original_start_time) !== minutesOf(s.start_time);
  if (otherTime) parts.push(`${otherDay ? `${dayName(s.original_date!)} ` : ''}${formatTime(s.original_start_time)}`);
  if ((s.original_location ?? null) !== (s.location ?? null) && s.original_location) parts.push(s.original_location);
  return parts.length > 0 ? `Moved from ${parts.join(', ')}` : null;
}

/** The word a cancelled session carries (struck through as well, never by style alone). */
export const CANCELLED_TEXT = 'Cancelled';

/** The tag a session carries for a moment after it changed (or was cancelled) on screen (src/ui/session-change.tsx). */
export const JUST_CHANGED_TEXT = 'Just changed';
export const JUST_CANCELLED_TEXT = 'Just cancelled';

/** A notice still shows at `now`: it has no end, or its end is ahead. */
export function noticeShowing(notice: { ends_at: string | null }, now: Date): boolean {
  return notice.ends_at === null || Date.parse(notice.ends_at) > now.getTime();
}

/** Checks a notice before it is queued; the message trimmed, or why not. */
export function checkNotice(message: string, endsAt: Date | null, now: Date): { ok: true; message: string } | { ok: false; message: string } {
  const text = message.replace(/\s+/g, ' ').trim();
  if (text === '') return { ok: false, message: LIVE_SCHEDULE_MESSAGES.noNotice };
  if (text.length > NOTICE_MAX_LENGTH) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.noticeTooLong };
  if (endsAt && endsAt.getTime() <= now.getTime()) return { ok: false, message: LIVE_SCHEDULE_MESSAGES.noticeEndPast };
  return { ok: true, message: text };
}

// Schedule classification (SPEC §4): happening now, up next (within 2 hours, today), upcoming days.
// A session's date and times are wall-clock times at its event's venue, so "today" and every
// instant are worked out in that venue's time zone, whatever zone the visitor's phone is set to.
import { compareText } from './compare.ts';
import { deviceTimeZone, isValidTimeZone, zonedDateTime, zonedTimeToInstant } from './dates.ts';

export const UP_NEXT_WINDOW_MS = 2 * 60 * 60 * 1000;

export interface ScheduleSession {
  id: number;
  event_id: number;
  /** YYYY-MM-DD, at the venue. */
  schedule_date: string;
  /** HH:MM[:SS], at the venue. */
  start_time: string;
  end_time: string;
  /** 'cancelled' by an organiser: never Now, Up Next or upcoming; still listed in its day, marked. */
  status?: string | null;
}

/** The IANA zone a session's times are in (its event's time_zone). */
export type SessionZone<S extends ScheduleSession> = (session: S) => string;

// Instants are pure functions of (date, time, zone); the schedule is reclassified every second.
const INSTANT_CACHE_LIMIT = 10_000;
const instantCache = new Map<string, number>();

function instantMs(date: string, time: string, timeZone: string): number {
  const key = `${date}T${time}@${timeZone}`;
  let ms = instantCache.get(key);
  if (ms === undefined) {
    if (instantCache.size >= INSTANT_CACHE_LIMIT) instantCache.clear();
    ms = zonedTimeToInstant(date, time, timeZone).getTime();
    instantCache.set(key, ms);
  }
  return ms;
}

/** A session's start and end as instants; its times are read in `timeZone` (default: the device's). */
export function sessionBounds(s: ScheduleSession, timeZone: string = deviceTimeZone()): { start: Date; end: Date } {
  return { start: new Date(instantMs(s.schedule_date, s.start_time, timeZone)), end: new Date(instantMs(s.schedule_date, s.end_time, timeZone)) };
}

/** A session in the day-by-day programme: still to come (beyond Up Next), or over ("Ended"). */
interface ProgrammeItem<S extends ScheduleSession> {
  session: S;
  ended: boolean;
}

/** One day of the programme, without the sessions already listed under Happening Now and Up Next. */
export interface ProgrammeDay<S extends ScheduleSession> {
  date: string;
  items: ProgrammeItem<S>[];
  /** Today at the venue: where the "now" line goes (before items[nowLineAt]); null on other days. */
  nowLineAt: number | null;
  /** Every session of the day has ended (an earlier day of a running event). */
  past: boolean;
}

export interface ClassifiedSchedule<S extends ScheduleSession> {
  now: S[];
  next: S[];
  /** Sessions whose end is still ahead, on days from today on, grouped by date in order. */
  upcomingByDay: { date: string; sessions: S[] }[];
  /** Every day of the given sessions in order, ended sessions marked, Now and Up Next left out. */
  days: ProgrammeDay<S>[];
}

/**
 * Sorts sessions into happening now (today at the venue, start ≤ now ≤ end), up next (today at the
 * venue, starting within UP_NEXT_WINDOW_MS) and upcoming days (end still ahead, on days not before
 * the venue's today). Cancelled sessions are in none of these, only in their day of the programme.
 * `sessionZone` gives each session's venue zone; without it, the device's.
 */
export function classifySchedule<S extends ScheduleSession>(sessions: readonly S[], now: Date, sessionZone?: SessionZone<S>): ClassifiedSchedule<S> {
  const t = now.getTime();
  const device = sessionZone ? null : deviceTimeZone();
  const zoneOf = (s: S) => sessionZone?.(s) ?? device!;
  const todayIn = new Map<string, string>();
  const today = (zone: string) => {
    let date = todayIn.get(zone);
    if (date === undefined) {
      date = zonedDateTime(t, zone).date;
      todayIn.set(zone, date);
    }
    return date;
  };

  const timed = sessions.map((s) => {
    const zone = zoneOf(s);
    return { s, today: today(zone), start: instantMs(s.schedule_date, s.start_time, zone), end: instantMs(s.schedule_date, s.end_time, zone) };
  });
  // By venue date, then by the instant a session starts (events in other zones interleave correctly).
  timed.sort((a, b) =>
    a.s.schedule_date !== b.s.schedule_date ? (a.s.schedule_date < b.s.schedule_date ? -1 : 1) : a.start - b.start || a.end - b.end || a.s.id - b.s.id,
  );

  const out: ClassifiedSchedule<S> = { now: [], next: [], upcomingByDay: [], days: [] };
  const todayDates = new Set<string>();
  for (const { s, today, start, end } of timed) {
    const isToday = s.schedule_date === today;
    // The row holds the current times (an organiser's delay moves them), so only cancellation is special.
    const live = s.status !== 'cancelled';
    const isNow = live && isToday && start <= t && t <= end;
    const isNext = live && !isNow && isToday && start > t && start - t <= UP_NEXT_WINDOW_MS;
    if (isToday) todayDates.add(s.schedule_date);
    if (isNow) out.now.push(s);
    else if (isNext) out.next.push(s);
    if (live && end > t && s.schedule_date >= today) {
      const last = out.upcomingByDay.at(-1);
      if (last?.date === s.schedule_date) last.sessions.push(s);
      else out.upcomingByDay.push({ date: s.schedule_date, sessions: [s] });
    }

    let day = out.days.at(-1);
    if (day?.date !== s.schedule_date) {
      day = { date: s.schedule_date, items: [], nowLineAt: null, past: true };
      out.days.push(day);
    }
    const ended = end < t;
    if (!ended) day.past = false;
    // Sessions run in start order, so the line sits after the last one that has started.
    if (isToday && day.nowLineAt === null && start > t) day.nowLineAt = day.items.length;
    if (!isNow && !isNext) day.items.push({ session: s, ended });
  }
  // Today's day with nothing left to start: the line closes it.
  for (const day of out.days) if (todayDates.has(day.date)) day.nowLineAt ??= day.items.length;
  return out;
}

/** The zone events get when none is stored (the database default of events.time_zone). */
export const DEFAULT_EVENT_TIME_ZONE = 'Europe/Amsterdam';

/**
 * An event's venue zone: its time_zone, or the database default when a mirrored row predates the
 * column or the device's Intl does not know the zone.
 */
export function eventTimeZone(event: { time_zone?: string | null } | undefined): string {
  const zone = event?.time_zone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_EVENT_TIME_ZONE;
}

/**
 * The line telling a visitor which zone session times are in, or null when it is their device's zone.
 * `othersMarked`: some listed sessions are in other zones and name theirs.
 */
export function timeZoneNote(venueZone: string, deviceZone: string = deviceTimeZone(), othersMarked = false): string | null {
  if (sameTimeZone(venueZone, deviceZone)) return null;
  return `Times are in ${venueZone} time${othersMarked ? ' unless marked otherwise' : ''} (your device is set to ${deviceZone}).`;
}

/** What follows a clock showing the venue's time: "at the venue (Europe/Amsterdam)". */
export function venueClockNote(venueZone: string): string {
  return `at the venue (${venueZone})`;
}

const canonicalZones = new Map<string, string>();

/** Whether two zone names are the same zone (aliases such as Europe/Kiev and Europe/Kyiv included). */
export function sameTimeZone(a: string, b: string): boolean {
  if (a === b) return true;
  const canonical = (zone: string) => {
    let c = canonicalZones.get(zone);
    if (c === undefined) {
      try {
        c = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
      } catch {
        c = zone;
      }
      canonicalZones.set(zone, c);
    }
    return c;
  };
  return canonical(a) === canonical(b);
}

/** The UTC date `days` from `now`'s, as "YYYY-MM-DD". */
const utcDate = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Whether an event has not yet ended: its end_date is today or later at its venue. */
export function eventNotEnded(event: { end_date: string; time_zone?: string | null }, now: Date): boolean {
  // Every venue's date is within a day of UTC's (zones run from UTC−12 to UTC+14): an end two days off
  // either way needs no zone. Asking Intl costs a page's first use of it a long task (its data loads).
  if (event.end_date >= utcDate(now, 1)) return true;
  if (event.end_date < utcDate(now, -1)) return false;
  return event.end_date >= zonedDateTime(now, eventTimeZone(event)).date;
}

/** An event as the events list and the vote need it: its venue dates and zone. */
export interface VenueEvent {
  name: string;
  start_date: string;
  end_date: string;
  time_zone?: string | null;
}

/** Whether an event is on today at its venue (the events list's "On now"). */
export function eventRunning(event: { start_date: string; end_date: string; time_zone?: string | null }, now: Date): boolean {
  const today = zonedDateTime(now, eventTimeZone(event)).date;
  return event.start_date <= today && today <= event.end_date;
}

/**
 * The events not yet ended at their venues, the first to start first (then by name): the events list
 * (SPEC §2) shows them in this order, and the first is the event a vote goes to.
 */
export function upcomingEvents<E extends VenueEvent>(events: readonly E[], now: Date): E[] {
  return events.filter((e) => eventNotEnded(e, now)).sort((a, b) => compareText(a.start_date, b.start_date) || compareText(a.name, b.name));
}

/**
 * SPEC §7 "Read active event": the event not yet ended that starts first, judged by the venue's date
 * (as the events list is), never the phone's; undefined when every event has ended.
 */
export function activeEvent<E extends VenueEvent>(events: readonly E[], now: Date): E | undefined {
  return upcomingEvents(events, now)[0];
}

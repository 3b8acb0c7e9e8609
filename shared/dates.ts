// Date display (SPEC §9): en-GB for litters and the schedule, the visitor's locale elsewhere; and
// wall-clock times in a named IANA zone (a session's times are the venue's), with Intl only.

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD date as midnight UTC: calendar arithmetic and display with no zone or DST involved. */
function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
}

/** "21/11/2026". */
export function formatDateEnGb(date: string): string {
  return utcDate(date).toLocaleDateString('en-GB', { timeZone: 'UTC' });
}

/** "Saturday, 21 November 2026" for schedule day headings. */
export function formatScheduleDay(date: string): string {
  return utcDate(date).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** "10:00" from "10:00:00". */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

/** One formatter per locale, kept: making one costs far more than formatting (a list renders dozens of dates). */
const rangeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A show's dates in the visitor's locale (or the one given), the month in words so no visitor reads 11/12 as
 * 11 December: "20–22 Nov 2026" (en-GB), "Nov 20 – 22, 2026" (en-US); a one-day range is a single date.
 */
export function formatDateRange(start: string, end: string, locale?: string): string {
  let format = rangeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
    rangeFormats.set(locale, format);
  }
  return start === end ? format.format(utcDate(start)) : format.formatRange(utcDate(start), utcDate(end));
}

/** The YYYY-MM-DD date `days` after (or before) the given one. */
export function addDaysToDate(date: string, days: number): string {
  return new Date(utcDate(date).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

// ---- Wall-clock times in a time zone -------------------------------------------------------------

/** The zone the visitor's device is set to. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * "YYYY-MM-DD" of a moment on the visitor's device. For dates that belong to no venue (a quality label's
 * expiry); an event's or a session's "today" is its venue's: zonedDateTime(now, eventTimeZone(event)).
 */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // hourCycle h23: midnight is 00, never 24.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the zone (a zone the device's tz database lacks throws a RangeError there). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at an instant, as milliseconds of a UTC date with the same fields. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const ms = ((instantMs % 1000) + 1000) % 1000;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!, ms);
}

/** The zone's offset from UTC at an instant, in ms (Amsterdam in winter: +3 600 000). */
export function timeZoneOffsetMs(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return wallClockMs(ms, timeZone) - ms;
}

/** The date and time an instant shows on a clock in `timeZone`: { date: 'YYYY-MM-DD', time: 'HH:MM:SS' }. */
export function zonedDateTime(instant: Date | number, timeZone: string): { date: string; time: string } {
  const iso = new Date(wallClockMs(typeof instant === 'number' ? instant : instant.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/**
 * The instant when clocks in `timeZone` show `date` (YYYY-MM-DD) and `time` (HH:MM[:SS]).
 * Like Temporal's "compatible" choice: a time skipped by a DST change (02:30 when clocks jump from
 * 02:00 to 03:00) moves forward by the gap (03:30); a time that happens twice (clocks go back) is
 * the earlier one. Assumes at most one offset change within a day either side, as every zone has.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, hh!, mm ?? 0, ss ?? 0);
  const before = timeZoneOffsetMs(wall - DAY_MS, timeZone);
  const after = timeZoneOffsetMs(wall + DAY_MS, timeZone);
  const fits = [wall - before, wall - after].filter((t) => wallClockMs(t, timeZone) === wall);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In a gap: read the wall time with the offset in force before the change, which lands after it.
  return new Date(wall - before);
}

// Date display (SPEC §9): en-GB for litters and the schedule, the visitor's locale elsewhere.

/** A YYYY-MM-DD date as a local calendar date (no time-zone shift). */
export function parseLocalDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
}

export function formatDateEnGb(date: string): string {
  return parseLocalDate(date).toLocaleDateString('en-GB');
}

/** "Saturday 21 November 2026" for schedule day headings. */
export function formatScheduleDay(date: string): string {
  return parseLocalDate(date).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** "10:00" from "10:00:00". */
export function formatTime(time: string): string {
  return time.slice(0, 5);
}

export function formatLocalDate(date: string, locale?: string): string {
  return parseLocalDate(date).toLocaleDateString(locale);
}

// The live schedule's grouping: an event's sessions by day, then by location, in the order the console lists them;
// the days before today at the venue folded away, so a phone opens on today rather than scrolling through
// every day from the first.
import type { ScheduleSession } from '../../data/mirror.ts';
import { compareText } from '../../../shared/compare.ts';

/** The heading of the sessions that have no location. */
export const NO_LOCATION = 'No location';

/** What the grouping reads of a session. */
export type PlacedSession = Pick<ScheduleSession, 'id' | 'schedule_date' | 'start_time' | 'location'>;

interface LocationGroup<S extends PlacedSession = ScheduleSession> {
  location: string;
  sessions: S[];
}

export interface DayGroup<S extends PlacedSession = ScheduleSession> {
  date: string;
  places: LocationGroup<S>[];
}

/**
 * Days in date order; a day's locations in code-unit order (NO_LOCATION sorted among them); a location's
 * sessions by start time, then id.
 */
export function groupSessions<S extends PlacedSession>(sessions: readonly S[]): DayGroup<S>[] {
  const days = new Map<string, Map<string, S[]>>();
  const sorted = [...sessions].sort((a, b) => compareText(a.schedule_date, b.schedule_date) || compareText(a.start_time, b.start_time) || a.id - b.id);
  for (const s of sorted) {
    const day = days.get(s.schedule_date) ?? new Map<string, S[]>();
    days.set(s.schedule_date, day);
    const key = s.location ?? NO_LOCATION;
    day.set(key, [...(day.get(key) ?? []), s]);
  }
  return [...days].map(([date, places]) => ({
    date,
    places: [...places].sort(([a], [b]) => compareText(a, b)).map(([location, list]) => ({ location, sessions: list })),
  }));
}

/** A day of the live schedule and whether it is folded: a day before today at the venue is over. */
export interface ListedDay<S extends PlacedSession = ScheduleSession> extends DayGroup<S> {
  folded: boolean;
  /** Its sessions, every location's. */
  count: number;
}

/** The days as the console lists them: in date order, those before `today` (YYYY-MM-DD at the venue) folded. */
export function listDays<S extends PlacedSession>(days: readonly DayGroup<S>[], today: string): ListedDay<S>[] {
  return days.map((day) => ({ ...day, folded: day.date < today, count: day.places.reduce((n, place) => n + place.sessions.length, 0) }));
}

/** A folded day's summary line: "Friday 27 November 2026 (over, 48 sessions)". */
export const foldedDaySummary = (dayName: string, count: number) => `${dayName} (over, ${count} ${count === 1 ? 'session' : 'sessions'})`;

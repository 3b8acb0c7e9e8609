// The live schedule's grouping: an event's sessions by day, then by location, in the order the console lists them.
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

interface DayGroup<S extends PlacedSession = ScheduleSession> {
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

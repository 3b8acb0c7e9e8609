// Schedule classification (SPEC §4): happening now, up next (within 2 hours, today), upcoming days.

export const UP_NEXT_WINDOW_MS = 2 * 60 * 60 * 1000;

export interface ScheduleSession {
  id: number;
  event_id: number;
  /** YYYY-MM-DD */
  schedule_date: string;
  /** HH:MM[:SS] */
  start_time: string;
  end_time: string;
}

/** A session's start and end as instants in the visitor's local time zone. */
export function sessionBounds(s: ScheduleSession): { start: Date; end: Date } {
  const at = (time: string) => {
    const [y, m, d] = s.schedule_date.split('-').map(Number);
    const [hh, mm, ss] = time.split(':').map(Number);
    return new Date(y!, m! - 1, d!, hh!, mm!, ss ?? 0);
  };
  return { start: at(s.start_time), end: at(s.end_time) };
}

const localDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export interface ClassifiedSchedule<S extends ScheduleSession> {
  now: S[];
  next: S[];
  /** Sessions whose end is still ahead, on days from today on, grouped by date in order. */
  upcomingByDay: { date: string; sessions: S[] }[];
}

export function classifySchedule<S extends ScheduleSession>(sessions: readonly S[], now: Date): ClassifiedSchedule<S> {
  const today = localDate(now);
  const t = now.getTime();
  const sorted = [...sessions].sort((a, b) =>
    a.schedule_date === b.schedule_date ? a.start_time.localeCompare(b.start_time) : a.schedule_date.localeCompare(b.schedule_date),
  );
  const out: ClassifiedSchedule<S> = { now: [], next: [], upcomingByDay: [] };
  for (const s of sorted) {
    const { start, end } = sessionBounds(s);
    if (s.schedule_date === today && start.getTime() <= t && t <= end.getTime()) out.now.push(s);
    else if (s.schedule_date === today && start.getTime() > t && start.getTime() - t <= UP_NEXT_WINDOW_MS) out.next.push(s);
    if (end.getTime() > t && s.schedule_date >= today) {
      const last = out.upcomingByDay.at(-1);
      if (last?.date === s.schedule_date) last.sessions.push(s);
      else out.upcomingByDay.push({ date: s.schedule_date, sessions: [s] });
    }
  }
  return out;
}

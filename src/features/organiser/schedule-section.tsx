// "Live schedule": the event's sessions by day and location, each location with its delay-all form. The days
// before today at the venue are folded (each under its summary line), so today's is the first one open.
import type { ScheduleSession } from '../../data/mirror.ts';
import { ConsoleSection } from './console-section.tsx';
import { foldedDaySummary, groupSessions, listDays, NO_LOCATION, type ListedDay } from './group-sessions.ts';
import { LocationDelay } from './location-delay.tsx';
import { dayName, type AskChange } from './pending-change.ts';
import { SessionRow } from './session-row.tsx';

function DayPlaces({ day, locations, ask }: { day: ListedDay; locations: string[]; ask: AskChange }) {
  return day.places.map((place) => (
    <section key={place.location} className="console-place" aria-label={`${place.location}, ${dayName(day.date)}`}>
      <h4>{place.location}</h4>
      {place.location !== NO_LOCATION && <LocationDelay location={place.location} date={day.date} sessions={place.sessions} ask={ask} />}
      <ul className="console-sessions">
        {place.sessions.map((s) => (
          <SessionRow key={s.id} session={s} locations={locations} ask={ask} />
        ))}
      </ul>
    </section>
  ));
}

/** `locations`: every location of the event, offered when a session moves; `today`: YYYY-MM-DD at the venue. */
export function ScheduleSection({ sessions, locations, today, ask }: { sessions: ScheduleSession[]; locations: string[]; today: string; ask: AskChange }) {
  return (
    <ConsoleSection title="Live schedule">
      {sessions.length === 0 && <p className="muted">This event has no sessions yet.</p>}
      {listDays(groupSessions(sessions), today).map((day) =>
        day.folded ? (
          <details key={day.date} className="console-day is-over">
            <summary>
              <h3 id={`console-day-${day.date}`}>{foldedDaySummary(dayName(day.date), day.count)}</h3>
            </summary>
            <DayPlaces day={day} locations={locations} ask={ask} />
          </details>
        ) : (
          <section key={day.date} className="console-day" aria-labelledby={`console-day-${day.date}`}>
            <h3 id={`console-day-${day.date}`}>{dayName(day.date)}</h3>
            <DayPlaces day={day} locations={locations} ask={ask} />
          </section>
        ),
      )}
    </ConsoleSection>
  );
}

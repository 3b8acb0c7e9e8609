// "Live schedule": the event's sessions by day and location, each location with its delay-all form.
import type { ScheduleSession } from '../../data/mirror.ts';
import { ConsoleSection } from './console-section.tsx';
import { groupSessions, NO_LOCATION } from './group-sessions.ts';
import { LocationDelay } from './location-delay.tsx';
import { dayName, type AskChange } from './pending-change.ts';
import { SessionRow } from './session-row.tsx';

/** `locations`: every location of the event, offered when a session moves. */
export function ScheduleSection({ sessions, locations, ask }: { sessions: ScheduleSession[]; locations: string[]; ask: AskChange }) {
  return (
    <ConsoleSection title="Live schedule">
      {sessions.length === 0 && <p className="muted">This event has no sessions yet.</p>}
      {groupSessions(sessions).map((day) => (
        <section key={day.date} className="console-day" aria-labelledby={`console-day-${day.date}`}>
          <h3 id={`console-day-${day.date}`}>{dayName(day.date)}</h3>
          {day.places.map((place) => (
            <section key={place.location} className="console-place" aria-label={`${place.location}, ${dayName(day.date)}`}>
              <h4>{place.location}</h4>
              {place.location !== NO_LOCATION && <LocationDelay location={place.location} date={day.date} sessions={place.sessions} ask={ask} />}
              <ul className="console-sessions">
                {place.sessions.map((s) => (
                  <SessionRow key={s.id} session={s} locations={locations} ask={ask} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
    </ConsoleSection>
  );
}

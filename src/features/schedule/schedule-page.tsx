import { Link } from 'react-router';
import { db } from '../../data/app-data.ts';
import type { ScheduleSession, ShowEvent } from '../../data/rows.ts';
import { useMirror } from '../../data/use-mirror.ts';
import { formatScheduleDay, formatTime } from '../../lib/dates.ts';
import { classifySchedule } from '../../lib/schedule.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';

interface ScheduleData {
  sessions: ScheduleSession[];
  events: Map<number, ShowEvent>;
}

async function loadSchedule(): Promise<ScheduleData> {
  const [sessions, events] = await Promise.all([db.event_schedule.toArray(), db.events.toArray()]);
  return { sessions, events: new Map(events.map((e) => [e.id, e])) };
}

function SessionItem({ session, event }: { session: ScheduleSession; event: ShowEvent | undefined }) {
  return (
    <li className="session">
      <Link to={`/events/${session.event_id}`}>
        <span className="session-time">
          {formatTime(session.start_time)}–{formatTime(session.end_time)}
        </span>
        <span className="session-title">{session.title}</span>
        {session.location && <span className="session-location">{session.location}</span>}
        {event && <span className="session-event">{event.name}</span>}
      </Link>
    </li>
  );
}

export function SchedulePage() {
  const now = useNow();
  const view = useMirror(loadSchedule, [], 'Failed to fetch events', (d) => d.sessions.length === 0 && d.events.size === 0);
  if (view.state === 'loading') return <main className="page"><h1>Schedule</h1><Loading>Loading schedule...</Loading></main>;
  if (view.state === 'error') return <main className="page"><h1>Schedule</h1><ErrorBox>{view.message}</ErrorBox></main>;
  const { sessions, events } = view.data;
  const c = classifySchedule(sessions, now);
  const list = (items: ScheduleSession[]) => (
    <ul className="session-list">
      {items.map((s) => (
        <SessionItem key={s.id} session={s} event={events.get(s.event_id)} />
      ))}
    </ul>
  );
  return (
    <main className="page schedule">
      <h1>Schedule</h1>
      <p className="clock" aria-live="off">
        <time dateTime={now.toISOString()}>{now.toLocaleTimeString('en-GB')}</time>
      </p>
      <section aria-labelledby="now-heading">
        <h2 id="now-heading">Happening Now!</h2>
        {c.now.length ? list(c.now) : <p className="state-empty">No events at this moment</p>}
      </section>
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">Up Next</h2>
        {c.next.length ? list(c.next) : <p className="state-empty">No upcoming events in the next 2 hours</p>}
      </section>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming Sessions</h2>
        {c.upcomingByDay.length === 0 ? (
          <p className="state-empty">No upcoming events found</p>
        ) : (
          c.upcomingByDay.map((day) => (
            <section key={day.date} className="schedule-day">
              <h3>{formatScheduleDay(day.date)}</h3>
              {list(day.sessions)}
            </section>
          ))
        )}
      </section>
    </main>
  );
}

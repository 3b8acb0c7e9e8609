// /schedule: what is on now, up next and on the coming days (SPEC §2, §4), from the local mirror.
// Session times are wall-clock times at each event's venue, so they are classified in its zone.
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { db, useMirror, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
import { deviceTimeZone, formatScheduleDay, formatTime } from '../../../shared/dates.ts';
import { classifySchedule, eventTimeZone, sameTimeZone, timeZoneNote } from '../../../shared/schedule.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { paths } from '../../../shared/paths.ts';
import './schedule.css';

/** SPEC §9: the schedule clock refreshes every second. */
const CLOCK_REFRESH_MS = 1000;

interface ScheduleData {
  sessions: ScheduleSession[];
  events: Map<number, ShowEvent>;
}

async function loadSchedule(): Promise<ScheduleData> {
  const [sessions, events] = await Promise.all([db.event_schedule.toArray(), db.events.toArray()]);
  return { sessions, events: new Map(events.map((e) => [e.id, e])) };
}

function SessionItem({ session, event, zoneLabel }: { session: ScheduleSession; event: ShowEvent | undefined; zoneLabel: string | null }) {
  return (
    <li className="session">
      <Link to={paths.event(session.event_id)}>
        <span className="session-time">
          {formatTime(session.start_time)}–{formatTime(session.end_time)}
          {zoneLabel && <span className="session-zone">{zoneLabel}</span>}
        </span>
        <span className="session-title">{session.title}</span>
        {session.location && <span className="session-location">{session.location}</span>}
        {event && <span className="session-event">{event.name}</span>}
      </Link>
    </li>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="page schedule">
      <h1>Schedule</h1>
      {children}
    </main>
  );
}

export function SchedulePage() {
  const now = useNow(CLOCK_REFRESH_MS);
  const view = useMirror(loadSchedule, [], 'Failed to fetch events', (d) => d.sessions.length === 0 && d.events.size === 0);
  const data = view.state === 'ready' ? view.data : null;
  // Each event's venue zone, worked out once per mirror change rather than every second.
  const zoneOfEvent = useMemo(() => new Map([...(data?.events.values() ?? [])].map((e) => [e.id, eventTimeZone(e)])), [data]);

  if (view.state === 'loading') return <Page><Loading>Loading schedule...</Loading></Page>;
  if (view.state === 'error') return <Page><ErrorBox>{view.message}</ErrorBox></Page>;
  const { sessions, events } = view.data;
  const zoneOf = (s: ScheduleSession) => zoneOfEvent.get(s.event_id) ?? eventTimeZone(undefined);
  const c = classifySchedule(sessions, now, zoneOf);

  // Times are read in the zone of the soonest listed session's venue (the clock shows it too); the
  // note names it when the device is elsewhere, and sessions at venues in other zones name theirs.
  const device = deviceTimeZone();
  const shown = [...c.now, ...c.next, ...c.upcomingByDay.flatMap((d) => d.sessions)];
  const mainZone = shown[0] ? zoneOf(shown[0]) : null;
  const clockZone = mainZone ?? device;
  const zoneLabel = (s: ScheduleSession) => {
    const zone = zoneOf(s);
    return mainZone === null || sameTimeZone(zone, mainZone) ? null : `${zone} time`;
  };
  const note = mainZone && timeZoneNote(mainZone, device, shown.some((s) => zoneLabel(s) !== null));

  const list = (items: ScheduleSession[]) => (
    <ul className="session-list">
      {items.map((s) => (
        <SessionItem key={s.id} session={s} event={events.get(s.event_id)} zoneLabel={zoneLabel(s)} />
      ))}
    </ul>
  );
  return (
    <Page>
      <p className="clock schedule-clock" aria-live="off">
        <time dateTime={now.toISOString()}>{now.toLocaleTimeString('en-GB', { timeZone: clockZone })}</time>
        {!sameTimeZone(clockZone, device) && <span className="schedule-clock-zone"> at the venue ({clockZone})</span>}
      </p>
      {note && <p className="schedule-zone-note">{note}</p>}
      <section aria-labelledby="now-heading" className="schedule-section schedule-now">
        <h2 id="now-heading">Happening Now!</h2>
        {c.now.length ? list(c.now) : <p className="state-empty">No events at this moment</p>}
      </section>
      <section aria-labelledby="next-heading" className="schedule-section schedule-next">
        <h2 id="next-heading">Up Next</h2>
        {c.next.length ? list(c.next) : <p className="state-empty">No upcoming events in the next 2 hours</p>}
      </section>
      <section aria-labelledby="upcoming-heading" className="schedule-section schedule-upcoming">
        <h2 id="upcoming-heading">Upcoming Sessions</h2>
        {c.upcomingByDay.length === 0 ? (
          <p className="state-empty">No upcoming events found</p>
        ) : (
          c.upcomingByDay.map((day) => (
            <section key={day.date} className="schedule-day" aria-labelledby={`schedule-day-${day.date}`}>
              <h3 id={`schedule-day-${day.date}`}>
                <time dateTime={day.date}>{formatScheduleDay(day.date)}</time>
              </h3>
              {list(day.sessions)}
            </section>
          ))
        )}
      </section>
    </Page>
  );
}

// /events: events that have not yet ended at their venue, soonest first (SPEC §2), from the local mirror.
import { Link } from 'react-router';
import { db, useMirror, type ShowEvent } from '../../data/mirror.ts';
import { formatDateRange } from '../../../shared/dates.ts';
import { eventRunning, upcomingEvents } from '../../../shared/schedule.ts';
import { ShowImage } from '../../ui/image.tsx';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { paths } from '../../../shared/paths.ts';
import './events.css';

/** An event drops off the list when its last day is over at the venue; a minute's lag is fine. */
const REFRESH_MS = 60_000;

/** SPEC §7: events ordered by start_date ascending (then name, for a stable order). */
const loadEvents = () => db.events.orderBy('start_date').toArray();

function EventCard({ event, now }: { event: ShowEvent; now: Date }) {
  const running = eventRunning(event, now);
  const place = [event.city, event.country].filter(Boolean).join(', ');
  return (
    <li>
      <article className="card event-card" aria-labelledby={`event-${event.id}`}>
        <ShowImage path={event.event_picture_url} alt={event.name} width={428} height={240} size="card" className="card-image" />
        <div className="event-card-body">
          <h2 id={`event-${event.id}`}>{event.name}</h2>
          {running && <span className="event-badge">On now</span>}
          <p className="event-dates">
            <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
          </p>
          {place && <p className="event-place">{place}</p>}
          {event.expected_attendance !== null && <p className="event-attendance">Expected attendance: {event.expected_attendance.toLocaleString()}</p>}
          {event.description && <p className="event-description">{event.description}</p>}
          <p className="event-card-actions">
            <Link to={paths.event(event.id)} className="button" aria-label={`More Details about ${event.name}`}>
              More Details
            </Link>
          </p>
        </div>
      </article>
    </li>
  );
}

export function EventsPage() {
  const now = useNow(REFRESH_MS);
  const view = useMirror(loadEvents, [], 'Failed to fetch events', (events) => events.length === 0);
  const upcoming = view.state === 'ready' ? upcomingEvents(view.data, now) : [];
  return (
    <main className="page events">
      <h1>Upcoming Events</h1>
      {view.state === 'loading' && <Loading>Loading events...</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && upcoming.length === 0 && <Empty>No events found</Empty>}
      {upcoming.length > 0 && (
        <ul className="event-grid">
          {upcoming.map((e) => (
            <EventCard key={e.id} event={e} now={now} />
          ))}
        </ul>
      )}
    </main>
  );
}

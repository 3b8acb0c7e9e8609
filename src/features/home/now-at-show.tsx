// The home page's "Now at the show" strip: what is on now and next at the active event, linking to /schedule.
import { Link } from 'react-router';
import type { ScheduleSession } from '../../data/mirror.ts';
import { formatDateRange, formatTime } from '../../../shared/dates.ts';
import { classifySchedule, eventRunning, eventTimeZone } from '../../../shared/schedule.ts';
import { useNow } from '../../ui/use-now.ts';
import type { ShowNow } from './show-now.ts';

/** Sessions change on the minute; a few seconds' lag is fine. */
const REFRESH_MS = 15_000;
/** Parallel rings can make a long "now": the strip names a few, the schedule has them all. */
const MAX_LISTED = 3;

function Sessions({ label, sessions }: { label: string; sessions: ScheduleSession[] }) {
  if (sessions.length === 0) return null;
  const more = sessions.length - MAX_LISTED;
  return (
    <div className="show-now-group">
      <h3>{label}</h3>
      <ul>
        {sessions.slice(0, MAX_LISTED).map((s) => (
          <li key={s.id}>
            <span className="show-now-time">
              {formatTime(s.start_time)}–{formatTime(s.end_time)}
            </span>{' '}
            <span className="show-now-title">{s.title}</span>
            {s.location && <span className="show-now-location">{s.location}</span>}
          </li>
        ))}
        {more > 0 && <li className="show-now-more">and {more} more</li>}
      </ul>
    </div>
  );
}

export function NowAtShow({ show }: { show: ShowNow }) {
  const now = useNow(REFRESH_MS);
  const { event, sessions } = show;
  const running = eventRunning(event, now);
  const zone = eventTimeZone(event);
  const c = classifySchedule(sessions, now, () => zone);
  return (
    <section className="show-now" aria-labelledby="show-now-heading">
      <h2 id="show-now-heading">{running ? `Now at ${event.name}` : `Coming up: ${event.name}`}</h2>
      {!running && (
        <p>
          <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
          {event.city && `, ${event.city}`}
        </p>
      )}
      {running && c.now.length + c.next.length === 0 && <p>Nothing on right now.</p>}
      {running && (
        <div className="show-now-groups">
          <Sessions label="On now" sessions={c.now} />
          <Sessions label="Up next" sessions={c.next} />
        </div>
      )}
      <p className="show-now-link">
        <Link to="/schedule">See the full schedule</Link>
      </p>
    </section>
  );
}

// The home page's "Now at the show" strip: what is on now and next at the active event, linking to
// /schedule. It keeps one height whatever it says (loading, on now, coming up, nothing), so the tiles
// below never move when the mirror answers or the first sync lands (CLS).
import { Link } from 'react-router';
import type { ScheduleSession } from '../../data/mirror.ts';
import { formatDateRange, formatTime } from '../../../shared/dates.ts';
import { classifySchedule, eventRunning, eventTimeZone } from '../../../shared/schedule.ts';
import { useNow } from '../../ui/use-now.ts';
import { JUDGING_TEXTS } from '../../ui/judging-texts.ts';
import { paths } from '../../../shared/paths.ts';
import { movedFromText } from '../../../shared/live-schedule.ts';
import type { ShowNow } from './show-now.ts';

/** Sessions change on the minute; a few seconds' lag is fine. */
const REFRESH_MS = 15_000;

/** The first session of a group on one line each (title, then time and place); the count when there are more. */
function First({ label, sessions }: { label: string; sessions: ScheduleSession[] }) {
  const first = sessions[0];
  // Cancelled sessions are never on now or next; a moved one says where it was.
  const moved = first ? movedFromText(first) : null;
  return (
    <div className="show-now-group">
      <h3>{sessions.length > 1 ? `${label} (${sessions.length})` : label}</h3>
      {first ? (
        <p className="show-now-session">
          <span className="show-now-title">{first.title}</span>
          <span className="show-now-when">
            {formatTime(first.start_time)}–{formatTime(first.end_time)}
            {first.location && ` · ${first.location}`}
            {moved && ` · ${moved}`}
          </span>
        </p>
      ) : (
        <p className="show-now-session muted">Nothing</p>
      )}
    </div>
  );
}

export function NowAtShow({ show }: { show: ShowNow | null | undefined }) {
  const now = useNow(REFRESH_MS);
  let heading = 'Now at the show';
  let body;
  let link = (
    <Link to="/schedule" className="show-now-link">
      See the full schedule
    </Link>
  );
  if (show === undefined) {
    body = <p className="state state-loading">Loading what is on…</p>;
  } else if (show === null) {
    body = <p>No show is on right now.</p>;
    link = (
      <Link to="/events" className="show-now-link">
        See the events
      </Link>
    );
  } else if (!eventRunning(show.event, now)) {
    heading = `Coming up: ${show.event.name}`;
    body = (
      <p>
        <time dateTime={show.event.start_date}>{formatDateRange(show.event.start_date, show.event.end_date)}</time>
        {show.event.city && `, ${show.event.city}`}
      </p>
    );
  } else {
    // While the show runs, its rings are one tap away: who is called now.
    link = (
      <div className="show-now-links">
        {link}
        <Link to={paths.rings(show.event.id)} className="show-now-link">
          {JUDGING_TEXTS.homeRingsLink}
        </Link>
      </div>
    );
    const zone = eventTimeZone(show.event);
    const c = classifySchedule(show.sessions, now, () => zone);
    heading = `Now at ${show.event.name}`;
    body = (
      <div className="show-now-groups">
        <First label="On now" sessions={c.now} />
        <First label="Up next" sessions={c.next} />
      </div>
    );
  }
  return (
    <section className="show-now" aria-labelledby="show-now-heading">
      <h2 id="show-now-heading">{heading}</h2>
      {body}
      {link}
    </section>
  );
}

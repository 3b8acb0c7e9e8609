// /events/{id}: one event (SPEC §2) with its location, map and day-by-day programme, from the local mirror.
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { db, readEventHall, useMirror, useShowNoticesOf, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
import { formatDateRange, formatScheduleDay, formatTime } from '../../../shared/dates.ts';
import { eventTimeZone, timeZoneNote } from '../../../shared/schedule.ts';
import { HeroImage } from '../../ui/image.tsx';
import { ShowMap } from '../../ui/map/show-map.tsx';
import { DetailPageState } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { StarButton } from '../../ui/star-button.tsx';
import { sessionSnapshot } from '../../data/favourites.ts';
import './events.css';
import { compareText } from '../../../shared/compare.ts';
import { paths, sessionAnchor } from '../../../shared/paths.ts';
import { calendarSessionOf } from '../../../shared/ics.ts';
import { CALENDAR_TEXTS } from '../../lib/share-texts.ts';
import { CalendarButton } from '../../ui/calendar-button.tsx';
import { ShareButton } from '../../ui/share-button.tsx';
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';
import { JUDGING_TEXTS } from '../../ui/judging-texts.ts';
import { FLOOR_PLAN_TEXTS } from '../../ui/floor-plan-texts.ts';
import { ShowNotices } from '../../ui/show-notices.tsx';
import { JustChangedAnnouncer, SessionChangeMarks, sessionChangeClass, useJustChangedSessions } from '../../ui/session-change.tsx';

interface EventDetail {
  event: ShowEvent | undefined;
  sessions: ScheduleSession[];
  anyEvents: boolean;
  /** How many cats its catalogue holds (0: none published). */
  catalogueSize: number;
  /** It has a floor plan; its rings by schedule location (a session's "Show on the floor plan"). */
  hasPlan: boolean;
  rings: ReadonlyMap<string, number>;
}

/** A route id as a row id, or null when it cannot be one. */
const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadEvent(id: number | null): Promise<EventDetail> {
  const event = id === null ? undefined : await db.events.get(id);
  const anyEvents = event !== undefined || (await db.events.count()) > 0;
  if (!event) return { event, sessions: [], anyEvents, catalogueSize: 0, hasPlan: false, rings: new Map() };
  const [catalogueSize, hall] = await Promise.all([db.catalogue_entries.where('event_id').equals(event.id).count(), readEventHall(event.id)]);
  const rings = new Map(hall.places.flatMap((p) => (p.kind === 'ring' && p.location ? [[p.location, p.id] as const] : [])));
  // SPEC §7: the schedule ordered by schedule_date then start_time.
  const sessions = await db.event_schedule.where('event_id').equals(event.id).toArray();
  sessions.sort((a, b) => compareText(a.schedule_date, b.schedule_date) || compareText(a.start_time, b.start_time) || compareText(a.end_time, b.end_time) || a.id - b.id);
  return { event, sessions, anyEvents, catalogueSize, hasPlan: hall.plan !== null, rings };
}

function groupByDay(sessions: ScheduleSession[]): { date: string; sessions: ScheduleSession[] }[] {
  const days: { date: string; sessions: ScheduleSession[] }[] = [];
  for (const s of sessions) {
    const last = days.at(-1);
    if (last?.date === s.schedule_date) last.sessions.push(s);
    else days.push({ date: s.schedule_date, sessions: [s] });
  }
  return days;
}

/**
 * A link from the schedule (/events/{id}#session-{id}) lands on that session: the browser cannot scroll
 * there itself, as the programme renders only once the mirror has answered.
 */
function useScrollToSession(hash: string, ready: boolean) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !hash || done.current === hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, ready]);
}

function Programme({
  event,
  sessions,
  linked,
  just,
  rings,
}: {
  event: ShowEvent;
  sessions: ScheduleSession[];
  linked: string;
  just: ReadonlySet<number>;
  rings: ReadonlyMap<string, number>;
}) {
  const note = timeZoneNote(eventTimeZone(event));
  if (sessions.length === 0) return <p className="state-empty">No schedule has been published for this event yet.</p>;
  return (
    <>
      {note && <p className="event-zone-note">{note}</p>}
      {groupByDay(sessions).map((day) => (
        <section key={day.date} className="event-day" aria-labelledby={`day-${day.date}`}>
          <h3 id={`day-${day.date}`}>
            <time dateTime={day.date}>{formatScheduleDay(day.date)}</time>
          </h3>
          <ol className="event-sessions">
            {day.sessions.map((s) => (
              <li
                key={s.id}
                id={sessionAnchor(s.id)}
                tabIndex={-1}
                className={`${linked === `#${sessionAnchor(s.id)}` ? 'event-session is-linked' : 'event-session'}${sessionChangeClass(s, just.has(s.id))}`}
              >
                <span className="event-session-time">
                  <span className="session-time-range">
                    <time dateTime={`${day.date}T${formatTime(s.start_time)}`}>{formatTime(s.start_time)}</time>–
                    <time dateTime={`${day.date}T${formatTime(s.end_time)}`}>{formatTime(s.end_time)}</time>
                  </span>
                  <SessionChangeMarks session={s} just={just.has(s.id)} />
                </span>
                <span className="event-session-title">{s.title}</span>
                {s.description && <span className="event-session-description">{s.description}</span>}
                {s.location && <span className="event-session-location">{s.location}</span>}
                <div className="event-session-actions">
                  <span className="star-slot event-session-star">
                    <StarButton kind="session" id={s.id} label={s.title} snapshot={sessionSnapshot(s)} />
                  </span>
                  <CalendarButton
                    sessions={() => [calendarSessionOf(s, event)]}
                    name={s.title}
                    text={CALENDAR_TEXTS.addSession}
                    label={CALENDAR_TEXTS.addSessionLabel(s.title)}
                  />
                  <ShareButton title={s.title} path={paths.eventSession(event.id, s.id)} qr={false} about={s.title} />
                  {s.location && rings.has(s.location) && (
                    <Link
                      className="event-session-plan"
                      to={paths.floorPlan(event.id, { place: rings.get(s.location)! })}
                      aria-label={FLOOR_PLAN_TEXTS.showOnPlanLabel(s.location)}
                    >
                      {FLOOR_PLAN_TEXTS.showOnPlan}
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

export function EventPage() {
  const { id: rawId } = useParams();
  const id = rowId(rawId);
  const view = useMirror(
    () => loadEvent(id),
    [id],
    'Failed to fetch event',
    (d) => !d.anyEvents,
  );
  useDocumentTitle(view.state !== 'ready' ? 'Event' : (view.data.event?.name ?? 'Event not found'));
  const { hash } = useLocation();
  useScrollToSession(hash, view.state === 'ready' && view.data.sessions.length > 0);
  const sessionsShown = view.state === 'ready' ? view.data.sessions : undefined;
  const just = useJustChangedSessions(sessionsShown);
  // The organisers' notices of this event sit above its schedule, as on /schedule.
  const notices = useShowNoticesOf(id === null ? [] : [id]);
  const back = (
    <Link to="/events" className="event-back-link">
      ← All events
    </Link>
  );
  if (view.state !== 'ready') return <DetailPageState back={back} view={view} loading="Loading event..." />;
  const { event, sessions, catalogueSize, hasPlan, rings } = view.data;
  if (!event) {
    return (
      <main className="page">
        {back}
        <h1>Event not found</h1>
      </main>
    );
  }
  const cityLine = [event.postal_code, event.city].filter(Boolean).join(' ');
  const address = [event.street_address, cityLine, event.country].filter(Boolean).join(', ');
  return (
    <main className="page event-detail">
      {back}
      <HeroImage path={event.event_picture_url} alt={event.name} width={1280} height={384} />
      <h1>{event.name}</h1>
      <div className="star-slot">
        <StarButton kind="event" id={event.id} label={event.name} snapshot={{ start_date: event.start_date, end_date: event.end_date }} />
      </div>
      <ShareButton title={event.name} path={paths.event(event.id)} />
      <dl className="event-facts">
        <div>
          <dt>Dates</dt>
          <dd>
            <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
          </dd>
        </div>
        {event.expected_attendance !== null && (
          <div>
            <dt>Expected attendance</dt>
            <dd>{event.expected_attendance.toLocaleString()} visitors</dd>
          </div>
        )}
      </dl>
      {event.description && <p className="event-detail-description">{event.description}</p>}
      {catalogueSize > 0 && (
        <>
          <p className="event-catalogue-link">
            <Link to={paths.catalogue(event.id)}>{CATALOGUE_TEXTS.eventLink(catalogueSize)}</Link>
          </p>
          {/* Calls and results name the catalogue's cats: a show without one has neither. */}
          <p className="event-catalogue-link">
            <Link to={paths.rings(event.id)}>{JUDGING_TEXTS.eventRingsLink}</Link>
          </p>
          <p className="event-catalogue-link">
            <Link to={paths.results(event.id)}>{JUDGING_TEXTS.eventResultsLink}</Link>
          </p>
        </>
      )}
      {hasPlan && (
        <p className="event-catalogue-link">
          <Link to={paths.floorPlan(event.id)}>{FLOOR_PLAN_TEXTS.showOnPlan}</Link>
        </p>
      )}

      <section className="event-location" aria-labelledby="location-heading">
        <h2 id="location-heading">Location</h2>
        <div className="event-location-body">
          <address className="event-address">
            {event.venue_name && <span className="event-venue">{event.venue_name}</span>}
            {event.street_address && <span>{event.street_address}</span>}
            {cityLine && <span>{cityLine}</span>}
            {event.country && <span>{event.country}</span>}
          </address>
          <ShowMap latitude={event.latitude} longitude={event.longitude} address={address} label={event.venue_name ?? event.name} addressShown />
        </div>
      </section>

      <section className="event-schedule" aria-labelledby="schedule-heading">
        <h2 id="schedule-heading">Schedule</h2>
        <ShowNotices notices={notices} />
        <JustChangedAnnouncer sessions={sessionsShown} just={just} />
        {sessions.length > 0 && (
          <div className="event-calendar">
            <CalendarButton sessions={() => sessions.map((s) => calendarSessionOf(s, event))} name={event.name} text={CALENDAR_TEXTS.addEvent} announce />
          </div>
        )}
        <Programme event={event} sessions={sessions} linked={hash} just={just} rings={rings} />
      </section>
    </main>
  );
}

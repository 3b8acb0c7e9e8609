// /schedule: what is on now, up next and day by day (SPEC §2, §4), from the local mirror. It opens on the
// show the visitor is at (the active event), the others one tap away, and can be narrowed to one location.
// Session times are wall-clock times at each event's venue, so they are classified in its zone.
import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { db, readEventHall, readEventsWithPlans, useMirror, useShowNoticesOf, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
import { deviceTimeZone, formatScheduleDay, formatTime, zonedDateTime } from '../../../shared/dates.ts';
import { compareText } from '../../../shared/compare.ts';
import { activeEvent, classifySchedule, eventTimeZone, sameTimeZone, timeZoneNote, upcomingEvents, venueClockNote, type ProgrammeDay } from '../../../shared/schedule.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { JustChangedAnnouncer, SessionChangeMarks, sessionChangeClass, useJustChangedSessions } from '../../ui/session-change.tsx';
import { ShowNotices } from '../../ui/show-notices.tsx';
import { useNow } from '../../ui/use-now.ts';
import { StarButton } from '../../ui/star-button.tsx';
import { sessionSnapshot } from '../../data/favourites.ts';
import { paths } from '../../../shared/paths.ts';
import { calendarSessionOf } from '../../../shared/ics.ts';
import { CALENDAR_TEXTS } from '../../lib/share-texts.ts';
import { CalendarButton } from '../../ui/calendar-button.tsx';
import { FLOOR_PLAN_TEXTS } from '../../ui/floor-plan-texts.ts';
import './schedule.css';

/** SPEC §9: the schedule clock refreshes every second. */
const CLOCK_REFRESH_MS = 1000;
/** The ?event= value that lists every event not yet ended. */
const ALL_EVENTS = 'all';
const NOW_LINE_ID = 'schedule-now-line';

interface ScheduleData {
  sessions: ScheduleSession[];
  events: Map<number, ShowEvent>;
  /** The rings of the events' floor plans, by ringKey: a session's "Show on the floor plan". */
  rings: Map<string, number>;
}

const ringKey = (eventId: number, location: string) => `${eventId}\n${location}`;

async function loadSchedule(): Promise<ScheduleData> {
  const [sessions, events, withPlans] = await Promise.all([db.event_schedule.toArray(), db.events.toArray(), readEventsWithPlans()]);
  const halls = await Promise.all(withPlans.map(readEventHall));
  const rings = new Map(halls.flatMap((h) => h.places.flatMap((p) => (p.kind === 'ring' && p.location ? [[ringKey(h.eventId, p.location), p.id] as const] : []))));
  return { sessions, events: new Map(events.map((e) => [e.id, e])), rings };
}

interface SessionItemProps {
  session: ScheduleSession;
  /** Its event: the calendar entry's venue zone and name. */
  event: ShowEvent | undefined;
  /** Named on the session only when several events are listed. */
  eventName: string | null;
  zoneLabel: string | null;
  ended?: boolean;
  /** It changed on screen a moment ago. */
  just: boolean;
  /** Its ring on the event's floor plan, when the plan has it. */
  ringPlaceId: number | undefined;
}

function SessionItem({ session, event, eventName, zoneLabel, ended = false, just, ringPlaceId }: SessionItemProps) {
  return (
    <li className={`${ended ? 'session is-ended' : 'session'}${sessionChangeClass(session, just)}`}>
      <Link to={paths.eventSession(session.event_id, session.id)}>
        <span className="session-time">
          <span className="session-time-range">
            {formatTime(session.start_time)}–{formatTime(session.end_time)}
          </span>
          {ended && <span className="session-ended">Ended</span>}
          <SessionChangeMarks session={session} just={just} />
          {zoneLabel && <span className="session-zone">{zoneLabel}</span>}
        </span>
        <span className="session-title">{session.title}</span>
        {session.location && <span className="session-location">{session.location}</span>}
        {eventName && <span className="session-event">{eventName}</span>}
      </Link>
      <div className="session-actions">
        <span className="star-slot session-star">
          <StarButton kind="session" id={session.id} label={session.title} snapshot={sessionSnapshot(session)} />
        </span>
        <CalendarButton
          sessions={() => [calendarSessionOf(session, event)]}
          name={session.title}
          text={CALENDAR_TEXTS.addSession}
          label={CALENDAR_TEXTS.addSessionLabel(session.title)}
        />
        {ringPlaceId !== undefined && session.location && (
          <Link className="session-plan" to={paths.floorPlan(session.event_id, { place: ringPlaceId })} aria-label={FLOOR_PLAN_TEXTS.showOnPlanLabel(session.location)}>
            {FLOOR_PLAN_TEXTS.showOnPlan}
          </Link>
        )}
      </div>
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

function jumpToNow() {
  const line = document.getElementById(NOW_LINE_ID);
  if (!line) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  line.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  line.focus({ preventScroll: true });
}

/** The event chips and the location select: what the list shows, kept in the address. */
function ScheduleFilters({
  choices,
  chosen,
  locations,
  location,
  choose,
}: {
  choices: ShowEvent[];
  chosen: ShowEvent | null;
  locations: string[];
  location: string | null;
  choose: (key: 'event' | 'location', value: string | null) => void;
}) {
  return (
    <>
      {choices.length > 1 && (
        <div className="schedule-filter" role="group" aria-label="Event">
          {choices.map((e) => (
            <button key={e.id} type="button" className="chip" aria-pressed={chosen?.id === e.id} onClick={() => choose('event', String(e.id))}>
              {e.name}
            </button>
          ))}
          <button type="button" className="chip" aria-pressed={chosen === null} onClick={() => choose('event', ALL_EVENTS)}>
            All events
          </button>
        </div>
      )}
      {locations.length > 1 && (
        <p className="schedule-location">
          <label htmlFor="schedule-location">Location</label>
          <select id="schedule-location" value={location ?? ''} onChange={(e) => choose('location', e.target.value || null)}>
            <option value="">All locations</option>
            {locations.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </p>
      )}
    </>
  );
}

/** The venue's clock, its zone when the device is elsewhere, and the jump to the now line. */
function ScheduleClock({ now, clockTime, clockZone, device, hasNowLine }: { now: Date; clockTime: string; clockZone: string; device: string; hasNowLine: boolean }) {
  return (
    <div className="schedule-clock-row">
      <p className="clock schedule-clock" aria-live="off">
        <time dateTime={now.toISOString()}>{clockTime}</time>
        {!sameTimeZone(clockZone, device) && <span className="schedule-clock-zone"> {venueClockNote(clockZone)}</span>}
      </p>
      {hasNowLine && (
        <button type="button" className="secondary schedule-jump" onClick={jumpToNow}>
          Jump to now
        </button>
      )}
    </div>
  );
}

export function SchedulePage() {
  const now = useNow(CLOCK_REFRESH_MS);
  const view = useMirror(loadSchedule, [], 'Failed to fetch events', (d) => d.sessions.length === 0 && d.events.size === 0);
  const [params, setParams] = useSearchParams();
  const data = view.state === 'ready' ? view.data : null;
  // Each event's venue zone, worked out once per mirror change rather than every second.
  const allNotices = useShowNoticesOf(null);
  const just = useJustChangedSessions(data?.sessions);
  const zoneOfEvent = useMemo(() => new Map([...(data?.events.values() ?? [])].map((e) => [e.id, eventTimeZone(e)])), [data]);

  if (view.state === 'loading')
    return (
      <Page>
        <Loading>Loading schedule...</Loading>
      </Page>
    );
  if (view.state === 'error')
    return (
      <Page>
        <ErrorBox>{view.message}</ErrorBox>
      </Page>
    );
  const { sessions, events, rings } = view.data;
  const ringOf = (s: ScheduleSession) => (s.location ? rings.get(ringKey(s.event_id, s.location)) : undefined);
  const zoneOf = (s: ScheduleSession) => zoneOfEvent.get(s.event_id) ?? eventTimeZone(undefined);

  // The show the visitor is at unless they chose another (or all); ended events are not offered.
  const choices = upcomingEvents([...events.values()], now);
  const wanted = params.get('event');
  const chosen: ShowEvent | null = wanted === ALL_EVENTS ? null : (choices.find((e) => String(e.id) === wanted) ?? activeEvent(choices, now) ?? null);
  const inScope = new Set(chosen ? [chosen.id] : choices.map((e) => e.id));
  const scoped = sessions.filter((s) => inScope.has(s.event_id));
  const locations = [...new Set(scoped.map((s) => s.location).filter((l): l is string => !!l))].sort(compareText);
  const wantedLocation = params.get('location');
  const location = wantedLocation !== null && locations.includes(wantedLocation) ? wantedLocation : null;
  const shown = location === null ? scoped : scoped.filter((s) => s.location === location);
  const c = classifySchedule(shown, now, zoneOf);

  const choose = (key: 'event' | 'location', value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        // Another event has other locations.
        if (key === 'event') next.delete('location');
        return next;
      },
      { replace: true },
    );

  // Times are read in the chosen event's zone, or with all events in that of the soonest listed session's
  // venue (the clock shows it too); the note names it when the device is elsewhere, and sessions at
  // venues in other zones name theirs.
  const device = deviceTimeZone();
  const upcoming = [...c.now, ...c.next, ...c.upcomingByDay.flatMap((d) => d.sessions)];
  const mainZone = chosen ? eventTimeZone(chosen) : upcoming[0] ? zoneOf(upcoming[0]) : null;
  const clockZone = mainZone ?? device;
  const zoneLabel = (s: ScheduleSession) => {
    const zone = zoneOf(s);
    return mainZone === null || sameTimeZone(zone, mainZone) ? null : `${zone} time`;
  };
  const note =
    mainZone &&
    timeZoneNote(
      mainZone,
      device,
      upcoming.some((s) => zoneLabel(s) !== null),
    );
  const eventName = (s: ScheduleSession) => (chosen ? null : (events.get(s.event_id)?.name ?? null));

  const list = (items: ScheduleSession[]) => (
    <ul className="session-list">
      {items.map((s) => (
        <SessionItem
          key={s.id}
          session={s}
          event={events.get(s.event_id)}
          eventName={eventName(s)}
          zoneLabel={zoneLabel(s)}
          just={just.has(s.id)}
          ringPlaceId={ringOf(s)}
        />
      ))}
    </ul>
  );
  const earlierDays = c.days.filter((d) => d.past && d.nowLineAt === null);
  const days = c.days.filter((d) => !earlierDays.includes(d));
  const hasNowLine = days.some((d) => d.nowLineAt !== null);
  const clockTime = zonedDateTime(now, clockZone).time;
  const day = (d: ProgrammeDay<ScheduleSession>) => {
    const items = d.items.map(({ session, ended }) => (
      <SessionItem
        key={session.id}
        session={session}
        event={events.get(session.event_id)}
        eventName={eventName(session)}
        zoneLabel={zoneLabel(session)}
        ended={ended}
        just={just.has(session.id)}
        ringPlaceId={ringOf(session)}
      />
    ));
    if (d.nowLineAt !== null) {
      const aboveCount = c.now.length + c.next.length;
      items.splice(
        d.nowLineAt,
        0,
        <li key="now" id={NOW_LINE_ID} className="schedule-now-line" tabIndex={-1}>
          <span className="schedule-now-line-label">Now, {clockTime.slice(0, 5)}</span>
          {aboveCount > 0 && <span className="schedule-now-line-hint">On now and up next: see the top of the page</span>}
        </li>,
      );
    }
    return (
      <section key={d.date} className="schedule-day" aria-labelledby={`schedule-day-${d.date}`}>
        <h3 id={`schedule-day-${d.date}`}>
          <time dateTime={d.date}>{formatScheduleDay(d.date)}</time>
        </h3>
        <ul className="session-list">{items}</ul>
      </section>
    );
  };

  return (
    <Page>
      <ShowNotices notices={allNotices?.filter((n) => inScope.has(n.event_id))} />
      <JustChangedAnnouncer sessions={shown} just={just} />
      <ScheduleFilters choices={choices} chosen={chosen} locations={locations} location={location} choose={choose} />
      <p className="schedule-showing" aria-live="polite">
        {`Showing ${chosen ? chosen.name : 'all events'}${location ? `, ${location} only` : ''}`}
      </p>
      <ScheduleClock now={now} clockTime={clockTime} clockZone={clockZone} device={device} hasNowLine={hasNowLine} />
      {note && <p className="schedule-zone-note">{note}</p>}
      <section aria-labelledby="now-heading" className="schedule-section schedule-now">
        <h2 id="now-heading">Happening Now!</h2>
        {c.now.length ? list(c.now) : <p className="state-empty">No events at this moment</p>}
      </section>
      <section aria-labelledby="next-heading" className="schedule-section schedule-next">
        <h2 id="next-heading">Up Next</h2>
        {c.next.length ? list(c.next) : <p className="state-empty">No upcoming events in the next 2 hours</p>}
      </section>
      <section aria-labelledby="programme-heading" className="schedule-section schedule-upcoming">
        <h2 id="programme-heading">Day by day</h2>
        {c.upcomingByDay.length === 0 && <p className="state-empty">No upcoming events found</p>}
        {earlierDays.length > 0 && (
          <details className="schedule-earlier">
            <summary>Earlier days ({earlierDays.length}), all ended</summary>
            {earlierDays.map(day)}
          </details>
        )}
        {days.map(day)}
      </section>
    </Page>
  );
}

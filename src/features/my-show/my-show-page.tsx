// /my-show: what the visitor starred, from the favourites store (data/favourites.ts)
// read beside the mirror. A starred row the show has since deleted is listed from its snapshot as
// "No longer in the show", with a way to remove it; nothing disappears silently.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { db, useMirror, type Advertiser, type Breed, type CatalogueEntry, type Cattery, type Litter, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
import { listFavourites, removeFavourite, type Favourite, type FavouriteKind, type SessionSnapshot } from '../../data/favourites.ts';
import { formatDateRange, formatScheduleDay, formatTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { classifySchedule, eventTimeZone, sessionBounds } from '../../../shared/schedule.ts';
import { availabilityText } from '../../ui/litter-availability.ts';
import { MY_SHOW_TEXTS as T, REMINDER_TEXTS } from '../../ui/my-show-texts.ts';
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';
import { SessionChangeMarks, sessionChangeClass } from '../../ui/session-change.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { CalendarButton } from '../../ui/calendar-button.tsx';
import { calendarSessionOf } from '../../../shared/ics.ts';
import { CALENDAR_FEED } from '../../../shared/calendar-feed.ts';
import { appConfig } from '../../config.ts';
import { CalendarSubscription } from '../../ui/calendar-subscription.tsx';
import { rememberSubscribedFeed, subscribedFeed } from './subscribed-feed.ts';
import { CALENDAR_TEXTS } from '../../lib/share-texts.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { notificationStanding, turnOffReminders, turnOnReminders, type NotificationStanding } from './reminder-setting.ts';
import './my-show.css';

/** Happening Now / Up Next marks move on with the clock; a quarter minute is close enough for a list. */
const MARKS_REFRESH_MS = 15_000;

/** A starred row with its mirror row, or null when the show no longer has it. */
interface Starred<R> {
  fav: Favourite;
  row: R | null;
}

interface MyShowData {
  favourites: Favourite[];
  sessions: Starred<ScheduleSession>[];
  litters: Starred<Litter>[];
  catteries: Starred<Cattery>[];
  breeds: Starred<Breed>[];
  events: Starred<ShowEvent>[];
  advertisers: Starred<Advertiser>[];
  /** Starred cats of a show's catalogue. */
  entries: Starred<CatalogueEntry>[];
  /** Events by id: the sessions' venue zones and names. */
  eventsById: Map<number, ShowEvent>;
  breedsById: Map<number, Breed>;
  catteriesById: Map<number, Cattery>;
  mirrorEmpty: boolean;
}

const rowIdOf = (f: Favourite) => (/^\d+$/.test(f.id) ? Number(f.id) : -1);

async function pair<R>(favourites: Favourite[], kind: FavouriteKind, get: (ids: number[]) => Promise<(R | undefined)[]>): Promise<Starred<R>[]> {
  const mine = favourites.filter((f) => f.kind === kind);
  const rows = await get(mine.map(rowIdOf));
  return mine.map((fav, i) => ({ fav, row: rows[i] ?? null }));
}

async function loadMyShow(): Promise<MyShowData> {
  const favourites = await listFavourites();
  const [sessions, litters, catteries, breeds, events, advertisers, entries, eventCount, breedCount] = await Promise.all([
    pair(favourites, 'session', (ids) => db.event_schedule.bulkGet(ids)),
    pair(favourites, 'litter', (ids) => db.litters.bulkGet(ids)),
    pair(favourites, 'cattery', (ids) => db.catteries.bulkGet(ids)),
    pair(favourites, 'breed', (ids) => db.breeds.bulkGet(ids)),
    pair(favourites, 'event', (ids) => db.events.bulkGet(ids)),
    pair(favourites, 'advertiser', (ids) => db.advertisers.bulkGet(ids)),
    pair(favourites, 'entry', (ids) => db.catalogue_entries.bulkGet(ids)),
    db.events.count(),
    db.breeds.count(),
  ]);
  const liveLitters = litters.flatMap((l) => (l.row ? [l.row] : []));
  const eventIds = new Set([
    ...sessions.map((s) => s.row?.event_id ?? Number(s.fav.snapshot.event_id)),
    ...events.map((e) => rowIdOf(e.fav)),
    ...entries.flatMap((e) => (e.row ? [e.row.event_id] : [])),
  ]);
  const [allEvents, litterBreeds, litterCatteries] = await Promise.all([
    db.events.bulkGet([...eventIds].filter(Number.isInteger)),
    db.breeds.bulkGet([...new Set(liveLitters.flatMap((l) => (l.breed_id === null ? [] : [l.breed_id])))]),
    db.catteries.bulkGet([...new Set(liveLitters.map((l) => l.cattery_id))]),
  ]);
  const byId = <R extends { id: number }>(rows: (R | undefined)[]) => new Map(rows.filter((r) => r !== undefined).map((r) => [r.id, r]));
  return {
    favourites,
    sessions,
    litters,
    catteries,
    breeds,
    events,
    advertisers,
    entries,
    eventsById: byId(allEvents),
    breedsById: byId(litterBreeds),
    catteriesById: byId(litterCatteries),
    mirrorEmpty: eventCount === 0 && breedCount === 0,
  };
}

function Page({ children, calendar }: { children: ReactNode; calendar?: ReactNode }) {
  return (
    <main className="page my-show">
      <h1>{T.heading}</h1>
      {calendar && <div className="my-show-calendar">{calendar}</div>}
      {children}
    </main>
  );
}

/** A row the show deleted: its name from the snapshot, in words, and a way to take it off the list. */
function GoneRow({ fav, detail }: { fav: Favourite; detail?: ReactNode }) {
  return (
    <li className="my-show-item is-gone">
      <div className="my-show-item-body">
        <span className="my-show-item-title">{fav.label}</span>
        {detail}
        <span className="my-show-gone">{T.gone}</span>
      </div>
      <button type="button" className="secondary my-show-remove" onClick={() => void removeFavourite(fav.kind, fav.id)}>
        {T.remove}
        <span className="visually-hidden"> {fav.label} from My show</span>
      </button>
    </li>
  );
}

function LiveRow({ fav, to, children, className = '' }: { fav: Favourite; to: string; children: ReactNode; className?: string }) {
  return (
    <li className={`my-show-item${className}`}>
      <Link to={to} className="my-show-item-body">
        {children}
      </Link>
      <span className="star-slot">
        <StarButton kind={fav.kind} id={fav.id} label={fav.label} snapshot={fav.snapshot} />
      </span>
    </li>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="my-show-section" aria-labelledby={`my-show-${id}`}>
      <h2 id={`my-show-${id}`}>{title}</h2>
      <ul className="my-show-list">{children}</ul>
    </section>
  );
}

const snapshotText = (fav: Favourite, key: string): string | null => {
  const v = fav.snapshot[key];
  return typeof v === 'string' && v !== '' ? v : null;
};

function sessionSnapshotOf(fav: Favourite): SessionSnapshot | null {
  const s = fav.snapshot;
  if (typeof s.schedule_date !== 'string' || typeof s.start_time !== 'string' || typeof s.end_time !== 'string') return null;
  return {
    title: snapshotText(fav, 'title') ?? fav.label,
    event_id: Number(s.event_id),
    schedule_date: s.schedule_date,
    start_time: s.start_time,
    end_time: s.end_time,
    location: snapshotText(fav, 'location'),
  };
}

function Sessions({ data, now }: { data: MyShowData; now: Date }) {
  const zoneOf = (s: { event_id: number }) => eventTimeZone(data.eventsById.get(s.event_id));
  const live = data.sessions.flatMap((s) => (s.row ? [s.row] : []));
  // The schedule's own classification (SPEC §4), so a mark here always agrees with /schedule.
  const c = classifySchedule(live, now, zoneOf);
  const nowIds = new Set(c.now.map((s) => s.id));
  const nextIds = new Set(c.next.map((s) => s.id));
  const startOf = (s: Starred<ScheduleSession>) => {
    const times = s.row ?? sessionSnapshotOf(s.fav);
    return times ? sessionBounds({ ...times, id: 0 }, zoneOf(times)).start.getTime() : Number.POSITIVE_INFINITY;
  };
  const ordered = data.sessions.map((s) => ({ s, start: startOf(s) })).sort((a, b) => a.start - b.start || a.s.fav.starredAt - b.s.fav.starredAt);
  const when = (t: { schedule_date: string; start_time: string; end_time: string }) => (
    <span className="my-show-item-when">
      <time dateTime={t.schedule_date}>{formatScheduleDay(t.schedule_date)}</time>, {formatTime(t.start_time)}–{formatTime(t.end_time)}
    </span>
  );
  return (
    <Section id="sessions" title={T.sessions}>
      {ordered.map(({ s }) => {
        const { fav, row } = s;
        if (!row) {
          const snap = sessionSnapshotOf(fav);
          return <GoneRow key={fav.id} fav={fav} detail={snap && when(snap)} />;
        }
        const ended = sessionBounds(row, zoneOf(row)).end.getTime() < now.getTime();
        const mark = nowIds.has(row.id) ? T.happeningNow : nextIds.has(row.id) ? T.upNext : ended ? T.ended : null;
        const event = data.eventsById.get(row.event_id);
        const markClass = nowIds.has(row.id) ? ' is-now' : nextIds.has(row.id) ? ' is-next' : ended ? ' is-ended' : '';
        return (
          <LiveRow key={fav.id} fav={fav} to={paths.eventSession(row.event_id, row.id)} className={`${markClass}${sessionChangeClass(row)}`}>
            <span className="my-show-item-marks">
              {mark && <span className="my-show-mark">{mark}</span>}
              <SessionChangeMarks session={row} />
            </span>
            <span className="my-show-item-title session-title">{row.title}</span>
            <span className="session-time-range">{when(row)}</span>
            {row.location && <span className="my-show-item-detail">{row.location}</span>}
            {event && <span className="my-show-item-detail">{event.name}</span>}
          </LiveRow>
        );
      })}
    </Section>
  );
}

function RemindersSwitch() {
  const [standing, setStanding] = useState<NotificationStanding>(notificationStanding);
  const text =
    standing === 'on'
      ? REMINDER_TEXTS.on
      : standing === 'blocked'
        ? REMINDER_TEXTS.blocked
        : standing === 'unsupported'
          ? REMINDER_TEXTS.unsupported
          : REMINDER_TEXTS.explain;
  return (
    <div className="my-show-reminders">
      <p aria-live="polite">{text}</p>
      {standing === 'off' && (
        // The only place the app asks for notification permission: the visitor's own press.
        <button type="button" onClick={() => void turnOnReminders().then(setStanding)}>
          {REMINDER_TEXTS.turnOn}
        </button>
      )}
      {standing === 'on' && (
        <button
          type="button"
          className="secondary"
          onClick={() => {
            turnOffReminders();
            setStanding(notificationStanding());
          }}
        >
          {REMINDER_TEXTS.turnOff}
        </button>
      )}
    </div>
  );
}

/** The subscription of every starred session (one gone from the show is simply absent from the feed). */
function Subscription({ sessions }: { sessions: Starred<ScheduleSession>[] }) {
  const [remembered, setRemembered] = useState(subscribedFeed);
  const ids = sessions.map((s) => rowIdOf(s.fav)).filter((id) => id > 0);
  const feedUrl = ids.length <= CALENDAR_FEED.maxSessions ? paths.calendarFeed(appConfig().supabaseUrl, ids) : null;
  const use = (url: string) => {
    rememberSubscribedFeed(url);
    setRemembered(url);
  };
  return (
    <CalendarSubscription
      feedUrl={feedUrl}
      starred={ids.length}
      most={CALENDAR_FEED.maxSessions}
      changedSince={remembered !== null && remembered !== feedUrl}
      onUse={use}
    />
  );
}

function Filled({ data, now }: { data: MyShowData; now: Date }) {
  const rows = <R,>(list: Starred<R>[], live: (fav: Favourite, row: R) => ReactNode, gone: (fav: Favourite) => ReactNode = (fav) => <GoneRow key={fav.id} fav={fav} />) =>
    list.map(({ fav, row }) => (row ? live(fav, row) : gone(fav)));
  return (
    <>
      {data.sessions.length > 0 && (
        <>
          <RemindersSwitch />
          <Sessions data={data} now={now} />
          <Subscription sessions={data.sessions} />
        </>
      )}
      {data.entries.length > 0 && (
        <Section id="cats" title={T.cats}>
          {rows(
            data.entries,
            (fav, e) => (
              <LiveRow key={fav.id} fav={fav} to={paths.catalogueEntry(e.event_id, e.catalogue_number)}>
                <span className="my-show-item-title">{T.catOf(e.catalogue_number, e.name)}</span>
                <span className="my-show-item-detail">{e.pen ? CATALOGUE_TEXTS.pen(e.pen) : CATALOGUE_TEXTS.noPen}</span>
                {e.absent && <span className="my-show-mark">{CATALOGUE_TEXTS.absent}</span>}
                {data.eventsById.get(e.event_id) && <span className="my-show-item-detail">{data.eventsById.get(e.event_id)!.name}</span>}
              </LiveRow>
            ),
            (fav) => {
              const number = snapshotText(fav, 'catalogue_number');
              return <GoneRow key={fav.id} fav={fav} detail={number && <span className="my-show-item-detail">{T.catOf(number, fav.label)}</span>} />;
            },
          )}
        </Section>
      )}
      {data.litters.length > 0 && (
        <Section id="litters" title={T.litters}>
          {rows(data.litters, (fav, l) => {
            const breed = l.breed_id === null ? undefined : data.breedsById.get(l.breed_id);
            const cattery = data.catteriesById.get(l.cattery_id);
            return (
              <LiveRow key={fav.id} fav={fav} to={paths.litter(l.id)}>
                <span className="my-show-item-title">{T.litterOf(breed?.breed_name ?? null)}</span>
                {cattery && <span className="my-show-item-detail">{cattery.name}</span>}
                <span className="my-show-availability">{availabilityText(l)}</span>
              </LiveRow>
            );
          })}
        </Section>
      )}
      {data.catteries.length > 0 && (
        <Section id="catteries" title={T.catteries}>
          {rows(data.catteries, (fav, c) => (
            <LiveRow key={fav.id} fav={fav} to={paths.cattery(c.name, '/my-show')}>
              <span className="my-show-item-title">{c.name}</span>
              {(c.city || c.country) && <span className="my-show-item-detail">{[c.city, c.country].filter(Boolean).join(', ')}</span>}
            </LiveRow>
          ))}
        </Section>
      )}
      {data.breeds.length > 0 && (
        <Section id="breeds" title={T.breeds}>
          {rows(data.breeds, (fav, b) => (
            <LiveRow key={fav.id} fav={fav} to={paths.breed(b.universal_breed_abbreviation)}>
              <span className="my-show-item-title">{b.breed_name}</span>
            </LiveRow>
          ))}
        </Section>
      )}
      {data.events.length > 0 && (
        <Section id="events" title={T.events}>
          {rows(data.events, (fav, e) => (
            <LiveRow key={fav.id} fav={fav} to={paths.event(e.id)}>
              <span className="my-show-item-title">{e.name}</span>
              <span className="my-show-item-detail">{formatDateRange(e.start_date, e.end_date)}</span>
            </LiveRow>
          ))}
        </Section>
      )}
      {data.advertisers.length > 0 && (
        <Section id="advertisers" title={T.advertisers}>
          {rows(data.advertisers, (fav, a) => (
            <LiveRow key={fav.id} fav={fav} to={paths.advertiser(a.id)}>
              <span className="my-show-item-title">{a.company_name}</span>
            </LiveRow>
          ))}
        </Section>
      )}
    </>
  );
}

export function MyShowPage() {
  const now = useNow(MARKS_REFRESH_MS);
  // Rows are "no longer in the show" only against a mirror that has arrived: before the first sync, wait.
  const view = useMirror(loadMyShow, [], T.failed, (d) => d.favourites.length > 0 && d.mirrorEmpty);
  if (view.state === 'loading')
    return (
      <Page>
        <Loading>{T.loading}</Loading>
      </Page>
    );
  if (view.state === 'error')
    return (
      <Page>
        <ErrorBox>{view.message}</ErrorBox>
      </Page>
    );
  if (view.data.favourites.length === 0) {
    return (
      <Page>
        <section className="my-show-empty" aria-labelledby="my-show-empty">
          <h2 id="my-show-empty">{T.emptyTitle}</h2>
          <p>{T.empty}</p>
        </section>
      </Page>
    );
  }
  const { sessions, eventsById } = view.data;
  const live = sessions.flatMap((s) => (s.row ? [s.row] : []));
  // One file of every starred session still in the show: the phone's calendar rings even asleep and offline.
  const calendar = live.length > 0 && (
    <CalendarButton
      sessions={() => live.map((row) => calendarSessionOf(row, eventsById.get(row.event_id)))}
      name={T.heading}
      text={CALENDAR_TEXTS.addMySessions}
      announce
    />
  );
  return (
    <Page calendar={calendar}>
      <p className="my-show-intro">{T.intro}</p>
      <Filled data={view.data} now={now} />
    </Page>
  );
}

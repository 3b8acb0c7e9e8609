// /floor-plan and /floor-plan/{event id}: the hall of the show on now (or the next, as /catalogue picks it),
// or of one event with a plan, from the mirror. The plan (Leaflet, lazy) and, below or beside it, every place
// as a searchable list by kind, which serves alone for screen readers, keyboards and screens too small for a
// plan. ?place= and ?pen= (paths.floorPlan) open it centred on a place or pens, said in words.
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  db,
  readEventCatalogue,
  readEventHall,
  readEventsWithPlans,
  useMirror,
  type EventCatalogue,
  type EventHall,
  type ScheduleSession,
  type ShowEvent,
} from '../../data/mirror.ts';
import { formatDateRange } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { activeEvent, eventTimeZone } from '../../../shared/schedule.ts';
import { imageUrl } from '../../ui/image-url.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useNow } from '../../ui/use-now.ts';
import { FLOOR_PLAN_TEXTS as T } from '../../ui/floor-plan-texts.ts';
import { FloorPlanView } from '../../ui/floor-plan/floor-plan-view.tsx';
import { groupPlaces, indexPlaces, planFocus, ringsJudgingNow, searchPlaces, type PlanPlace } from '../../ui/floor-plan/hall.ts';
import { PlacePanel } from './place-panel.tsx';
import './floor-plan.css';
import { EventSwitch } from '../../ui/event-switch.tsx';

/** The judging-now marks follow the clock; a minute is soon enough for a ring's change of session. */
const JUDGING_REFRESH_MS = 30_000;

interface PlanData {
  /** The events a visitor can switch to: those with a plan, and the one shown. */
  events: ShowEvent[];
  event: ShowEvent | undefined;
  hall: EventHall | undefined;
  catalogue: EventCatalogue | undefined;
  sessions: ScheduleSession[];
  anyEvents: boolean;
}

const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadPlan(eventId: number | null): Promise<PlanData> {
  const [events, withPlans] = await Promise.all([db.events.toArray(), readEventsWithPlans()]);
  const event = eventId === null ? activeEvent(events, new Date()) : events.find((e) => e.id === eventId);
  const listed = new Set(withPlans);
  if (event) listed.add(event.id);
  const choices = events.filter((e) => listed.has(e.id)).sort((a, b) => a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name));
  if (!event) return { events: choices, event, hall: undefined, catalogue: undefined, sessions: [], anyEvents: events.length > 0 };
  const [hall, catalogue, sessions] = await Promise.all([
    readEventHall(event.id),
    readEventCatalogue(event.id),
    db.event_schedule.where('event_id').equals(event.id).toArray(),
  ]);
  return { events: choices, event, hall, catalogue, sessions, anyEvents: true };
}

export function FloorPlanPage() {
  const eventId = rowId(useParams().eventId);
  const view = useMirror(
    () => loadPlan(eventId),
    [eventId],
    T.failed,
    (d) => !d.anyEvents,
  );
  useDocumentTitle(view.state === 'ready' && view.data.event ? `${T.title}: ${view.data.event.name}` : T.title);
  return (
    <main className="page floor-plan-page">
      <h1>{T.heading}</h1>
      {view.state === 'loading' && <Loading>{T.loading}</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && <PlanScreen data={view.data} />}
    </main>
  );
}

function PlanScreen({ data }: { data: PlanData }) {
  const { event, hall } = data;
  const eventSwitch = (
    <EventSwitch
      id="floor-plan-event"
      label={T.eventLabel}
      events={data.events}
      current={event}
      pathOf={(id) => paths.floorPlan(id)}
      className="floor-plan-event-switch"
    />
  );
  if (!event) {
    return (
      <>
        {eventSwitch}
        <p className="state state-empty">{T.noEvent}</p>
      </>
    );
  }
  return (
    <>
      <p className="floor-plan-event">
        <Link to={paths.event(event.id)}>{event.name}</Link>, <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
      </p>
      {eventSwitch}
      {!hall?.plan ? (
        <p className="state state-empty">{T.noPlan}</p>
      ) : (
        <Hall data={data} event={event} hall={hall as EventHall & { plan: NonNullable<EventHall['plan']> }} />
      )}
    </>
  );
}

function Hall({ data, event, hall }: { data: PlanData; event: ShowEvent; hall: EventHall & { plan: NonNullable<EventHall['plan']> } }) {
  const [params, setParams] = useSearchParams();
  const now = useNow(JUDGING_REFRESH_MS);
  const zone = eventTimeZone(event);
  const judging = useMemo(() => ringsJudgingNow(data.sessions, now, zone), [data.sessions, now, zone]);
  const judgingKey = [...judging].sort().join('\n');
  const places = useMemo(
    () =>
      hall.places.map((p) => ({
        ...p,
        advertiserName: p.advertiser?.company_name ?? null,
        judgingNow: p.kind === 'ring' && p.location !== null && judgingKey.split('\n').includes(p.location),
      })),
    [hall.places, judgingKey],
  );
  const focus = useMemo(() => planFocus(places, params), [places, params]);
  const selectedId = focus?.placeIds[0] ?? null;
  const selected = places.find((p) => p.id === selectedId);
  const penRects = useMemo(() => focus?.penRects ?? [], [focus]);
  const highlighted = useMemo(() => focus?.placeIds ?? [], [focus]);
  const choose = (id: number) => setParams({ place: String(id) }, { replace: true });
  const plan = hall.plan;
  // A plan whose file is no picture (imageUrl refuses a non-image data: URL) says so, as a picture that failed.
  const src = imageUrl(plan.image_url);
  const description = plan.description ?? T.mapLabel(event.name);
  return (
    <div className="floor-plan-layout">
      <p className="floor-plan-status" role="status">
        {focus?.message ?? ''}
      </p>
      <div className="floor-plan-map-column">
        {src ? (
          <FloorPlanView
            imageUrl={src}
            width={plan.width}
            height={plan.height}
            description={description}
            places={places}
            highlighted={highlighted}
            penRects={penRects}
            centreKey={params.toString()}
            onSelect={choose}
          />
        ) : (
          <p className="plan-state error-box">{T.pictureFailed}</p>
        )}
        {selected && (
          <PlacePanel
            key={selected.id}
            place={selected}
            event={event}
            catalogue={data.catalogue}
            sessions={data.sessions}
            now={now}
            pens={focus?.penRects.map((r) => r.pen) ?? []}
            onClose={() => setParams({}, { replace: true })}
          />
        )}
      </div>
      <PlaceList places={places} selectedId={selectedId} onChoose={choose} />
    </div>
  );
}

function PlaceList({ places, selectedId, onChoose }: { places: (PlanPlace & { judgingNow: boolean })[]; selectedId: number | null; onChoose: (id: number) => void }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const index = useMemo(() => indexPlaces(places), [places]);
  const matches = useMemo(() => searchPlaces(index, deferred), [index, deferred]);
  const choose = (id: number) => {
    onChoose(id);
    // The plan sits above the list on a phone: bring it into view with its panel.
    document.querySelector('.floor-plan-map-column')?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="floor-plan-list" aria-labelledby="floor-plan-list-heading">
      <h2 id="floor-plan-list-heading">{T.listHeading}</h2>
      <div className="floor-plan-search">
        <label htmlFor="floor-plan-query">{T.searchLabel}</label>
        <input
          id="floor-plan-query"
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="floor-plan-query-hint"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p id="floor-plan-query-hint" className="muted">
          {T.searchHint}
        </p>
      </div>
      <p className="floor-plan-count" role="status">
        {T.count(matches.length, places.length)}
      </p>
      {matches.length === 0 ? (
        <p className="state state-empty">{T.noMatches}</p>
      ) : (
        groupPlaces(matches).map((g) => (
          <section key={g.kind} className="floor-plan-kind" aria-labelledby={`floor-plan-kind-${g.kind}`}>
            <h3 id={`floor-plan-kind-${g.kind}`}>{T.kinds[g.kind]}</h3>
            <ul className="floor-plan-places">
              {g.places.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className={`floor-plan-place${p.id === selectedId ? ' is-selected' : ''}`}
                    aria-current={p.id === selectedId ? 'true' : undefined}
                    onClick={() => choose(p.id)}
                  >
                    <span className="floor-plan-place-label">{p.label}</span>
                    {p.judgingNow && <span className="floor-plan-now">{T.judgingNow}</span>}
                    {placeDetail(p) && <span className="floor-plan-place-detail">{placeDetail(p)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

/** The line under a place's label in the list: a stand's advertiser, a facility's kind, a row's pens. */
function placeDetail(p: PlanPlace): string | null {
  if (p.kind === 'stand') return p.advertiserName ?? null;
  if (p.kind === 'facility' && p.facility) return T.facilities[p.facility] === p.label ? null : T.facilities[p.facility];
  if (p.kind === 'benching') return p.pens;
  if (p.kind === 'ring' && p.location && p.location !== p.label) return p.location;
  return null;
}

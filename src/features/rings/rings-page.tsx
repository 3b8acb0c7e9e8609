// /rings and /rings/{event id}: every ring of the show on now, from the mirror, live within seconds (the
// show's pokes pull each change): who is called and being judged there (numbers and names, each linked to
// the cat's page, the call's state in words), what is next on the ring's schedule, and its last results.
import { Link } from 'react-router';
import type { EventJudging, JudgedResult, RingCall, ScheduleSession } from '../../data/mirror.ts';
import { formatScheduleDay, formatTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { classifySchedule, eventTimeZone } from '../../../shared/schedule.ts';
import { clockAt, eventRings, groupResults, isOpenCall, sameRing } from '../../lib/judging.ts';
import { GlossaryText } from '../../ui/glossary-text.tsx';
import { JUDGING_TEXTS as T } from '../../ui/judging-texts.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useNow } from '../../ui/use-now.ts';
import { JudgingHeader, useJudging, type JudgingData } from './judging-view.tsx';
import './rings.css';

/** A ring's card shows its newest awards, each's first places; the rest are on /results. */
const LAST_AWARDS = 2;
const LAST_PLACES = 3;
/** What is on a ring's schedule moves on the minute; a few seconds' lag is fine. */
const SCHEDULE_REFRESH_MS = 15_000;

export function RingsPage() {
  const view = useJudging(T.ringsFailed);
  useDocumentTitle(view.state === 'ready' && view.data.event ? `${T.ringsTitle}: ${view.data.event.name}` : T.ringsTitle);
  return (
    <main className="page judging-page rings-page">
      <h1>{T.ringsHeading}</h1>
      {view.state === 'loading' && <Loading>{T.ringsLoading}</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && <RingsView data={view.data} />}
    </main>
  );
}

function RingsView({ data }: { data: JudgingData }) {
  const now = useNow(SCHEDULE_REFRESH_MS);
  const header = <JudgingHeader data={data} pathOf={(id) => paths.rings(id)} switchId="rings-event" />;
  const { event, judging } = data;
  if (!event || !judging) {
    return (
      <>
        {header}
        <p className="state state-empty">{T.noEvent}</p>
      </>
    );
  }
  const rings = eventRings(
    judging.sessions.map((s) => s.location),
    judging.planRings,
    judging.calls,
    judging.results,
  );
  const zone = eventTimeZone(event);
  return (
    <>
      {header}
      {rings.length === 0 ? (
        <p className="state state-empty">{T.noRings}</p>
      ) : (
        <div className="ring-cards">
          {rings.map((ring) => (
            <RingCard key={ring} ring={ring} judging={judging} zone={zone} now={now} />
          ))}
        </div>
      )}
    </>
  );
}

const ringId = (ring: string) => `ring-${ring.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function RingCard({ ring, judging, zone, now }: { ring: string; judging: EventJudging; zone: string; now: Date }) {
  const calls = judging.calls.filter((c) => sameRing(c.ring, ring) && isOpenCall(c));
  const awards = (groupResults(judging.results.filter((r) => r.kind === 'judging' && sameRing(r.ring, ring)))[0]?.awards ?? []).slice(0, LAST_AWARDS);
  const sessions = judging.sessions.filter((s) => sameRing(s.location, ring));
  const id = ringId(ring);
  return (
    <section className="ring-card" aria-labelledby={id}>
      <h2 id={id}>{ring}</h2>
      <h3>{T.calledHeading}</h3>
      {calls.length === 0 ? (
        <p className="muted">{T.nobodyCalled}</p>
      ) : (
        <ul className="ring-calls">
          {calls.map((call) => (
            <CallLine key={call.id} call={call} judging={judging} zone={zone} />
          ))}
        </ul>
      )}
      <h3>{T.scheduleHeading}</h3>
      <RingSchedule sessions={sessions} zone={zone} now={now} />
      <h3>{T.lastResultsHeading}</h3>
      {awards.length === 0 ? (
        <p className="muted">{T.ringNoResults}</p>
      ) : (
        awards.map((award) => (
          <div key={award.award} className="ring-award">
            <p className="ring-award-name">
              <GlossaryText text={award.award} phrases />
            </p>
            <ul className="ring-results">
              {award.results.slice(0, LAST_PLACES).map((r) => (
                <ResultLine key={r.id} result={r} eventId={judging.eventId} />
              ))}
            </ul>
          </div>
        ))
      )}
      <p className="ring-all-results">
        <Link to={paths.results(judging.eventId, ring)}>
          {T.allResults}
          <span className="visually-hidden">: {ring}</span>
        </Link>
      </p>
    </section>
  );
}

/** A call: its state in words ("Judging since 14:05"), its label, and each cat's number and name. */
function CallLine({ call, judging, zone }: { call: RingCall; judging: EventJudging; zone: string }) {
  return (
    <li className={`ring-call is-${call.status}`}>
      <p className="ring-call-state">
        <strong>{T.callState(call.status, clockAt(call.status === 'called' ? call.called_at : call.status_at, zone))}</strong>
        {call.label && ` · ${call.label}`}
        {` · ${T.callCats(call.catalogue_numbers.length)}`}
      </p>
      <ul className="ring-call-cats">
        {call.catalogue_numbers.map((number) => {
          const cat = judging.catalogue.byNumber.get(number);
          return (
            <li key={number}>
              <Link to={paths.catalogueEntry(judging.eventId, number)}>
                <span className="ring-cat-number">{number}</span> <span className="ring-cat-name">{cat?.name ?? T.unknownCat}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/** What is on at the ring now and next, at the venue's clock. */
function RingSchedule({ sessions, zone, now }: { sessions: ScheduleSession[]; zone: string; now: Date }) {
  const c = classifySchedule(sessions, now, () => zone);
  const later = c.upcomingByDay.flatMap((d) => d.sessions).find((s) => !c.now.includes(s) && !c.next.includes(s));
  const lines: [string, ScheduleSession][] = [
    ...c.now.slice(0, 1).map((s): [string, ScheduleSession] => [T.onNow, s]),
    ...c.next.slice(0, 1).map((s): [string, ScheduleSession] => [T.upNext, s]),
  ];
  if (lines.length === 0 && later) lines.push([T.laterToday, later]);
  if (lines.length === 0) return <p className="muted">{T.nothingScheduled}</p>;
  return (
    <ul className="ring-schedule">
      {lines.map(([label, s]) => (
        <li key={s.id}>
          <span className="ring-schedule-when">
            {label}, {formatTime(s.start_time)}–{formatTime(s.end_time)}
            {label === T.laterToday && ` (${formatScheduleDay(s.schedule_date)})`}:
          </span>{' '}
          <Link to={paths.eventSession(s.event_id, s.id)}>{s.title}</Link>
        </li>
      ))}
    </ul>
  );
}

/** "1st 52 Bella" under its award. */
function ResultLine({ result, eventId }: { result: JudgedResult; eventId: number }) {
  return (
    <li className="ring-result">
      <span className="ring-result-place">{T.place(result.place)}</span>{' '}
      {result.cat ? (
        <Link to={paths.catalogueEntry(eventId, result.cat.catalogue_number)}>
          <span className="ring-cat-number">{result.cat.catalogue_number}</span> <span className="ring-cat-name">{result.cat.name}</span>
        </Link>
      ) : (
        <span className="muted">{T.unknownCat}</span>
      )}
    </li>
  );
}

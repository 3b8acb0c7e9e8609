// /organiser/results: an event's Visitor's Choice ranking, read live and refreshed while votes arrive, the
// groups of votes flagged as a possible stuffed poll (the organiser voids or restores them), and the counted
// votes with contacts as a CSV for the prize draw (built here in the browser, never stored on the device), and
// the winners published once voting has closed (places, numbers and names; the counts stay on this page).
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ShowEvent } from '../../data/mirror.ts';
import { backendClient } from '../../data/backend.ts';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { addDaysToDate, formatDateEnGb, formatDateRange } from '../../../shared/dates.ts';
import { compareText } from '../../../shared/compare.ts';
import { VOTE_CONTACT_RETENTION_DAYS } from '../../../shared/vote-contacts.ts';
import { ConsoleNav } from './console-nav.tsx';
import {
  defaultResultsEvent,
  flagReason,
  loadCheckedResults,
  loadPublishedWinners,
  loadVotes,
  placeWord,
  publishVisitorsChoice,
  RESULTS_REFRESH_MS,
  setGroupVoided,
  votesWord,
  votingClosesAt,
  winnersLine,
  type CheckedResults,
  type FlagGroup,
  type Winner,
} from './reports.ts';
import { reportStatus, useReport } from './use-report.ts';
import './reports.css';

/** Latest first, so this year's shows lead the list. */
const byStartDesc = (a: ShowEvent, b: ShowEvent) => compareText(b.start_date, a.start_date) || compareText(a.name, b.name);

export function ResultsPage() {
  const events = useLiveQuery(() => db.events.toArray(), []);
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('event'));
  const event = events?.find((e) => e.id === asked) ?? (events ? defaultResultsEvent(events, new Date()) : undefined);

  return (
    <main className="page report-page">
      <ConsoleNav />
      <h1>Visitor’s Choice results</h1>
      {events === undefined ? (
        <Loading>Loading the events…</Loading>
      ) : events.length === 0 || !event ? (
        <Empty>No events on this device yet. Connect to the show server so the app can load the show.</Empty>
      ) : (
        <>
          <div className="report-controls">
            <p className="report-field">
              <label htmlFor="results-event">Event</label>
              <select id="results-event" value={event.id} onChange={(e) => setParams((p) => (p.set('event', e.target.value), p), { replace: true })}>
                {[...events].sort(byStartDesc).map((e) => (
                  <option key={e.id} value={e.id}>
                    {`${e.name} (${formatDateRange(e.start_date, e.end_date, 'en-GB')})`}
                  </option>
                ))}
              </select>
            </p>
          </div>
          <EventResults key={event.id} event={event} />
        </>
      )}
    </main>
  );
}

function EventResults({ event }: { event: ShowEvent }) {
  const load = useCallback((client: Parameters<typeof loadCheckedResults>[0], signal: AbortSignal) => loadCheckedResults(client, event.id, signal), [event.id]);
  const report = useReport<CheckedResults>(String(event.id), load, RESULTS_REFRESH_MS);
  const captionId = useId();
  const { data } = report;

  return (
    <>
      <p className={`report-status${report.error ? ' is-error' : ''}`} role="status" aria-live="polite">
        {reportStatus(report)}
      </p>
      {data === undefined ? (
        report.error ? (
          <p className="report-actions">
            <button type="button" onClick={report.refresh} disabled={report.loading}>
              Try again
            </button>
          </p>
        ) : (
          <Loading>Loading the results…</Loading>
        )
      ) : data.total === 0 && data.voided === 0 ? (
        <Empty>
          No votes yet for {event.name}. This page refreshes every {RESULTS_REFRESH_MS / 1000} seconds.
        </Empty>
      ) : (
        <>
          {data.groups.length > 0 && <PollChecks eventId={event.id} results={data} onChanged={report.refresh} />}
          <table className="report-table results-table" aria-labelledby={captionId}>
            <caption id={captionId}>
              {data.voided === 0
                ? `${event.name}: ${votesWord(data.total)}`
                : `${event.name}: ${votesWord(data.total)} counted, ${data.voided.toLocaleString('en-GB')} voided (not counted)`}
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Place
                </th>
                <th scope="col">Catalog number</th>
                <th scope="col" className="num">
                  Votes
                </th>
                <th scope="col" className="num">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {data.ranking.map((r) => (
                <tr key={r.catalog_number}>
                  <td className="num">{r.place}</td>
                  <th scope="row">
                    {r.catalog_number}
                    {(r.flagged > 0 || r.voided > 0) && (
                      <span className="results-check">
                        {[r.flagged > 0 && `${r.flagged.toLocaleString('en-GB')} flagged`, r.voided > 0 && `${r.voided.toLocaleString('en-GB')} voided`]
                          .filter(Boolean)
                          .join(', ')}
                      </span>
                    )}
                  </th>
                  <td className="num">{r.votes}</td>
                  <td className="num">{data.total > 0 ? `${Math.round((r.votes / data.total) * 100)}%` : '0%'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td />
                <th scope="row">Total</th>
                <td className="num">{data.total}</td>
                <td className="num">100%</td>
              </tr>
            </tfoot>
          </table>
          <p className="report-note">
            {data.voided === 0
              ? 'The total counts every vote.'
              : `The total counts every vote except the ${votesWord(data.voided)} voided; voided votes are kept and can be restored.`}
            {data.flagged > 0 && ' Flagged votes count until they are voided.'}
          </p>
        </>
      )}
      <WinnersPublish event={event} />
      <VotesDownload event={event} />
    </>
  );
}

/** The places an organiser may publish: 1 to 10 (organiser_publish_visitors_choice), 3 unless chosen. */
const PUBLISH_PLACES = Array.from({ length: 10 }, (_, i) => i + 1);
const DEFAULT_PUBLISH_PLACES = 3;
/** How often the page looks whether voting has closed meanwhile. */
const VOTING_CLOSED_CHECK_MS = 60_000;

type PublishState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string };

/**
 * Publishes the poll's winners once voting has closed: their places, numbers and names go to the results
 * page and the cats' pages; the votes stay here. Online only: the page says at once what was published.
 */
function WinnersPublish({ event }: { event: ShowEvent }) {
  const [places, setPlaces] = useState(DEFAULT_PUBLISH_PLACES);
  const [state, setState] = useState<PublishState>({ kind: 'idle' });
  const loadWinners = useCallback(
    (client: Parameters<typeof loadPublishedWinners>[0], signal: AbortSignal) => loadPublishedWinners(client, event.id, signal),
    [event.id],
  );
  const winners = useReport<Winner[]>(`winners:${event.id}`, loadWinners, null);
  const headingId = useId();
  const whyId = useId();
  const placesId = useId();
  const zone = eventTimeZone(event);
  const closed = useNow(VOTING_CLOSED_CHECK_MS) >= votingClosesAt({ end_date: event.end_date, time_zone: zone });

  const publish = async () => {
    setState({ kind: 'busy' });
    try {
      await publishVisitorsChoice(await backendClient(), event.id, places);
      setState({ kind: 'idle' });
      winners.refresh();
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <section className="winners-publish" aria-labelledby={headingId}>
      <h2 id={headingId}>Publish the winners</h2>
      <p id={whyId} className="report-note">
        {closed
          ? 'Voting has closed. Publishing puts the winners’ places, catalogue numbers and names on the results page and on the winning cats’ pages; the votes and voters stay on this page. Publishing again replaces what was published.'
          : `Not available yet: voting is still open until the end of ${formatDateEnGb(addDaysToDate(event.end_date, 1))} (${zone}), the day after the show’s last day. The winners can be published once it has closed.`}
      </p>
      <div className="report-controls">
        <p className="report-field">
          <label htmlFor={placesId}>Places to publish</label>
          <select id={placesId} value={places} onChange={(e) => setPlaces(Number(e.target.value))}>
            {PUBLISH_PLACES.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1st place only' : `1st to ${placeWord(n)}`}
              </option>
            ))}
          </select>
        </p>
      </div>
      <div className="report-actions">
        <button type="button" aria-describedby={whyId} disabled={!closed || state.kind === 'busy'} onClick={() => void publish()}>
          {state.kind === 'busy' ? 'Publishing…' : 'Publish the winners'}
        </button>
      </div>
      <p role="status" aria-live="polite" className="winners-published">
        {winners.data === undefined ? '' : winners.data.length === 0 ? 'Nothing published yet.' : `Published: ${winnersLine(winners.data)}`}
      </p>
      {winners.error && <ErrorBox>{`Could not read the published winners: ${winners.error.replace(/\.+$/, '')}.`}</ErrorBox>}
      {state.kind === 'failed' && <ErrorBox>{`Could not publish the winners: ${state.message.replace(/\.+$/, '')}.`}</ErrorBox>}
    </section>
  );
}

type CheckAction = { kind: 'idle' } | { kind: 'busy'; groupKey: string } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** The groups flagged as a possible stuffed poll, each with its reason and a button to void or restore it. */
function PollChecks({ eventId, results, onChanged }: { eventId: number; results: CheckedResults; onChanged: () => void }) {
  const [action, setAction] = useState<CheckAction>({ kind: 'idle' });
  const headingId = useId();

  const act = async (group: FlagGroup, voided: boolean) => {
    setAction({ kind: 'busy', groupKey: group.group_key });
    try {
      const changed = await setGroupVoided(await backendClient(), eventId, group.group_key, voided);
      const what = group.kind === 'burst' ? ` for ${group.catalog_number ?? '?'}` : '';
      setAction({ kind: 'done', message: `${voided ? 'Voided' : 'Restored'} ${votesWord(changed)}${what}.` });
      onChanged();
    } catch (e) {
      setAction({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <section className="poll-checks" aria-labelledby={headingId}>
      <h2 id={headingId}>{`${votesWord(results.flagged)} flagged as a possible stuffed poll`}</h2>
      <p className="report-note">
        Many votes for one number from one address within minutes, or runs of numbered e-mail addresses, look like one person voting many times. A hall of visitors behind
        one Wi-Fi router is not flagged. Flagged votes count until you void them; voided votes are kept and can be restored.
      </p>
      <ul className="poll-groups">
        {results.groups.map((g) => {
          const reasonId = `reason-${g.group_key}`;
          const counted = g.votes - g.voided;
          const busy = action.kind === 'busy' && action.groupKey === g.group_key;
          return (
            <li key={g.group_key} className="poll-group">
              <p id={reasonId} className="poll-reason">
                {flagReason(g)}
              </p>
              <p className="poll-state">
                {g.voided === 0
                  ? 'All counted.'
                  : counted === 0
                    ? 'All voided: not counted.'
                    : `${counted.toLocaleString('en-GB')} counted, ${g.voided.toLocaleString('en-GB')} voided.`}
              </p>
              <div className="report-actions">
                {counted > 0 && (
                  <button type="button" aria-describedby={reasonId} disabled={action.kind === 'busy'} onClick={() => void act(g, true)}>
                    {busy ? 'Voiding…' : `Void ${votesWord(counted)}`}
                  </button>
                )}
                {g.voided > 0 && (
                  <button type="button" className="secondary" aria-describedby={reasonId} disabled={action.kind === 'busy'} onClick={() => void act(g, false)}>
                    {busy ? 'Restoring…' : `Restore ${votesWord(g.voided)}`}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p role="status" aria-live="polite" className="poll-outcome">
        {action.kind === 'done' ? action.message : ''}
      </p>
      {action.kind === 'failed' && <ErrorBox>{`Could not change the votes: ${action.message.replace(/\.+$/, '')}.`}</ErrorBox>}
    </section>
  );
}

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; count: number; flagged: number; fileName: string } | { kind: 'failed'; message: string };

function VotesDownload({ event }: { event: ShowEvent }) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const removedFrom = addDaysToDate(event.end_date, VOTE_CONTACT_RETENTION_DAYS + 1);

  const download = async () => {
    setState({ kind: 'busy' });
    try {
      const [{ votesCsv, votesCsvFileName }, client] = await Promise.all([import('./votes-csv.ts'), backendClient()]);
      const votes = await loadVotes(client, event.id);
      const fileName = votesCsvFileName(event);
      const url = URL.createObjectURL(new Blob([votesCsv(votes, eventTimeZone(event))], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file by the next task; the object URL would otherwise live with the page.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState({ kind: 'done', count: votes.length, flagged: votes.filter((v) => v.flagged).length, fileName });
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <section className="votes-download" aria-labelledby="votes-download-heading">
      <h2 id="votes-download-heading">Prize draw</h2>
      <p className="report-note">
        The CSV lists every vote with the voter’s name, e-mail address or phone number, the catalog number and when the vote was cast (at the venue,{' '}
        {eventTimeZone(event)}). Voters’ contact details are kept for {VOTE_CONTACT_RETENTION_DAYS} days after the event’s last day and removed on{' '}
        {formatDateEnGb(removedFrom)}; the votes stay counted. Voided votes are not in the CSV, so the draw cannot pick one.
      </p>
      <div className="report-actions">
        <button type="button" onClick={() => void download()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Preparing the CSV…' : 'Download votes (CSV)'}
        </button>
        <span role="status" aria-live="polite">
          {state.kind === 'done' &&
            `Downloaded ${state.count} ${state.count === 1 ? 'vote' : 'votes'} as ${state.fileName}` +
              (state.flagged > 0 ? ` (${state.flagged} of them flagged as a possible stuffed poll: void them above to keep them out of the draw)` : '')}
        </span>
      </div>
      {state.kind === 'failed' && <ErrorBox>{`Could not download the votes: ${state.message.replace(/\.+$/, '')}.`}</ErrorBox>}
    </section>
  );
}

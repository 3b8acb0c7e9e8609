// /organiser/results: an event's Visitor's Choice ranking, read live and refreshed while votes arrive, and the
// votes with contacts as a CSV for the prize draw (built here in the browser, never stored on the device).
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ShowEvent } from '../../data/mirror.ts';
import { backendClient } from '../../data/backend.ts';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { addDaysToDate, formatDateEnGb, formatDateRange } from '../../../shared/dates.ts';
import { compareText } from '../../../shared/compare.ts';
import { VOTE_CONTACT_RETENTION_DAYS } from '../../../shared/vote-contacts.ts';
import { ConsoleNav } from './console-nav.tsx';
import { defaultResultsEvent, loadResults, loadVotes, RESULTS_REFRESH_MS, type VisitorChoiceResults } from './reports.ts';
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
              <select
                id="results-event"
                value={event.id}
                onChange={(e) => setParams((p) => (p.set('event', e.target.value), p), { replace: true })}
              >
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
  const load = useCallback((client: Parameters<typeof loadResults>[0], signal: AbortSignal) => loadResults(client, event.id, signal), [event.id]);
  const report = useReport<VisitorChoiceResults>(String(event.id), load, RESULTS_REFRESH_MS);
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
      ) : data.total === 0 ? (
        <Empty>No votes yet for {event.name}. This page refreshes every {RESULTS_REFRESH_MS / 1000} seconds.</Empty>
      ) : (
        <table className="report-table results-table" aria-labelledby={captionId}>
          <caption id={captionId}>{`${event.name}: ${data.total} ${data.total === 1 ? 'vote' : 'votes'}`}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">Place</th>
              <th scope="col">Catalog number</th>
              <th scope="col" className="num">Votes</th>
              <th scope="col" className="num">Share</th>
            </tr>
          </thead>
          <tbody>
            {data.ranking.map((r) => (
              <tr key={r.catalog_number}>
                <td className="num">{r.place}</td>
                <th scope="row">{r.catalog_number}</th>
                <td className="num">{r.votes}</td>
                <td className="num">{`${Math.round((r.votes / data.total) * 100)}%`}</td>
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
      )}
      <VotesDownload event={event} />
    </>
  );
}

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; count: number; fileName: string } | { kind: 'failed'; message: string };

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
      setState({ kind: 'done', count: votes.length, fileName });
    } catch (e) {
      setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <section className="votes-download" aria-labelledby="votes-download-heading">
      <h2 id="votes-download-heading">Prize draw</h2>
      <p className="report-note">
        The CSV lists every vote with the voter’s name, e-mail address or phone number, the catalog number and when the vote was
        cast (at the venue, {eventTimeZone(event)}). Voters’ contact details are kept for {VOTE_CONTACT_RETENTION_DAYS} days after
        the event’s last day and removed on {formatDateEnGb(removedFrom)}; the votes stay counted.
      </p>
      <div className="report-actions">
        <button type="button" onClick={() => void download()} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? 'Preparing the CSV…' : 'Download votes (CSV)'}
        </button>
        <span role="status" aria-live="polite">
          {state.kind === 'done' && `Downloaded ${state.count} ${state.count === 1 ? 'vote' : 'votes'} as ${state.fileName}`}
        </span>
      </div>
      {state.kind === 'failed' && <ErrorBox>{`Could not download the votes: ${state.message.replace(/\.+$/, '')}.`}</ErrorBox>}
    </section>
  );
}

// /results and /results/{event id}: the show's published results from the mirror, live: Visitor's Choice
// winners (places, never counts) and the show's own awards first, then each ring's awards, newest first,
// each in place order with the cat linked (number and name).
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { JudgedResult } from '../../data/mirror.ts';
import { paths, resultsAnchor } from '../../../shared/paths.ts';
import { groupResults, type AwardResults, type ResultGroup } from '../../lib/judging.ts';
import { GlossaryText } from '../../ui/glossary-text.tsx';
import { JUDGING_TEXTS as T } from '../../ui/judging-texts.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { JudgingHeader, useJudging, type JudgingData } from './judging-view.tsx';
import './rings.css';

export function ResultsPage() {
  const view = useJudging(T.resultsFailed);
  useDocumentTitle(view.state === 'ready' && view.data.event ? `${T.resultsTitle}: ${view.data.event.name}` : T.resultsTitle);
  return (
    <main className="page judging-page results-page">
      <h1>{T.resultsHeading}</h1>
      {view.state === 'loading' && <Loading>{T.resultsLoading}</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && <ResultsView data={view.data} />}
    </main>
  );
}

/** The group's anchor (paths.results(event, group) links to it) and heading. */
function groupName(group: ResultGroup<JudgedResult>): { anchor: string; heading: string } {
  if (group.kind === 'visitors_choice') return { anchor: resultsAnchor('visitors-choice'), heading: T.visitorsChoice };
  if (group.kind === 'show') return { anchor: resultsAnchor('show'), heading: T.showAwards };
  return { anchor: resultsAnchor(group.ring!), heading: T.ringHeading(group.ring!) };
}

function ResultsView({ data }: { data: JudgingData }) {
  const header = <JudgingHeader data={data} pathOf={(id) => paths.results(id)} switchId="results-event" />;
  const { event, judging } = data;
  if (!event || !judging) {
    return (
      <>
        {header}
        <p className="state state-empty">{T.noEvent}</p>
      </>
    );
  }
  const groups = groupResults(judging.results);
  return (
    <>
      {header}
      <ScrollToGroup ready={groups.length > 0} />
      {groups.length === 0 ? (
        <p className="state state-empty">{T.noResults}</p>
      ) : (
        groups.map((group) => {
          const { anchor, heading } = groupName(group);
          return (
            <section key={anchor} id={anchor} className={`results-group is-${group.kind}`} aria-labelledby={`${anchor}-heading`} tabIndex={-1}>
              <h2 id={`${anchor}-heading`}>{heading}</h2>
              {group.awards.map((award) => (
                <Award key={award.award} award={award} eventId={judging.eventId} showAward={group.kind !== 'visitors_choice' || group.awards.length > 1} />
              ))}
            </section>
          );
        })
      )}
    </>
  );
}

/** A link to one group (a ring's "All results", a cat's award) opens the page there, once the results have been read. */
function ScrollToGroup({ ready }: { ready: boolean }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const group = document.getElementById(decodeURIComponent(hash.slice(1)));
    group?.scrollIntoView();
    group?.focus({ preventScroll: true });
  }, [ready, hash]);
  return null;
}

/** One award's cats in place order; its judge when one judged them all. */
function Award({ award, eventId, showAward }: { award: AwardResults<JudgedResult>; eventId: number; showAward: boolean }) {
  const judges = [...new Set(award.results.map((r) => r.judge).filter((j) => j !== null))];
  const placed = award.results.some((r) => r.place !== null);
  const List = placed ? 'ol' : 'ul';
  return (
    <div className="results-award">
      {showAward && (
        <h3>
          <GlossaryText text={award.award} phrases />
        </h3>
      )}
      {judges.length === 1 && <p className="muted results-judge">{T.judge(judges[0]!)}</p>}
      <List className="results-list">
        {award.results.map((r) => (
          <li key={r.id}>
            <span className="results-place">{T.place(r.place)}</span>
            {r.cat ? (
              <Link to={paths.catalogueEntry(eventId, r.cat.catalogue_number)} className="results-cat">
                <span className="ring-cat-number">{r.cat.catalogue_number}</span> <span className="ring-cat-name">{r.cat.name}</span>
              </Link>
            ) : (
              <span className="muted">{T.unknownCat}</span>
            )}
            {r.cat?.breed && <span className="results-breed muted">{r.cat.breed.breed_name}</span>}
            {judges.length > 1 && r.judge && <span className="results-breed muted">{T.judge(r.judge)}</span>}
          </li>
        ))}
      </List>
    </div>
  );
}

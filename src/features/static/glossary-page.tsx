// /glossary: the words of a cat show (src/ui/glossary-texts.ts), grouped by kind, each entry an anchor that
// GlossaryText links to (/glossary#cacib), with a filter. Static: it opens offline like any visitor screen.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import { filterGlossary } from '../../ui/glossary-match.ts';
import { GLOSSARY, GLOSSARY_KINDS, GLOSSARY_TEXTS as T, registryEntryId, type GlossaryEntry } from '../../ui/glossary-texts.ts';
import './static.css';
import './glossary.css';

/**
 * A link here lands on its entry: the page renders after the route's chunk has loaded, too late for the
 * browser's own jump to the fragment.
 */
function useScrollToEntry(hash: string) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!hash || done.current === hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}

function Entry({ entry, linked }: { entry: GlossaryEntry; linked: boolean }) {
  const written = [...(entry.aliases ?? []), ...(entry.phrases ?? [])];
  const ownRegistry = entry.kind === 'registry';
  return (
    <div id={entry.id} tabIndex={-1} className={`glossary-entry${linked ? ' is-linked' : ''}`}>
      <dt>
        <dfn>{entry.name ? <abbr title={entry.name}>{entry.term}</abbr> : entry.term}</dfn>
        {entry.name && <span className="glossary-name">{entry.name}</span>}
      </dt>
      <dd>
        <p>{entry.explanation}</p>
        {written.length > 0 && (
          <p className="glossary-meta">
            {T.alsoWritten}: {written.join(', ')}
          </p>
        )}
        {!ownRegistry && (
          <p className="glossary-meta">
            {T.usedBy}:{' '}
            {entry.registries.map((r, i) => (
              <span key={r}>
                {i > 0 && ', '}
                <Link to={paths.glossary(registryEntryId(r))}>{r}</Link>
              </span>
            ))}
          </p>
        )}
      </dd>
    </div>
  );
}

export function GlossaryPage() {
  const [typed, setTyped] = useState('');
  const { hash } = useLocation();
  useScrollToEntry(hash);
  const filterId = useId();
  const shown = filterGlossary(typed);
  const linked = decodeURIComponent(hash.slice(1));
  return (
    <main className="page static-page glossary-page">
      <h1>{T.heading}</h1>
      <p className="static-lead">{T.lead}</p>
      <search className="glossary-filter">
        <label htmlFor={filterId}>{T.filterLabel}</label>
        <input id={filterId} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} aria-describedby={`${filterId}-hint`} autoComplete="off" />
        <p id={`${filterId}-hint`} className="muted">
          {T.filterHint}
        </p>
      </search>
      <p className="glossary-count" role="status">
        {T.count(shown.length, GLOSSARY.length)}
      </p>
      {shown.length === 0 && (
        <div className="glossary-no-matches">
          <p>{T.noMatches(typed.trim())}</p>
          <button type="button" onClick={() => setTyped('')}>
            {T.clearFilter}
          </button>
        </div>
      )}
      {GLOSSARY_KINDS.map((kind) => {
        const entries = shown.filter((e) => e.kind === kind);
        if (entries.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`glossary-${kind}`}>
            <h2 id={`glossary-${kind}`}>{T.kinds[kind].heading}</h2>
            <p>{T.kinds[kind].intro}</p>
            <dl className="glossary-list">
              {entries.map((entry) => (
                <Entry key={entry.id} entry={entry} linked={entry.id === linked} />
              ))}
            </dl>
          </section>
        );
      })}
    </main>
  );
}

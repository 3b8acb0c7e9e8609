// /search: one field over the mirror, results grouped by kind as you type. The index is
// built from IndexedDB once when the screen opens and again when the mirror changes (a live query); each
// keystroke is a pass over it in memory. The field is a WAI-ARIA combobox: ↑/↓ move the active result,
// Enter opens it (the first result when none is active), Escape closes the search.
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { db, useMirror } from '../../data/mirror.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { createSearch, type SearchEntry, type SearchGroup } from './rank.ts';
import { buildSearchIndex, type SearchIndex } from './search-index.ts';
import { SEARCH_TEXTS } from './search-texts.ts';
import './search.css';

async function loadSearchIndex(): Promise<SearchIndex> {
  const [breeds, organizations, catteries, cattery_has_breed, litters, events, event_schedule, advertisers] = await Promise.all([
    db.breeds.toArray(),
    db.organizations.toArray(),
    db.catteries.toArray(),
    db.cattery_has_breed.toArray(),
    db.litters.toArray(),
    db.events.toArray(),
    db.event_schedule.toArray(),
    db.advertisers.toArray(),
  ]);
  const showOnNow = activeEvent(events, new Date());
  const catalogue_entries = showOnNow ? await db.catalogue_entries.where('event_id').equals(showOnNow.id).toArray() : [];
  return buildSearchIndex({ breeds, organizations, catteries, cattery_has_breed, litters, events, event_schedule, advertisers, catalogue_entries });
}

/**
 * The search after a one-letter pass and a pass over the whole index, while the screen opens: the matcher
 * is compiled then, not on the visitor's first keys (on a slow phone those first passes are the slowest).
 */
function primed(search: ReturnType<typeof createSearch>): ReturnType<typeof createSearch> {
  search('e');
  search('ea');
  return search;
}

const optionId = (idPrefix: string, entry: SearchEntry) => `${idPrefix}-${entry.kind}-${entry.id}`;

export function SearchPage() {
  const view = useMirror(loadSearchIndex, [], SEARCH_TEXTS.failed, (index) => index.entries.length === 0);
  useDocumentTitle(SEARCH_TEXTS.title);
  return (
    <main className="page search-page">
      <h1>{SEARCH_TEXTS.heading}</h1>
      <SearchBox index={view.state === 'ready' ? view.data : null} />
      {view.state === 'loading' && <Loading>{SEARCH_TEXTS.loading}</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
    </main>
  );
}

function SearchBox({ index }: { index: SearchIndex | null }) {
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  // Each key renders its results at once, in the same task: the search is a pass over memory (a longer
  // query only re-checks what the shorter one matched) and the list is capped per group.
  const search = useMemo(() => (index ? primed(createSearch(index.entries)) : null), [index]);
  const groups = useMemo(() => (search ? search(query) : []), [search, query]);
  const results = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  // The active result belongs to the query it was chosen in: a new query starts with none.
  const [active, setActive] = useState<{ query: string; at: number }>({ query: '', at: -1 });
  const activeAt = active.query === query ? active.at : -1;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-results`;
  const activeEntry = results[activeAt];
  const activeId = activeEntry ? optionId(id, activeEntry) : undefined;

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const { pathname } = location;
  const open = useCallback(
    (entry: SearchEntry) => {
      // Back from the result returns to this search: the query goes into this entry's URL first (the
      // router reads the URL when the visitor comes back; nothing renders in between).
      const typed = input.current?.value ?? '';
      history.replaceState(history.state, '', `${pathname}${typed.trim() === '' ? '' : `?q=${encodeURIComponent(typed)}`}`);
      void navigate(entry.path);
    },
    [navigate, pathname],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (results.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const from = activeAt === -1 && step === -1 ? results.length : activeAt;
      setActive({ query, at: (from + step + results.length) % results.length });
    } else if (e.key === 'Enter') {
      const entry = activeEntry ?? results[0];
      if (!entry) return;
      e.preventDefault();
      open(entry);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      // Closing returns to the page the search was opened from (home when it was opened directly).
      if (location.key === 'default') void navigate('/');
      else void navigate(-1);
    }
  };

  const expanded = results.length > 0;
  const total = groups.reduce((n, g) => n + g.total, 0);
  const searched = index !== null && query.trim() !== '';
  return (
    <>
      <div className="search-field">
        <label htmlFor={`${id}-input`}>{SEARCH_TEXTS.label}</label>
        <input
          ref={input}
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="search-hint">
          {SEARCH_TEXTS.hint}
        </p>
      </div>
      <div className="search-results" data-query={index ? query : undefined}>
        <div role="status" className="search-status">
          {searched && total > 0 && <p>{SEARCH_TEXTS.count(total)}</p>}
          {searched && total === 0 && (
            <p className="search-none">
              {SEARCH_TEXTS.noMatches(query)} {SEARCH_TEXTS.tryBefore}
              <Link to="/breed-finder-quiz">{SEARCH_TEXTS.quizLink}</Link>
              {SEARCH_TEXTS.tryBetween}
              <Link to="/breeds">{SEARCH_TEXTS.breedsLink}</Link>
              {SEARCH_TEXTS.tryAfter}
            </p>
          )}
        </div>
        <ResultList groups={groups} idPrefix={id} activeId={activeId} hidden={!expanded} onOpen={open} />
      </div>
    </>
  );
}

interface ResultListProps {
  groups: SearchGroup[];
  idPrefix: string;
  activeId: string | undefined;
  hidden: boolean;
  onOpen: (entry: SearchEntry) => void;
}

/** The listbox of grouped results; a keystroke whose results are not in yet leaves it alone (memo). */
const ResultList = memo(function ResultList({ groups, idPrefix, activeId, hidden, onOpen }: ResultListProps) {
  return (
    <div role="listbox" id={`${idPrefix}-results`} aria-label={SEARCH_TEXTS.resultsLabel} hidden={hidden}>
      {groups.map((group) => (
        <ul key={group.kind} role="group" aria-labelledby={`${idPrefix}-${group.kind}`} className="search-group">
          <li role="presentation" id={`${idPrefix}-${group.kind}`} className="search-group-heading">
            {SEARCH_TEXTS.groups[group.kind]}
            {group.total > group.results.length && <span className="search-group-count"> ({SEARCH_TEXTS.shown(group.results.length, group.total)})</span>}
          </li>
          {group.results.map((entry) => {
            const id = optionId(idPrefix, entry);
            return <ResultOption key={entry.id} id={id} entry={entry} active={id === activeId} onOpen={onOpen} />;
          })}
        </ul>
      ))}
    </div>
  );
});

/** One result; while a query grows, the results that stay are not rendered again (memo). */
const ResultOption = memo(function ResultOption({
  id,
  entry,
  active,
  onOpen,
}: {
  id: string;
  entry: SearchEntry;
  active: boolean;
  onOpen: (entry: SearchEntry) => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'search-result is-active' : 'search-result'}
      // The field keeps focus (and the phone its keyboard) until the result opens.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onOpen(entry)}
    >
      <span className="search-result-label">{entry.label}</span>
      {entry.detail !== '' && <span className="search-result-detail">{entry.detail}</span>}
    </li>
  );
});

// /catalogue and /catalogue/{event id}: the show's catalogue as it is printed (by section, then breed, then
// number), from the mirror, so it works with the hall's Wi-Fi gone. A typed number jumps to its cat; words
// find names, breeds, colours, catteries, owners and pens; filters by breed, sex and class stay in the URL.
import { useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { db, useMirror, type ShowEvent } from '../../data/mirror.ts';
import { formatDateRange } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { FilterSelect, ListFilters, NoMatches, ShowMore, useFilterParams } from '../../ui/list-controls.tsx';
import { useListMemory } from '../../ui/list-memory.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { readEventCatalogue, useEventCallsAndResults, type CatalogueCat, type EventCatalogue } from '../../data/mirror.ts';
import { catStandings, type CatStandings } from '../../lib/judging.ts';
import { JUDGING_TEXTS } from '../../ui/judging-texts.ts';
import { indexCatalogue, searchCatalogue, type CatalogueFilters } from './catalogue-search.ts';
import { CATALOGUE_TEXTS as T } from '../../ui/catalogue-texts.ts';
import { EntryLine, EntryList } from '../../ui/catalogue-entry-line.tsx';
import './catalogue.css';
import { EventSwitch } from '../../ui/event-switch.tsx';

/** Cats drawn at a time when browsing: a whole ×10 catalogue at once would keep a phone busy for seconds. */
const CATALOGUE_STEP = 50;
/** …and under a typed query, redrawn on every key: fewer, so each key answers sooner on a phone. */
const SEARCH_STEP = 20;
const FILTER_NAMES = ['breed', 'sex', 'class'] as const;

interface CatalogueData {
  /** The events a visitor can switch to: those with a catalogue, and the one shown. */
  events: ShowEvent[];
  event: ShowEvent | undefined;
  catalogue: EventCatalogue | undefined;
  anyEvents: boolean;
}

/** A route id as a row id, or null when it cannot be one. */
const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadCatalogue(eventId: number | null): Promise<CatalogueData> {
  const [events, withEntries] = await Promise.all([db.events.toArray(), db.catalogue_entries.orderBy('event_id').uniqueKeys()]);
  const event = eventId === null ? activeEvent(events, new Date()) : events.find((e) => e.id === eventId);
  const listed = new Set<number>(withEntries as number[]);
  if (event) listed.add(event.id);
  const choices = events.filter((e) => listed.has(e.id)).sort((a, b) => a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name));
  return { events: choices, event, catalogue: event ? await readEventCatalogue(event.id) : undefined, anyEvents: events.length > 0 };
}

export function CataloguePage() {
  const eventId = rowId(useParams().eventId);
  const view = useMirror(
    () => loadCatalogue(eventId),
    [eventId],
    T.failed,
    (d) => !d.anyEvents,
  );
  useDocumentTitle(view.state === 'ready' && view.data.event ? `${T.title}: ${view.data.event.name}` : T.title);
  return (
    <main className="page catalogue-page">
      <h1>{T.heading}</h1>
      {view.state === 'loading' && <Loading>{T.loading}</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && <CatalogueView data={view.data} />}
    </main>
  );
}

function CatalogueView({ data }: { data: CatalogueData }) {
  const { event, catalogue } = data;
  const eventSwitch = (
    <EventSwitch id="catalogue-event" label={T.eventLabel} events={data.events} current={event} pathOf={(id) => paths.catalogue(id)} className="catalogue-event-switch" />
  );
  if (!event || !catalogue) {
    return (
      <>
        {eventSwitch}
        <p className="state state-empty">{T.noEvent}</p>
      </>
    );
  }
  return (
    <>
      <p className="catalogue-event">
        <Link to={paths.event(event.id)}>{event.name}</Link>, <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
      </p>
      {eventSwitch}
      {catalogue.entries.length === 0 ? <p className="state state-empty">{T.empty}</p> : <CatalogueList catalogue={catalogue} />}
    </>
  );
}

/** Runs of cats under one section and breed heading, as a printed catalogue groups them. */
function groupCats(cats: readonly CatalogueCat[]) {
  const groups: { key: string; section: string | null; breed: string; cats: CatalogueCat[] }[] = [];
  for (const cat of cats) {
    const breed = cat.breed?.breed_name ?? '';
    const last = groups.at(-1);
    if (last && last.section === cat.section && last.breed === breed) last.cats.push(cat);
    else groups.push({ key: `${cat.catalogue_number}`, section: cat.section, breed, cats: [cat] });
  }
  return groups;
}

/** A cat's judging in words for its line: its open call, and whether it has been placed or awarded. */
function judgingMarks(standings: CatStandings | undefined, cat: CatalogueCat): { call: string | undefined; award: string | undefined } {
  const call = standings?.callOf.get(cat.catalogue_number);
  const award = standings?.awardOf.get(cat.id);
  return {
    call: call && (call.status === 'judging' ? JUDGING_TEXTS.markJudging(call.ring) : JUDGING_TEXTS.markCalled(call.ring)),
    award: award && (award === 'placed' ? JUDGING_TEXTS.markPlaced : JUDGING_TEXTS.markAwarded),
  };
}

function CatalogueList({ catalogue }: { catalogue: EventCatalogue }) {
  const filters = useFilterParams(FILTER_NAMES);
  // Read apart from the catalogue: a call re-reads only the calls and results, and redraws only the lines it marks.
  const judging = useEventCallsAndResults(catalogue.eventId);
  const standings = useMemo(() => (judging ? catStandings(judging.calls, judging.results) : undefined), [judging]);
  const [query, setQuery] = useState('');
  // The field answers each key at once; the list follows as soon as the phone is free.
  const deferredQuery = useDeferredValue(query);
  const index = useMemo(() => indexCatalogue(catalogue.entries), [catalogue]);
  const breeds = useMemo(() => {
    const seen = new Map<string, string>();
    for (const cat of catalogue.entries) if (cat.breed) seen.set(cat.breed.universal_breed_abbreviation, cat.breed.breed_name);
    return [...seen].sort((a, b) => a[1].localeCompare(b[1], 'en'));
  }, [catalogue]);
  const classes = useMemo(() => [...new Set(catalogue.entries.flatMap((c) => (c.class ? [c.class] : [])))].sort((a, b) => a.localeCompare(b, 'en')), [catalogue]);
  const breed = catalogue.entries.find((c) => c.breed?.universal_breed_abbreviation === filters.values.breed)?.breed;
  const sex = filters.values.sex === 'male' || filters.values.sex === 'female' ? filters.values.sex : null;
  const cls = classes.includes(filters.values.class) ? filters.values.class : null;
  const applied: CatalogueFilters = { breedId: breed?.id ?? null, sex, class: cls };
  const result = useMemo(() => searchCatalogue(index, deferredQuery, applied), [index, deferredQuery, applied.breedId, applied.sex, applied.class]); // eslint-disable-line react-hooks/exhaustive-deps
  const step = deferredQuery.trim() === '' ? CATALOGUE_STEP : SEARCH_STEP;
  const { shown, showMore } = useListMemory(true, step, `${filters.filterKey}&q=${deferredQuery}`);
  const visible = result.matches.slice(0, shown);
  const clear = () => {
    setQuery('');
    filters.clearFilters();
  };
  return (
    <>
      <div className="catalogue-search">
        <label htmlFor="catalogue-query">{T.searchLabel}</label>
        <input
          id="catalogue-query"
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="catalogue-query-hint"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p id="catalogue-query-hint" className="muted">
          {T.searchHint}
        </p>
      </div>
      <ListFilters legend={T.filtersLegend} count={T.count(result.matches.length, catalogue.entries.length)}>
        <FilterSelect
          id="catalogue-breed"
          label={T.breed}
          value={breed?.universal_breed_abbreviation ?? ''}
          options={[{ value: '', label: T.allBreeds }, ...breeds.map(([value, label]) => ({ value, label }))]}
          onChange={(value) => filters.setFilter('breed', value)}
        />
        <FilterSelect
          id="catalogue-sex"
          label={T.sex}
          value={sex ?? ''}
          options={[
            { value: '', label: T.allSexes },
            { value: 'female', label: T.sexWord.female },
            { value: 'male', label: T.sexWord.male },
          ]}
          onChange={(value) => filters.setFilter('sex', value)}
        />
        {classes.length > 0 && (
          <FilterSelect
            id="catalogue-class"
            label={T.class}
            value={cls ?? ''}
            options={[{ value: '', label: T.allClasses }, ...classes.map((c) => ({ value: c, label: c }))]}
            onChange={(value) => filters.setFilter('class', value)}
          />
        )}
      </ListFilters>
      {/* data-query names the query the results below show (the bench times each key to it). */}
      <div className="catalogue-results" data-query={deferredQuery}>
        {result.number !== null && (
          <section className="catalogue-jump" aria-labelledby="catalogue-jump-heading">
            <h2 id="catalogue-jump-heading">{T.numberFound(result.number)}</h2>
            {result.numbered ? (
              <EntryList>
                <EntryLine cat={result.numbered} eventId={catalogue.eventId} {...judgingMarks(standings, result.numbered)} />
              </EntryList>
            ) : (
              <p className="state state-empty">{T.numberMissing(result.number)}</p>
            )}
          </section>
        )}
        {result.matches.length === 0 ? (
          result.number === null && <NoMatches onClear={clear}>{T.noMatches}</NoMatches>
        ) : (
          <div className="catalogue-groups">
            {groupCats(visible).map((g) => (
              <section key={g.key} className="catalogue-group" aria-label={[g.section, g.breed].filter(Boolean).join(', ')}>
                <h2 className="catalogue-group-heading">
                  {g.section && <span className="catalogue-section">{g.section}</span>}
                  <span className="catalogue-breed">{g.breed}</span>
                </h2>
                <EntryList>
                  {g.cats.map((cat) => (
                    <EntryLine key={cat.id} cat={cat} eventId={catalogue.eventId} {...judgingMarks(standings, cat)} />
                  ))}
                </EntryList>
              </section>
            ))}
            <ShowMore shown={visible.length} total={result.matches.length} step={step} noun="cats" onShowMore={showMore} />
          </div>
        )}
      </div>
    </>
  );
}

// /catalogue/{event id}/{number}: one cat of a show's catalogue, where a pen card's QR code lands: what it is,
// where it sits, "Absent" when it did not come, its star, and "Vote for this cat" while its show takes votes.
import { Link, useParams } from 'react-router';
import { db, useMirror, type ShowEvent } from '../../data/mirror.ts';
import { localIsoDate, formatDateEnGb } from '../../../shared/dates.ts';
import { normaliseCatalogueNumber } from '../../../shared/catalogue.ts';
import { paths } from '../../../shared/paths.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { DetailPageState } from '../../ui/states.tsx';
import { ShareButton } from '../../ui/share-button.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { entrySnapshot } from '../../data/favourites.ts';
import { readEventCatalogue, readEventHall, useCatJudging, type CatalogueCat } from '../../data/mirror.ts';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { clockAt, isOpenCall } from '../../lib/judging.ts';
import { JUDGING_TEXTS as J } from '../../ui/judging-texts.ts';
import { locatePen } from '../../../shared/floor-plan.ts';
import { FLOOR_PLAN_TEXTS } from '../../ui/floor-plan-texts.ts';
import { GlossaryText } from '../../ui/glossary-text.tsx';
import { ageOn, CATALOGUE_TEXTS as T } from '../../ui/catalogue-texts.ts';
import './catalogue.css';

interface EntryDetail {
  event: ShowEvent | undefined;
  cat: CatalogueCat | undefined;
  /** The event Visitor's Choice votes go to now. */
  votingEventId: number | undefined;
  /** Some benching row of the event's plan holds the cat's pen ("Show on the floor plan"). */
  penOnPlan: boolean;
  anyEvents: boolean;
}

const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadEntry(eventId: number | null, number: string | null): Promise<EntryDetail> {
  const events = await db.events.toArray();
  const event = events.find((e) => e.id === eventId);
  const votingEventId = activeEvent(events, new Date())?.id;
  if (!event || number === null) return { event, cat: undefined, votingEventId, penOnPlan: false, anyEvents: events.length > 0 };
  const [catalogue, hall] = await Promise.all([readEventCatalogue(event.id), readEventHall(event.id)]);
  const cat = catalogue.byNumber.get(number);
  return { event, cat, votingEventId, penOnPlan: locatePen(hall.places, cat?.pen ?? null) !== null, anyEvents: true };
}

/** The cat's calls (state in words, at the venue's clock) and awards (award, place, ring, judge), live. */
function CatJudging({ cat, event }: { cat: CatalogueCat; event: ShowEvent }) {
  const judging = useCatJudging(cat);
  if (!judging || (judging.calls.length === 0 && judging.results.length === 0)) return null;
  const zone = eventTimeZone(event);
  return (
    <>
      {judging.calls.length > 0 && (
        <section className="catalogue-judging" aria-labelledby="cat-calls-heading">
          <h2 id="cat-calls-heading">{J.catCallsHeading}</h2>
          <ul>
            {judging.calls.map((call) => (
              <li key={call.id} className={`catalogue-call is-${call.status}${isOpenCall(call) ? ' is-open' : ''}`}>
                <Link to={paths.rings(event.id)}>{J.catCall(call.ring, call.status, clockAt(call.status === 'called' ? call.called_at : call.status_at, zone))}</Link>
                {call.label && <span className="muted"> · {call.label}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {judging.results.length > 0 && (
        <section className="catalogue-judging" aria-labelledby="cat-awards-heading">
          <h2 id="cat-awards-heading">{J.catAwardsHeading}</h2>
          <ul>
            {judging.results.map((r) => (
              <li key={r.id} className="catalogue-award">
                <Link to={paths.results(event.id, r.kind === 'visitors_choice' ? 'visitors-choice' : (r.ring ?? 'show'))}>{J.catAward(r)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function EntryPage() {
  const params = useParams();
  const eventId = rowId(params.eventId);
  const typed = params.number ?? '';
  const number = normaliseCatalogueNumber(typed);
  const view = useMirror(
    () => loadEntry(eventId, number),
    [eventId, number],
    T.failed,
    (d) => !d.anyEvents,
  );
  useDocumentTitle(view.state !== 'ready' ? T.title : (view.data.cat?.name ?? T.notFound));
  const back = (
    <Link to={eventId === null ? paths.catalogue() : paths.catalogue(eventId)} className="catalogue-back-link">
      {T.backToCatalogue}
    </Link>
  );
  if (view.state !== 'ready') return <DetailPageState back={back} view={view} loading={T.loading} />;
  const { event, cat, votingEventId, penOnPlan } = view.data;
  if (!event || !cat) {
    return (
      <main className="page">
        {back}
        <h1>{T.notFound}</h1>
        <p>{T.notFoundText(number ?? typed)}</p>
      </main>
    );
  }
  const age = ageOn(cat.date_of_birth, localIsoDate(new Date()));
  const parents = [cat.sire, cat.dam].some(Boolean) ? `${cat.sire ?? '?'} × ${cat.dam ?? '?'}` : null;
  return (
    <main className={`page catalogue-entry-page${cat.absent ? ' is-absent' : ''}`}>
      {back}
      <p className="catalogue-entry-number">{T.number(cat.catalogue_number)}</p>
      <h1>
        <GlossaryText text={cat.name} />
      </h1>
      {cat.absent && <p className="catalogue-absent-note">{T.absentExplained}</p>}
      <div className="catalogue-entry-actions">
        {event.id === votingEventId && (
          <Link to={paths.visitorsChoice(cat.catalogue_number)} className="button catalogue-vote">
            {T.voteForThisCat}
          </Link>
        )}
        <span className="star-slot">
          <StarButton kind="entry" id={cat.id} label={cat.name} snapshot={entrySnapshot(cat)} />
        </span>
        <ShareButton title={cat.name} path={paths.catalogueEntry(event.id, cat.catalogue_number)} about={cat.name} />
      </div>
      <CatJudging cat={cat} event={event} />
      <dl className="catalogue-facts">
        <Fact term={T.facts.pen}>
          {cat.pen ?? T.noPen}
          {penOnPlan && cat.pen && (
            <>
              {' '}
              <Link to={paths.floorPlan(event.id, { pens: [cat.pen] })} className="catalogue-on-plan">
                {FLOOR_PLAN_TEXTS.showOnPlan}
              </Link>
            </>
          )}
        </Fact>
        <Fact term={T.facts.number}>{cat.catalogue_number}</Fact>
        <Fact term={T.facts.breed}>{cat.breed ? <Link to={paths.breed(cat.breed.universal_breed_abbreviation)}>{cat.breed.breed_name}</Link> : '—'}</Fact>
        {cat.colour && <Fact term={T.facts.colour}>{cat.colour}</Fact>}
        <Fact term={T.facts.sex}>{T.sexWord[cat.sex]}</Fact>
        {cat.date_of_birth && (
          <Fact term={T.facts.born}>
            <time dateTime={cat.date_of_birth}>{formatDateEnGb(cat.date_of_birth)}</time>
            {age && ` (${age})`}
          </Fact>
        )}
        {cat.class && (
          <Fact term={T.facts.class}>
            <GlossaryText text={cat.class} phrases />
          </Fact>
        )}
        {cat.section && <Fact term={T.facts.section}>{cat.section}</Fact>}
        {cat.cattery && (
          <Fact term={T.facts.cattery}>
            <Link to={paths.cattery(cat.cattery.name, paths.catalogueEntry(event.id, cat.catalogue_number))}>{cat.cattery.name}</Link>
          </Fact>
        )}
        {parents && (
          <Fact term={T.facts.parents}>
            <GlossaryText text={parents} />
          </Fact>
        )}
        {cat.owner && <Fact term={T.facts.owner}>{cat.owner}</Fact>}
        <Fact term={T.facts.event}>
          <Link to={paths.event(event.id)}>{event.name}</Link>
        </Fact>
      </dl>
    </main>
  );
}

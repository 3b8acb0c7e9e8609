// /kittens: the quiz entry and every litter (SPEC §2), newest first, from the local mirror; filtered by
// breed, sex and availability (sold-out litters on request, under their own heading), drawn 20 at a time.
import { Link } from 'react-router';
import { db, useMirror, type Breed, type Cattery, type Litter } from '../../data/mirror.ts';
import { formatDateEnGb } from '../../../shared/dates.ts';
import { ShowImage } from '../../ui/image.tsx';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { availabilityText, AvailabilityBadge, CatteryLink, isSoldOut } from './litter-parts.tsx';
import { paths } from '../../../shared/paths.ts';
import { litterMatches, parseKittenSex } from './kitten-filters.ts';
import { FilterSelect, FilterToggle, ListFilters, NoMatches, ShowMore, useFilterParams } from '../../ui/list-controls.tsx';
import { useListMemory } from '../../ui/list-memory.ts';
import './litters.css';

const LITTERS_STEP = 20;
const FILTER_NAMES = ['breed', 'sex', 'sold-out'] as const;
/** The ?sold-out= value that lists sold-out litters too. */
const SHOW_SOLD_OUT = 'shown';

interface KittensData {
  litters: Litter[];
  catteries: Map<number, Cattery>;
  breeds: Map<number, Breed>;
}

const byId = <T extends { id: number }>(rows: (T | undefined)[]) => new Map(rows.filter((r): r is T => r !== undefined).map((r) => [r.id, r]));

async function loadKittens(): Promise<KittensData> {
  // SPEC §7: litters ordered by date_of_birth descending; ties newest row first.
  const litters = await db.litters.orderBy('date_of_birth').reverse().toArray();
  const catteryIds = [...new Set(litters.map((l) => l.cattery_id))];
  const breedIds = [...new Set(litters.map((l) => l.breed_id).filter((id): id is number => id !== null))];
  const [catteries, breeds] = await Promise.all([db.catteries.bulkGet(catteryIds), db.breeds.bulkGet(breedIds)]);
  return { litters, catteries: byId(catteries), breeds: byId(breeds) };
}

function LitterCard({ litter, cattery, breed, returnUrl }: { litter: Litter; cattery: Cattery | undefined; breed: Breed | undefined; returnUrl: string }) {
  const title = breed ? `${breed.breed_name} litter` : 'Litter';
  return (
    <li>
      <article className={`card litter-card${isSoldOut(litter) ? ' is-sold-out' : ''}`} aria-labelledby={`litter-${litter.id}`}>
        <Link to={paths.litter(litter.id)} className="litter-card-picture" tabIndex={-1} aria-hidden="true">
          <ShowImage path={litter.litter_image_url} alt="" width={428} height={240} size="card" className="card-image" />
        </Link>
        <div className="litter-card-body">
          <h3 id={`litter-${litter.id}`}>
            <Link to={paths.litter(litter.id)}>{title}</Link>
          </h3>
          <p className="litter-born">Born {formatDateEnGb(litter.date_of_birth)}</p>
          <p className="litter-cattery">
            <span className="muted">Cattery: </span>
            <CatteryLink cattery={cattery} returnUrl={returnUrl} />
          </p>
          <dl className="litter-parents">
            <div>
              <dt>Sire</dt>
              <dd>{litter.sire ?? 'Unknown'}</dd>
            </div>
            <div>
              <dt>Dam</dt>
              <dd>{litter.dam ?? 'Unknown'}</dd>
            </div>
          </dl>
          <p className="litter-availability">
            <AvailabilityBadge litter={litter} />
            {!isSoldOut(litter) && <span className="muted"> {availabilityText(litter)}</span>}
          </p>
        </div>
      </article>
    </li>
  );
}

export function KittensPage() {
  const view = useMirror(loadKittens, [], 'Failed to fetch litters', (d) => d.litters.length === 0);
  return (
    <main className="page kittens">
      <section className="hero kittens-hero">
        <h1>Find Your Purr-fect Match!</h1>
        <p>Not sure which breed suits your home? Eight quick questions rank every breed at the show for you.</p>
        <p className="hero-actions">
          <Link to="/breed-finder-quiz" className="button">
            Take the Breed Finder Quiz
          </Link>
        </p>
      </section>
      {view.state === 'loading' && <Loading>Loading litters...</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && view.data.litters.length === 0 && (
        <section aria-labelledby="litters-heading">
          <h2 id="litters-heading">Available Litters</h2>
          <Empty>No litters found</Empty>
        </section>
      )}
      {view.state === 'ready' && view.data.litters.length > 0 && <LitterList data={view.data} />}
    </main>
  );
}

function LitterList({ data }: { data: KittensData }) {
  const filters = useFilterParams(FILTER_NAMES);
  const breedsListed = [...data.breeds.values()].sort((a, b) => a.breed_name.localeCompare(b.breed_name, 'en'));
  const breed = breedsListed.find((b) => b.universal_breed_abbreviation === filters.values.breed);
  const filter = { breedId: breed?.id ?? null, sex: parseKittenSex(filters.values.sex), showSoldOut: filters.values['sold-out'] === SHOW_SOLD_OUT };
  // Open litters first, then (on request) the sold-out ones; each keeps the newest-first order.
  const matching = data.litters.filter((l) => litterMatches(l, filter)).sort((a, b) => Number(isSoldOut(a)) - Number(isSoldOut(b)));
  const { shown, showMore } = useListMemory(true, LITTERS_STEP, filters.filterKey);
  const visible = matching.slice(0, shown);
  const open = visible.filter((l) => !isSoldOut(l));
  const soldOut = visible.filter((l) => isSoldOut(l));
  const soldOutCount = data.litters.filter((l) => isSoldOut(l)).length;
  const kittens = matching.reduce((n, l) => n + l.available_male_kittens + l.available_female_kittens, 0);
  // A cattery's Back comes here with the same filters.
  const returnUrl = `/kittens${filters.search}`;
  const card = (l: Litter) => (
    <LitterCard
      key={l.id}
      litter={l}
      cattery={data.catteries.get(l.cattery_id)}
      breed={l.breed_id === null ? undefined : data.breeds.get(l.breed_id)}
      returnUrl={returnUrl}
    />
  );
  return (
    <>
      <section aria-labelledby="litters-heading">
        <h2 id="litters-heading">Available Litters</h2>
        <ListFilters
          legend="Filter litters"
          count={`${matching.length} of ${data.litters.length} litters · ${kittens} ${kittens === 1 ? 'kitten' : 'kittens'} available`}
        >
          <FilterSelect
            id="litters-breed"
            label="Breed"
            value={breed?.universal_breed_abbreviation ?? ''}
            options={[{ value: '', label: 'All breeds' }, ...breedsListed.map((b) => ({ value: b.universal_breed_abbreviation, label: b.breed_name }))]}
            onChange={(value) => filters.setFilter('breed', value)}
          />
          <FilterSelect
            id="litters-sex"
            label="Sex"
            value={filter.sex ?? ''}
            options={[
              { value: '', label: 'Male or female' },
              { value: 'female', label: 'Female kittens' },
              { value: 'male', label: 'Male kittens' },
            ]}
            onChange={(value) => filters.setFilter('sex', value)}
          />
          <FilterToggle
            label={`Show sold-out litters (${soldOutCount})`}
            checked={filter.showSoldOut}
            onChange={(checked) => filters.setFilter('sold-out', checked ? SHOW_SOLD_OUT : '')}
          />
        </ListFilters>
        {matching.length === 0 && <NoMatches onClear={filters.clearFilters}>No litters match these filters.</NoMatches>}
        {open.length > 0 && <ul className="litter-grid">{open.map(card)}</ul>}
        {matching.length > 0 && open.length === 0 && <p className="muted">No open litters match; sold-out litters follow.</p>}
      </section>
      {soldOut.length > 0 && (
        <section aria-labelledby="sold-out-heading">
          <h2 id="sold-out-heading">Sold-out Litters</h2>
          <ul className="litter-grid">{soldOut.map(card)}</ul>
        </section>
      )}
      <ShowMore shown={visible.length} total={matching.length} step={LITTERS_STEP} noun="litters" onShowMore={showMore} />
    </>
  );
}

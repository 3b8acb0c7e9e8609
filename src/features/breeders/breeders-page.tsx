// /breeders: every cattery as a card naming its breeds, filtered by breed and country (kept in the URL).
import { db, useMirror, type Cattery, type CatteryBreed } from '../../data/mirror.ts';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { FilterSelect, ListFilters, NoMatches, useFilterParams } from '../../ui/list-controls.tsx';
import { useListMemory } from '../../ui/list-memory.ts';
import { CatteryCard } from './cattery-card.tsx';
import { catteryBreedNames, catteryMatches, certifiedSinceYear } from './cattery-view.ts';
import './breeders.css';

interface BreederListItem {
  cattery: Cattery;
  certifiedSince: number | null;
  breedIds: number[];
  breedNames: string[];
}

interface BreedersData {
  items: BreederListItem[];
  /** The breeds some cattery keeps, by name. */
  breeds: { id: number; name: string; abbreviation: string }[];
}

const FILTER_NAMES = ['breed', 'country'] as const;
// The whole list is drawn (compact cards on a phone); the step only keeps the list's scroll memory.
const ALL_CATTERIES = Number.MAX_SAFE_INTEGER;

async function loadBreeders(): Promise<BreedersData> {
  const [catteries, links] = await Promise.all([db.catteries.orderBy('name').toArray(), db.cattery_has_breed.toArray()]);
  const breedRows = await db.breeds.bulkGet([...new Set(links.map((l) => l.breed_id))]);
  const breeds = breedRows
    .filter((b) => b !== undefined)
    .map((b) => ({ id: b.id, name: b.breed_name, abbreviation: b.universal_breed_abbreviation }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const breedNames = new Map(breeds.map((b) => [b.id, b.name]));
  const linksByCattery = new Map<number, CatteryBreed[]>();
  for (const link of links) linksByCattery.set(link.cattery_id, [...(linksByCattery.get(link.cattery_id) ?? []), link]);
  const items = catteries.map((cattery) => {
    const own = linksByCattery.get(cattery.id) ?? [];
    return { cattery, certifiedSince: certifiedSinceYear(own), breedIds: own.map((l) => l.breed_id), breedNames: catteryBreedNames(own, breedNames) };
  });
  return { items, breeds };
}

export function BreedersPage() {
  const view = useMirror(loadBreeders, [], 'Failed to fetch catteries', (data) => data.items.length === 0);
  return (
    <main className="page breeders-page">
      <h1>Certified Breeders</h1>
      {view.state === 'loading' && <Loading>Loading breeders...</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && view.data.items.length === 0 && <Empty>No breeders found</Empty>}
      {view.state === 'ready' && view.data.items.length > 0 && <BreederList data={view.data} />}
    </main>
  );
}

function BreederList({ data }: { data: BreedersData }) {
  const filters = useFilterParams(FILTER_NAMES);
  const countries = [...new Set(data.items.map((i) => i.cattery.country?.trim() ?? '').filter(Boolean))].sort((a, b) => a.localeCompare(b, 'en'));
  const breed = data.breeds.find((b) => b.abbreviation === filters.values.breed);
  const country = countries.includes(filters.values.country) ? filters.values.country : null;
  const matching = data.items.filter((item) => catteryMatches({ breedIds: item.breedIds, country: item.cattery.country }, { breedId: breed?.id ?? null, country }));
  useListMemory(true, ALL_CATTERIES, filters.filterKey);
  const returnUrl = `/breeders${filters.search}`;
  return (
    <>
      <ListFilters legend="Filter breeders" count={`${matching.length} of ${data.items.length} catteries`}>
        <FilterSelect
          id="breeders-breed"
          label="Breed"
          value={breed?.abbreviation ?? ''}
          options={[{ value: '', label: 'All breeds' }, ...data.breeds.map((b) => ({ value: b.abbreviation, label: b.name }))]}
          onChange={(value) => filters.setFilter('breed', value)}
        />
        <FilterSelect
          id="breeders-country"
          label="Country"
          value={country ?? ''}
          options={[{ value: '', label: 'All countries' }, ...countries.map((c) => ({ value: c, label: c }))]}
          onChange={(value) => filters.setFilter('country', value)}
        />
      </ListFilters>
      {matching.length === 0 && <NoMatches onClear={filters.clearFilters}>No breeders match these filters.</NoMatches>}
      {matching.length > 0 && (
        <ul className="card-grid cattery-grid">
          {matching.map(({ cattery, certifiedSince, breedNames }) => (
            <li key={cattery.id}>
              <CatteryCard cattery={cattery} certifiedSince={certifiedSince} breeds={breedNames} returnUrl={returnUrl} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

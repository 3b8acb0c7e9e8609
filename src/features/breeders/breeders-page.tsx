import { db, useMirror, type Cattery, type CatteryBreed } from '../../data/mirror.ts';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { CatteryCard } from './cattery-card.tsx';
import { certifiedSinceYear } from './cattery-view.ts';
import './breeders.css';

interface BreederListItem {
  cattery: Cattery;
  certifiedSince: number | null;
}

async function loadBreeders(): Promise<BreederListItem[]> {
  const [catteries, links] = await Promise.all([db.catteries.orderBy('name').toArray(), db.cattery_has_breed.toArray()]);
  const linksByCattery = new Map<number, CatteryBreed[]>();
  for (const link of links) linksByCattery.set(link.cattery_id, [...(linksByCattery.get(link.cattery_id) ?? []), link]);
  return catteries.map((cattery) => ({ cattery, certifiedSince: certifiedSinceYear(linksByCattery.get(cattery.id) ?? []) }));
}

export function BreedersPage() {
  const view = useMirror(loadBreeders, [], 'Failed to fetch catteries', (list) => list.length === 0);
  return (
    <main className="page breeders-page">
      <h1>Certified Breeders</h1>
      {view.state === 'loading' && <Loading>Loading breeders...</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && view.data.length === 0 && <Empty>No breeders found</Empty>}
      {view.state === 'ready' && view.data.length > 0 && (
        <ul className="card-grid cattery-grid">
          {view.data.map(({ cattery, certifiedSince }) => (
            <li key={cattery.id}>
              <CatteryCard cattery={cattery} certifiedSince={certifiedSince} returnUrl="/breeders" />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

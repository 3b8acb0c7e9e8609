import { Link } from 'react-router';
import { db } from '../../data/app-data.ts';
import { useMirror } from '../../data/use-mirror.ts';
import { ShowImage } from '../../ui/image.tsx';
import { ErrorBox, Loading } from '../../ui/states.tsx';

export function BreedsPage() {
  const view = useMirror(() => db.breeds.orderBy('breed_name').toArray(), [], 'Failed to fetch breeds', (b) => b.length === 0);
  return (
    <main className="page">
      <h1>Cat Breeds</h1>
      {view.state === 'loading' && <Loading>Loading breeds</Loading>}
      {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
      {view.state === 'ready' && (
        <ul className="card-grid">
          {view.data.map((b) => (
            <li key={b.id}>
              <Link to={`/breeds/${b.universal_breed_abbreviation}`} className="card breed-card">
                <ShowImage path={b.overview_image} alt={b.breed_name} width={428} height={240} className="card-image" />
                <h2>{b.breed_name}</h2>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { db, useMirror } from '../../data/mirror.ts';
import { ShowImage } from '../../ui/image.tsx';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { readCachedBreeds, writeCachedBreeds, type CachedBreed } from './breeds-cache.ts';
import { paths } from '../../../shared/paths.ts';

/** SPEC §9 card size 428×240; one column on phones. */
const CARD_SIZES = '(max-width: 480px) 100vw, 428px';

function BreedCards({ breeds }: { breeds: readonly CachedBreed[] }) {
  return (
    <ul className="card-grid">
      {breeds.map((b, i) => (
        <li key={b.id}>
          <Link to={paths.breed(b.universal_breed_abbreviation)} className="card breed-card">
            {/* The heading names the breed; repeating it as alt text would be read twice. */}
            {/* The first two cards are above the fold everywhere (a phone's LCP is the second, the larger part
                of it in view): fetched at once, the rest lazily. */}
            <ShowImage
              path={b.overview_image}
              alt=""
              width={428}
              height={240}
              size="card"
              sizes={CARD_SIZES}
              className="card-image"
              {...(i < 2 && { loading: 'eager', fetchPriority: 'high' })}
            />
            <h2>{b.breed_name}</h2>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function BreedsPage() {
  const [cached] = useState(readCachedBreeds);
  const view = useMirror(
    () => db.breeds.orderBy('breed_name').toArray(),
    [],
    'Failed to fetch breeds',
    (b) => b.length === 0,
  );
  const fresh = view.state === 'ready' ? view.data : null;
  useEffect(() => {
    if (fresh && fresh.length > 0) writeCachedBreeds(fresh);
  }, [fresh]);

  return (
    <main className="page">
      <h1>Cat Breeds</h1>
      {fresh ? (
        <BreedCards breeds={fresh} />
      ) : cached && cached.length > 0 ? (
        <BreedCards breeds={cached} />
      ) : view.state === 'error' ? (
        <ErrorBox>{view.message}</ErrorBox>
      ) : (
        <Loading>Loading breeds</Loading>
      )}
    </main>
  );
}

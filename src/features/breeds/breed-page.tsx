import { Link, useParams } from 'react-router';
import { db, readCatsOnShow, useMirror, type Breed, type Cattery, type CatsOnShow } from '../../data/mirror.ts';
import { parseListText } from '../../../shared/list-text.ts';
import { Gallery } from '../../ui/gallery.tsx';
import { HeroImage } from '../../ui/image.tsx';
import { DetailPageState } from '../../ui/states.tsx';
import { compareText } from '../../../shared/compare.ts';
import { paths } from '../../../shared/paths.ts';
import { useBack } from '../../ui/use-back.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ShareButton } from '../../ui/share-button.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { BreedOnShow } from '../../ui/cats-on-show.tsx';

const TILES: [keyof Breed, string][] = [
  ['activity_level', 'Activity Level'],
  ['grooming_level', 'Grooming Level'],
  ['vocality', 'Vocality'],
  ['habitat', 'Habitat'],
  ['life_expectancy', 'Life Expectancy'],
  ['colors', 'Colors'],
];

const SECTIONS: [keyof Breed, string][] = [
  ['about', 'About the Breed'],
  ['temperament', 'Temperament'],
  ['health_and_development', 'Health and Development'],
  ['health_challenges', 'Health Challenges'],
  ['health_tests', 'Health Tests'],
];

interface BreedDetail {
  breed: Breed | undefined;
  breeders: Cattery[];
  anyBreeds: boolean;
  /** Read with the breed, so the line about its cats on show does not push the page down a moment later. */
  onShow: CatsOnShow | null;
}

async function loadBreed(abbreviation: string): Promise<BreedDetail> {
  const breed =
    (await db.breeds.where('universal_breed_abbreviation').equals(abbreviation).first()) ??
    (await db.breeds.filter((b) => b.universal_breed_abbreviation.toLowerCase() === abbreviation.toLowerCase()).first());
  const anyBreeds = breed !== undefined || (await db.breeds.count()) > 0;
  if (!breed) return { breed, breeders: [], anyBreeds, onShow: null };
  const links = await db.cattery_has_breed.where('breed_id').equals(breed.id).toArray();
  const breeders = (await db.catteries.bulkGet(links.map((l) => l.cattery_id))).filter((c): c is Cattery => c !== undefined);
  breeders.sort((a, b) => compareText(a.name, b.name));
  return { breed, breeders, anyBreeds, onShow: await readCatsOnShow('breed_id', breed.id) };
}

export function BreedPage() {
  const { breedAbbreviation = '' } = useParams();
  const goBack = useBack('/breeds');
  const view = useMirror(
    () => loadBreed(breedAbbreviation),
    [breedAbbreviation],
    'Failed to fetch breeds',
    (d) => !d.anyBreeds,
  );
  useDocumentTitle(view.state !== 'ready' ? 'Breed' : (view.data.breed?.breed_name ?? 'Breed not found'));
  const back = (
    <button type="button" className="back-button" onClick={goBack}>
      ← Back
    </button>
  );

  if (view.state !== 'ready') return <DetailPageState back={back} view={view} loading="Loading breed" />;
  const { breed, breeders, onShow } = view.data;
  if (!breed) {
    return (
      <main className="page">
        {back}
        <h1>Breed not found</h1>
      </main>
    );
  }
  const gallery = parseListText(breed.detail_images);
  return (
    <main className="page breed-detail">
      {back}
      <div className="hero">
        <HeroImage path={breed.overview_image} alt={breed.breed_name} loading="eager" fetchPriority="high" />
        <h1>{breed.breed_name}</h1>
      </div>
      <div className="star-slot">
        <StarButton kind="breed" id={breed.id} label={breed.breed_name} snapshot={{ abbreviation: breed.universal_breed_abbreviation }} />
      </div>
      <ShareButton title={breed.breed_name} path={paths.breed(breed.universal_breed_abbreviation)} />
      <BreedOnShow onShow={onShow} breed={breed.breed_name} abbreviation={breed.universal_breed_abbreviation} />
      <ul className="attribute-tiles">
        {TILES.map(([key, label]) => (
          <li key={key} className="attribute-tile">
            <span className="attribute-label">{label}</span>
            <span className="attribute-value">{String(breed[key] ?? '—')}</span>
          </li>
        ))}
      </ul>
      {SECTIONS.filter(([key]) => breed[key]).map(([key, title]) => (
        <section key={key} className="breed-section">
          <h2>{title}</h2>
          <p>{String(breed[key])}</p>
        </section>
      ))}
      {gallery.length > 0 && (
        <section className="breed-section">
          <h2>Gallery</h2>
          <Gallery images={gallery} label={`${breed.breed_name} picture`} />
        </section>
      )}
      <section className="breed-section">
        <h2>Certified Breeders</h2>
        {breeders.length === 0 ? (
          <p>No certified breeders for this breed yet.</p>
        ) : (
          <ul className="breeder-links">
            {breeders.map((c) => (
              <li key={c.id}>
                <Link to={paths.cattery(c.name, paths.breed(breed.universal_breed_abbreviation))}>{c.name}</Link>
                {c.city && <span className="muted"> · {[c.city, c.country].filter(Boolean).join(', ')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

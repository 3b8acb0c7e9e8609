// /litters/{id}: one litter (SPEC §2) with its cattery, counts, parents and pictures, from the local mirror.
import { Link, useParams } from 'react-router';
import { db, useMirror, type Breed, type Cattery, type Litter, type LitterImage } from '../../data/mirror.ts';
import { formatDateEnGb } from '../../../shared/dates.ts';
import { Gallery } from '../../ui/gallery.tsx';
import { ShowImage } from '../../ui/image.tsx';
import { DetailPageState } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ShareButton } from '../../ui/share-button.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { CatteryLink, isSoldOut } from './litter-parts.tsx';
import { paths } from '../../../shared/paths.ts';
import './litters.css';

interface LitterDetail {
  litter: Litter | undefined;
  cattery: Cattery | undefined;
  breed: Breed | undefined;
  images: LitterImage[];
  anyLitters: boolean;
}

/** A route id as a row id, or null when it cannot be one. */
const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadLitter(id: number | null): Promise<LitterDetail> {
  const litter = id === null ? undefined : await db.litters.get(id);
  const anyLitters = litter !== undefined || (await db.litters.count()) > 0;
  if (!litter) return { litter, cattery: undefined, breed: undefined, images: [], anyLitters };
  const [cattery, breed, images] = await Promise.all([
    db.catteries.get(litter.cattery_id),
    litter.breed_id === null ? undefined : db.breeds.get(litter.breed_id),
    db.litter_images.where('litter_id').equals(litter.id).sortBy('id'),
  ]);
  return { litter, cattery, breed, images, anyLitters };
}

function KittenCount({ sex, total, available }: { sex: 'Male' | 'Female'; total: number; available: number }) {
  const none = total === 0;
  const soldOut = !none && available === 0;
  return (
    <li className={`kitten-count${soldOut ? ' is-sold-out' : ''}`}>
      <span className="kitten-count-label">{sex} kittens</span>
      <span className="kitten-count-total">{total}</span>
      <span className="kitten-count-available">
        {none ? 'None in this litter' : soldOut ? <strong className="litter-badge litter-badge-sold-out">Sold out</strong> : `${available} available`}
      </span>
    </li>
  );
}

function Parent({ role, name, picture }: { role: 'Sire' | 'Dam'; name: string | null; picture: string | null }) {
  return (
    <figure className="litter-parent">
      <ShowImage path={picture} alt={`${role}: ${name ?? 'unknown'}`} width={400} height={240} size="card" className="litter-parent-image" />
      <figcaption>
        <span className="litter-parent-role">{role}</span>
        <span className="litter-parent-name">{name ?? 'Unknown'}</span>
      </figcaption>
    </figure>
  );
}

/** "Maine Coon litter, Fluffy Paws": the breed and the cattery tell one litter from another in a tab. */
function litterTitle({ litter, breed, cattery }: { litter: Litter | undefined; breed: Breed | undefined; cattery: Cattery | undefined }): string {
  if (!litter) return 'Litter not found';
  return [breed ? `${breed.breed_name} litter` : 'Litter', cattery?.name].filter(Boolean).join(', ');
}

export function LitterPage() {
  const { id: rawId } = useParams();
  const id = rowId(rawId);
  const view = useMirror(
    () => loadLitter(id),
    [id],
    'Failed to fetch litter',
    (d) => !d.anyLitters,
  );
  useDocumentTitle(view.state !== 'ready' ? 'Litter' : litterTitle(view.data));
  const back = (
    <Link to="/kittens" className="litter-back-link">
      ← All litters
    </Link>
  );
  if (view.state !== 'ready') return <DetailPageState back={back} view={view} loading="Loading litter..." />;
  const { litter, cattery, breed, images } = view.data;
  if (!litter) {
    return (
      <main className="page">
        {back}
        <h1>Litter not found</h1>
      </main>
    );
  }
  const soldOut = isSoldOut(litter);
  const gallery = images.map((i) => i.image_url);
  return (
    <main className="page litter-detail">
      {back}
      <header className="litter-header">
        <ShowImage
          path={litter.litter_image_url}
          alt={`${breed?.breed_name ?? 'Litter'} kittens`}
          width={800}
          height={480}
          size="gallery"
          className="litter-hero-image"
        />
        <div className="litter-header-text">
          <h1>{breed ? `${breed.breed_name} litter` : 'Litter'}</h1>
          <div className="star-slot">
            <StarButton kind="litter" id={litter.id} label={litterTitle(view.data)} snapshot={{ cattery: cattery?.name ?? null, date_of_birth: litter.date_of_birth }} />
          </div>
          {soldOut && (
            <p className="litter-sold-out-banner" role="status">
              Sold out: every kitten in this litter has found a home.
            </p>
          )}
          <dl className="litter-facts">
            <div>
              <dt>Cattery</dt>
              <dd>
                <CatteryLink cattery={cattery} returnUrl={paths.litter(litter.id)} />
                {cattery?.city && <span className="muted"> · {[cattery.city, cattery.country].filter(Boolean).join(', ')}</span>}
              </dd>
            </div>
            <div>
              <dt>Born</dt>
              <dd>
                <time dateTime={litter.date_of_birth}>{formatDateEnGb(litter.date_of_birth)}</time>
              </dd>
            </div>
            {breed && (
              <div>
                <dt>Breed</dt>
                <dd>
                  <Link to={paths.breed(breed.universal_breed_abbreviation)}>{breed.breed_name}</Link>
                </dd>
              </div>
            )}
          </dl>
        </div>
      </header>
      <ShareButton title={litterTitle(view.data)} path={paths.litter(litter.id)} />

      <section aria-labelledby="kittens-heading" className="litter-section">
        <h2 id="kittens-heading">Kittens</h2>
        <ul className="kitten-counts">
          <KittenCount sex="Male" total={litter.num_male_kittens} available={litter.available_male_kittens} />
          <KittenCount sex="Female" total={litter.num_female_kittens} available={litter.available_female_kittens} />
        </ul>
      </section>

      <section aria-labelledby="parents-heading" className="litter-section">
        <h2 id="parents-heading">Parents</h2>
        <div className="litter-parents-grid">
          <Parent role="Sire" name={litter.sire} picture={litter.sire_picture_url} />
          <Parent role="Dam" name={litter.dam} picture={litter.dam_picture_url} />
        </div>
      </section>

      {gallery.length > 0 && (
        <section aria-labelledby="gallery-heading" className="litter-section">
          <h2 id="gallery-heading">Gallery</h2>
          <Gallery images={gallery} label="Litter picture" />
        </section>
      )}
    </main>
  );
}

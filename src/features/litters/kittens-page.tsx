// /kittens: the quiz entry and every litter (SPEC §2), newest first, from the local mirror.
import { Link } from 'react-router';
import { db, useMirror, type Breed, type Cattery, type Litter } from '../../data/mirror.ts';
import { formatDateEnGb } from '../../../shared/dates.ts';
import { ShowImage } from '../../ui/image.tsx';
import { Empty, ErrorBox, Loading } from '../../ui/states.tsx';
import { availabilityText, AvailabilityBadge, CatteryLink, isSoldOut } from './litter-parts.tsx';
import { paths } from '../../../shared/paths.ts';
import './litters.css';

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

function LitterCard({ litter, cattery, breed }: { litter: Litter; cattery: Cattery | undefined; breed: Breed | undefined }) {
  const title = breed ? `${breed.breed_name} litter` : 'Litter';
  return (
    <li>
      <article className={`card litter-card${isSoldOut(litter) ? ' is-sold-out' : ''}`} aria-labelledby={`litter-${litter.id}`}>
        <Link to={paths.litter(litter.id)} className="litter-card-picture" tabIndex={-1} aria-hidden="true">
          <ShowImage path={litter.litter_image_url} alt="" width={428} height={240} className="card-image" />
        </Link>
        <div className="litter-card-body">
          <h3 id={`litter-${litter.id}`}>
            <Link to={paths.litter(litter.id)}>{title}</Link>
          </h3>
          <p className="litter-born">Born {formatDateEnGb(litter.date_of_birth)}</p>
          <p className="litter-cattery">
            <span className="muted">Cattery: </span>
            <CatteryLink cattery={cattery} returnUrl="/kittens" />
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
      <section aria-labelledby="litters-heading">
        <h2 id="litters-heading">Available Litters</h2>
        {view.state === 'loading' && <Loading>Loading litters...</Loading>}
        {view.state === 'error' && <ErrorBox>{view.message}</ErrorBox>}
        {view.state === 'ready' && view.data.litters.length === 0 && <Empty>No litters found</Empty>}
        {view.state === 'ready' && view.data.litters.length > 0 && <LitterList data={view.data} />}
      </section>
    </main>
  );
}

function LitterList({ data }: { data: KittensData }) {
  const available = data.litters.reduce((n, l) => n + l.available_male_kittens + l.available_female_kittens, 0);
  const open = data.litters.filter((l) => !isSoldOut(l)).length;
  return (
    <>
      <p className="litters-summary">
        {available} {available === 1 ? 'kitten' : 'kittens'} available in {open} of {data.litters.length} litters
      </p>
      <ul className="litter-grid">
        {data.litters.map((l) => (
          <LitterCard key={l.id} litter={l} cattery={data.catteries.get(l.cattery_id)} breed={l.breed_id === null ? undefined : data.breeds.get(l.breed_id)} />
        ))}
      </ul>
    </>
  );
}

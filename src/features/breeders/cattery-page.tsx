import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  db,
  readCatsOnShow,
  readEventHall,
  useMirror,
  type Breed,
  type Cattery,
  type CatsOnShow,
  type CatteryQualityLabel,
  type Litter,
  type Organization,
  type QualityLabel,
} from '../../data/mirror.ts';
import { formatDateEnGb, localIsoDate } from '../../../shared/dates.ts';
import { catterySlug, paths } from '../../../shared/paths.ts';
import { Gallery } from '../../ui/gallery.tsx';
import { ShowImage } from '../../ui/image.tsx';
import { joinAddress } from '../../ui/map/geo.ts';
import { ShowMap } from '../../ui/map/show-map.tsx';
import { DetailPageState } from '../../ui/states.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ShareButton } from '../../ui/share-button.tsx';
import { StarButton } from '../../ui/star-button.tsx';
import { CatteryOnShow } from '../../ui/cats-on-show.tsx';
import { VerifiedBadge, WebsiteLink } from './cattery-card.tsx';
import { isLabelExpired, kittenCount, safeReturnUrl, telHref } from './cattery-view.ts';
import './breeders.css';
import { compareText } from '../../../shared/compare.ts';
import { locatePen } from '../../../shared/floor-plan.ts';

interface CatteryLabel {
  link: CatteryQualityLabel;
  label: QualityLabel | undefined;
}

interface CatteryDetail {
  cattery: Cattery | undefined;
  anyCatteries: boolean;
  registry: Organization | undefined;
  labels: CatteryLabel[];
  litters: { litter: Litter; breed: Breed | undefined }[];
  /**
   * Its cats at the show on now, and the plan's link to their pens: read with the cattery, so the section
   * does not push the page down a moment after it has rendered.
   */
  onShow: CatsOnShow | null;
  planLink: string | undefined;
}

async function loadCattery(slug: string): Promise<CatteryDetail> {
  const wanted = slug.toLowerCase();
  const all = await db.catteries.toArray();
  const cattery = all.find((c) => catterySlug(c.name) === wanted);
  const empty = { cattery, anyCatteries: all.length > 0, registry: undefined, labels: [], litters: [], onShow: null, planLink: undefined };
  if (!cattery) return empty;
  const [registry, labelLinks, litters, onShow] = await Promise.all([
    cattery.organization_id === null ? undefined : db.organizations.get(cattery.organization_id),
    db.cattery_has_quality_label.where('cattery_id').equals(cattery.id).toArray(),
    db.litters.where('cattery_id').equals(cattery.id).toArray(),
    readCatsOnShow('cattery_id', cattery.id),
  ]);
  const [labels, breeds] = await Promise.all([
    db.quality_labels.bulkGet(labelLinks.map((l) => l.quality_label_id)),
    db.breeds.bulkGet(litters.map((l) => l.breed_id ?? -1)),
  ]);
  litters.sort((a, b) => compareText(b.date_of_birth, a.date_of_birth));
  return {
    ...empty,
    registry,
    onShow,
    planLink: onShow ? await planLinkOf(onShow) : undefined,
    labels: labelLinks.map((link, i) => ({ link, label: labels[i] })).sort((a, b) => compareText(a.label?.name ?? '', b.label?.name ?? '')),
    litters: litters.map((litter) => ({ litter, breed: breeds.find((b) => b?.id === litter.breed_id) })),
  };
}

/** The show's floor plan opened on the cats' pens, where the show's plan has rows holding them. */
async function planLinkOf(onShow: CatsOnShow): Promise<string | undefined> {
  const hall = await readEventHall(onShow.event.id);
  const pens = onShow.cats.flatMap((c) => (c.pen !== null && locatePen(hall.places, c.pen) ? [c.pen] : []));
  return pens.length > 0 ? paths.floorPlan(onShow.event.id, { pens }) : undefined;
}

function RegistryLine({ registry }: { registry: Organization | undefined }) {
  if (!registry) return null;
  return (
    <p className="cattery-registry">
      <span className="muted">Registry: </span>
      {registry.name}
      {registry.abbreviation && (
        <>
          {' ('}
          <abbr title={registry.name}>{registry.abbreviation}</abbr>)
        </>
      )}
    </p>
  );
}

function QualityLabels({ labels }: { labels: CatteryLabel[] }) {
  const today = localIsoDate(new Date());
  if (labels.length === 0) return <p className="muted">No quality labels yet.</p>;
  return (
    <ul className="quality-labels">
      {labels.map(({ link, label }) => {
        const expired = isLabelExpired(link.expiration_date, today);
        return (
          <li key={link.id} className={expired ? 'quality-label is-expired' : 'quality-label'}>
            <div className="quality-label-head">
              <h3>{label?.name ?? 'Quality label'}</h3>
              {expired && <span className="expired-badge">Expired</span>}
            </div>
            <dl className="quality-label-dates">
              {link.issued_date && (
                <>
                  <dt>Issued</dt>
                  <dd>{formatDateEnGb(link.issued_date)}</dd>
                </>
              )}
              {link.expiration_date && (
                <>
                  <dt>{expired ? 'Expired' : 'Expires'}</dt>
                  <dd>{formatDateEnGb(link.expiration_date)}</dd>
                </>
              )}
            </dl>
            {link.certificate_url && /^https?:/i.test(link.certificate_url) && (
              <a href={link.certificate_url} target="_blank" rel="noopener noreferrer">
                View certificate
                <span className="breeders-sr-only"> for {label?.name ?? 'this label'}</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LittersTable({ litters }: { litters: CatteryDetail['litters'] }) {
  if (litters.length === 0) return <p className="muted">No litters at the moment.</p>;
  return (
    <div className="table-scroll">
      <table className="litters-table">
        <thead>
          <tr>
            <th scope="col">Date of birth</th>
            <th scope="col">Breed</th>
            <th scope="col">Males</th>
            <th scope="col">Females</th>
            <th scope="col">
              <span className="breeders-sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {litters.map(({ litter, breed }) => (
            <tr key={litter.id}>
              <td data-label="Date of birth">{formatDateEnGb(litter.date_of_birth)}</td>
              <td data-label="Breed">{breed?.breed_name ?? '—'}</td>
              <td data-label="Males">{kittenCount(litter.num_male_kittens, litter.available_male_kittens)}</td>
              <td data-label="Females">{kittenCount(litter.num_female_kittens, litter.available_female_kittens)}</td>
              <td data-label="Details">
                <Link to={paths.litter(litter.id)}>
                  View litter<span className="breeders-sr-only"> born {formatDateEnGb(litter.date_of_birth)}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CatteryPage() {
  const { catteryName = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const view = useMirror(
    () => loadCattery(catteryName),
    [catteryName],
    'Failed to fetch cattery',
    (d) => !d.anyCatteries,
  );
  useDocumentTitle(view.state !== 'ready' ? 'Cattery' : (view.data.cattery?.name ?? 'Cattery not found'));
  const back = (
    <button type="button" className="back-button" onClick={() => navigate(safeReturnUrl(search.get('returnUrl')))}>
      ← Back
    </button>
  );

  if (view.state !== 'ready') return <DetailPageState back={back} view={view} loading="Loading cattery..." />;
  const { cattery, registry, labels, litters, onShow, planLink } = view.data;
  if (!cattery) {
    return (
      <main className="page">
        {back}
        <h1>Cattery not found</h1>
      </main>
    );
  }
  const contact = [cattery.first_name, cattery.last_name].filter(Boolean).join(' ');
  const address = joinAddress(cattery.street_address, cattery.postal_code, cattery.city, cattery.country);
  return (
    <main className="page cattery-page">
      {back}
      <header className="cattery-header">
        <ShowImage path={cattery.profile_image_url} alt={cattery.name} width={240} height={240} size="card" className="cattery-profile-image" />
        <div className="cattery-heading">
          <h1>{cattery.name}</h1>
          {cattery.is_verified && <VerifiedBadge />}
          <RegistryLine registry={registry} />
          {(cattery.city || cattery.country) && <p className="muted">{[cattery.city, cattery.country].filter(Boolean).join(', ')}</p>}
          <div className="star-slot">
            <StarButton kind="cattery" id={cattery.id} label={cattery.name} snapshot={{ city: cattery.city }} />
          </div>
        </div>
      </header>
      <ShareButton title={cattery.name} path={paths.cattery(cattery.name)} />

      <CatteryOnShow onShow={onShow} planLink={planLink} />

      <div className="cattery-columns">
        <section className="cattery-section cattery-contact" aria-labelledby="cattery-contact">
          <h2 id="cattery-contact">Contact</h2>
          <dl className="contact-list">
            {contact && (
              <>
                <dt>Contact</dt>
                <dd>{contact}</dd>
              </>
            )}
            {(cattery.website || cattery.website_url) && (
              <>
                <dt>Website</dt>
                <dd>
                  <WebsiteLink cattery={cattery} />
                </dd>
              </>
            )}
            {cattery.email && (
              <>
                <dt>E-mail</dt>
                <dd>
                  <a href={`mailto:${cattery.email}`}>{cattery.email}</a>
                </dd>
              </>
            )}
            {cattery.phone && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={telHref(cattery.phone)}>{cattery.phone}</a>
                </dd>
              </>
            )}
          </dl>
        </section>

        <section className="cattery-section cattery-location" aria-labelledby="cattery-location">
          <h2 id="cattery-location">Location</h2>
          <ShowMap latitude={cattery.latitude} longitude={cattery.longitude} address={address} label={cattery.name} />
        </section>
      </div>

      {cattery.description && (
        <section className="cattery-section" aria-labelledby="cattery-about">
          <h2 id="cattery-about">About Us</h2>
          <p className="cattery-description">{cattery.description}</p>
        </section>
      )}

      <section className="cattery-section" aria-labelledby="cattery-labels">
        <h2 id="cattery-labels">Quality Labels</h2>
        <QualityLabels labels={labels} />
      </section>

      {cattery.detail_images.length > 0 && (
        <section className="cattery-section" aria-labelledby="cattery-cats">
          <h2 id="cattery-cats">Cats</h2>
          <Gallery images={cattery.detail_images} label={`${cattery.name} cat`} />
        </section>
      )}

      <section className="cattery-section" aria-labelledby="cattery-litters">
        <h2 id="cattery-litters">Litters</h2>
        <LittersTable litters={litters} />
      </section>
    </main>
  );
}

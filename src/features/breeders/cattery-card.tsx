// A cattery's card (image, name, verified badge, place, breeds, website, certified since, View Cattery).
import { Link } from 'react-router';
import type { Cattery } from '../../data/mirror.ts';
import { ShowImage } from '../../ui/image.tsx';
import { websiteHref, websiteText } from './cattery-view.ts';
import { paths } from '../../../shared/paths.ts';
import './breeders.css';

export function VerifiedBadge() {
  return (
    <span className="verified-badge" title="Verified breeder">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path fill="currentColor" d="M6.6 11.3 3.3 8l1.1-1.1 2.2 2.2 5-5L12.7 5Z" />
      </svg>
      Verified
    </span>
  );
}

export function WebsiteLink({ cattery }: { cattery: Pick<Cattery, 'website' | 'website_url' | 'name'> }) {
  const href = websiteHref(cattery.website_url, cattery.website);
  const text = websiteText(cattery.website_url, cattery.website);
  if (!text) return null;
  // Not an http(s) URL (javascript:, data: …): shown, never linked.
  if (!href) return <span className="cattery-website">{text}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="cattery-website">
      {text}
    </a>
  );
}

/** `returnUrl` is where the cattery page's Back button returns to; `breeds` are the names it keeps. */
export function CatteryCard({
  cattery,
  certifiedSince,
  breeds = [],
  returnUrl,
}: {
  cattery: Cattery;
  certifiedSince: number | null;
  breeds?: string[];
  returnUrl: string;
}) {
  const place = [cattery.city, cattery.country].filter(Boolean).join(', ');
  return (
    <article className="card cattery-card">
      <ShowImage path={cattery.profile_image_url} alt={cattery.name} width={428} height={240} size="card" className="card-image" />
      <div className="cattery-card-title">
        <h2>{cattery.name}</h2>
        {cattery.is_verified && <VerifiedBadge />}
      </div>
      {place && <p className="cattery-place">{place}</p>}
      {breeds.length > 0 && (
        <p className="cattery-breeds">
          <span className="muted">{breeds.length === 1 ? 'Breed' : 'Breeds'}: </span>
          {breeds.join(', ')}
        </p>
      )}
      <WebsiteLink cattery={cattery} />
      {certifiedSince !== null && <p className="cattery-since">Certified since {certifiedSince}</p>}
      <Link to={paths.cattery(cattery.name, returnUrl)} className="button cattery-view">
        View Cattery
      </Link>
    </article>
  );
}

// Pieces the kittens list and the litter page share: availability wording and the cattery link.
import { Link } from 'react-router';
import type { Cattery, Litter } from '../../data/mirror.ts';
import { paths } from '../../../shared/paths.ts';
import { isLitterSoldOut } from './kitten-filters.ts';

/** Whether no kitten of the litter is still available. */
export const isSoldOut: (litter: Litter) => boolean = isLitterSoldOut;

/** "2 of 3 males, 1 of 2 females available", or "Sold out" (one wording with My show). */
export { availabilityText } from '../../ui/litter-availability.ts';

export function AvailabilityBadge({ litter }: { litter: Litter }) {
  return isSoldOut(litter) ? (
    <span className="litter-badge litter-badge-sold-out">Sold out</span>
  ) : (
    <span className="litter-badge litter-badge-available">{litter.available_male_kittens + litter.available_female_kittens} available</span>
  );
}

/** A link to the cattery page that comes back to `returnUrl`. */
export function CatteryLink({ cattery, returnUrl }: { cattery: Cattery | undefined; returnUrl: string }) {
  if (!cattery) return <span className="muted">Unknown cattery</span>;
  return (
    <Link className="cattery-link" to={paths.cattery(cattery.name, returnUrl)}>
      {cattery.name}
    </Link>
  );
}

// The home page's markup (SPEC §2): hero, notices, what is on now, the six tiles. Without Dexie, so the
// first route renders it at once (routes.tsx shows it while home-page.tsx, which reads the mirror, loads);
// the pictures, the venue's clock and the notices fill in from the mirror.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasSavedSession, useAuth } from '../../data/backend.ts';
import { venueClockNote } from '../../../shared/schedule.ts';
import { AnalogueClock } from '../../ui/analogue-clock.tsx';
import { ShowImage } from '../../ui/image.tsx';
import './home.css';

const TILES = [
  { to: '/breeds', title: 'Discover Breeds', text: 'Every breed at the show, with galleries and certified breeders.', picture: 'breed' },
  { to: '/kittens', title: 'Find your PurrFect Match', text: 'Available litters and a quiz that ranks breeds for you.', picture: 'litter' },
  { to: '/breeders', title: 'Meet Breeders', text: 'Certified catteries, their cats, litters and quality labels.', picture: 'cattery' },
  { to: '/pet-products', title: 'Pet Products', text: 'Exhibitors with discount and rebate vouchers.', picture: 'product' },
  { to: '/visitors-choice', title: "Visitor's Choice", text: 'Vote for your favourite cat of the show.', picture: 'cat' },
  { to: '/schedule', title: 'Event Schedule', text: 'What is happening now and next.', clock: true },
] as const;

export type TilePicture = 'breed' | 'litter' | 'cattery' | 'product' | 'cat';
export interface Picture {
  path: string | null;
  alt: string;
}

export interface HomeViewProps {
  /** A random row's picture per tile, once the mirror has them. */
  pictures?: Partial<Record<TilePicture, Picture>>;
  /** The venue's zone for the clock; the device's until the mirror names the venue. */
  venueZone?: string;
  /** The organiser's notices and what is on now, above the tiles. */
  news?: ReactNode;
}

export function HomeView({ pictures, venueZone, news }: HomeViewProps) {
  const auth = useAuth();
  // A saved session counts as signed in until supabase-js has read it, so the invitation never flashes.
  const signedIn = auth.isAuthenticated || (!auth.ready && hasSavedSession());
  return (
    <main className="page home">
      <section className="hero">
        <h1>Welcome to PurrFect Show</h1>
        {signedIn ? (
          <p>
            Your coupons are in <Link to="/profile">your profile</Link>, ready to show at the exhibitors’ stands.
          </p>
        ) : (
          <p>
            <Link to="/register">Register</Link> for discounts and vouchers from our exhibitors.
          </p>
        )}
        <p className="hero-actions">
          <Link to="/breeds" className="button">
            Get started
          </Link>
          <Link to="/events">View Events</Link>
        </p>
      </section>
      {news}
      <ul className="tiles">
        {TILES.map((t) => {
          const picture = 'picture' in t ? pictures?.[t.picture] : undefined;
          return (
            <li key={t.to}>
              <Link to={t.to} className="tile">
                {picture ? (
                  // The first tile's picture is above the fold on every screen (the page's LCP): fetched at once.
                  <ShowImage
                    path={picture.path}
                    alt={picture.alt}
                    className="tile-image"
                    width={428}
                    height={240}
                    size="card"
                    {...(t.to === '/breeds' && { loading: 'eager', fetchPriority: 'high' })}
                  />
                ) : (
                  // Until the mirror has a picture, its space is kept so the tiles below never move (CLS).
                  'picture' in t && <span className="image-placeholder" aria-hidden="true" />
                )}
                <h2>{t.title}</h2>
                <p>{t.text}</p>
                {'clock' in t && (
                  <span className="tile-clock">
                    <AnalogueClock timeZone={venueZone} zoneNote={venueZone && venueClockNote(venueZone)} />
                    {venueZone && <span className="tile-clock-zone">Time {venueClockNote(venueZone)}</span>}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </main>
  );
}

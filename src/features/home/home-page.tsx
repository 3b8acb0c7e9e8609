import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasSavedSession, useAuth } from '../../data/backend.ts';
import { db, useScreenShown } from '../../data/mirror.ts';
import { eventTimeZone, venueClockNote } from '../../../shared/schedule.ts';
import { AnalogueClock } from '../../ui/analogue-clock.tsx';
import { ShowImage } from '../../ui/image.tsx';
import { NowAtShow } from './now-at-show.tsx';
import { useShowNow } from './show-now.ts';
import './home.css';

const TILES = [
  { to: '/breeds', title: 'Discover Breeds', text: 'Every breed at the show, with galleries and certified breeders.', picture: 'breed' },
  { to: '/kittens', title: 'Find your PurrFect Match', text: 'Available litters and a quiz that ranks breeds for you.' },
  { to: '/breeders', title: 'Meet Breeders', text: 'Certified catteries, their cats, litters and quality labels.', picture: 'cattery' },
  { to: '/pet-products', title: 'Pet Products', text: 'Exhibitors with discount and rebate vouchers.' },
  { to: '/visitors-choice', title: "Visitor's Choice", text: 'Vote for your favourite cat of the show.' },
  { to: '/schedule', title: 'Event Schedule', text: 'What is happening now and next.', clock: true },
] as const;

/** One random row's picture, chosen once per visit to the page. */
function useRandomPicture(table: 'breeds' | 'catteries'): { path: string | null; alt: string } | undefined {
  const [pick] = useState(() => Math.random());
  return useLiveQuery(async () => {
    const count = await db[table].count();
    if (count === 0) return undefined;
    const offset = Math.floor(pick * count);
    if (table === 'breeds') {
      const b = await db.breeds.offset(offset).first();
      return b && { path: b.overview_image, alt: b.breed_name };
    }
    const c = await db.catteries.offset(offset).first();
    return c && { path: c.profile_image_url, alt: `A cat of ${c.name}` };
  }, [table, pick]);
}

export function HomePage() {
  const breed = useRandomPicture('breeds');
  const cattery = useRandomPicture('catteries');
  const pictures = { breed, cattery } as const;
  useScreenShown(breed !== undefined);
  const show = useShowNow();
  // The clock keeps the venue's time, as /schedule does; the device's until the mirror names the venue.
  const venueZone = show ? eventTimeZone(show.event) : undefined;
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
      <NowAtShow show={show} />
      <ul className="tiles">
        {TILES.map((t) => {
          const picture = 'picture' in t ? pictures[t.picture] : undefined;
          return (
            <li key={t.to}>
              <Link to={t.to} className="tile">
                {picture ? (
                  // The first tile's picture is above the fold on every screen (the page's LCP): fetched at once.
                  <ShowImage path={picture.path} alt={picture.alt} className="tile-image" width={428} height={240} {...(picture === breed && { loading: 'eager', fetchPriority: 'high' })} />
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

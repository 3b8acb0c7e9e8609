import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { hasSavedSession, useAuth } from '../../data/backend.ts';
import { db, useScreenShown, useShowNoticesOf } from '../../data/mirror.ts';
import { eventTimeZone, venueClockNote } from '../../../shared/schedule.ts';
import { AnalogueClock } from '../../ui/analogue-clock.tsx';
import { ShowImage } from '../../ui/image.tsx';
import { parseListText } from '../../../shared/list-text.ts';
import { NowAtShow } from './now-at-show.tsx';
import { randomRow } from './random-row.ts';
import { ShowNotices } from '../../ui/show-notices.tsx';
import { useShowNow } from './show-now.ts';
import './home.css';

const TILES = [
  { to: '/breeds', title: 'Discover Breeds', text: 'Every breed at the show, with galleries and certified breeders.', picture: 'breed' },
  { to: '/kittens', title: 'Find your PurrFect Match', text: 'Available litters and a quiz that ranks breeds for you.', picture: 'litter' },
  { to: '/breeders', title: 'Meet Breeders', text: 'Certified catteries, their cats, litters and quality labels.', picture: 'cattery' },
  { to: '/pet-products', title: 'Pet Products', text: 'Exhibitors with discount and rebate vouchers.', picture: 'product' },
  { to: '/visitors-choice', title: "Visitor's Choice", text: 'Vote for your favourite cat of the show.', picture: 'cat' },
  { to: '/schedule', title: 'Event Schedule', text: 'What is happening now and next.', clock: true },
] as const;

type TilePicture = 'breed' | 'litter' | 'cattery' | 'product' | 'cat';
interface Picture {
  path: string | null;
  alt: string;
}

/** A random row's picture for each tile, chosen once per visit to the page (SPEC §2: a random breed and cattery). */
function useRandomPictures(): Partial<Record<TilePicture, Picture>> | undefined {
  const [pick] = useState(() => Array.from({ length: 5 }, () => Math.random()));
  return useLiveQuery(async () => {
    const [breed, litter, cattery, advertiser, cat] = await Promise.all([
      randomRow(db.breeds, pick[0]!),
      randomRow(db.litters, pick[1]!, (l) => l.litter_image_url !== null),
      randomRow(db.catteries, pick[2]!),
      randomRow(db.advertisers, pick[3]!, (a) => parseListText(a.product_images).length > 0),
      randomRow(db.catteries, pick[4]!),
    ]);
    const product = advertiser && parseListText(advertiser.product_images)[0];
    return {
      ...(breed && { breed: { path: breed.overview_image, alt: breed.breed_name } }),
      ...(litter && { litter: { path: litter.litter_image_url, alt: 'Kittens at the show' } }),
      ...(cattery && { cattery: { path: cattery.profile_image_url, alt: `A cat of ${cattery.name}` } }),
      ...(product && advertiser && { product: { path: product, alt: `A product of ${advertiser.company_name}` } }),
      ...(cat && { cat: { path: cat.detail_images.at(-1) ?? cat.profile_image_url, alt: `A cat of ${cat.name}` } }),
    };
  }, [pick]);
}

export function HomePage() {
  const pictures = useRandomPictures();
  useScreenShown(pictures?.breed !== undefined);
  const show = useShowNow();
  const notices = useShowNoticesOf(show ? [show.event.id] : []);
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
      <ShowNotices notices={notices} />
      <NowAtShow show={show} />
      <ul className="tiles">
        {TILES.map((t) => {
          const picture = 'picture' in t ? pictures?.[t.picture] : undefined;
          return (
            <li key={t.to}>
              <Link to={t.to} className="tile">
                {picture ? (
                  // The first tile's picture is above the fold on every screen (the page's LCP): fetched at once.
                  <ShowImage path={picture.path} alt={picture.alt} className="tile-image" width={428} height={240} size="card" {...(t.to === '/breeds' && { loading: 'eager', fetchPriority: 'high' })} />
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

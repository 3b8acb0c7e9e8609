// The home page's data from the mirror (its own chunk, with Dexie): random pictures, the show on now, its
// notices, the venue's clock; home-view.tsx draws them.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db, useFirstData, useScreenShown, useShowNoticesOf } from '../../data/mirror.ts';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { parseListText } from '../../../shared/list-text.ts';
import { HomeView, type Picture, type TilePicture } from './home-view.tsx';
import { NowAtShow } from './now-at-show.tsx';
import { randomRow } from './random-row.ts';
import { ShowNotices } from '../../ui/show-notices.tsx';
import { useShowNow } from './show-now.ts';

/** A random row's picture for each tile, chosen once per visit to the page (SPEC §2: a random breed and cattery). */
function useRandomPictures(): Partial<Record<TilePicture, Picture>> | undefined {
  const [pick] = useState(() => Array.from({ length: 5 }, () => Math.random()));
  return useFirstData(
    useLiveQuery(async () => {
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
    }, [pick]),
  );
}

export function HomePage() {
  const pictures = useRandomPictures();
  useScreenShown(pictures?.breed !== undefined);
  const show = useShowNow();
  const notices = useShowNoticesOf(show ? [show.event.id] : []);
  // The clock keeps the venue's time, as /schedule does; the device's until the mirror names the venue.
  const venueZone = show ? eventTimeZone(show.event) : undefined;
  return (
    <HomeView
      pictures={pictures}
      venueZone={venueZone}
      news={
        <>
          <ShowNotices notices={notices} />
          <NowAtShow show={show} />
        </>
      }
    />
  );
}

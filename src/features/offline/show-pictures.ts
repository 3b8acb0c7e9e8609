// Every picture the show's pages can display, read from the IndexedDB mirror (no network).
import { parseListText } from '../../../shared/list-text.ts';
import { photoFilesForScreen, processedPhotoFolder, type PhotoScreen } from '../../../shared/photos.ts';
import { db, MIRROR_TABLES, readEventHall, readEventsWithPlans } from '../../data/mirror.ts';
import { imageUrl } from '../../ui/image-url.ts';

/** This screen's width (CSS px) and pixel ratio: they decide which file of an imported photo the browser picks. */
function currentScreen(): PhotoScreen {
  return { width: window.innerWidth, pixelRatio: window.devicePixelRatio || 1 };
}

/** The floor plans' pictures as their rows name them (an SVG, or a raster plan's photo-pipeline file). */
async function planPicturePaths(): Promise<string[]> {
  const halls = await Promise.all((await readEventsWithPlans()).map(readEventHall));
  return halls.flatMap((hall) => (hall.plan ? [hall.plan.image_url] : []));
}

/**
 * The absolute URLs of the mirror's pictures, each once, in page order: the floor plans first (the picture the
 * hall needs most, and never the one left out when the bounded cache is nearly full), then breeds (the list
 * the visitor opens most). An imported photo counts as the WebP files this screen downloads (tile, card, its
 * hero, gallery), not all sixteen it is stored as.
 */
export async function showPictureUrls(screen: PhotoScreen = currentScreen()): Promise<string[]> {
  const [plans, breeds, catteries, litters, litterImages, events, advertisers] = await Promise.all([
    planPicturePaths(),
    db.breeds.orderBy('breed_name').toArray(),
    db.catteries.orderBy('name').toArray(),
    db.litters.toArray(),
    db.litter_images.toArray(),
    db.events.toArray(),
    db.advertisers.toArray(),
  ]);
  const paths: (string | null | undefined)[] = [
    ...breeds.map((b) => b.overview_image),
    ...catteries.map((c) => c.profile_image_url),
    ...events.map((e) => e.event_picture_url),
    ...advertisers.map((a) => a.company_logo_url),
    ...litters.flatMap((l) => [l.litter_image_url, l.sire_picture_url, l.dam_picture_url]),
    ...litterImages.map((i) => i.image_url),
    ...breeds.flatMap((b) => parseListText(b.detail_images)),
    ...catteries.flatMap((c) => c.detail_images),
    ...advertisers.flatMap((a) => parseListText(a.product_images)),
  ];
  const urls = [
    // A plan is zoomed into, not shown at a card's size: its page loads the row's own file, whole.
    ...plans.map((p) => imageUrl(p)),
    ...paths.flatMap((p) => {
      const folder = processedPhotoFolder(p);
      return folder ? photoFilesForScreen(folder, screen).map((f) => imageUrl(f)) : [imageUrl(p)];
    }),
  ].filter((u): u is string => u !== null && /^https?:/.test(u));
  return [...new Set(urls)];
}

/** How many rows of the show the mirror holds. */
export async function mirrorRowCount(): Promise<number> {
  const counts = await Promise.all(MIRROR_TABLES.map((t) => db.table(t).count()));
  return counts.reduce((a, b) => a + b, 0);
}

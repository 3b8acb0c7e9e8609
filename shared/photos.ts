// Imported photos (server/show-io/photos.ts) and how screens pick their variants (src/ui/image.tsx).
//
// Naming: one folder per photo, named by the first 16 hex digits of the SHA-256 of the ORIGINAL file, so
// the same photo imported twice lands on the same names. The database row holds
//   photos/<hash16>/gallery.jpg
// a plain JPEG every old build and hosted screen can show as is; every other variant is its sibling,
// derived from that path without a lookup:
//   photos/<hash16>/<size>.webp, <size>.jpg, and <size>@2x.webp, <size>@2x.jpg where a 2× exists.

/** The public storage bucket every show picture lives in: demo drawings, imported photos, logos. */
export const IMAGE_BUCKET = 'images';

/** The SPEC §9 sizes a photo is cut to (hero = desktop, width 768 or more; hero-mobile below). */
const PHOTO_SIZES = {
  tile: { width: 80, height: 80, retina: true },
  card: { width: 428, height: 240, retina: true },
  hero: { width: 1280, height: 384, retina: false },
  'hero-mobile': { width: 428, height: 256, retina: true },
  // Even a 3× phone shows a gallery under 400 CSS px wide: 800 px already serves it at 2×.
  gallery: { width: 800, height: 480, retina: false },
} as const satisfies Record<string, { width: number; height: number; retina: boolean }>;

export type PhotoSize = keyof typeof PHOTO_SIZES;
export type PhotoFormat = 'webp' | 'jpg';
const PHOTO_FORMATS: readonly PhotoFormat[] = ['webp', 'jpg'];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

/** Sizes a screen asks ShowImage for; the hero is HeroImage's, which switches to hero-mobile on a phone. */
export type ShownSize = 'tile' | 'card' | 'hero' | 'gallery';

/** Below this width the hero is the mobile crop (SPEC §9: desktop is width 768 or more). */
export const HERO_MOBILE_MEDIA = '(max-width: 767px)';

const PHOTO_FOLDER = 'photos';
const HASH_LENGTH = 16;
const ROW_PATH = /^\/?photos\/([0-9a-f]{16})\/gallery\.jpg$/;

export interface PhotoVariant {
  size: PhotoSize;
  scale: 1 | 2;
  format: PhotoFormat;
  width: number;
  height: number;
  path: string;
}

export function photoFolder(hash: string): string {
  if (!/^[0-9a-f]+$/.test(hash) || hash.length < HASH_LENGTH) throw new Error(`not a hex hash: ${hash}`);
  return `${PHOTO_FOLDER}/${hash.slice(0, HASH_LENGTH)}`;
}

/** The path stored in the database row for a photo of this hash. */
export function photoRowPath(hash: string): string {
  return `${photoFolder(hash)}/gallery.jpg`;
}

/** The folder of a processed photo's row path, or null for any other image (demo SVGs, URLs). */
export function processedPhotoFolder(path: string | null | undefined): string | null {
  const m = path ? ROW_PATH.exec(path) : null;
  return m ? `${PHOTO_FOLDER}/${m[1]}` : null;
}

export function variantPath(folder: string, size: PhotoSize, scale: 1 | 2, format: PhotoFormat): string {
  return `${folder}/${size}${scale === 2 ? '@2x' : ''}.${format}`;
}

/** Every file a photo is stored as: each size at 1× (and 2× where it has one), WebP and JPEG. */
export function photoVariants(folder: string): PhotoVariant[] {
  const out: PhotoVariant[] = [];
  for (const [size, s] of Object.entries(PHOTO_SIZES) as [PhotoSize, (typeof PHOTO_SIZES)[PhotoSize]][]) {
    for (const scale of s.retina ? ([1, 2] as const) : ([1] as const)) {
      for (const format of PHOTO_FORMATS) {
        out.push({ size, scale, format, width: s.width * scale, height: s.height * scale, path: variantPath(folder, size, scale, format) });
      }
    }
  }
  return out;
}

/** `srcset` of one size in one format, with width descriptors (the browser picks by `sizes` and pixel ratio). */
export function photoSrcSet(folder: string, size: PhotoSize, format: PhotoFormat, url: (path: string) => string): string {
  const s = PHOTO_SIZES[size];
  const scales = s.retina ? ([1, 2] as const) : ([1] as const);
  return scales.map((scale) => `${url(variantPath(folder, size, scale, format))} ${s.width * scale}w`).join(', ');
}

/** Default `sizes` per shown size: a card or hero fills a phone's width, otherwise its SPEC width. */
export const DEFAULT_SIZES: Record<PhotoSize, string> = {
  tile: '80px',
  card: '(max-width: 480px) 100vw, 428px',
  hero: '1280px',
  'hero-mobile': '100vw',
  gallery: '(max-width: 800px) 100vw, 800px',
};

/** A screen as the browser sees it when it picks from a srcset. */
export interface PhotoScreen {
  /** Viewport width in CSS px. */
  width: number;
  pixelRatio: number;
}

/**
 * The one file of a size a screen of this width and pixel ratio downloads (what "Ready for the hall"
 * saves): the 2× when the displayed width in device pixels exceeds the 1× width, as the browser decides
 * with DEFAULT_SIZES.
 */
export function variantForScreen(folder: string, size: PhotoSize, screen: PhotoScreen): string {
  const s = PHOTO_SIZES[size];
  // As DEFAULT_SIZES says: the mobile hero fills the width, a card does up to 480 px, others up to their own width.
  const fills = size === 'hero-mobile' || (size === 'card' && screen.width <= 480);
  const shown = (fills ? screen.width : Math.min(screen.width, s.width)) * screen.pixelRatio;
  const scale = s.retina && shown > s.width ? 2 : 1;
  return variantPath(folder, size, scale, 'webp');
}

/** The sizes a phone or desktop shows of one photo: hero for the screen's class, plus tile, card and gallery. */
export function photoFilesForScreen(folder: string, screen: PhotoScreen): string[] {
  const hero: PhotoSize = screen.width < 768 ? 'hero-mobile' : 'hero';
  return (['tile', 'card', hero, 'gallery'] as const).map((size) => variantForScreen(folder, size, screen));
}

// A floor plan's picture (server/show-io/photos.ts createPlanStore) is kept whole, never cropped: its places are
// drawn in its coordinates. It is stored beside a photo's variants, named by the same hash:
//   photos/<hash16>/plan.jpg (the row's path, what any screen shows as is), plan.webp,
//   plan@2x.webp and plan@2x.jpg (for zooming in on a phone).
// Each is PLAN_PICTURE_WIDTH wide (2× twice that), its height from the picture's aspect, never enlarged: the 2×
// of a picture no wider than PLAN_PICTURE_WIDTH is that same picture, so a screen names both without a lookup.

/** A phone's plan at 1×: a 390 px screen zoomed in four times, or a desktop's plan column. */
const PLAN_PICTURE_WIDTH = 1600;
const PLAN_ROW_PATH = /^\/?photos\/([0-9a-f]{16})\/plan\.jpg$/;

export interface PlanVariant {
  scale: 1 | 2;
  format: PhotoFormat;
  /** The most pixels across (a narrower picture keeps its own width). */
  maxWidth: number;
  path: string;
}

/** The path stored in the floor plan's row for a raster picture of this hash. */
export function planRowPath(hash: string): string {
  return `${photoFolder(hash)}/plan.jpg`;
}

/** The folder of a stored raster plan's row path, or null for any other picture (an SVG plan, a photo). */
export function processedPlanFolder(path: string | null | undefined): string | null {
  const m = path ? PLAN_ROW_PATH.exec(path) : null;
  return m ? `${PHOTO_FOLDER}/${m[1]}` : null;
}

/** Every file a raster plan is stored as: 1× and 2×, WebP and JPEG. */
export function planVariants(folder: string): PlanVariant[] {
  return ([1, 2] as const).flatMap((scale) =>
    PHOTO_FORMATS.map((format) => ({ scale, format, maxWidth: PLAN_PICTURE_WIDTH * scale, path: `${folder}/plan${scale === 2 ? '@2x' : ''}.${format}` })),
  );
}

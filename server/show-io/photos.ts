// A show's own photos made fit for hall Wi-Fi: each photo cut to the SPEC §9 sizes (shared/photos.ts names
// them) in WebP with a JPEG fallback, uploaded to the public `images` bucket through supabase-js, so the same
// code works against the venue server and hosted Supabase.
//
// The returned path is photos/<hash16>/gallery.jpg (a JPEG any screen shows as is); the other variants are
// its siblings (see shared/photos.ts). The hash is of the original bytes: importing the same photo again
// finds its row path already stored and uploads nothing. HEIC is not readable: sharp's prebuilt libvips
// decodes AVIF but not HEVC (patents), so an iPhone's HEIC must be exported as JPEG first.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import type { StorePhoto } from './store-photo.ts';
import {
  IMAGE_BUCKET,
  PHOTO_CONTENT_TYPES,
  photoFolder,
  photoRowPath,
  photoVariants,
  planRowPath,
  planVariants,
  type PhotoSize,
  type PhotoVariant,
} from '../../shared/photos.ts';

/** Pixels a phone photo may have (a 50 MP camera is 8160×6120); more is refused rather than decoded. */
const MAX_INPUT_PIXELS = 60_000_000;
/** The decoded photo every variant is cut from: big enough for the largest (hero 1280 wide, 2× card 856×480). */
const WORKING_BOX = 2048;

interface Decoded {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** Decodes once: EXIF orientation applied, scaled into the working box (never enlarged). */
async function decode(original: Uint8Array): Promise<Decoded> {
  const { data, info } = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(WORKING_BOX, WORKING_BOX, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** A size cut once at its largest scale, cropped to its aspect around what draws the eye. */
async function cropSize(photo: Decoded, width: number, height: number): Promise<Decoded> {
  const { data, info } = await sharp(photo.data, { raw: photo.info })
    .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/** One file of a size from its crop. sharp writes no metadata unless asked, so EXIF and GPS stay behind. */
function encode(crop: Decoded, v: Pick<PhotoVariant, 'width' | 'height' | 'format'>): Promise<Buffer> {
  let img = sharp(crop.data, { raw: crop.info });
  if (crop.info.width !== v.width || crop.info.height !== v.height) img = img.resize(v.width, v.height, { fit: 'fill' });
  return v.format === 'webp'
    ? img.webp({ quality: 75, effort: 4 }).toBuffer()
    : img.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
}

/** Every variant's bytes: one attention crop per size (its 1× is the 2× scaled down, so both frame alike). */
async function renderVariants(photo: Decoded, variants: PhotoVariant[]): Promise<Map<string, Buffer>> {
  const crops = new Map<PhotoSize, Promise<Decoded>>();
  for (const v of variants) {
    const largest = Math.max(...variants.filter((o) => o.size === v.size).map((o) => o.width));
    if (v.width === largest && !crops.has(v.size)) crops.set(v.size, cropSize(photo, v.width, v.height));
  }
  const out = await Promise.all(variants.map(async (v) => [v.path, await encode(await crops.get(v.size)!, v)] as const));
  return new Map(out);
}

export function photoHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The importer's photo step; `client` must hold the service-role key (only it may write the bucket).
 * bytesAfter is the sum of every stored variant (what the bucket holds for this photo), also when it was
 * stored before, so an import reports the same saving each time; `uploaded` says whether anything was sent.
 */
export function createPhotoStore(client: SupabaseClient): StorePhoto {
  const bucket = client.storage.from(IMAGE_BUCKET);
  return async ({ name, bytes }) => {
    const hash = photoHash(bytes);
    const folder = photoFolder(hash);
    const path = photoRowPath(hash);
    const rowFile = path.slice(folder.length + 1);
    const bytesBefore = bytes.byteLength;

    // The row's file is uploaded last: when the listing holds it, every sibling is there too.
    const listed = await bucket.list(folder, { limit: 100 });
    if (listed.error) throw new Error(`${name}: cannot list ${folder}: ${listed.error.message}`);
    if (listed.data.some((f) => f.name === rowFile)) {
      const bytesAfter = listed.data.reduce((sum, f) => sum + (Number((f.metadata as { size?: unknown } | null)?.size) || 0), 0);
      return { path, bytesBefore, bytesAfter, uploaded: false };
    }

    let photo: Decoded;
    try {
      photo = await decode(bytes);
    } catch (e) {
      const heic = /\.hei[cf]$/i.test(name) ? ' — HEIC cannot be read here: save it as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible)' : '';
      throw new Error(`${name}: not a photo that can be read (JPEG, PNG, WebP, AVIF, TIFF or GIF)${heic}: ${(e as Error).message}`);
    }
    const variants = photoVariants(folder);
    const files = await renderVariants(photo, variants);
    let bytesAfter = 0;
    for (const v of [...variants.filter((o) => o.path !== path), ...variants.filter((o) => o.path === path)]) {
      const out = files.get(v.path)!;
      const { error } = await bucket.upload(v.path, out, { contentType: PHOTO_CONTENT_TYPES[v.format], upsert: true, cacheControl: '31536000' });
      if (error) throw new Error(`${name}: upload of ${v.path} failed: ${error.message}`);
      bytesAfter += out.byteLength;
    }
    return { path, bytesBefore, bytesAfter, uploaded: true };
  };
}

/**
 * The importer's step for a raster floor plan (shared/photos.ts names its files): the whole picture, never
 * cropped, scaled to each plan width (never enlarged) in WebP and JPEG. Stored once per picture, like a photo.
 */
export function createPlanStore(client: SupabaseClient): StorePhoto {
  const bucket = client.storage.from(IMAGE_BUCKET);
  return async ({ name, bytes }) => {
    const hash = photoHash(bytes);
    const folder = photoFolder(hash);
    const path = planRowPath(hash);
    const variants = planVariants(folder);
    const names = new Set(variants.map((v) => v.path.slice(folder.length + 1)));
    const listed = await bucket.list(folder, { limit: 100 });
    if (listed.error) throw new Error(`${name}: cannot list ${folder}: ${listed.error.message}`);
    if (listed.data.some((f) => f.name === path.slice(folder.length + 1))) {
      const bytesAfter = listed.data.filter((f) => names.has(f.name)).reduce((sum, f) => sum + (Number((f.metadata as { size?: unknown } | null)?.size) || 0), 0);
      return { path, bytesBefore: bytes.byteLength, bytesAfter, uploaded: false };
    }
    let bytesAfter = 0;
    // The row's file last: when the listing holds it, every sibling is there too.
    for (const v of [...variants.filter((o) => o.path !== path), ...variants.filter((o) => o.path === path)]) {
      // Decoded for each file rather than held raw: a scanned hall plan may be tens of megapixels.
      const img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().resize({ width: v.maxWidth, withoutEnlargement: true });
      let out: Buffer;
      try {
        out =
          v.format === 'webp'
            ? await img.webp({ quality: 80, effort: 4 }).toBuffer()
            : await img.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true }).toBuffer();
      } catch (e) {
        throw new Error(`${name}: not a picture that can be read (PNG, JPEG or WebP): ${(e as Error).message}`);
      }
      const { error } = await bucket.upload(v.path, out, { contentType: PHOTO_CONTENT_TYPES[v.format], upsert: true, cacheControl: '31536000' });
      if (error) throw new Error(`${name}: upload of ${v.path} failed: ${error.message}`);
      bytesAfter += out.byteLength;
    }
    return { path, bytesBefore: bytes.byteLength, bytesAfter, uploaded: true };
  };
}

// The pictures a show folder brings, looked at before anything is written: an SVG that could run script is
// refused (every SVG, not only a plan's: it is stored as it is and served from the images bucket), and a
// floor plan's picture gives the plan its size when the sheet leaves width and height empty.
//
// Why refuse rather than only serve it sandboxed: the venue server does serve every stored object with
// `Content-Security-Policy: …; sandbox` (server/storage.ts), but a hosted Supabase project's storage does
// not, and a screen that draws the plan inline would run what the file holds. A plan is a drawing: it needs
// no script, no event handler, no javascript: link and no embedded HTML.
import sharp from 'sharp';
import { readFolderFile } from './folder-files.ts';
import { PHOTO_FILE_MAX_BYTES } from './limits.ts';
import type { ImageFind } from './plan.ts';
import type { PictureSize } from './plan-rows.ts';

const isSvg = (name: string): boolean => /\.svg$/i.test(name);

/** Character references written out (&#106; &#x6A;), so "jav&#x61;script:" reads as what a browser reads. */
function decodeReferences(text: string): string {
  const char = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');
  return text.replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => char(parseInt(hex, 16))).replace(/&#(\d+);?/g, (_, dec: string) => char(Number(dec)));
}

/** What in an SVG could run script when it is opened as a document, in words; empty when nothing. */
function svgDangers(svg: string): string[] {
  const text = decodeReferences(svg);
  const found: string[] = [];
  if (/<(?:[\w-]+:)?script[\s>/]/i.test(text)) found.push('a <script> element');
  if (/<(?:[\w-]+:)?foreignObject[\s>/]/i.test(text)) found.push('a <foreignObject> element');
  const handlers = [...new Set([...text.matchAll(/[\s"'/](on[a-z]+)\s*=/gi)].map((m) => m[1]!.toLowerCase()))];
  if (handlers.length) found.push(`event handler attributes (${handlers.join(', ')})`);
  // Whitespace and control characters inside the scheme are ignored by a browser's URL parser.
  const squeezed = [...text].filter((c) => c.charCodeAt(0) > 0x20).join('');
  if (/javascript:/i.test(squeezed)) found.push('a javascript: link');
  if (/<!ENTITY/i.test(text)) found.push('entity declarations');
  if (/<\?xml-stylesheet/i.test(text)) found.push('a style sheet processing instruction');
  return found;
}

const attribute = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'is').exec(tag)?.[2]?.trim();

/** An SVG's own size: its viewBox's width and height, else its width and height attributes in pixels. */
function svgSize(svg: string): PictureSize | null {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return null;
  const box = attribute(tag, 'viewBox')
    ?.split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0) return { width: box[2]!, height: box[3]! };
  const length = (name: string) => {
    const m = /^(\d+(?:\.\d+)?)(?:px)?$/.exec(attribute(tag, name) ?? '');
    return m ? Number(m[1]) : NaN;
  };
  const [width, height] = [length('width'), length('height')];
  return width > 0 && height > 0 ? { width, height } : null;
}

/** A floor plan's picture: its size, or why it cannot be a plan. */
async function planPicture(name: string, bytes: Buffer): Promise<PictureSize | { refused: string }> {
  if (isSvg(name)) {
    const size = svgSize(bytes.toString('utf8'));
    return size ?? { refused: `"${name}" has neither a viewBox nor a width and height in pixels: give the <svg> a viewBox, or write the plan's width and height` };
  }
  try {
    const meta = await sharp(bytes, { failOn: 'error' }).metadata();
    if (!['png', 'jpeg', 'webp'].includes(meta.format ?? '')) throw new Error(`it is ${meta.format ?? 'no picture'}`);
    // EXIF orientations 5 to 8 turn the picture a quarter: the plan is drawn on it as shown.
    const turned = (meta.orientation ?? 1) >= 5;
    return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  } catch (e) {
    return { refused: `"${name}" is not a floor plan picture that can be read (SVG, PNG, JPEG or WebP): ${(e as Error).message}` };
  }
}

/**
 * Looks at each picture file the import found: an unsafe SVG becomes a refusal (reported at its cell), and each
 * floor plan picture (`planNames`) gets its size; null where it cannot be read.
 */
export async function inspectPictures(folder: string, finds: Map<string, ImageFind>, planNames: readonly string[]): Promise<Map<string, PictureSize | null>> {
  const plans = new Set(planNames);
  const sizes = new Map<string, PictureSize | null>();
  for (const [name, find] of finds) {
    if (!('file' in find) || (!isSvg(name) && !plans.has(name))) continue;
    let bytes: Buffer;
    try {
      bytes = readFolderFile(folder, find.file, PHOTO_FILE_MAX_BYTES);
    } catch (e) {
      finds.set(name, { refused: `"${name}" cannot be read: ${(e as Error).message}` });
      if (plans.has(name)) sizes.set(name, null);
      continue;
    }
    const dangers = isSvg(name) ? svgDangers(bytes.toString('utf8')) : [];
    if (dangers.length) {
      finds.set(name, {
        refused: `"${name}" is an SVG that could run script when opened: it has ${dangers.join(', ')} — save the drawing without them (a plan or a photo needs none)`,
      });
      if (plans.has(name)) sizes.set(name, null);
      continue;
    }
    if (!plans.has(name)) continue;
    const picture = await planPicture(name, bytes);
    if ('refused' in picture) {
      finds.set(name, picture);
      sizes.set(name, null);
    } else sizes.set(name, picture);
  }
  return sizes;
}

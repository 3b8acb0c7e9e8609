// Imported photos' names (shared/photos.ts) and the srcsets screens build from them (src/ui/photo-sources.ts;
// how ShowImage renders them: src/ui/image.test.tsx).
import { describe, expect, it } from 'vitest';
import { photoFilesForScreen, photoFolder, photoRowPath, photoSrcSet, photoVariants, processedPhotoFolder, variantForScreen } from '../../shared/photos.ts';
import { imageUrl } from '../../src/ui/image-url.ts';
import { photoSources } from '../../src/ui/photo-sources.ts';

const HASH = 'be00075c40a960f1' + '0'.repeat(48);
const FOLDER = 'photos/be00075c40a960f1';
const ROOT = imageUrl('x')!.slice(0, -2);

describe('photo names', () => {
  it('derives the folder and every variant from the row path alone', () => {
    expect(photoRowPath(HASH)).toBe(`${FOLDER}/gallery.jpg`);
    expect(processedPhotoFolder(`${FOLDER}/gallery.jpg`)).toBe(FOLDER);
    expect(processedPhotoFolder(`/${FOLDER}/gallery.jpg`)).toBe(FOLDER);
    expect(photoVariants(photoFolder(HASH)).map((v) => `${v.path.slice(FOLDER.length + 1)} ${v.width}×${v.height}`)).toEqual([
      'tile.webp 80×80',
      'tile.jpg 80×80',
      'tile@2x.webp 160×160',
      'tile@2x.jpg 160×160',
      'card.webp 428×240',
      'card.jpg 428×240',
      'card@2x.webp 856×480',
      'card@2x.jpg 856×480',
      'hero.webp 1280×384',
      'hero.jpg 1280×384',
      'hero-mobile.webp 428×256',
      'hero-mobile.jpg 428×256',
      'hero-mobile@2x.webp 856×512',
      'hero-mobile@2x.jpg 856×512',
      'gallery.webp 800×480',
      'gallery.jpg 800×480',
    ]);
  });

  it.each([
    'breeds/aby.svg',
    'photos/be00075c40a960f1/card.webp',
    'photos/BE00075C40A960F1/gallery.jpg',
    'photos/be00075c40a960f/gallery.jpg',
    'x/photos/be00075c40a960f1/gallery.jpg',
    'https://cdn.example.com/photos/be00075c40a960f1/gallery.jpg',
    '',
    null,
  ])('%s is not a processed photo', (path) => {
    expect(processedPhotoFolder(path)).toBeNull();
  });

  it('refuses a hash that is not hex', () => {
    expect(() => photoFolder('../../etc/passwd0000000')).toThrow('not a hex hash');
  });
});

describe('srcset', () => {
  it('lists 1× and 2× by width, or the one size there is', () => {
    const u = (p: string) => `/r/${p}`;
    expect(photoSrcSet(FOLDER, 'card', 'webp', u)).toBe(`/r/${FOLDER}/card.webp 428w, /r/${FOLDER}/card@2x.webp 856w`);
    expect(photoSrcSet(FOLDER, 'tile', 'jpg', u)).toBe(`/r/${FOLDER}/tile.jpg 80w, /r/${FOLDER}/tile@2x.jpg 160w`);
    expect(photoSrcSet(FOLDER, 'gallery', 'webp', u)).toBe(`/r/${FOLDER}/gallery.webp 800w`);
  });

  it('gives the hero a mobile crop below 768 px and WebP before the JPEG fallback', () => {
    const { sources, img } = photoSources(FOLDER, 'hero');
    expect(sources.map((s) => [s.media, s.type, s.srcSet.replaceAll(`${ROOT}/${FOLDER}/`, '')])).toEqual([
      ['(max-width: 767px)', 'image/webp', 'hero-mobile.webp 428w, hero-mobile@2x.webp 856w'],
      ['(max-width: 767px)', 'image/jpeg', 'hero-mobile.jpg 428w, hero-mobile@2x.jpg 856w'],
      [undefined, 'image/webp', 'hero.webp 1280w'],
    ]);
    expect(img.src).toBe(`${ROOT}/${FOLDER}/hero.jpg`);
  });

  it('keeps a screen’s own sizes for its size', () => {
    expect(photoSources(FOLDER, 'card', '50vw').img.sizes).toBe('50vw');
    expect(photoSources(FOLDER, 'card').img.sizes).toBe('(max-width: 480px) 100vw, 428px');
  });
});

describe('files a screen downloads ("Ready for the hall" saves these)', () => {
  it.each([
    [{ width: 390, pixelRatio: 3 }, ['tile@2x.webp', 'card@2x.webp', 'hero-mobile@2x.webp', 'gallery.webp']],
    [{ width: 390, pixelRatio: 1 }, ['tile.webp', 'card.webp', 'hero-mobile.webp', 'gallery.webp']],
    [{ width: 1280, pixelRatio: 1 }, ['tile.webp', 'card.webp', 'hero.webp', 'gallery.webp']],
    [{ width: 1280, pixelRatio: 2 }, ['tile@2x.webp', 'card@2x.webp', 'hero.webp', 'gallery.webp']],
  ])('%o → %o', (screen, files) => {
    expect(photoFilesForScreen(FOLDER, screen)).toEqual(files.map((f) => `${FOLDER}/${f}`));
  });

  it('takes the 2× card once a 1× would be stretched', () => {
    expect(variantForScreen(FOLDER, 'card', { width: 428, pixelRatio: 1 })).toBe(`${FOLDER}/card.webp`);
    expect(variantForScreen(FOLDER, 'card', { width: 470, pixelRatio: 1 })).toBe(`${FOLDER}/card@2x.webp`);
    expect(variantForScreen(FOLDER, 'card', { width: 900, pixelRatio: 1 })).toBe(`${FOLDER}/card.webp`);
  });
});

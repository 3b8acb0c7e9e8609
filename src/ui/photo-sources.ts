// The <picture> sources of an imported photo (shared/photos.ts): WebP with a JPEG fallback, by width.
import { DEFAULT_SIZES, HERO_MOBILE_MEDIA, photoSrcSet, variantPath, type PhotoSize, type ShownSize } from '../../shared/photos.ts';
import { imageUrl } from './image-url.ts';

export interface PhotoSource {
  media: string | undefined;
  type: string;
  srcSet: string;
  sizes: string;
}

const url = (path: string): string => imageUrl(path) ?? path;

/** The `<source>`s and `<img>` attributes of an imported photo (shared/photos.ts) shown at `size`. */
export function photoSources(folder: string, size: ShownSize, sizes?: string): { sources: PhotoSource[]; img: { src: string; srcSet: string; sizes: string } } {
  const at = (s: PhotoSize) => ({
    webp: photoSrcSet(folder, s, 'webp', url),
    jpg: photoSrcSet(folder, s, 'jpg', url),
    sizes: sizes && s === size ? sizes : DEFAULT_SIZES[s],
  });
  const main = at(size);
  // A phone gets the hero's own mobile crop (SPEC §9: 428×256 below width 768), not the desktop band scaled down.
  const mobile = size === 'hero' ? at('hero-mobile') : null;
  return {
    sources: [
      ...(mobile
        ? [
            { media: HERO_MOBILE_MEDIA, type: 'image/webp', srcSet: mobile.webp, sizes: mobile.sizes },
            { media: HERO_MOBILE_MEDIA, type: 'image/jpeg', srcSet: mobile.jpg, sizes: mobile.sizes },
          ]
        : []),
      { media: undefined, type: 'image/webp', srcSet: main.webp, sizes: main.sizes },
    ],
    img: { src: url(variantPath(folder, size, 1, 'jpg')), srcSet: main.jpg, sizes: main.sizes },
  };
}

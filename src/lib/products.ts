/** An advertiser's product carousel (SPEC §2 /pet-products/{id}): images and descriptions paired by index. */
import { parseListText } from '../../shared/list-text.ts';

export const NO_IMAGE_TEXT = 'No image available';
export const NO_DESCRIPTION_TEXT = 'No description available';

/** One carousel slide; null where that side of the pair is missing (the screen shows the fallback text). */
export interface ProductSlide {
  image: string | null;
  description: string | null;
}

/**
 * Pairs product images and descriptions by index. Each may be a list or quoted comma-separated text;
 * the carousel is as long as the longer of the two, so an unpictured or undescribed product still shows.
 */
export function pairProducts(images: unknown, descriptions: unknown): ProductSlide[] {
  const pictures = parseListText(images);
  const texts = parseListText(descriptions);
  const length = Math.max(pictures.length, texts.length);
  return Array.from({ length }, (_, i) => ({ image: pictures[i] ?? null, description: texts[i] ?? null }));
}

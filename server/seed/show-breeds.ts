// The demo show's breeds, each with its generated pictures: an overview card, a gallery, and the adult and
// kitten pictures its catteries and litters draw from.
import type { BreedSeed } from './breed-seed.ts';
import { catSvg } from './images.ts';
import type { Row, ShowContext } from './show-context.ts';

const GALLERY_PICTURES_PER_BREED = 4;
const ADULT_PICTURES_PER_BREED = 6;
const KITTEN_PICTURES_PER_BREED = 6;
// SPEC §9 sizes in pixels: card 428×240 (drawn at 2×), gallery 800×480.
const CARD_PICTURE_PX = { width: 856, height: 480 };
const GALLERY_PICTURE_PX = { width: 800, height: 480 };

/** A breed's adult and kitten pictures (bucket paths). */
export interface PicturePool {
  adults: string[];
  kittens: string[];
}
/** Picture pools by breed id. */
export type PicturePools = Map<number, PicturePool>;

export function buildBreeds(ctx: ShowContext, seeds: readonly BreedSeed[]): { breeds: Row[]; pools: PicturePools } {
  const pools: PicturePools = new Map();
  const breeds = seeds.map((b, i) => {
    const id = i + 1;
    const dir = `breeds/${b.universal_breed_abbreviation.toLowerCase()}`;
    const overview = ctx.image(`${dir}/overview.svg`, () =>
      catSvg({ look: b.look, label: b.breed_name, variant: 0, bodyType: b.body_type, ...CARD_PICTURE_PX, caption: false }),
    );
    const gallery = Array.from({ length: GALLERY_PICTURES_PER_BREED }, (_, g) =>
      ctx.image(`${dir}/gallery-${g + 1}.svg`, () =>
        catSvg({ look: b.look, label: `${b.breed_name}, picture ${g + 1}`, variant: g + 1, bodyType: b.body_type, ...GALLERY_PICTURE_PX }),
      ),
    );
    pools.set(id, breedPool(ctx, b, dir));
    const { look: _look, ...columns } = b;
    // The text-list form SPEC §3 describes, quoted on some breeds and bare on others.
    const detail = i % 3 === 0 ? `{${gallery.join(',')}}` : `{${gallery.map((g) => `"${g}"`).join(',')}}`;
    return { id, ...columns, overview_image: overview, detail_images: detail };
  });
  return { breeds, pools };
}

function breedPool(ctx: ShowContext, b: BreedSeed, dir: string): PicturePool {
  return {
    adults: Array.from({ length: ADULT_PICTURES_PER_BREED }, (_, a) =>
      ctx.image(`${dir}/adult-${a + 1}.svg`, () => catSvg({ look: b.look, label: `${b.breed_name} cat`, variant: a + 5, bodyType: b.body_type, ...GALLERY_PICTURE_PX })),
    ),
    kittens: Array.from({ length: KITTEN_PICTURES_PER_BREED }, (_, k) =>
      ctx.image(`${dir}/kitten-${k + 1}.svg`, () =>
        catSvg({ look: b.look, label: `${b.breed_name} kitten`, variant: k + 11, kitten: true, bodyType: b.body_type, ...GALLERY_PICTURE_PX }),
      ),
    ),
  };
}

// The demo show's litters: two or three per cattery, of its breeds, about one in five sold out, each with
// a few pictures of its kittens.
import { addDays, isoDate, type Row, type ShowContext } from './show-context.ts';
import type { PicturePool, PicturePools } from './show-breeds.ts';
import { DAM_NAMES, SIRE_NAMES, SIRE_TITLES } from './show-lists.ts';

export function buildLitters(ctx: ShowContext, from: { catteries: Row[]; cattery_has_breed: Row[]; pools: PicturePools }): { litters: Row[]; litter_images: Row[] } {
  const litters: Row[] = [];
  const litter_images: Row[] = [];
  for (const cattery of from.catteries) {
    const own = from.cattery_has_breed.filter((l) => l.cattery_id === cattery.id);
    const count = cattery.id % 2 === 0 ? 2 : 3;
    for (let n = 0; n < count; n++) {
      const breedId = own[n % own.length]!.breed_id as number;
      const pool = from.pools.get(breedId)!;
      const litter = litterRow(ctx, litters.length + 1, cattery, breedId, pool, from.catteries);
      litters.push(litter);
      for (const url of ctx.rnd.sample(pool.kittens, ctx.rnd.int(1, 6))) {
        litter_images.push({ id: litter_images.length + 1, litter_id: litter.id, image_url: url });
      }
    }
  }
  return { litters, litter_images };
}

/** A litter born two weeks to six months ago; its sire comes from another cattery. */
function litterRow(ctx: ShowContext, id: number, cattery: Row, breedId: number, pool: PicturePool, catteries: Row[]): Row {
  const { rnd } = ctx;
  const males = rnd.int(0, 4);
  const females = rnd.int(males === 0 ? 1 : 0, 4);
  const soldOut = rnd.chance(0.2);
  const sireFrom = rnd.pick(catteries.length > 1 ? catteries.filter((c) => c.id !== cattery.id) : catteries);
  return {
    id,
    cattery_id: cattery.id,
    breed_id: breedId,
    date_of_birth: isoDate(addDays(ctx.today, -rnd.int(14, 180))),
    num_male_kittens: males,
    num_female_kittens: females,
    available_male_kittens: soldOut ? 0 : rnd.int(0, males),
    available_female_kittens: soldOut ? 0 : rnd.int(females > 0 ? 1 : 0, females),
    litter_image_url: rnd.pick(pool.kittens),
    sire: `${rnd.pick(SIRE_TITLES)} ${rnd.pick(SIRE_NAMES)} of ${sireFrom.name}`.trim(),
    dam: `${rnd.pick(DAM_NAMES)} of ${cattery.name}`,
    sire_picture_url: rnd.pick(pool.adults),
    dam_picture_url: rnd.pick(pool.adults),
  };
}

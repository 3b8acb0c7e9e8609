// Pure rules of the kittens list's filters: which litters match, and how the list splits by availability.
import type { Litter } from '../../data/mirror.ts';
import { isLitterSoldOut } from '../../ui/litter-availability.ts';

export type KittenSex = 'male' | 'female';

export interface LitterFilter {
  /** null: every breed. */
  breedId: number | null;
  /** null: either sex. */
  sex: KittenSex | null;
  showSoldOut: boolean;
}

/** The ?sex= value as a sex, or null (any, or a value the list does not know). */
export function parseKittenSex(value: string): KittenSex | null {
  return value === 'male' || value === 'female' ? value : null;
}

type Counts = Pick<Litter, 'available_male_kittens' | 'available_female_kittens' | 'num_male_kittens' | 'num_female_kittens'>;

export { isLitterSoldOut };

/**
 * Whether a litter is listed: its breed, and a kitten of the sex still available (for a sold-out
 * litter, shown only on request: one of that sex was born).
 */
export function litterMatches(litter: Counts & Pick<Litter, 'breed_id'>, filter: LitterFilter): boolean {
  if (filter.breedId !== null && litter.breed_id !== filter.breedId) return false;
  const soldOut = isLitterSoldOut(litter);
  if (soldOut && !filter.showSoldOut) return false;
  if (filter.sex === null) return true;
  const available = filter.sex === 'male' ? litter.available_male_kittens : litter.available_female_kittens;
  const born = filter.sex === 'male' ? litter.num_male_kittens : litter.num_female_kittens;
  return soldOut ? born > 0 : available > 0;
}

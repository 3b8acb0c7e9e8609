// A litter's availability in words, shared by the kittens list, the litter page and My show.

/** A litter's kitten counts (the mirror's litters row has them). */
interface Counts {
  num_male_kittens: number;
  num_female_kittens: number;
  available_male_kittens: number;
  available_female_kittens: number;
}

/** Whether no kitten of the litter is still available. */
export function isLitterSoldOut(litter: Counts): boolean {
  return litter.available_male_kittens + litter.available_female_kittens === 0;
}

const kittens = (n: number, sex: 'male' | 'female') => `${n} ${sex}${n === 1 ? '' : 's'}`;

/** "2 of 3 males, 1 of 2 females available", or "Sold out". */
export function availabilityText(litter: Counts): string {
  if (isLitterSoldOut(litter)) return 'Sold out';
  const parts: string[] = [];
  if (litter.num_male_kittens > 0) parts.push(`${litter.available_male_kittens} of ${kittens(litter.num_male_kittens, 'male')}`);
  if (litter.num_female_kittens > 0) parts.push(`${litter.available_female_kittens} of ${kittens(litter.num_female_kittens, 'female')}`);
  return `${parts.join(', ')} available`;
}

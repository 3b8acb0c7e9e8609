// SPEC §9: the breeds list is also cached locally under a storage name. Read synchronously, it paints the
// list at once on a cold start while IndexedDB opens.
import type { Breed } from '../../data/mirror.ts';

export const BREEDS_STORAGE_KEY = 'purrfect-breeds';

export type CachedBreed = Pick<Breed, 'id' | 'breed_name' | 'universal_breed_abbreviation' | 'overview_image'>;

export function readCachedBreeds(storage: Pick<Storage, 'getItem'> = localStorage): CachedBreed[] | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(BREEDS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (b): b is CachedBreed =>
        typeof b === 'object' && b !== null && typeof b.id === 'number' && typeof b.breed_name === 'string' && typeof b.universal_breed_abbreviation === 'string',
    );
  } catch {
    return null;
  }
}

export function writeCachedBreeds(breeds: readonly Breed[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  const slim: CachedBreed[] = breeds.map(({ id, breed_name, universal_breed_abbreviation, overview_image }) => ({
    id,
    breed_name,
    universal_breed_abbreviation,
    overview_image,
  }));
  try {
    storage.setItem(BREEDS_STORAGE_KEY, JSON.stringify(slim));
  } catch {
    // A full localStorage only costs the instant first paint; IndexedDB still has the list.
  }
}

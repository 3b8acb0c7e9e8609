import { describe, expect, it } from 'vitest';
import { BREEDS_STORAGE_KEY, readCachedBreeds, writeCachedBreeds } from '../../src/features/breeds/breeds-cache.ts';
import type { Breed } from '../../shared/row-schemas.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('breeds cache (SPEC §9)', () => {
  it('keeps only what the list shows, under its storage name, and reads it back', () => {
    const storage = memoryStorage();
    const breed = { id: 1, breed_name: 'Abyssinian', universal_breed_abbreviation: 'ABY', overview_image: 'a.svg', about: 'long text' } as unknown as Breed;
    writeCachedBreeds([breed], storage);
    expect(JSON.parse(storage.data.get(BREEDS_STORAGE_KEY)!)).toEqual([
      { id: 1, breed_name: 'Abyssinian', universal_breed_abbreviation: 'ABY', overview_image: 'a.svg' },
    ]);
    expect(readCachedBreeds(storage)).toEqual([{ id: 1, breed_name: 'Abyssinian', universal_breed_abbreviation: 'ABY', overview_image: 'a.svg' }]);
  });
  it.each([['not json'], ['{"a":1}'], ['[{"id":"x"}]']])('ignores a damaged entry %s', (raw) => {
    const read = readCachedBreeds(memoryStorage({ [BREEDS_STORAGE_KEY]: raw }));
    expect(read === null || read.length === 0).toBe(true);
  });
  it('survives a full storage', () => {
    expect(() =>
      writeCachedBreeds([], {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      }),
    ).not.toThrow();
  });
});

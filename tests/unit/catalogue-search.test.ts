// The catalogue's search and filters (src/features/catalogue/catalogue-search.ts) and a cat's age in words.
import { describe, expect, it } from 'vitest';
import type { CatalogueCat } from '../../src/data/mirror.ts';
import { indexCatalogue, searchCatalogue, type CatalogueFilters } from '../../src/features/catalogue/catalogue-search.ts';
import { ageOn } from '../../src/ui/catalogue-texts.ts';

const breed = (id: number, breed_name: string, universal_breed_abbreviation: string) => ({ id, breed_name, universal_breed_abbreviation }) as CatalogueCat['breed'];
const MCO = breed(1, 'Maine Coon', 'MCO');
const SBI = breed(2, 'Sacred Birman', 'SBI');

let nextId = 1;
function cat(catalogue_number: string, name: string, more: Partial<CatalogueCat> = {}): CatalogueCat {
  return {
    id: nextId++,
    event_id: 1,
    catalogue_number,
    name,
    breed_id: 1,
    breed: MCO,
    colour: null,
    sex: 'female',
    date_of_birth: null,
    class: null,
    section: null,
    cattery_id: null,
    cattery: undefined,
    sire: null,
    dam: null,
    owner: null,
    pen: null,
    absent: false,
    created_at: '',
    updated_at: '',
    ...more,
  } as CatalogueCat;
}

const CATS = [
  cat('5', 'CH Amberlight Éclair', { colour: 'MCO n 22', pen: 'A5', class: 'Champion' }),
  cat('50', 'Cosy Toes Mirabelle', { breed_id: 2, breed: SBI, colour: 'SBI n 21', sex: 'male', pen: 'B1', owner: 'Ana Łukasik' }),
  cat('52', 'GIC Nordic Star Odin', { sex: 'male', pen: 'A17', class: 'Open' }),
  cat('52A', 'Late Lily', { pen: 'A18', absent: true }),
  cat('512', 'PR Fluffy', { pen: 'F2', class: 'Premier' }),
];
const index = indexCatalogue(CATS);
const NONE: CatalogueFilters = { breedId: null, sex: null, class: null };
const numbers = (q: string, f: CatalogueFilters = NONE) => searchCatalogue(index, q, f).matches.map((c) => c.catalogue_number);

describe('searchCatalogue', () => {
  it('jumps to a typed number in its printed form ("052a" is 52A), or says there is none', () => {
    expect(searchCatalogue(index, '52', NONE)).toMatchObject({ number: '52', numbered: { name: 'GIC Nordic Star Odin' } });
    expect(searchCatalogue(index, ' 052a ', NONE)).toMatchObject({ number: '52A', numbered: { name: 'Late Lily' } });
    expect(searchCatalogue(index, '53', NONE)).toMatchObject({ number: '53', numbered: undefined, matches: [] });
  });

  it('lists the numbers that start with the digits typed so far, in catalogue order', () => {
    expect(numbers('5')).toEqual(['5', '50', '52', '52A', '512']);
    expect(numbers('52')).toEqual(['52', '52A']);
    expect(numbers('52a')).toEqual(['52A']);
  });

  it('finds word starts in names, breeds, colours, owners and pens, whatever the case and accents', () => {
    expect(numbers('eclair')).toEqual(['5']);
    expect(numbers('BIRMAN')).toEqual(['50']);
    expect(numbers('sbi n')).toEqual(['50']);
    expect(numbers('lukasik')).toEqual(['50']);
    expect(numbers('a17')).toEqual(['52']);
    expect(numbers('star odin')).toEqual(['52']);
    expect(numbers('tar')).toEqual([]);
    expect(numbers('')).toEqual(['5', '50', '52', '52A', '512']);
  });

  it('filters by breed, sex and class, also under a typed number', () => {
    expect(numbers('', { ...NONE, breedId: 2 })).toEqual(['50']);
    expect(numbers('', { ...NONE, sex: 'male' })).toEqual(['50', '52']);
    expect(numbers('', { ...NONE, class: 'Premier' })).toEqual(['512']);
    expect(searchCatalogue(index, '52', { ...NONE, sex: 'female' })).toMatchObject({ numbered: undefined, matches: [{ catalogue_number: '52A' }] });
  });
});

describe('ageOn', () => {
  it('says a cat’s age in weeks, months, or years and months', () => {
    expect(ageOn('2026-10-01', '2026-11-29')).toBe('8 weeks');
    expect(ageOn('2026-06-29', '2026-11-29')).toBe('5 months');
    expect(ageOn('2026-06-30', '2026-11-29')).toBe('4 months');
    expect(ageOn('2024-11-29', '2026-11-29')).toBe('2 years');
    expect(ageOn('2025-08-15', '2026-11-29')).toBe('1 year 3 months');
    expect(ageOn(null, '2026-11-29')).toBeNull();
    expect(ageOn('2027-01-01', '2026-11-29')).toBeNull();
  });
});

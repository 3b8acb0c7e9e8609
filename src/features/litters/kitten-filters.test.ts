import { describe, expect, it } from 'vitest';
import { litterMatches, parseKittenSex, type LitterFilter } from './kitten-filters.ts';

const litter = (breed_id: number | null, males: [number, number], females: [number, number]) => ({
  breed_id,
  num_male_kittens: males[0],
  available_male_kittens: males[1],
  num_female_kittens: females[0],
  available_female_kittens: females[1],
});
const ANY: LitterFilter = { breedId: null, sex: null, showSoldOut: false };

describe('litterMatches', () => {
  it.each([
    ['an open litter, no filter', litter(1, [2, 1], [2, 0]), ANY, true],
    ['a sold-out litter is hidden by default', litter(1, [2, 0], [2, 0]), ANY, false],
    ['a sold-out litter on request', litter(1, [2, 0], [2, 0]), { ...ANY, showSoldOut: true }, true],
    ['the breed chosen', litter(1, [2, 1], [0, 0]), { ...ANY, breedId: 1 }, true],
    ['another breed', litter(2, [2, 1], [0, 0]), { ...ANY, breedId: 1 }, false],
    ['no breed recorded, a breed chosen', litter(null, [2, 1], [0, 0]), { ...ANY, breedId: 1 }, false],
    ['a female still available', litter(1, [2, 1], [2, 1]), { ...ANY, sex: 'female' }, true],
    ['females born but all taken, males left', litter(1, [2, 1], [2, 0]), { ...ANY, sex: 'female' }, false],
    ['no female born', litter(1, [3, 3], [0, 0]), { ...ANY, sex: 'female' }, false],
    ['a male available', litter(1, [3, 3], [0, 0]), { ...ANY, sex: 'male' }, true],
    ['sold out with females born, shown on request', litter(1, [0, 0], [2, 0]), { ...ANY, sex: 'female', showSoldOut: true }, true],
    ['sold out with no male born, shown on request', litter(1, [0, 0], [2, 0]), { ...ANY, sex: 'male', showSoldOut: true }, false],
    ['sold out, right sex, but hidden', litter(1, [0, 0], [2, 0]), { ...ANY, sex: 'female' }, false],
  ] as const)('%s', (_, row, filter, expected) => {
    expect(litterMatches(row, filter)).toBe(expected);
  });
});

describe('parseKittenSex', () => {
  it.each([
    ['male', 'male'],
    ['female', 'female'],
    ['', null],
    ['Female', null],
    ['other', null],
  ] as const)('%j → %j', (value, expected) => {
    expect(parseKittenSex(value)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  catteryBreedNames,
  catteryMatches,
  certifiedSinceYear,
  isLabelExpired,
  kittenCount,
  safeReturnUrl,
  telHref,
  websiteHref,
  websiteText,
} from '../../src/features/breeders/cattery-view.ts';
import { localIsoDate } from '../../shared/dates.ts';

describe('certifiedSinceYear', () => {
  it.each([
    [['2015-03-01', '2012-11-30', '2019-01-01'], 2012],
    [['2015-03-01', null], 2015],
    [[null, null], null],
    [[], null],
    [['not a date', '2020-01-01'], 2020],
  ])('%j → %s', (dates, expected) => expect(certifiedSinceYear(dates.map((d) => ({ certification_date: d })))).toBe(expected));
});

describe('safeReturnUrl', () => {
  it.each([
    ['/breeders', '/breeders'],
    ['/breeds/ABY?x=1', '/breeds/ABY?x=1'],
    [null, '/breeds'],
    ['', '/breeds'],
    ['https://evil.example', '/breeds'],
    ['//evil.example', '/breeds'],
    ['/\\evil.example', '/breeds'],
    ['javascript:alert(1)', '/breeds'],
    ['breeders', '/breeds'],
    ['/a\nb', '/breeds'],
  ])('%j → %s', (value, expected) => expect(safeReturnUrl(value)).toBe(expected));
});

describe('websiteHref / websiteText', () => {
  it.each([
    ['https://www.cats.example', 'www.cats.example', 'https://www.cats.example/', 'www.cats.example'],
    [null, 'www.cats.example', 'https://www.cats.example/', 'www.cats.example'],
    ['http://cats.example/home/', null, 'http://cats.example/home/', 'cats.example/home'],
    ['javascript:alert(1)', null, null, 'javascript:alert(1)'],
    ['javascript:alert(1)', 'cats.example', 'https://cats.example/', 'cats.example'],
    [null, null, null, null],
    ['  ', '', null, null],
  ])('(%j, %j) → %j, %j', (url, site, href, text) => {
    expect(websiteHref(url, site)).toBe(href);
    expect(websiteText(url, site)).toBe(text);
  });
});

describe('telHref', () => {
  it.each([
    ['+31 20 555 1234', 'tel:+31205551234'],
    ['(020) 555-1234', 'tel:0205551234'],
    ['+1 +2', 'tel:+12'],
  ])('%s → %s', (phone, expected) => expect(telHref(phone)).toBe(expected));
});

describe('isLabelExpired', () => {
  it.each([
    ['2020-01-01', '2026-05-01', true],
    ['2026-04-30', '2026-05-01', true],
    ['2026-05-01', '2026-05-01', false],
    ['2027-01-01', '2026-05-01', false],
    [null, '2026-05-01', false],
  ])('%s on %s → %s', (expiry, today, expected) => expect(isLabelExpired(expiry, today)).toBe(expected));
});

describe('localIsoDate / kittenCount', () => {
  it('formats the local calendar date', () => expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05'));
  it('shows totals with available counts', () => expect(kittenCount(3, 1)).toBe('3 (1 available)'));
});

describe('catteryBreedNames', () => {
  const names = new Map([
    [1, 'Persian'],
    [2, 'Abyssinian'],
    [3, 'Maine Coon'],
  ]);
  it.each([
    ['none', [], []],
    [
      'primary first, then by name',
      [
        { breed_id: 1, is_primary_breed: false },
        { breed_id: 3, is_primary_breed: true },
        { breed_id: 2, is_primary_breed: false },
      ],
      ['Maine Coon', 'Abyssinian', 'Persian'],
    ],
    [
      'an unknown breed is left out',
      [
        { breed_id: 9, is_primary_breed: true },
        { breed_id: 1, is_primary_breed: false },
      ],
      ['Persian'],
    ],
    [
      'a breed linked twice is named once',
      [
        { breed_id: 1, is_primary_breed: true },
        { breed_id: 1, is_primary_breed: false },
      ],
      ['Persian'],
    ],
  ] as const)('%s', (_, links, expected) => {
    expect(catteryBreedNames([...links], names)).toEqual(expected);
  });
});

describe('catteryMatches', () => {
  const item = { breedIds: [1, 3], country: 'France' };
  it.each([
    ['no filter', { breedId: null, country: null }, true],
    ['one of its breeds', { breedId: 3, country: null }, true],
    ['a breed it does not have', { breedId: 2, country: null }, false],
    ['its country', { breedId: null, country: 'France' }, true],
    ['another country', { breedId: null, country: 'Germany' }, false],
    ['breed and country both', { breedId: 1, country: 'France' }, true],
    ['breed right, country wrong', { breedId: 1, country: 'Spain' }, false],
  ] as const)('%s', (_, filter, expected) => {
    expect(catteryMatches(item, filter)).toBe(expected);
  });
  it('a cattery with no country matches only "any country"', () => {
    expect(catteryMatches({ breedIds: [], country: null }, { breedId: null, country: null })).toBe(true);
    expect(catteryMatches({ breedIds: [], country: null }, { breedId: null, country: 'France' })).toBe(false);
  });
});

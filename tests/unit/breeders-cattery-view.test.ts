import { describe, expect, it } from 'vitest';
import {
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

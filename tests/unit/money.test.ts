import { describe, expect, it } from 'vitest';
import { formatDiscount, formatRebate } from '../../shared/money.ts';

describe('formatDiscount (SPEC §9: dollars with two decimals)', () => {
  it.each([
    [10, '$10.00'],
    [5.5, '$5.50'],
    [2.5, '$2.50'],
    [0, '$0.00'],
    [7.499, '$7.50'],
    [0.1 + 0.2, '$0.30'],
    [1250, '$1,250.00'],
  ])('%d → %s', (amount, text) => expect(formatDiscount(amount)).toBe(text));

  it.each([NaN, Infinity])('rejects %d', (amount) => expect(() => formatDiscount(amount)).toThrow(RangeError));
});

describe('formatRebate (SPEC §9: a percentage)', () => {
  it.each([
    [15, '15%'],
    [12.5, '12.5%'],
    [5, '5%'],
    [0, '0%'],
    [7.125, '7.13%'],
    [33.333333, '33.33%'],
    [12.5000001, '12.5%'],
    [100, '100%'],
  ])('%d → %s', (percentage, text) => expect(formatRebate(percentage)).toBe(text));

  it.each([NaN, -Infinity])('rejects %d', (percentage) => expect(() => formatRebate(percentage)).toThrow(RangeError));
});

import { describe, expect, it } from 'vitest';
import { compareCatalogueNumbers, normaliseCatalogueNumber } from '../../shared/catalogue.ts';

describe('catalogue numbers', () => {
  it.each([
    ['52', '52'],
    ['52a', '52A'],
    [' 052A ', '52A'],
    ['7', '7'],
  ])('reads %j as %j', (typed, printed) => {
    expect(normaliseCatalogueNumber(typed)).toBe(printed);
  });

  it.each(['', 'A52', '52AB', '123456', '5 2', '-1', '0'])('refuses %j', (typed) => {
    expect(normaliseCatalogueNumber(typed)).toBeNull();
  });

  it('orders a late entry after its number and before the next, by value rather than by text', () => {
    expect(['101', '53', '52A', '9', '52', '52B'].sort(compareCatalogueNumbers)).toEqual(['9', '52', '52A', '52B', '53', '101']);
  });
});

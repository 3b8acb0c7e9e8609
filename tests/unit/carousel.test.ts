import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../../src/lib/carousel.ts';

describe('wrapIndex', () => {
  it.each([
    [0, 1, 4, 1],
    [3, 1, 4, 0],
    [0, -1, 4, 3],
    [2, -5, 4, 1],
    [1, 9, 4, 2],
    [0, 1, 1, 0],
    [0, -1, 1, 0],
    [0, 1, 0, 0],
  ])('from %i by %i through %i → %i', (index, step, count, expected) => {
    expect(wrapIndex(index, step, count)).toBe(expected);
  });
});

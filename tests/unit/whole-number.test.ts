import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from '../../shared/whole-number.ts';

describe('formatWholeNumber (counts without Intl)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [241, '241'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
  ])('%d → %s', (n, text) => expect(formatWholeNumber(n)).toBe(text));

  it("writes every number exactly as Intl.NumberFormat('en-GB') does", () => {
    const intl = new Intl.NumberFormat('en-GB');
    const numbers = [-0, 1.5, 1234.5678, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60];
    for (let n = 0; n < 2_000_000; n = n * 3 + 1) numbers.push(n, -n, n + 1, n * 1000 - 1);
    for (const n of numbers) expect(formatWholeNumber(n), String(n)).toBe(intl.format(n));
  });
});

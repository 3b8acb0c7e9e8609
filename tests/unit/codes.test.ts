import { describe, expect, it } from 'vitest';
import { couponCode, verificationToken } from '../../supabase/functions/_shared/codes.ts';
import { cryptoRandomInt } from '../../supabase/functions/_shared/deps.ts';

describe('couponCode (SPEC §9)', () => {
  const fixed = (n: number) => () => n;
  it.each([
    ['Pawsome Nutrition', 'discount', 7, 1_795_301_280_123, 'PAW-DSC-0007-0123'],
    ['Whisker Wellness', 'rebate', 9999, 1_795_301_289_999, 'WHI-RBT-9999-9999'],
    ['Ökö Pets', 'discount', 42, 1_000_000_000_005, 'OKO-DSC-0042-0005'],
    ['3M', 'rebate', 0, 12, '3MX-RBT-0000-0012'],
    ['  cat & co', 'discount', 123, 1_795_301_280_400, 'CAT-DSC-0123-0400'],
  ] as const)('%s %s → %s', (company, type, random, now, expected) => {
    expect(couponCode(company, type, fixed(random), now)).toBe(expected);
  });
});

describe('verificationToken (SPEC §9)', () => {
  it('is 32 random alphanumerics', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => verificationToken(cryptoRandomInt)));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});

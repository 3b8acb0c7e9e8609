// Codes the server makes: verification tokens and coupon codes (SPEC §9).

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const VERIFICATION_TOKEN_LENGTH = 32;
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export function verificationToken(randomInt: (max: number) => number): string {
  let out = '';
  for (let i = 0; i < VERIFICATION_TOKEN_LENGTH; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export type CouponType = 'discount' | 'rebate';

/**
 * First three letters of the company name upper-cased, DSC or RBT, a random zero-padded four-digit
 * number, and the last four digits of the time in milliseconds, joined by hyphens.
 */
export function couponCode(companyName: string, type: CouponType, randomInt: (max: number) => number, nowMs: number): string {
  // Accents and punctuation are dropped so the code stays typeable at a till ("Ökö Pets" → OKO).
  const letters = companyName
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 3)
    .padEnd(3, 'X');
  const kind = type === 'discount' ? 'DSC' : 'RBT';
  const random = String(randomInt(10_000)).padStart(4, '0');
  const time = String(Math.trunc(nowMs)).slice(-4).padStart(4, '0');
  return [letters, kind, random, time].join('-');
}

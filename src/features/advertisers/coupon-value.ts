// What a coupon is worth, in the words of the coupon e-mail (SPEC §9): "$10.00 off" or "15% off".
import type { Advertiser, CouponItem, CouponPayload } from '../../data/mirror.ts';
import { formatDiscount, formatRebate } from '../../../shared/money.ts';

export type CouponKind = CouponPayload['coupon_type'];

/**
 * The value of a coupon of `kind`: the amount it was issued for when known, else the advertiser's
 * current offer; null when neither is known.
 */
export function couponValue(advertiser: Advertiser | undefined, kind: CouponKind, issued?: number | null): string | null {
  const offered = kind === 'discount' ? advertiser?.discount_voucher_amount : advertiser?.rebate_voucher_percentage;
  const amount = issued ?? offered ?? null;
  if (amount === null || !Number.isFinite(amount)) return null;
  return `${kind === 'discount' ? formatDiscount(amount) : formatRebate(amount)} off`;
}

/** A sent coupon request with its code (a sent item always has one; older items might not). */
export type SentCoupon = CouponItem & { status: 'sent'; result: { coupon_code: string; amount?: number | null } };

export function isSentCoupon(item: CouponItem): item is SentCoupon {
  return item.status === 'sent' && item.result !== null && item.result.coupon_code.length > 0;
}

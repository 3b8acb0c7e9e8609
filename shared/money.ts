/** Voucher amounts as the advertiser pages and coupon e-mails show them (SPEC §9). */

/** Made on the first amount, not as the module loads: the locale's data costs every screen of its chunk otherwise. */
let dollars: Intl.NumberFormat | undefined;

/** A discount in dollars with two decimals: 10 → "$10.00", 5.5 → "$5.50", 1250 → "$1,250.00". */
export function formatDiscount(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a discount amount: ${amount}`);
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return dollars.format(amount);
}

/** A rebate as a percentage, without trailing zeros: 15 → "15%", 12.5 → "12.5%", 7.125 → "7.13%". */
export function formatRebate(percentage: number): string {
  if (!Number.isFinite(percentage)) throw new RangeError(`Not a rebate percentage: ${percentage}`);
  // Round to two decimals, then let Number drop the zeros toFixed pads with ("12.50" → 12.5).
  return `${Number(percentage.toFixed(2))}%`;
}

// Counts as en-GB writes them ("1,234 cats") without Intl: the first Intl.NumberFormat a page makes loads
// the locale's number data, tens of milliseconds of a phone's main thread, which a formatter made as a
// screen's module loads adds to the first visit's longest task.

/** Made on the first number that is not a safe whole one (none of the app's counts). */
let general: Intl.NumberFormat | undefined;

/** Exactly what Intl.NumberFormat('en-GB') makes of `n`: for whole numbers, digits grouped by threes with commas. */
export function formatWholeNumber(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return (general ??= new Intl.NumberFormat('en-GB')).format(n);
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

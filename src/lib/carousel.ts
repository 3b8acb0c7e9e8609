/** The index after moving `step` places through `count` items, wrapping at both ends (SPEC §9). */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * Code-unit order, the order IndexedDB keeps its keys in: sorted lists agree with the lists read by an
 * index (the breeders list, events by date), ISO dates and times sort exactly, and no locale data is
 * loaded (a first localeCompare costs a slow phone some 50 ms of main thread); the same in Node (tests)
 * and every browser.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

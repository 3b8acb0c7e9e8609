// Catalogue numbers as a ring clerk types them ("251-256, 260", "251 to 256", "52a 53"): expanded over the
// event's catalogue, in the order typed, with what names no cat said in words before anything is sent.
import { compareCatalogueNumbers, normaliseCatalogueNumber } from './catalogue.ts';

/** The most cats one call or result names (ring_side refuses more). */
export const NUMBER_LIST_MAX = 200;

export interface NumberList {
  /** The catalogue's numbers as printed, in the order typed, each once. */
  numbers: string[];
  /** Numbers (as printed) that no cat of the catalogue has: a single number, or a range's end. */
  unknown: string[];
  /** What was typed that is neither a number nor a range ("abc", "256-251"), as typed. */
  malformed: string[];
  /** Numbers typed more than once (a final names each cat once), as printed. */
  repeated: string[];
}

// A dash of any kind or "to" between two numbers, spaces allowed around it.
const RANGE_JOIN = /\s*(?:[-‐‑‒–—]|\bto\b)\s*/gi;
const RANGE = /^([^-]+)-([^-]+)$/;

/** A number's value without its letter: "256" and "256A" share 256. */
const valueOf = (printed: string): number => Number.parseInt(printed, 10);

/**
 * Whether a printed number lies in the range from..to, both ends included. An end typed without a letter
 * takes its late entries too: "251-256" holds 252A and 256A, "251-256A" stops at 256A.
 */
function inRange(printed: string, from: string, to: string): boolean {
  if (compareCatalogueNumbers(printed, from) < 0) return false;
  return /[A-Z]$/.test(to) ? compareCatalogueNumbers(printed, to) <= 0 : valueOf(printed) <= valueOf(to);
}

/**
 * Reads a typed list of numbers and ranges against an event's catalogue (its numbers as printed, in any
 * order). Parts are separated by commas, semicolons or spaces; a range is "251-256", "251–256" or "251 to 256".
 */
export function parseNumberList(typed: string, catalogue: readonly string[]): NumberList {
  const known = [...new Set(catalogue)].sort(compareCatalogueNumbers);
  const has = new Set(known);
  const list: NumberList = { numbers: [], unknown: [], malformed: [], repeated: [] };
  const seen = new Set<string>();
  const add = (printed: string) => {
    if (seen.has(printed)) {
      if (!list.repeated.includes(printed)) list.repeated.push(printed);
      return;
    }
    seen.add(printed);
    list.numbers.push(printed);
  };
  const unknown = (printed: string) => {
    if (!list.unknown.includes(printed)) list.unknown.push(printed);
  };

  const parts = typed
    .replace(RANGE_JOIN, '-')
    .split(/[\s,;]+/)
    .filter((p) => p !== '');
  for (const part of parts) {
    const range = RANGE.exec(part);
    if (!range) {
      const printed = normaliseCatalogueNumber(part);
      if (printed === null) list.malformed.push(part);
      else if (has.has(printed)) add(printed);
      else unknown(printed);
      continue;
    }
    const [from, to] = [normaliseCatalogueNumber(range[1]!), normaliseCatalogueNumber(range[2]!)];
    if (from === null || to === null || compareCatalogueNumbers(from, to) > 0) {
      list.malformed.push(part);
      continue;
    }
    // Each end names a cat, so a mistyped end is caught rather than calling a different group.
    const ends = [from, to].filter((end) => !has.has(end));
    if (ends.length > 0) ends.forEach(unknown);
    else known.filter((n) => inRange(n, from, to)).forEach(add);
  }
  return list;
}

/** "251", "251 and 252", "251, 252 and 260". */
export function joinNumbers(numbers: readonly string[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)!}`;
}

/**
 * What is wrong with a typed list, in words, or null when it can be sent: `once` when each cat may be named
 * only once (a final's places).
 */
export function numberListProblem(list: NumberList, { once = false }: { once?: boolean } = {}): string | null {
  const problems: string[] = [];
  if (list.malformed.length > 0) {
    problems.push(`${list.malformed.map((p) => `“${p}”`).join(', ')} ${list.malformed.length === 1 ? 'is' : 'are'} not a catalogue number or a range (e.g. 251-256).`);
  }
  if (list.unknown.length === 1) problems.push(`No cat numbered ${list.unknown[0]!} is in this show's catalogue.`);
  else if (list.unknown.length > 1) problems.push(`No cats numbered ${joinNumbers(list.unknown)} are in this show's catalogue.`);
  if (once && list.repeated.length > 0) problems.push(`${joinNumbers(list.repeated)} ${list.repeated.length === 1 ? 'is' : 'are'} named twice.`);
  if (list.numbers.length > NUMBER_LIST_MAX) problems.push(`Name at most ${NUMBER_LIST_MAX} cats at once.`);
  if (problems.length === 0 && list.numbers.length === 0) problems.push('Type the catalogue numbers (e.g. 251-256, 260).');
  return problems.length === 0 ? null : problems.join(' ');
}

/**
 * The numbers in short: runs of the catalogue's consecutive numbers as ranges ("251–256, 260"), in the
 * order given where it is not catalogue order.
 */
export function shortNumbers(numbers: readonly string[], catalogue: readonly string[]): string {
  const order = [...new Set(catalogue)].sort(compareCatalogueNumbers);
  const index = new Map(order.map((n, i) => [n, i]));
  const runs: string[][] = [];
  for (const n of numbers) {
    const last = runs.at(-1);
    const prev = last?.at(-1);
    if (last && prev !== undefined && index.has(n) && index.get(n) === index.get(prev)! + 1) last.push(n);
    else runs.push([n]);
  }
  return runs.map((r) => (r.length > 2 ? `${r[0]!}–${r.at(-1)!}` : r.join(', '))).join(', ');
}

// The hall's geometry and its benching rows' pens, one copy for the app (the plan, the list, "Show on the
// floor plan"), the console's editor and the venue server's show import.
//
// A benching row names its pens in order along the row: single pens and ranges, comma-separated
// ("A1-A20, A21-A40", "B1–B12", "C3"). A range runs between two pens with the same letters and counts up
// or down ("A40-A21" walks the other side of a double row back). An organiser draws the row once; a pen
// inside it is placed by its order, so 300 pens need six rectangles, not 300.
import { normalisePen } from './pens.ts';

/** The most pens one row may name: a long hall's row holds a few dozen; this catches a typo like A1-A10000. */
export const PENS_PER_ROW_MAX = 500;

const RANGE = /^(.*?)\s*[-–]\s*(.*)$/;
const NUMBERED = /^(.*?)(\d+)$/;

/** The pens a row's text names, in order along the row, or the first problem in words. */
export function parsePens(spec: string): { pens: string[] } | { error: string } {
  const pens: string[] = [];
  for (const raw of spec.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const range = RANGE.exec(item);
    if (!range) {
      pens.push(normalisePen(item)!);
      continue;
    }
    const a = NUMBERED.exec(normalisePen(range[1]!) ?? '');
    const b = NUMBERED.exec(normalisePen(range[2]!) ?? '');
    if (!a || !b) return { error: `"${item}" is not a range of pens: write it as A1-A40.` };
    if (a[1] !== b[1]) return { error: `"${item}" runs between two rows: a range keeps one row's letters, as in A1-A40.` };
    const first = Number(a[2]);
    const last = Number(b[2]);
    if (Math.abs(last - first) + 1 + pens.length > PENS_PER_ROW_MAX) return { error: `A row names at most ${PENS_PER_ROW_MAX} pens; "${item}" makes it more.` };
    const step = first <= last ? 1 : -1;
    for (let n = first; n !== last + step; n += step) pens.push(`${a[1]}${n}`);
  }
  if (pens.length === 0) return { error: 'A benching row names its pens, e.g. A1-A40.' };
  if (pens.length > PENS_PER_ROW_MAX) return { error: `A row names at most ${PENS_PER_ROW_MAX} pens.` };
  const seen = new Set<string>();
  for (const pen of pens) {
    if (seen.has(pen)) return { error: `Pen ${pen} is named twice in this row.` };
    seen.add(pen);
  }
  return { pens };
}

/** The pens of a row's text, or none when it does not read (the import reports why). */
export function pensOf(spec: string | null): string[] {
  if (!spec) return [];
  const parsed = parsePens(spec);
  return 'pens' in parsed ? parsed.pens : [];
}

/** A rectangle in a plan's coordinates: x right, y down from the picture's top left. */
export interface PlanRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where pen `index` of `count` sits in its row: a slice along the row's longer side. */
export function penRect(row: PlanRect, index: number, count: number): PlanRect {
  const n = Math.max(1, count);
  if (row.width >= row.height) {
    const w = row.width / n;
    return { x: row.x + w * index, y: row.y, width: w, height: row.height };
  }
  const h = row.height / n;
  return { x: row.x, y: row.y + h * index, width: row.width, height: h };
}

/** The rectangle's centre. */
export function rectCentre(r: PlanRect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** A place as far as finding a pen goes. */
export interface PennedPlace extends PlanRect {
  kind: string;
  pens: string | null;
}

/** The row holding `pen` and the pen's own slice of it, or null when no row names it. */
export function locatePen<T extends PennedPlace>(places: readonly T[], pen: string | null): { row: T; rect: PlanRect; index: number } | null {
  const wanted = pen === null ? null : normalisePen(pen);
  if (!wanted) return null;
  for (const row of places) {
    if (row.kind !== 'benching') continue;
    const pens = pensOf(row.pens);
    const index = pens.indexOf(wanted);
    if (index >= 0) return { row, rect: penRect(row, index, pens.length), index };
  }
  return null;
}

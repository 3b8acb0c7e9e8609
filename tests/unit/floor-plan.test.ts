// A benching row's pens as an organiser writes them, and where a pen sits in its row (shared/floor-plan.ts).
import { describe, expect, it } from 'vitest';
import { locatePen, parsePens, penRect, pensOf, PENS_PER_ROW_MAX, rectCentre } from '../../shared/floor-plan.ts';

describe('parsePens', () => {
  it.each([
    ['A1-A4', ['A1', 'A2', 'A3', 'A4']],
    ['A1–A3', ['A1', 'A2', 'A3']],
    ['a1 - a3', ['A1', 'A2', 'A3']],
    ['A3-A1', ['A3', 'A2', 'A1']],
    ['A1-A2, A6-A5', ['A1', 'A2', 'A6', 'A5']],
    ['B12', ['B12']],
    ['C1, C3, , C5', ['C1', 'C3', 'C5']],
    ['1-3', ['1', '2', '3']],
    ['HP1-HP2', ['HP1', 'HP2']],
  ])('reads %j in order along the row', (spec, pens) => {
    expect(parsePens(spec)).toEqual({ pens });
  });

  it.each([
    ['', 'A benching row names its pens, e.g. A1-A40.'],
    [' , ', 'A benching row names its pens, e.g. A1-A40.'],
    ['A1-B3', '"A1-B3" runs between two rows: a range keeps one row\'s letters, as in A1-A40.'],
    ['A1-', '"A1-" is not a range of pens: write it as A1-A40.'],
    ['A-B', '"A-B" is not a range of pens: write it as A1-A40.'],
    ['A1-A3, A2', 'Pen A2 is named twice in this row.'],
    ['A1-A10000', `A row names at most ${PENS_PER_ROW_MAX} pens; "A1-A10000" makes it more.`],
  ])('refuses %j in words', (spec, error) => {
    expect(parsePens(spec)).toEqual({ error });
  });

  it('gives no pens for a row whose text does not read', () => {
    expect(pensOf('A1-B3')).toEqual([]);
    expect(pensOf(null)).toEqual([]);
  });
});

describe('where a pen sits', () => {
  const rowA = { kind: 'benching', pens: 'A1-A4', x: 100, y: 50, width: 400, height: 40, label: 'Row A' };
  const rowB = { kind: 'benching', pens: 'B3-B1', x: 0, y: 0, width: 20, height: 90, label: 'Row B' };
  const stand = { kind: 'stand', pens: null, x: 0, y: 0, width: 10, height: 10, label: 'Stand 1' };

  it('slices a row along its longer side, in the order the row names its pens', () => {
    expect(penRect(rowA, 2, 4)).toEqual({ x: 300, y: 50, width: 100, height: 40 });
    expect(penRect(rowB, 0, 3)).toEqual({ x: 0, y: 0, width: 20, height: 30 });
    expect(rectCentre({ x: 300, y: 50, width: 100, height: 40 })).toEqual({ x: 350, y: 70 });
  });

  it('finds the row of a pen as typed, and nothing for a pen no row names', () => {
    expect(locatePen([stand, rowA, rowB], ' a3 ')).toEqual({ row: rowA, rect: { x: 300, y: 50, width: 100, height: 40 }, index: 2 });
    expect(locatePen([stand, rowA, rowB], 'B1')).toEqual({ row: rowB, rect: { x: 0, y: 60, width: 20, height: 30 }, index: 2 });
    expect(locatePen([stand, rowA, rowB], 'C1')).toBeNull();
    expect(locatePen([rowA], null)).toBeNull();
  });
});

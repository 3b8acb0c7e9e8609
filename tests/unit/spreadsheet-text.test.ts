import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { defuseFormula, undoDefuseFormula } from '../../shared/spreadsheet-text.ts';

const CELLS = [
  '=HYPERLINK("http://evil.example","win")',
  '+31 6 1234 5678',
  '-2+3',
  '-73.98',
  '@SUM(A1:A2)',
  '\t=1',
  '\r=1',
  '＝1+1',
  '＋1',
  '－1',
  '＠A1',
  'Ada',
  'A=B',
  '',
  ' =1',
  "'",
  "'=1",
  "''+1",
  "'plain",
  'Plain & Co',
];

describe('defuseFormula (the votes CSV and the show export)', () => {
  it.each(CELLS.filter((c) => !c.startsWith("'")))('writes %j as csv-stringify escape_formulas did', (cell) => {
    expect(stringify([[defuseFormula(cell)]])).toBe(stringify([[cell]], { escape_formulas: true }));
  });

  it.each(CELLS)('undoes exactly what it did: %j', (cell) => {
    expect(undoDefuseFormula(defuseFormula(cell))).toBe(cell);
  });

  it('adds one apostrophe more before an apostrophe-quoted formula, so the import can take exactly one off', () => {
    expect(defuseFormula("'=1")).toBe("''=1");
    expect(defuseFormula("'plain")).toBe("'plain");
    expect(undoDefuseFormula("'=1")).toBe('=1');
    expect(undoDefuseFormula("'plain")).toBe("'plain");
  });
});

// A pen's written form and the one-cat-per-pen check (shared/pens.ts), which the console runs before it
// queues a move and organiser_change_entry repeats in SQL (tests/integration/organiser-entries.test.ts).
import { describe, expect, it } from 'vitest';
import { normalisePen, penHolder, penProblem, penTakenText } from '../../shared/pens.ts';

describe('pens', () => {
  it.each([
    ['B12', 'B12'],
    [' b12 ', 'B12'],
    ['c   7', 'C 7'],
    ['', null],
    ['   ', null],
  ])('writes %j as %j', (typed, pen) => {
    expect(normalisePen(typed)).toBe(pen);
  });

  it('takes up to 20 characters', () => {
    expect(penProblem('P'.repeat(20))).toBeNull();
    expect(penProblem(` ${'P'.repeat(20)} `)).toBeNull();
    expect(penProblem('P'.repeat(21))).toBe('A pen is at most 20 characters (e.g. B12).');
  });

  const entries = [
    { id: 1, catalogue_number: '52', name: 'Tiger Lily', pen: 'A17' },
    { id: 2, catalogue_number: '53', name: 'Pepper', pen: 'b 12' },
    { id: 3, catalogue_number: '54', name: 'Sage', pen: null },
  ];
  it.each([
    ['B 12', 1, '53'],
    ['A17', 2, '52'],
    // The cat itself, and no pen at all, never hold a pen against a move.
    ['A17', 1, undefined],
    [null, 1, undefined],
    ['Z9', 1, undefined],
  ] as const)('pen %j for entry %i is held by %j', (pen, id, holder) => {
    expect(penHolder(entries, id, pen)?.catalogue_number).toBe(holder);
  });

  it('says which cat holds the pen and what to check', () => {
    expect(penTakenText('B12', entries[1]!)).toBe('Pen B12 already holds 53 Pepper. Two cats cannot share a pen: check the pen, or move 53 first.');
  });
});

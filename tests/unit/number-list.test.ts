import { describe, expect, it } from 'vitest';
import { joinNumbers, NUMBER_LIST_MAX, numberListProblem, parseNumberList, shortNumbers } from '../../shared/number-list.ts';

// A catalogue with a late entry (252A, 256A), a gap (254 was never issued) and its numbers out of order.
const CATALOGUE = ['260', '251', '252', '252A', '253', '255', '256', '256A', '257', '9', '52'];

describe('a typed list of catalogue numbers', () => {
  it.each([
    ['251-256, 260', ['251', '252', '252A', '253', '255', '256', '256A', '260']],
    ['251–253', ['251', '252', '252A', '253']],
    ['251 to 253', ['251', '252', '252A', '253']],
    ['251 - 252', ['251', '252', '252A']],
    ['251-252A', ['251', '252', '252A']],
    ['252A-253', ['252A', '253']],
    ['256-256', ['256', '256A']],
    ['260 251 9', ['260', '251', '9']],
    ['260;251,,  9', ['260', '251', '9']],
    ['0052, 252a', ['52', '252A']],
    ['', []],
    ['  ', []],
  ])('reads %j as %j, in the order typed', (typed, numbers) => {
    const list = parseNumberList(typed, CATALOGUE);
    expect(list).toEqual({ numbers, unknown: [], malformed: [], repeated: [] });
    expect(numberListProblem(list)).toBe(numbers.length === 0 ? 'Type the catalogue numbers (e.g. 251-256, 260).' : null);
  });

  it('reports numbers no cat has, a range end included, and expands nothing from such a range', () => {
    const list = parseNumberList('251, 254, 250-253, 9999', CATALOGUE);
    expect(list).toEqual({ numbers: ['251'], unknown: ['254', '250', '9999'], malformed: [], repeated: [] });
    expect(numberListProblem(list)).toBe("No cats numbered 254, 250 and 9999 are in this show's catalogue.");
    expect(numberListProblem(parseNumberList('9999', CATALOGUE))).toBe("No cat numbered 9999 is in this show's catalogue.");
  });

  it('reports what is neither a number nor a range, and a range written backwards', () => {
    const list = parseNumberList('abc, 256-251, 251-, 252', CATALOGUE);
    expect(list).toEqual({ numbers: ['252'], unknown: [], malformed: ['abc', '256-251', '251-'], repeated: [] });
    expect(numberListProblem(list)).toBe('“abc”, “256-251”, “251-” are not a catalogue number or a range (e.g. 251-256).');
    expect(numberListProblem(parseNumberList('x', CATALOGUE))).toBe('“x” is not a catalogue number or a range (e.g. 251-256).');
  });

  it('names each cat once; a repeat is refused where places are given', () => {
    const list = parseNumberList('251-253, 252, 251', CATALOGUE);
    expect(list.numbers).toEqual(['251', '252', '252A', '253']);
    expect(list.repeated).toEqual(['252', '251']);
    expect(numberListProblem(list)).toBeNull();
    expect(numberListProblem(list, { once: true })).toBe('252 and 251 are named twice.');
    expect(numberListProblem(parseNumberList('9, 9', CATALOGUE), { once: true })).toBe('9 is named twice.');
  });

  it('refuses more cats than one call or result may name', () => {
    const big = Array.from({ length: NUMBER_LIST_MAX + 1 }, (_, i) => String(i + 1));
    expect(numberListProblem(parseNumberList(`1-${NUMBER_LIST_MAX}`, big))).toBeNull();
    expect(numberListProblem(parseNumberList(`1-${NUMBER_LIST_MAX + 1}`, big))).toBe(`Name at most ${NUMBER_LIST_MAX} cats at once.`);
  });

  it('says several problems at once', () => {
    expect(numberListProblem(parseNumberList('x, 9999, 9, 9', CATALOGUE), { once: true })).toBe(
      "“x” is not a catalogue number or a range (e.g. 251-256). No cat numbered 9999 is in this show's catalogue. 9 is named twice.",
    );
  });
});

describe('numbers in words', () => {
  it.each([
    [[], ''],
    [['251'], '251'],
    [['251', '252'], '251 and 252'],
    [['251', '252', '260'], '251, 252 and 260'],
  ])('joins %j as %j', (numbers, words) => {
    expect(joinNumbers(numbers)).toBe(words);
  });

  it.each([
    [['251', '252', '252A', '253', '255', '256'], '251–256'],
    [['251', '252'], '251, 252'],
    [['251', '252', '252A', '260'], '251–252A, 260'],
    [['256', '255', '253'], '256, 255, 253'],
    [['9', '52', '9999'], '9, 52, 9999'],
  ])('shortens %j to %j over the catalogue', (numbers, short) => {
    expect(shortNumbers(numbers, CATALOGUE)).toBe(short);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_RULE, PASSWORD_SPECIALS, passwordChecklist, passwordMisses, passwordProblems } from '../../shared/password.ts';

const LENGTH = 'Password must be at least 8 characters';
const DIGIT = 'Password must contain at least one digit';
const SPECIAL = 'Password must contain at least one special character';
const UPPER = 'Password must contain at least one uppercase letter';
const LOWER = 'Password must contain at least one lowercase letter';

describe('passwordProblems (SPEC §5 default rule)', () => {
  it.each([
    ['Whiskers#2026', []],
    ['Aa1!aaaa', []],
    ['Aa1!aaa', [LENGTH]],
    ['', [LENGTH, DIGIT, SPECIAL, UPPER, LOWER]],
    ['Whiskers#', [DIGIT]],
    ['Whiskers2026', [SPECIAL]],
    ['whiskers#2026', [UPPER]],
    ['WHISKERS#2026', [LOWER]],
    ['12345678', [SPECIAL, UPPER, LOWER]],
    // Only the listed specials count: a hyphen, underscore, space or non-ASCII symbol does not.
    ['Whiskers-2026', [SPECIAL]],
    ['Whiskers_2026', [SPECIAL]],
    ['Whiskers 2026', [SPECIAL]],
    ['Whiskers€2026', [SPECIAL]],
    // Letters outside A–Z/a–z do not count as upper- or lowercase.
    ['ÄÖÜ#2026x', [UPPER]],
    ['éèà#2026X', [LOWER]],
    // Length counts characters as seen, so an emoji is one.
    ['Aa1!😺😺😺', [LENGTH]],
    ['Aa1!😺😺😺😺', []],
  ])('%j → %j', (password, expected) => expect(passwordProblems(password)).toEqual(expected));

  it.each([...PASSWORD_SPECIALS])('counts %s as a special character', (ch) => {
    expect(passwordProblems(`Whiskers${ch}2026`)).toEqual([]);
  });
});

describe('passwordProblems with a configured rule', () => {
  it('uses the configured minimum length in its message', () => {
    expect(passwordProblems('Aa1!aaaa', { ...DEFAULT_PASSWORD_RULE, minLength: 12 })).toEqual([
      'Password must be at least 12 characters',
    ]);
  });

  it('skips requirements that are switched off', () => {
    const lettersOnly = { minLength: 4, digit: false, special: false, uppercase: false, lowercase: true };
    expect(passwordProblems('kitty', lettersOnly)).toEqual([]);
    expect(passwordProblems('KIT', lettersOnly)).toEqual(['Password must be at least 4 characters', LOWER]);
  });
});

describe('passwordChecklist', () => {
  it('lists the five requirements in SPEC order with whether each is met', () => {
    const list = passwordChecklist('whiskers1');
    expect(list.map((i) => [i.requirement, i.met])).toEqual([
      ['length', true],
      ['digit', true],
      ['special', false],
      ['uppercase', false],
      ['lowercase', true],
    ]);
    expect(list[0]?.label).toBe('At least 8 characters');
  });

  it('lists only enabled requirements; length is always there', () => {
    const list = passwordChecklist('', { minLength: 6, digit: false, special: false, uppercase: true, lowercase: false });
    expect(list.map((i) => i.requirement)).toEqual(['length', 'uppercase']);
  });

  it('passwordMisses gives the short codes', () => {
    expect(passwordMisses('whiskers')).toEqual(['digit', 'special', 'uppercase']);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_RULE, parsePasswordSettings, PASSWORD_SPECIALS, passwordChecklist, passwordMisses, passwordProblems } from '../../shared/password.ts';

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
    expect(passwordProblems('Aa1!aaaa', { ...DEFAULT_PASSWORD_RULE, minLength: 12 })).toEqual(['Password must be at least 12 characters']);
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

describe('parsePasswordSettings: one reader for the server (PASSWORD_*) and the PWA (VITE_PASSWORD_*)', () => {
  it.each(['PASSWORD_', 'VITE_PASSWORD_'] as const)('defaults to SPEC §9 with %s unset or empty', (prefix) => {
    expect(parsePasswordSettings({}, prefix)).toEqual({ ok: true, rule: DEFAULT_PASSWORD_RULE });
    expect(parsePasswordSettings({ [`${prefix}MIN_LENGTH`]: '', [`${prefix}REQUIRE_DIGIT`]: '' }, prefix)).toEqual({ ok: true, rule: DEFAULT_PASSWORD_RULE });
  });

  it.each(['PASSWORD_', 'VITE_PASSWORD_'] as const)('reads %s settings into the rule, ignoring the other set', (prefix) => {
    const other = prefix === 'PASSWORD_' ? 'VITE_PASSWORD_' : 'PASSWORD_';
    const env = { [`${prefix}MIN_LENGTH`]: '12', [`${prefix}REQUIRE_SPECIAL`]: 'false', [`${prefix}REQUIRE_UPPERCASE`]: 'false', [`${other}MIN_LENGTH`]: 'x' };
    expect(parsePasswordSettings(env, prefix)).toEqual({ ok: true, rule: { minLength: 12, digit: true, special: false, uppercase: false, lowercase: true } });
  });

  it('names every bad setting', () => {
    expect(parsePasswordSettings({ PASSWORD_MIN_LENGTH: '73', PASSWORD_REQUIRE_DIGIT: 'yes' }, 'PASSWORD_')).toEqual({
      ok: false,
      problems: ['PASSWORD_MIN_LENGTH: must be a whole number from 1 to 72', "PASSWORD_REQUIRE_DIGIT: must be 'true' or 'false'"],
    });
    for (const bad of ['0', '8.5', 'eight', '-1']) expect(parsePasswordSettings({ VITE_PASSWORD_MIN_LENGTH: bad }, 'VITE_PASSWORD_').ok).toBe(false);
  });
});

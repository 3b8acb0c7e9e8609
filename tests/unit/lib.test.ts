import { describe, expect, it } from 'vitest';
import { catterySlug } from '../../shared/paths.ts';
import { parseListText, toListText } from '../../shared/list-text.ts';
import { breedTraitScores } from '../../shared/breed-traits.ts';
import { validateVote } from '../../shared/vote.ts';

describe('catterySlug', () => {
  it.each([
    ['Whisker Woods', 'whisker-woods'],
    ["Chat d'Or", 'chat-dor'],
    ['  Blue  Velvet  ', 'blue-velvet'],
    ['Kočičí Ráj', 'koi-rj'],
    ['Cats & Co. 2', 'cats-co-2'],
  ])('%s → %s', (name, slug) => expect(catterySlug(name)).toBe(slug));
});

describe('parseListText', () => {
  it.each([
    [['a.svg', 'b.svg'], ['a.svg', 'b.svg']],
    ['{"a.svg","b.svg"}', ['a.svg', 'b.svg']],
    ['{a.svg,b.svg}', ['a.svg', 'b.svg']],
    ['"Kibble, grain-free","Salmon pâté"', ['Kibble, grain-free', 'Salmon pâté']],
    ['["x","y"]', ['x', 'y']],
    ['one, two ,three', ['one', 'two', 'three']],
    ['"say \\"meow\\"",b', ['say "meow"', 'b']],
    ['', []],
    ['{}', []],
    [null, []],
    [42, []],
    [['', ' ok ', 3], ['ok']],
  ] as const)('%j → %j', (input, expected) => expect(parseListText(input)).toEqual(expected));

  it('reads back what toListText writes', () => {
    const items = ['Tall tree, sisal', 'A "quoted" toy', 'back\\slash'];
    expect(parseListText(toListText(items))).toEqual(items);
  });
});

describe('breedTraitScores', () => {
  it('maps every vocabulary word to its SPEC §9 number', () => {
    expect(
      breedTraitScores({
        activity_level: 'Very Active', coat_length: 'Short', body_type: 'Medium, Slender', habitat: 'Both',
        shedding_level: 'Substantial', vocality: 'Quiet', independence_level: 'Very Dependent',
      }),
    ).toEqual({ activity: 5, coat: 5, build: 1, size: 3, environment: 3, shedding: 5, vocality: 1, independence: 5 });
    expect(
      breedTraitScores({
        activity_level: 'Calm', coat_length: 'Long', body_type: 'Large, Cobby', habitat: 'Outdoor',
        shedding_level: 'Minimal', vocality: 'Loud', independence_level: 'Very Independent',
      }),
    ).toEqual({ activity: 2, coat: 1, build: 3, size: 5, environment: 5, shedding: 1, vocality: 5, independence: 1 });
  });
  it('gives null for missing or unknown words', () => {
    const scores = breedTraitScores({
      activity_level: null, coat_length: 'Medium', body_type: 'Huge', habitat: '', shedding_level: null,
      vocality: 'Vocal', independence_level: 'toString',
    });
    expect(scores).toEqual({ activity: null, coat: null, build: null, size: null, environment: null, shedding: null, vocality: 3, independence: null });
  });
});

describe('validateVote (SPEC §5)', () => {
  const form = { first_name: ' Ada ', last_name: 'Lovelace', email: ' ada@example.com ', phone: '', catalog_number: ' 12 ' };
  it('trims and sends an empty phone as null', () => {
    expect(validateVote(form)).toEqual({
      ok: true,
      vote: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, catalog_number: '12' },
    });
  });
  it.each([
    [{ first_name: '  ' }, 'Please fill in all required fields', ['first_name']],
    [{ last_name: '', catalog_number: ' ' }, 'Please fill in all required fields', ['last_name', 'catalog_number']],
    [{ catalog_number: ' ' }, 'Please fill in all required fields', ['catalog_number']],
    [{ email: ' ', phone: '' }, 'Please provide either an email address or phone number', ['email', 'phone']],
    [{ email: 'ada@example' }, 'Please enter a valid email address', ['email']],
    [{ email: 'ada @example.com' }, 'Please enter a valid email address', ['email']],
    [{ first_name: 'A'.repeat(101) }, 'At most 100 characters', ['first_name']],
    [{ phone: '1'.repeat(41) }, 'At most 40 characters', ['phone']],
  ])('%j → %s', (change, message, fields) => {
    expect(validateVote({ ...form, ...change })).toEqual({ ok: false, message, fields });
  });
  it('allows each field its full length, counted after trimming', () => {
    expect(validateVote({ ...form, first_name: ` ${'A'.repeat(100)} `, catalog_number: '9'.repeat(40) }).ok).toBe(true);
  });
  it('accepts a phone without an e-mail', () => {
    expect(validateVote({ ...form, email: '', phone: '+31 6 1234' })).toMatchObject({ ok: true, vote: { email: null, phone: '+31 6 1234' } });
  });
});

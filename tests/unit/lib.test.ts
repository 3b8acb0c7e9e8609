import { describe, expect, it } from 'vitest';
import { catterySlug, pathParam, paths } from '../../shared/paths.ts';
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
    [
      ['a.svg', 'b.svg'],
      ['a.svg', 'b.svg'],
    ],
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
        activity_level: 'Very Active',
        coat_length: 'Short',
        body_type: 'Medium, Slender',
        habitat: 'Both',
        shedding_level: 'Substantial',
        vocality: 'Quiet',
        independence_level: 'Very Dependent',
      }),
    ).toEqual({ activity: 5, coat: 5, build: 1, size: 3, environment: 3, shedding: 5, vocality: 1, independence: 5 });
    expect(
      breedTraitScores({
        activity_level: 'Calm',
        coat_length: 'Long',
        body_type: 'Large, Cobby',
        habitat: 'Outdoor',
        shedding_level: 'Minimal',
        vocality: 'Loud',
        independence_level: 'Very Independent',
      }),
    ).toEqual({ activity: 2, coat: 1, build: 3, size: 5, environment: 5, shedding: 1, vocality: 5, independence: 1 });
  });
  it('gives null for missing or unknown words', () => {
    const scores = breedTraitScores({
      activity_level: null,
      coat_length: 'Medium',
      body_type: 'Huge',
      habitat: '',
      shedding_level: null,
      vocality: 'Vocal',
      independence_level: 'toString',
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

describe('paths: one shape and one encoding for every link', () => {
  it.each([
    ['/breeders', '/breeders'],
    ['/breeds/ABY?x=1&y=2', '/breeds/ABY%3Fx%3D1%26y%3D2'],
    ['/catteries/a b#c', '/catteries/a%20b%23c'],
  ])('pathParam(%s) = %s, and reads back', (path, expected) => {
    expect(pathParam(path)).toBe(expected);
    expect(new URLSearchParams(`returnUrl=${pathParam(path)}`).get('returnUrl')).toBe(path);
  });

  it('builds the cattery link the breed, breeders, kittens and litter screens use', () => {
    expect(paths.cattery('The Purring Paws!')).toBe('/catteries/the-purring-paws');
    expect(paths.cattery('Purr Palace', '/breeders')).toBe('/catteries/purr-palace?returnUrl=/breeders');
    expect(paths.cattery('Purr Palace', paths.breed('MCO'))).toBe('/catteries/purr-palace?returnUrl=/breeds/MCO');
    expect(paths.cattery('Purr Palace', paths.litter(7))).toBe('/catteries/purr-palace?returnUrl=/litters/7');
  });

  it('encodes path segments and same-app paths in queries', () => {
    expect(paths.breed('A/B C')).toBe('/breeds/A%2FB%20C');
    expect(paths.event(3)).toBe('/events/3');
    expect(paths.advertiser(12)).toBe('/pet-products/12');
    expect(paths.login()).toBe('/login');
    expect(paths.login('/pet-products/12?tab=1')).toBe('/login?next=/pet-products/12%3Ftab%3D1');
  });

  it('builds the e-mailed links on the site URL', () => {
    expect(paths.activateAccount('https://show.example/', 'aB3')).toBe('https://show.example/activate-account?token=aB3');
    expect(paths.resetPassword('https://show.example/app/')).toBe('https://show.example/app/reset-password');
    expect(paths.resetPassword('https://show.example')).toBe('https://show.example/reset-password');
  });
});

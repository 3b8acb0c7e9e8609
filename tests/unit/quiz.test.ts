import { describe, expect, it } from 'vitest';
import { QUIZ_TRAITS } from '../../shared/breed-traits.ts';
import { descriptionSnippet, matchPercentage, QUIZ_QUESTIONS, rankBreeds, type QuizAnswers, type QuizBreed } from '../../src/lib/quiz.ts';

const NO_TRAITS = {
  activity_level: null,
  coat_length: null,
  body_type: null,
  habitat: null,
  shedding_level: null,
  vocality: null,
  independence_level: null,
};

function breed(breed_name: string, traits: Partial<QuizBreed> = {}): QuizBreed {
  return { breed_name, about: `${breed_name} is a cat.`, ...NO_TRAITS, ...traits };
}

// Numbers: activity 5, coat 5, build 1, size 3, environment 3, shedding 5, vocality 1, independence 5.
const SLEEK = {
  activity_level: 'Very Active',
  coat_length: 'Short',
  body_type: 'Medium, Slender',
  habitat: 'Both',
  shedding_level: 'Substantial',
  vocality: 'Quiet',
  independence_level: 'Very Dependent',
};
const SLEEK_ANSWERS: QuizAnswers = { activity: 5, coat: 5, build: 1, size: 3, environment: 3, shedding: 5, vocality: 1, independence: 5 };

// Numbers: activity 3, coat 1, build 3, size 5, environment 3, shedding 3, vocality 1, independence 3.
const FLUFFY = {
  activity_level: 'Moderate',
  coat_length: 'Long',
  body_type: 'Large, Muscular',
  habitat: 'Both',
  shedding_level: 'Some',
  vocality: 'Quiet',
  independence_level: 'Moderately Independent',
};

describe('QUIZ_QUESTIONS', () => {
  it('asks the eight traits in QUIZ_TRAITS order', () => {
    expect(QUIZ_QUESTIONS.map((q) => q.trait)).toEqual([...QUIZ_TRAITS]);
  });
  it.each([
    ['activity', [1, 2, 3, 4, 5]],
    ['coat', [1, 5]],
    ['build', [1, 2, 3]],
    ['size', [1, 3, 5]],
    ['environment', [1, 3, 5]],
    ['shedding', [1, 3, 5]],
    ['vocality', [1, 3, 5]],
    ['independence', [1, 3, 5]],
  ])('%s answers sit on the SPEC §9 scale %j', (trait, values) => {
    const question = QUIZ_QUESTIONS.find((q) => q.trait === trait);
    expect(question?.options.map((o) => o.value)).toEqual(values);
    expect(question?.text).toMatch(/\?$/);
  });
});

describe('matchPercentage', () => {
  it.each([
    [0, 8, 100],
    [29, 8, 77], // 1 - 29/128 = 0.7734…
    [16, 2, 50],
    [2, 1, 88], // 87.5 rounds up
    [42, 3, 13], // 12.5 rounds up
    [16, 1, 0],
    [20, 1, 0], // would be -25: clamped at 0
    [128, 8, 0],
  ])('score %i over %i answers → %i%%', (score, answers, pct) => expect(matchPercentage(score, answers)).toBe(pct));
});

describe('rankBreeds', () => {
  it('gives a perfect match 100% and score 0', () => {
    const [top] = rankBreeds([breed('Sleek', SLEEK)], SLEEK_ANSWERS);
    expect(top).toMatchObject({ score: 0, answers: 8, percentage: 100 });
  });

  it('sums squared differences over all eight answers (hand-computed)', () => {
    // Against FLUFFY: (4-3)² + (1-1)² + (1-3)² + (3-5)² + (1-3)² + (3-3)² + (5-1)² + (3-3)² = 1+0+4+4+4+0+16+0 = 29.
    const answers: QuizAnswers = { activity: 4, coat: 1, build: 1, size: 3, environment: 1, shedding: 3, vocality: 5, independence: 3 };
    const [top] = rankBreeds([breed('Fluffy', FLUFFY)], answers);
    expect(top).toMatchObject({ score: 29, answers: 8, percentage: 77 });
  });

  it('sorts by lowest score first', () => {
    // SLEEK_ANSWERS against FLUFFY: 4 + 16 + 4 + 4 + 0 + 4 + 0 + 4 = 36 → round((1 - 36/128)·100) = 72.
    const ranked = rankBreeds([breed('Fluffy', FLUFFY), breed('Sleek', SLEEK)], SLEEK_ANSWERS);
    expect(ranked.map((m) => [m.breed.breed_name, m.score, m.percentage])).toEqual([
      ['Sleek', 0, 100],
      ['Fluffy', 36, 72],
    ]);
  });

  it('breaks score ties by breed_name ascending (code-unit order), whatever the input order', () => {
    const names = ['Zeta', 'alpha', 'Alpha', 'Beta'];
    const ranked = rankBreeds(
      names.map((n) => breed(n, SLEEK)),
      SLEEK_ANSWERS,
    );
    expect(ranked.map((m) => m.breed.breed_name)).toEqual(['Alpha', 'Beta', 'Zeta', 'alpha']);
    const reversed = rankBreeds(
      [...names].reverse().map((n) => breed(n, SLEEK)),
      SLEEK_ANSWERS,
    );
    expect(reversed.map((m) => m.breed.breed_name)).toEqual(['Alpha', 'Beta', 'Zeta', 'alpha']);
  });

  it('drops breeds with no comparable attribute', () => {
    const ranked = rankBreeds(
      [
        breed('Blank'),
        breed('Unknown words', { activity_level: 'Hyper', coat_length: 'Medium', body_type: 'Huge' }),
        breed('Only vocal', { vocality: 'Loud' }),
        breed('Only active', { activity_level: 'Calm' }),
      ],
      { activity: 1, coat: 5 },
    );
    // "Only vocal" has a vocality but no vocality answer was given: nothing to compare.
    expect(ranked.map((m) => [m.breed.breed_name, m.score, m.answers, m.percentage])).toEqual([['Only active', 1, 1, 94]]);
  });

  it('compares partial answers only where both sides are present', () => {
    // activity (1-5)² = 16, coat (5-5)² = 0; no answer for the other six → 2 answers, 1 - 16/32 → 50%.
    const [top] = rankBreeds([breed('Sleek', SLEEK)], { activity: 1, coat: 5 });
    expect(top).toMatchObject({ score: 16, answers: 2, percentage: 50 });
    // A breed missing its body type: 6 comparable answers out of 8.
    const [partial] = rankBreeds([breed('No body', { ...SLEEK, body_type: null })], SLEEK_ANSWERS);
    expect(partial).toMatchObject({ score: 0, answers: 6, percentage: 100 });
  });

  it('returns nothing when no question is answered', () => {
    expect(rankBreeds([breed('Sleek', SLEEK)], {})).toEqual([]);
  });

  it('clamps the percentage at 0 for an answer off the scale', () => {
    // (10-5)² = 25 > 16 → round((1 - 25/16)·100) = -56 → 0.
    const [top] = rankBreeds([breed('Sleek', SLEEK)], { activity: 10 });
    expect(top).toMatchObject({ score: 25, answers: 1, percentage: 0 });
  });

  it('keeps the top 10 of more breeds', () => {
    const levels = ['Very Calm', 'Calm', 'Moderate', 'Active', 'Very Active'];
    const breeds = Array.from({ length: 12 }, (_, i) => breed(`Breed ${String(i).padStart(2, '0')}`, { activity_level: levels[i % 5]! }));
    const ranked = rankBreeds(breeds, { activity: 1 });
    expect(ranked).toHaveLength(10);
    // Scores: Very Calm 0 (00, 05, 10), Calm 1 (01, 06, 11), Moderate 4 (02, 07), Active 9 (03, 08), Very Active 16 (04, 09) cut.
    expect(ranked.map((m) => m.breed.breed_name.slice(-2))).toEqual(['00', '05', '10', '01', '06', '11', '02', '07', '03', '08']);
    expect(ranked.map((m) => m.percentage)).toEqual([100, 100, 100, 94, 94, 94, 75, 75, 44, 44]);
  });

  it('adds a 150-character snippet of the description', () => {
    const about = 'x'.repeat(200);
    const [top] = rankBreeds([breed('Long', { ...SLEEK, about })], SLEEK_ANSWERS);
    expect(top?.snippet).toBe(`${'x'.repeat(150)}…`);
  });
});

describe('descriptionSnippet', () => {
  it.each([
    [null, ''],
    ['', ''],
    ['Short and sweet.', 'Short and sweet.'],
    ['a'.repeat(150), 'a'.repeat(150)], // exactly 150: not cut, no ellipsis
    ['a'.repeat(151), `${'a'.repeat(150)}…`],
    [`${'a'.repeat(149)} tail`, `${'a'.repeat(149)}…`], // the space before the cut is trimmed
    ['  padded  ', 'padded'],
    ['🐱'.repeat(151), `${'🐱'.repeat(150)}…`], // counts characters, never splits an emoji
  ])('%j → %j', (about, expected) => expect(descriptionSnippet(about)).toBe(expected));

  it('is never longer than 150 characters plus the ellipsis', () => {
    const snippet = descriptionSnippet('word '.repeat(100));
    expect(Array.from(snippet).length).toBeLessThanOrEqual(151);
    expect(snippet.endsWith('…')).toBe(true);
  });
});

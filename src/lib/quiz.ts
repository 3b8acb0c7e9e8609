// The breed-finder quiz: its eight questions on the SPEC §9 answer scales, and the pure ranking.
import { breedTraitScores, QUIZ_TRAITS, type BreedTraitText, type QuizTrait } from '../../shared/breed-traits.ts';
import { compareText } from '../../shared/compare.ts';

/** SPEC §9: results kept, and the length of the description snippet in characters. */
export const QUIZ_RESULT_LIMIT = 10;
const QUIZ_SNIPPET_CHARS = 150;
/** The largest squared difference on a 1–5 scale; the percentage divides by answers × this. */
const QUIZ_MAX_SQUARED_DIFF = 16;

interface QuizOption {
  label: string;
  /** The answer's number on its question's SPEC §9 scale. */
  value: number;
}

export interface QuizQuestion {
  trait: QuizTrait;
  text: string;
  options: readonly QuizOption[];
}

/** The questions in QUIZ_TRAITS order; values are the SPEC §9 scales the breeds are mapped onto. */
export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    trait: 'activity',
    text: 'How active should your cat be?',
    options: [
      { label: 'Very calm: a dedicated lap cat', value: 1 },
      { label: 'Calm: likes a gentle game now and then', value: 2 },
      { label: 'Moderate: playful, but happy to nap', value: 3 },
      { label: 'Active: loves to play and explore', value: 4 },
      { label: 'Very active: always on the move', value: 5 },
    ],
  },
  {
    trait: 'coat',
    text: 'Which coat length do you prefer?',
    options: [
      { label: 'Long and fluffy', value: 1 },
      { label: 'Short and sleek', value: 5 },
    ],
  },
  {
    trait: 'build',
    text: 'What body build do you like?',
    options: [
      { label: 'Slender and elegant', value: 1 },
      { label: 'Somewhere in between', value: 2 },
      { label: 'Solid and sturdy', value: 3 },
    ],
  },
  {
    trait: 'size',
    text: 'How big should your cat be?',
    options: [
      { label: 'Small', value: 1 },
      { label: 'Medium', value: 3 },
      { label: 'Large', value: 5 },
    ],
  },
  {
    trait: 'environment',
    text: 'Where will your cat spend its time?',
    options: [
      { label: 'Indoors only', value: 1 },
      { label: 'Indoors, with some time outside', value: 3 },
      { label: 'Mostly outdoors', value: 5 },
    ],
  },
  {
    trait: 'shedding',
    text: 'How much shedding can you live with?',
    options: [
      { label: 'As little as possible', value: 1 },
      { label: 'Some hair on the sofa is fine', value: 3 },
      { label: "Lots: I don't mind fur everywhere", value: 5 },
    ],
  },
  {
    trait: 'vocality',
    text: 'How chatty should your cat be?',
    options: [
      { label: 'Quiet: the odd meow at most', value: 1 },
      { label: 'Talks now and then', value: 3 },
      { label: 'Very talkative: always has something to say', value: 5 },
    ],
  },
  {
    trait: 'independence',
    text: 'How much company does your cat need from you?',
    options: [
      { label: 'Little: it should be happy on its own', value: 1 },
      { label: 'Some: friendly, but fine alone for a while', value: 3 },
      { label: 'Lots: it should want to be with me all the time', value: 5 },
    ],
  },
];

/** The visitor's answers by question; a question not answered yet is absent. */
export type QuizAnswers = Partial<Record<QuizTrait, number>>;

/** What the ranking reads of a breed (a structural subset of the mirrored breed row). */
export interface QuizBreed extends BreedTraitText {
  breed_name: string;
  about: string | null;
}

export interface BreedMatch<B extends QuizBreed> {
  breed: B;
  /** Sum of squared differences over the comparable answers; lower is better. */
  score: number;
  /** How many answers had a breed value to compare with. */
  answers: number;
  /** 0–100. */
  percentage: number;
  snippet: string;
}

/**
 * The first QUIZ_SNIPPET_CHARS characters (code points, so no emoji is split) of a description,
 * with "…" appended only when it was cut.
 */
export function descriptionSnippet(about: string | null): string {
  const chars = Array.from((about ?? '').trim());
  if (chars.length <= QUIZ_SNIPPET_CHARS) return chars.join('');
  return `${chars.slice(0, QUIZ_SNIPPET_CHARS).join('').trimEnd()}…`;
}

/** SPEC §9: max(0, round((1 - score / (answers × 16)) × 100)), computed on integers so .5 rounds exactly. */
export function matchPercentage(score: number, answers: number): number {
  const max = answers * QUIZ_MAX_SQUARED_DIFF;
  return Math.max(0, Math.round(((max - score) * 100) / max));
}

/**
 * Ranks breeds against the answers (SPEC §9): lowest score first, ties by breed_name ascending;
 * breeds with no comparable answer are dropped; the top QUIZ_RESULT_LIMIT are kept.
 */
export function rankBreeds<B extends QuizBreed>(breeds: readonly B[], answers: QuizAnswers): BreedMatch<B>[] {
  const matches: BreedMatch<B>[] = [];
  for (const breed of breeds) {
    const values = breedTraitScores(breed);
    let score = 0;
    let compared = 0;
    for (const trait of QUIZ_TRAITS) {
      const answer = answers[trait];
      const value = values[trait];
      if (answer === undefined || value === null) continue;
      score += (answer - value) ** 2;
      compared += 1;
    }
    if (compared === 0) continue;
    matches.push({ breed, score, answers: compared, percentage: matchPercentage(score, compared), snippet: descriptionSnippet(breed.about) });
  }
  matches.sort((a, b) => a.score - b.score || compareText(a.breed.breed_name, b.breed.breed_name));
  return matches.slice(0, QUIZ_RESULT_LIMIT);
}

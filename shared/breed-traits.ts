// The breed text values the quiz reads, and their numbers on each answer scale (SPEC §9).

export const ACTIVITY_LEVELS = { 'Very Calm': 1, Calm: 2, Moderate: 3, Active: 4, 'Very Active': 5 } as const;
export const COAT_LENGTHS = { Long: 1, Short: 5 } as const;
export const HABITATS = { Indoor: 1, Both: 3, Outdoor: 5 } as const;
export const SHEDDING_LEVELS = { Minimal: 1, Some: 3, Substantial: 5 } as const;
export const VOCALITIES = { 'Very Quiet': 1, Quiet: 1, Vocal: 3, Loud: 5 } as const;
export const INDEPENDENCE_LEVELS = { 'Very Independent': 1, 'Moderately Independent': 3, 'Very Dependent': 5 } as const;
export const GROOMING_LEVELS = ['Low', 'Medium', 'High'] as const;

/** body_type is "<Size>, <Build>": the size gives 1/3/5, the build 1 (slender) or 3 (solid). */
export const BODY_SIZES = { Small: 1, Medium: 3, Large: 5 } as const;
export const BODY_BUILDS = { Slender: 1, Muscular: 3, Cobby: 3 } as const;

export type ActivityLevel = keyof typeof ACTIVITY_LEVELS;
export type CoatLength = keyof typeof COAT_LENGTHS;
export type Habitat = keyof typeof HABITATS;
export type SheddingLevel = keyof typeof SHEDDING_LEVELS;
export type Vocality = keyof typeof VOCALITIES;
export type IndependenceLevel = keyof typeof INDEPENDENCE_LEVELS;
export type GroomingLevel = (typeof GROOMING_LEVELS)[number];
export type BodyType = `${keyof typeof BODY_SIZES}, ${keyof typeof BODY_BUILDS}`;

/** The quiz's eight questions, in order. */
export const QUIZ_TRAITS = ['activity', 'coat', 'build', 'size', 'environment', 'shedding', 'vocality', 'independence'] as const;
export type QuizTrait = (typeof QUIZ_TRAITS)[number];
export type TraitScores = Record<QuizTrait, number | null>;

export interface BreedTraitText {
  activity_level: string | null;
  coat_length: string | null;
  body_type: string | null;
  habitat: string | null;
  shedding_level: string | null;
  vocality: string | null;
  independence_level: string | null;
}

const lookup = <T extends Record<string, number>>(table: T, value: string | null): number | null =>
  value !== null && Object.hasOwn(table, value.trim()) ? table[value.trim() as keyof T]! : null;

/** A breed's number on each quiz scale; null where its text is missing or not in the vocabulary. */
export function breedTraitScores(b: BreedTraitText): TraitScores {
  const [size, build] = (b.body_type ?? '').split(',').map((s) => s.trim());
  return {
    activity: lookup(ACTIVITY_LEVELS, b.activity_level),
    coat: lookup(COAT_LENGTHS, b.coat_length),
    build: lookup(BODY_BUILDS, build ?? null),
    size: lookup(BODY_SIZES, size ?? null),
    environment: lookup(HABITATS, b.habitat),
    shedding: lookup(SHEDDING_LEVELS, b.shedding_level),
    vocality: lookup(VOCALITIES, b.vocality),
    independence: lookup(INDEPENDENCE_LEVELS, b.independence_level),
  };
}

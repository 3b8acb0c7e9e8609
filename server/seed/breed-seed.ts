// The shape of one hand-written breed of the demo show, and how its generated pictures look.
import type { ActivityLevel, BodyType, CoatLength, GroomingLevel, Habitat, IndependenceLevel, SheddingLevel, Vocality } from '../../shared/breed-traits.ts';

type CoatPattern = 'solid' | 'tabby' | 'spotted' | 'ticked' | 'pointed' | 'bicolour' | 'van' | 'tortoiseshell' | 'shaded';

export interface BreedLook {
  /** Main coat colour (CSS hex). */
  base: string;
  /** Second colour: stripes, spots, points, white patches or shading. */
  accent: string;
  pattern: CoatPattern;
  eyes: string;
  fur: 'short' | 'long' | 'hairless' | 'curly';
  ears?: 'normal' | 'folded' | 'curled' | 'large';
  tail?: 'normal' | 'bob' | 'none';
}

export interface BreedSeed {
  breed_name: string;
  universal_breed_abbreviation: string;
  activity_level: ActivityLevel;
  grooming_level: GroomingLevel;
  vocality: Vocality;
  habitat: Habitat;
  /** e.g. "12-15 years" */
  life_expectancy: string;
  /** Recognised colours, comma separated. */
  colors: string;
  coat_length: CoatLength;
  body_type: BodyType;
  shedding_level: SheddingLevel;
  independence_level: IndependenceLevel;
  about: string;
  temperament: string;
  health_and_development: string;
  health_challenges: string;
  health_tests: string;
  look: BreedLook;
}

// Every visible text of the catalogue screens (the list and a cat's page), in one place the tests import.
import type { CatalogueEntry } from '../../shared/row-schemas.ts';
import { formatWholeNumber } from '../../shared/whole-number.ts';

const plural = (n: number, one: string, many: string) => `${formatWholeNumber(n)} ${n === 1 ? one : many}`;

export const CATALOGUE_TEXTS = {
  title: 'Catalogue',
  heading: 'Show catalogue',
  loading: 'Loading the catalogue…',
  failed: 'Failed to load the catalogue',
  noEvent: 'There is no show on now or coming up.',
  empty: 'The catalogue of this show has not been published yet.',
  eventLabel: 'Show',
  searchLabel: 'Find a cat',
  searchHint: 'A catalogue number (52, 52A), a name, breed, colour, cattery, owner or pen (A17).',
  filtersLegend: 'Filter the catalogue',
  breed: 'Breed',
  allBreeds: 'All breeds',
  sex: 'Sex',
  allSexes: 'Both',
  class: 'Class',
  allClasses: 'All classes',
  count: (shown: number, total: number) => (shown === total ? plural(total, 'cat', 'cats') : `${formatWholeNumber(shown)} of ${plural(total, 'cat', 'cats')}`),
  noMatches: 'No cat in the catalogue matches.',
  /** The heading above the cat a typed number names. */
  numberFound: (number: string) => `Number ${number}`,
  numberMissing: (number: string) => `There is no number ${number} in this catalogue.`,
  noSection: 'Other entries',
  absent: 'Absent',
  absentExplained: 'Absent: this cat did not come to the show.',
  pen: (pen: string) => `Pen ${pen}`,
  noPen: 'No pen given',
  number: (number: string) => `No. ${number}`,
  sexWord: { male: 'Male', female: 'Female' } satisfies Record<CatalogueEntry['sex'], string>,
  shareAbout: (name: string) => name,
  backToCatalogue: '← Catalogue',
  notFound: 'Cat not found',
  notFoundText: (number: string) => `This show's catalogue has no number ${number}.`,
  voteForThisCat: 'Vote for this cat',
  /** Under Visitor's Choice's number field, where the show has a catalogue. */
  findToVote: 'Find your favourite in the catalogue: each cat has “Vote for this cat”',
  /** The event page's link: "Show catalogue (241 cats)". */
  eventLink: (n: number) => `Show catalogue (${plural(n, 'cat', 'cats')})`,
  /** A breed page's line: "12 Maine Coons are on show at PurrFect Show 2026." */
  breedOnShow: (n: number, breed: string, event: string) => `${plural(n, `${breed} is`, `${breed} cats are`)} on show at ${event}.`,
  breedOnShowLink: (breed: string) => `See the ${breed} cats in the catalogue`,
  /** A cattery page's section heading. */
  catsAtShow: (event: string) => `Cats at ${event}`,
  facts: {
    number: 'Catalogue number',
    breed: 'Breed',
    colour: 'Colour',
    sex: 'Sex',
    born: 'Born',
    class: 'Class',
    section: 'Section',
    cattery: 'Cattery',
    parents: 'Sire × dam',
    owner: 'Owner',
    pen: 'Pen',
    event: 'Show',
  },
} as const;

/** A cat's age in words on a day ("4 months", "2 years 3 months"), or null before its birth or without a date. */
export function ageOn(dateOfBirth: string | null, today: string): string | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let months = (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
  if (months < 0) return null;
  if (months < 2) {
    const days = Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(by, bm - 1, bd)) / 86_400_000);
    const weeks = Math.floor(days / 7);
    return plural(weeks, 'week', 'weeks');
  }
  const years = Math.floor(months / 12);
  months -= years * 12;
  if (years === 0) return plural(months, 'month', 'months');
  return months === 0 ? plural(years, 'year', 'years') : `${plural(years, 'year', 'years')} ${plural(months, 'month', 'months')}`;
}

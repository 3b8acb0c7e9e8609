// The catalogue's search and filters: pure, so the page, its benchmark and its tests share one matcher. A typed
// number jumps to its cat ("52a" is 52A); words match the start of a word in the cat's name, breed, colour,
// cattery, owner, pen, class or section, folded like the header search (case and accents ignored).
import { normaliseCatalogueNumber } from '../../../shared/catalogue.ts';
import { tokenise } from '../../lib/fold.ts';
import type { CatalogueCat } from '../../data/mirror.ts';

export interface CatalogueFilters {
  /** A breed's id, or null for every breed. */
  breedId: number | null;
  sex: 'male' | 'female' | null;
  /** A class as the catalogue words it, or null. */
  class: string | null;
}

export interface IndexedCat {
  cat: CatalogueCat;
  /** Every folded word the cat is found by, each after a space (" maine coon a17"). */
  words: string;
}

export interface CatalogueSearchResult {
  /** The cat a typed catalogue number names, when the query is one and the filters let it through. */
  numbered: CatalogueCat | undefined;
  /** The typed number in its printed form, when the query is one ("052a" → "52A"). */
  number: string | null;
  /** The cats that match, in catalogue order (a numbered cat included). */
  matches: CatalogueCat[];
}

/** Folds each cat's words once, when the catalogue is read. */
export function indexCatalogue(cats: readonly CatalogueCat[]): IndexedCat[] {
  return cats.map((cat) => {
    const texts = [cat.name, cat.breed?.breed_name, cat.breed?.universal_breed_abbreviation, cat.colour, cat.cattery?.name, cat.owner, cat.pen, cat.class, cat.section];
    return { cat, words: ` ${tokenise(texts.filter(Boolean).join(' ')).join(' ')}` };
  });
}

const passes = (cat: CatalogueCat, f: CatalogueFilters) =>
  (f.breedId === null || cat.breed_id === f.breedId) && (f.sex === null || cat.sex === f.sex) && (f.class === null || cat.class === f.class);

export function searchCatalogue(index: readonly IndexedCat[], query: string, filters: CatalogueFilters): CatalogueSearchResult {
  const number = normaliseCatalogueNumber(query);
  if (number !== null) {
    // "5" lists 5, 50–59, 500–599…: the numbers that start with what is typed so far, the exact one first.
    const digits = number.replace(/[A-Z]$/, '');
    const letter = number.length > digits.length;
    const matches: CatalogueCat[] = [];
    let numbered: CatalogueCat | undefined;
    for (const { cat } of index) {
      if (!passes(cat, filters)) continue;
      if (cat.catalogue_number === number) numbered = cat;
      if (letter ? cat.catalogue_number === number : cat.catalogue_number.startsWith(digits)) matches.push(cat);
    }
    return { numbered, number, matches };
  }
  const starts = [...new Set(tokenise(query))].map((t) => ` ${t}`);
  const matches: CatalogueCat[] = [];
  for (const { cat, words } of index) {
    if (!passes(cat, filters)) continue;
    if (starts.every((s) => words.includes(s))) matches.push(cat);
  }
  return { numbered: undefined, number: null, matches };
}

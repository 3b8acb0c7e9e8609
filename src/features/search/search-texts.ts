// Every visible text of the search screen, in one place the tests import.
import type { SearchKind } from './rank.ts';
// Not Intl, which would load the locale's data on a key (or, made at load, on every screen of this chunk).
import { formatWholeNumber } from '../../../shared/whole-number.ts';

export { SEARCH_LINK_LABEL } from './search-route.ts';

export const SEARCH_TEXTS = {
  title: 'Search',
  heading: 'Search the show',
  label: 'Cats, breeds, breeders, kittens, schedule, events and pet products',
  hint: 'A catalogue number (52), a cat’s name, a breed or its abbreviation (MCO), a cattery, a city, a registry, a session, a company.',
  loading: 'Loading the show…',
  failed: 'Failed to load the show for search',
  resultsLabel: 'Search results',
  close: 'Close search',
  groups: {
    entry: 'Cats in the catalogue',
    breed: 'Breeds',
    cattery: 'Catteries',
    litter: 'Litters',
    session: 'Sessions',
    event: 'Events',
    advertiser: 'Pet Products',
  } satisfies Record<SearchKind, string>,
  /** A capped group's heading note: "6 of 31". */
  shown: (shown: number, total: number) => `${shown} of ${total}`,
  count: (n: number) => (n === 1 ? '1 result' : `${formatWholeNumber(n)} results`),
  noMatches: (query: string) => `No matches for “${query.trim()}”.`,
  /** "Try the Breed Finder Quiz or browse all breeds." with the two links. */
  tryBefore: 'Try the ',
  quizLink: 'Breed Finder Quiz',
  tryBetween: ' or browse ',
  breedsLink: 'all breeds',
  tryAfter: '.',
  litterOf: (breed: string) => `${breed} litter`,
  litter: 'Litter',
  available: (n: number) => (n === 0 ? 'Sold out' : n === 1 ? '1 kitten available' : `${n} kittens available`),
  cancelled: 'Cancelled',
  /** A cat's result: "52 · GIC Amberlight's Tiger Lily". */
  entry: (number: string, name: string) => `${number} · ${name}`,
} as const;

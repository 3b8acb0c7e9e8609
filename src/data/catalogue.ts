// One event's catalogue as the screens read it from the mirror (through data/mirror.ts): its entries in catalogue order, each with its
// breed and cattery, and found by the number a visitor types ("052a" is 52A). The catalogue page, the cat page,
// Visitor's Choice and the console read it here, one live query per screen.
import { useLiveQuery } from 'dexie-react-hooks';
import { compareCatalogueNumbers, normaliseCatalogueNumber } from '../../shared/catalogue.ts';
import type { Breed, CatalogueEntry, Cattery } from '../../shared/row-schemas.ts';
import { showDb } from './db.ts';

/** An entry with the rows it names (undefined while the mirror lacks them). */
export interface CatalogueCat extends CatalogueEntry {
  breed: Breed | undefined;
  cattery: Cattery | undefined;
}

export interface EventCatalogue {
  eventId: number;
  /** In catalogue order (by number; 52A after 52). */
  entries: CatalogueCat[];
  /** By the number as printed. */
  byNumber: ReadonlyMap<string, CatalogueCat>;
}

/** Reads an event's catalogue from the mirror (no entries: an empty catalogue, which votes as before). */
export async function readEventCatalogue(eventId: number): Promise<EventCatalogue> {
  const db = showDb();
  const [rows, breeds, catteries] = await Promise.all([db.catalogue_entries.where('event_id').equals(eventId).toArray(), db.breeds.toArray(), db.catteries.toArray()]);
  const breedById = new Map(breeds.map((b) => [b.id, b]));
  const catteryById = new Map(catteries.map((c) => [c.id, c]));
  const entries = rows
    .map((e): CatalogueCat => ({ ...e, breed: breedById.get(e.breed_id), cattery: e.cattery_id === null ? undefined : catteryById.get(e.cattery_id) }))
    .sort((a, b) => compareCatalogueNumbers(a.catalogue_number, b.catalogue_number));
  return { eventId, entries, byNumber: new Map(entries.map((e) => [e.catalogue_number, e])) };
}

/** An event's catalogue, live; undefined while it loads or when no event is given. */
export function useEventCatalogue(eventId: number | undefined): EventCatalogue | undefined {
  return useLiveQuery(() => (eventId === undefined ? undefined : readEventCatalogue(eventId)), [eventId]);
}

/** The entry a typed number names ("52", "052a"), if the catalogue has it. */
export function entryOf(catalogue: EventCatalogue, typed: string): CatalogueCat | undefined {
  const number = normaliseCatalogueNumber(typed);
  return number === null ? undefined : catalogue.byNumber.get(number);
}

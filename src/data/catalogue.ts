// One event's catalogue as the screens read it from the mirror (through data/mirror.ts): its entries in catalogue order, each with its
// breed and cattery, and found by the number a visitor types ("052a" is 52A). The catalogue page, the cat page,
// Visitor's Choice and the console read it here, one live query per screen.
import { useLiveQuery } from 'dexie-react-hooks';
import { compareCatalogueNumbers, normaliseCatalogueNumber } from '../../shared/catalogue.ts';
import type { Breed, CatalogueEntry, Cattery, ShowEvent } from '../../shared/row-schemas.ts';
import { activeEvent } from '../../shared/schedule.ts';
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

/** Entries with the breed and cattery each names, in catalogue order. */
function joinCats(rows: CatalogueEntry[], breeds: (Breed | undefined)[], catteries: (Cattery | undefined)[]): CatalogueCat[] {
  const breedById = new Map(breeds.flatMap((b) => (b ? [[b.id, b] as const] : [])));
  const catteryById = new Map(catteries.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  return rows
    .map((e): CatalogueCat => ({ ...e, breed: breedById.get(e.breed_id), cattery: e.cattery_id === null ? undefined : catteryById.get(e.cattery_id) }))
    .sort((a, b) => compareCatalogueNumbers(a.catalogue_number, b.catalogue_number));
}

/** Reads an event's catalogue from the mirror (no entries: an empty catalogue, which votes as before). */
export async function readEventCatalogue(eventId: number): Promise<EventCatalogue> {
  const db = showDb();
  const [rows, breeds, catteries] = await Promise.all([db.catalogue_entries.where('event_id').equals(eventId).toArray(), db.breeds.toArray(), db.catteries.toArray()]);
  const entries = joinCats(rows, breeds, catteries);
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

/** The cats of the show on now (or the next) that one breed or cattery has entered, in catalogue order. */
export interface CatsOnShow {
  event: ShowEvent;
  cats: CatalogueCat[];
}

/** Reads a breed's or a cattery's cats in the catalogue of the show on now; null when no show is on or coming. */
export async function readCatsOnShow(by: 'breed_id' | 'cattery_id', id: number): Promise<CatsOnShow | null> {
  const db = showDb();
  const event = activeEvent(await db.events.toArray(), new Date());
  if (!event) return null;
  const rows = await db.catalogue_entries.where(by).equals(id).toArray();
  const own = rows.filter((e) => e.event_id === event.id);
  const [breeds, catteries] = await Promise.all([
    db.breeds.bulkGet([...new Set(own.map((e) => e.breed_id))]),
    db.catteries.bulkGet([...new Set(own.flatMap((e) => (e.cattery_id === null ? [] : [e.cattery_id])))]),
  ]);
  return { event, cats: joinCats(own, breeds, catteries) };
}

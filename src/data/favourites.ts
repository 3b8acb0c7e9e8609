// The visitor's favourites ("My show"): a Dexie database of its own, `purrfect-favourites`, beside the
// mirror's. Sync, a re-mirror, a reseed or a mirror schema bump never open it, so a star outlives them all;
// each row keeps a snapshot of what /my-show lists, so a row the show deletes is still shown, named.
import { useCallback, useSyncExternalStore } from 'react';
import Dexie, { liveQuery, type Table } from 'dexie';

/** 'entry' is a cat of a show's catalogue. */
export type FavouriteKind = 'breed' | 'cattery' | 'litter' | 'session' | 'event' | 'advertiser' | 'entry';

export interface Favourite {
  kind: FavouriteKind;
  /** The mirror row's id, as text (mirror ids are numbers). */
  id: string;
  /** The name the star was given (a breed's name, a session's title). */
  label: string;
  /** Client clock (ms) when it was starred. */
  starredAt: number;
  /** What /my-show needs to list the row after the show deleted it (name; a session's title, times, place, event id). */
  snapshot: Record<string, unknown>;
}

/** What a starred session keeps, for when the show deletes it: its title, day, times, place and event. */
export interface SessionSnapshot {
  title: string;
  event_id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  location: string | null;
}

/** The snapshot a session's star stores (a mirror row passes as it is; only these fields are kept). */
export const sessionSnapshot = (s: SessionSnapshot): Record<string, unknown> & SessionSnapshot => ({
  title: s.title,
  event_id: s.event_id,
  schedule_date: s.schedule_date,
  start_time: s.start_time,
  end_time: s.end_time,
  location: s.location,
});

/** What a starred cat keeps, for when the show deletes it: its name, show, number and pen. */
export interface EntrySnapshot {
  event_id: number;
  catalogue_number: string;
  pen: string | null;
}

/** The snapshot a cat's star stores (a mirror row passes as it is; only these fields are kept). */
export const entrySnapshot = (e: EntrySnapshot): Record<string, unknown> & EntrySnapshot => ({
  event_id: e.event_id,
  catalogue_number: e.catalogue_number,
  pen: e.pen,
});

export const FAVOURITES_DB_NAME = 'purrfect-favourites';

export class FavouritesDb extends Dexie {
  favourites!: Table<Favourite, [FavouriteKind, string]>;

  constructor(name = FAVOURITES_DB_NAME) {
    super(name);
    this.version(1).stores({ favourites: '[kind+id], kind, starredAt' });
  }
}

let instance: FavouritesDb | undefined;

/** The app's favourites database, opened on first use (never in the first route's start-up). */
export function favouritesDb(): FavouritesDb {
  instance ??= new FavouritesDb();
  return instance;
}

/** Stars the row, or unstars it when it is starred; resolves to whether it is starred now. */
export function toggleFavourite(kind: FavouriteKind, id: string, label: string, snapshot: Record<string, unknown>): Promise<boolean> {
  const db = favouritesDb();
  return db.transaction('rw', db.favourites, async () => {
    if (await db.favourites.get([kind, id])) {
      await db.favourites.delete([kind, id]);
      return false;
    }
    await db.favourites.put({ kind, id, label, starredAt: Date.now(), snapshot });
    return true;
  });
}

/** Removes a star (a no-op when the row is not starred). */
export function removeFavourite(kind: FavouriteKind, id: string): Promise<void> {
  return favouritesDb().favourites.delete([kind, id]);
}

/** Whether the row is starred. */
export async function isFavourite(kind: FavouriteKind, id: string): Promise<boolean> {
  return (await favouritesDb().favourites.get([kind, id])) !== undefined;
}

/** The starred rows, of one kind or all, oldest star first. */
export async function listFavourites(kind?: FavouriteKind): Promise<Favourite[]> {
  const table = favouritesDb().favourites;
  const rows = kind === undefined ? await table.toArray() : await table.where('kind').equals(kind).toArray();
  return rows.sort((a, b) => a.starredAt - b.starredAt);
}

/** The starred ids of one kind, read by one live query however many stars are on screen. */
interface StarredIds {
  ids: ReadonlySet<string> | undefined;
  listeners: Set<() => void>;
  subscription: { unsubscribe(): void } | null;
}
const starredIds = new Map<FavouriteKind, StarredIds>();

function subscribeStarred(kind: FavouriteKind, listener: () => void): () => void {
  let entry = starredIds.get(kind);
  if (!entry) starredIds.set(kind, (entry = { ids: undefined, listeners: new Set(), subscription: null }));
  const own = entry;
  own.listeners.add(listener);
  own.subscription ??= liveQuery(() => favouritesDb().favourites.where('kind').equals(kind).primaryKeys()).subscribe({
    next: (keys) => {
      own.ids = new Set(keys.map(([, id]) => id));
      own.listeners.forEach((l) => l());
    },
  });
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size > 0) return;
    own.subscription?.unsubscribe();
    own.subscription = null;
  };
}

/** Whether the row is starred, live; undefined until the database has answered. */
export function useFavourite(kind: FavouriteKind, id: string): boolean | undefined {
  const ids = useSyncExternalStore(
    useCallback((listener: () => void) => subscribeStarred(kind, listener), [kind]),
    () => starredIds.get(kind)?.ids,
  );
  return ids === undefined ? undefined : ids.has(id);
}

// The favourites store of My show (src/data/favourites.ts): its own IndexedDB database, so clearing,
// deleting or re-creating the mirror never touches a star, and a starred row the show deletes is still
// listed from its snapshot.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_NAME, ShowDb } from '../../src/data/db.ts';
import { FAVOURITES_DB_NAME, favouritesDb, isFavourite, listFavourites, removeFavourite, sessionSnapshot, toggleFavourite } from '../../src/data/favourites.ts';
import { starAddText, starRemoveText } from '../../src/ui/my-show-texts.ts';

const session = {
  id: 7,
  event_id: 1,
  schedule_date: '2026-11-28',
  start_time: '14:00:00',
  end_time: '15:00:00',
  title: 'Best in Show',
  location: 'Ring 1',
};

afterEach(async () => {
  await favouritesDb().favourites.clear();
});

describe('favourites store', () => {
  it('is a database of its own, apart from the mirror', () => {
    expect(FAVOURITES_DB_NAME).toBe('purrfect-favourites');
    expect(FAVOURITES_DB_NAME).not.toBe(DB_NAME);
    expect(favouritesDb().name).toBe(FAVOURITES_DB_NAME);
  });

  it('toggles a star on and off', async () => {
    expect(await isFavourite('breed', '3')).toBe(false);
    expect(await toggleFavourite('breed', '3', 'Maine Coon', { abbreviation: 'MCO' })).toBe(true);
    expect(await isFavourite('breed', '3')).toBe(true);
    // The same id of another kind is another star.
    expect(await isFavourite('cattery', '3')).toBe(false);
    expect(await toggleFavourite('breed', '3', 'Maine Coon', {})).toBe(false);
    expect(await isFavourite('breed', '3')).toBe(false);
    expect(await listFavourites()).toEqual([]);
  });

  it('lists the stars with their snapshots, of one kind or all, oldest first', async () => {
    await toggleFavourite('session', '7', session.title, sessionSnapshot(session));
    await new Promise((r) => setTimeout(r, 2));
    await toggleFavourite('litter', '12', 'Maine Coon litter, Fluffy Paws', { cattery: 'Fluffy Paws' });
    await new Promise((r) => setTimeout(r, 2));
    await toggleFavourite('cattery', '4', 'Fluffy Paws', { city: 'Utrecht' });

    expect((await listFavourites()).map((f) => `${f.kind}:${f.id}`)).toEqual(['session:7', 'litter:12', 'cattery:4']);
    const [s] = await listFavourites('session');
    expect(s).toMatchObject({
      kind: 'session',
      id: '7',
      label: 'Best in Show',
      snapshot: { title: 'Best in Show', event_id: 1, schedule_date: '2026-11-28', start_time: '14:00:00', end_time: '15:00:00', location: 'Ring 1' },
    });
    expect(typeof s?.starredAt).toBe('number');
    await removeFavourite('litter', '12');
    expect((await listFavourites()).map((f) => f.kind)).toEqual(['session', 'cattery']);
  });

  it('survives clearing, deleting and re-creating the mirror database (a re-mirror or reseed)', async () => {
    const mirror = new ShowDb();
    await mirror.litters.put({ id: 12 } as never);
    await toggleFavourite('litter', '12', 'Maine Coon litter', { cattery: 'Fluffy Paws' });
    await toggleFavourite('session', '7', session.title, sessionSnapshot(session));

    await Promise.all(mirror.tables.map((t) => t.clear()));
    expect(await listFavourites()).toHaveLength(2);

    await mirror.delete();
    const again = new ShowDb();
    await again.open();
    expect(await again.litters.count()).toBe(0);
    expect((await listFavourites()).map((f) => f.label)).toEqual(['Maine Coon litter', 'Best in Show']);
    // The deleted litter is still listed, with what its snapshot kept.
    expect((await listFavourites('litter'))[0]?.snapshot).toEqual({ cattery: 'Fluffy Paws' });
    again.close();
  });
});

describe('star texts', () => {
  it('names the row in the label', () => {
    expect(starAddText('Maine Coon')).toBe('Add Maine Coon to My show');
    expect(starRemoveText('Maine Coon')).toBe('Remove Maine Coon from My show');
  });
});

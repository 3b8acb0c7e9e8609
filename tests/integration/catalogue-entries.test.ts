// The show catalogue's entries (SPEC §3 "Catalogue entry") through the real supabase-js client: the
// database keeps one printed form per number and one number per event; anyone reads, as a printed
// catalogue is read (who may write is the RLS matrix's: tests/integration/rls-matrix.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

describe.each(forEngines(['pglite'], 'constraints and reads of one table; both engines run the same SQL'))('catalogue entries on %s', (engine) => {
  let server: VenueServer;
  let service: SupabaseClient;
  let entry: { event_id: number; breed_id: number; name: string; sex: string };
  beforeAll(async () => {
    server = await startTestServer(engine);
    service = client(server, 'service_role');
    const { rows } = await server.db.query<{ event: number; breed: number }>(
      `select (select id from public.events order by id limit 1)::int as event, (select id from public.breeds order by id limit 1)::int as breed`,
    );
    entry = { event_id: rows[0]!.event, breed_id: rows[0]!.breed, name: 'GIC Amberlight’s Tiger Lily', sex: 'female' };
  });
  afterAll(() => server?.close());

  it('stores an entry and a late entry beside it, and anyone reads them with their breed', async () => {
    const { error } = await service.from('catalogue_entries').insert([
      { ...entry, catalogue_number: '52', pen: 'A17', absent: false },
      { ...entry, catalogue_number: '52A', name: 'Moonshadow Misty', sex: 'male', pen: null, absent: true },
    ]);
    expect(error).toBeNull();
    const { data, error: readError } = await client(server)
      .from('catalogue_entries')
      .select('catalogue_number, name, pen, absent, breed:breeds(universal_breed_abbreviation)')
      .eq('event_id', entry.event_id)
      .in('catalogue_number', ['52', '52A'])
      .order('catalogue_number');
    expect(readError).toBeNull();
    expect(data).toEqual([
      { catalogue_number: '52', name: entry.name, pen: 'A17', absent: false, breed: { universal_breed_abbreviation: expect.any(String) } },
      { catalogue_number: '52A', name: 'Moonshadow Misty', pen: null, absent: true, breed: { universal_breed_abbreviation: expect.any(String) } },
    ]);
  });

  it("holds the demo show's catalogue for its running event, read with the anon key, its breeds and catteries those the seed meant", async () => {
    const { data, error } = await client(server)
      .from('catalogue_entries')
      .select('catalogue_number, pen, absent, event:events(name), breed:breeds(id), cattery:catteries(id, cattery_has_breed(breed_id))')
      .neq('event_id', entry.event_id);
    expect(error).toBeNull();
    const rows = data as unknown as {
      catalogue_number: string;
      pen: string;
      absent: boolean;
      event: { name: string };
      breed: { id: number } | null;
      cattery: { id: number; cattery_has_breed: { breed_id: number }[] } | null;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(200);
    expect(rows.length).toBeLessThanOrEqual(260);
    expect([...new Set(rows.map((r) => r.event.name))]).toEqual([expect.stringMatching(/^PurrFect Show \d{4}$/)]);
    expect(rows.every((r) => r.breed !== null)).toBe(true);
    const fromCattery = rows.filter((r) => r.cattery !== null);
    expect(fromCattery.length).toBeGreaterThan(rows.length * 0.7);
    // The ids were shifted to the tables' own on insert: the cattery keeps the entry's breed.
    for (const r of fromCattery)
      expect(
        r.cattery!.cattery_has_breed.map((l) => l.breed_id),
        r.catalogue_number,
      ).toContain(r.breed!.id);
    expect(new Set(rows.map((r) => r.pen)).size).toBe(rows.length);
    expect(rows.filter((r) => r.absent).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a second entry with the same number in the event', async () => {
    const { error } = await service.from('catalogue_entries').insert({ ...entry, catalogue_number: '7' });
    expect(error).toBeNull();
    const again = await service.from('catalogue_entries').insert({ ...entry, catalogue_number: '7', name: 'Another cat' });
    expect(again.error?.code).toBe('23505');
  });

  it.each(['052', '52a', '52 A', 'A52', '0', ''])('refuses %j: numbers are stored as printed (shared/catalogue.ts reads what is typed)', async (number) => {
    const { error } = await service.from('catalogue_entries').insert({ ...entry, catalogue_number: number });
    expect(error?.code).toBe('23514');
  });

  it('refuses a sex the catalogue does not print', async () => {
    const { error } = await service.from('catalogue_entries').insert({ ...entry, catalogue_number: '8', sex: 'unknown' });
    expect(error?.code).toBe('23514');
  });
});

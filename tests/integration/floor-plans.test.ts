// The hall (SPEC §3 "Floor plan", "Place") through the real supabase-js client: anyone reads the demo show's
// plan and places; the database keeps what each kind of place is and refuses a ring where no session is held;
// an organiser's edit reaches a synced phone's mirror (who may write is the RLS matrix's:
// tests/integration/rls-matrix.test.ts).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { locatePen } from '../../shared/floor-plan.ts';
import type { Place } from '../../shared/row-schemas.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

/** The sync watermark: a row committed within the last second is pulled on the next pull. */
const WATERMARK_WAIT_MS = 1_100;

describe.each(forEngines(['pglite'], 'two tables, a trigger and a pull: the same SQL on either engine'))('floor plans and places on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let planId: number;
  const dbs: ShowDb[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    anon = client(server);
    organiser = await createVisitor(server, 'hall-organiser');
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      organiser.id,
    ]);
    planId = (await server.db.query<{ id: number }>('select id::int as id from public.floor_plans limit 1')).rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.delete()));
    await server?.close();
  });

  it("holds the demo show's plan for its running event, and every catalogue pen lies in one of its benching rows", async () => {
    const { data: plans, error } = await anon.from('floor_plans').select('id, image_url, width, height, description, event:events(name)');
    expect(error).toBeNull();
    expect(plans).toEqual([
      {
        id: planId,
        image_url: 'floor-plans/purrfect-show-hall.svg',
        width: expect.any(Number),
        height: expect.any(Number),
        description: expect.stringMatching(/^The show hall from above: 4 rings and the Main Ring/),
        event: { name: expect.stringMatching(/^PurrFect Show \d{4}$/) },
      },
    ]);
    const { data: places } = await anon.from('places').select('*').eq('floor_plan_id', planId);
    const rows = places as Place[];
    expect(rows.filter((p) => p.kind === 'ring').map((p) => p.location)).toEqual(['Ring 1', 'Ring 2', 'Ring 3', 'Ring 4', 'Main Ring']);
    const { data: entries } = await anon.from('catalogue_entries').select('pen');
    expect(entries!.length).toBeGreaterThan(200);
    for (const e of entries as { pen: string }[]) expect(locatePen(rows, e.pen)?.row.label, e.pen).toBe(`Row ${e.pen.slice(0, 1)}`);
    // The picture is in the images bucket, served as an SVG.
    const picture = await fetch(`${server.url}/storage/v1/object/public/images/floor-plans/purrfect-show-hall.svg`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^image\/svg\+xml/)]);
  });

  it('gives advertisers their stand and opening hours', async () => {
    const { data } = await anon.from('advertisers').select('stand, opening_hours').order('id').limit(2);
    expect(data).toEqual([
      { stand: 'Stand 1', opening_hours: 'Show days 09:00–17:30' },
      { stand: 'Stand 2', opening_hours: 'Show days 10:00–17:00' },
    ]);
  });

  it('refuses a ring where no session of the show is held, in words', async () => {
    const { error } = await organiser.client
      .from('places')
      .insert({ floor_plan_id: planId, kind: 'ring', label: 'Ring 9', location: 'Ring 9', x: 1, y: 1, width: 10, height: 10 });
    expect([error?.code, error?.message]).toEqual(['23514', 'No session of this show is held in "Ring 9"']);
    // The location is matched as the schedule words it, whatever the case.
    const ok = await organiser.client
      .from('places')
      .insert({ floor_plan_id: planId, kind: 'ring', label: 'Ring three', location: 'ring 3', x: 1, y: 1, width: 10, height: 10 })
      .select('id');
    expect(ok.error).toBeNull();
  });

  it.each([
    ['a ring without its location', { kind: 'ring', location: null }, 'places_ring_location'],
    ['a benching row without pens', { kind: 'benching', pens: null }, 'places_benching_pens'],
    ['pens on a stand', { kind: 'stand', pens: 'A1-A4', advertiser_id: null }, 'places_benching_pens'],
    ['a facility that is not one', { kind: 'facility', facility: 'ballroom' }, 'places_facility_check'],
    ['an empty label', { kind: 'area', label: '  ' }, 'places_label_check'],
  ])('refuses %s', async (_, row, constraint) => {
    const { error } = await organiser.client.from('places').insert({ floor_plan_id: planId, label: 'Somewhere', x: 1, y: 1, width: 10, height: 10, ...row });
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain(constraint);
  });

  it("carries an organiser's move of a stand to a synced phone, and a deleted place away from it", async () => {
    const db = new ShowDb(`hall-${crypto.randomUUID()}`);
    dbs.push(db);
    const phone = createSyncEngine({ db, client: client(server), status: createSyncStatusStore(), persist: async () => true });
    await sleep(WATERMARK_WAIT_MS);
    await phone.pull();
    const stand = (await db.places.where('floor_plan_id').equals(planId).toArray()).find((p) => p.kind === 'stand')!;
    expect(await db.floor_plans.count()).toBe(1);

    const moved = await organiser.client
      .from('places')
      .update({ x: stand.x + 25, label: 'Stand 1 (moved)' })
      .eq('id', stand.id)
      .select('id');
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual([{ id: stand.id }]);
    await sleep(WATERMARK_WAIT_MS);
    await phone.pull();
    expect(await db.places.get(stand.id)).toMatchObject({ x: stand.x + 25, label: 'Stand 1 (moved)', advertiser_id: stand.advertiser_id });

    expect((await organiser.client.from('places').delete().eq('id', stand.id)).error).toBeNull();
    await sleep(WATERMARK_WAIT_MS);
    await phone.pull();
    expect(await db.places.get(stand.id)).toBeUndefined();
  });
});

// The console's floor-plan editor, its data path through the real supabase-js client: a place drawn,
// moved and deleted from the organiser's outbox, each once (a resend changes nothing), a place drawn
// offline moved before the server numbered it, a ring naming no session's location refused in the
// trigger's words, everybody else refused, and a synced phone's mirror receives the place.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueuePlaceChange } from '../../src/data/outbox/outbox.ts';
import type { PlaceDraft } from '../../src/data/outbox/types.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

interface PlaceRow {
  id: number;
  kind: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  location: string | null;
}

const WATERMARK_WAIT_MS = 1_100;

const area = (over: Partial<PlaceDraft> = {}): PlaceDraft => ({
  kind: 'area',
  facility: null,
  label: 'Grooming area',
  x: 10,
  y: 20,
  width: 30,
  height: 40,
  outline: null,
  location: null,
  pens: null,
  advertiser_id: null,
  ...over,
});

describe.each(forEngines(['pglite'], 'one RPC and its replays: the same SQL'))('organiser changes to places on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let visitor: Visitor;
  let planId: number;
  let ring: string;
  const dbs: ShowDb[] = [];

  const places = async (): Promise<PlaceRow[]> =>
    (
      await server.db.query<PlaceRow>('select id::int as id, kind, label, x, y, width, height, location from public.places where floor_plan_id = $1 order by id', [
        planId,
      ])
    ).rows;
  const operations = async (op: string) =>
    (await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations where op_id = $1', [op])).rows[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    anon = client(server);
    [organiser, visitor] = await Promise.all([createVisitor(server, 'organiser'), createVisitor(server, 'visitor')]);
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      organiser.id,
    ]);
    // An event with a ring in its schedule, and a plan of its own (no seed's plan is touched).
    const { rows } = await server.db.query<{ event_id: number; location: string }>(
      `select event_id::int as event_id, location from public.event_schedule where location is not null
        and event_id not in (select event_id from public.floor_plans) order by event_id, location limit 1`,
    );
    ring = rows[0]!.location;
    const plan = await server.db.query<{ id: number }>(
      `insert into public.floor_plans (event_id, image_url, width, height) values ($1, 'plans/test.svg', 1000, 600) returning id::int as id`,
      [rows[0]!.event_id],
    );
    planId = plan.rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.delete()));
    await server?.close();
  });

  const freshMirror = () => {
    const db = new ShowDb(`places-${crypto.randomUUID()}`);
    dbs.push(db);
    return { db, engine: createSyncEngine({ db, client: client(server), status: createSyncStatusStore(), persist: async () => true }) };
  };

  it('refuses visitors (403) and anonymous callers (401) with 42501, and changes nothing', async () => {
    const args = { p_op: crypto.randomUUID(), p_change: { floor_plan_id: planId, place: area() } };
    const signedIn = await visitor.client.rpc('organiser_change_place', args);
    expect([signedIn.status, signedIn.error?.code, signedIn.error?.message]).toEqual([403, '42501', "Only the show's organisers may do this."]);
    const nobody = await anon.rpc('organiser_change_place', { ...args, p_op: crypto.randomUUID() });
    expect([nobody.status, nobody.error?.code]).toEqual([401, '42501']);
    expect(await places()).toEqual([]);
  });

  it('refuses a place that is not one, in words', async () => {
    const call = (place: unknown, more: object = {}) =>
      organiser.client.rpc('organiser_change_place', { p_op: crypto.randomUUID(), p_change: { floor_plan_id: planId, place, ...more } });
    expect((await call(area({ label: '  ' }))).error?.message).toBe('A place needs a label of at most 80 characters.');
    expect((await call({ ...area(), kind: 'stage' })).error?.message).toBe('A place is a ring, a benching row, a stand, a facility or an area.');
    expect((await call(area({ width: 0 }))).error?.message).toBe('A place is wider and taller than nothing.');
    expect((await call(area({ kind: 'ring' }))).error?.message).toBe('A ring names its location in the schedule (e.g. "Ring 1").');
    expect((await call(area({ kind: 'benching' }))).error?.message).toBe('A benching row names its pens (e.g. "A1-A20").');
    expect((await call(area({ kind: 'stand' }))).error?.message).toBe('A stand names its advertiser.');
    expect((await call(area({ kind: 'facility', facility: null }))).error?.message).toBe('A facility says what it is (an entrance, toilets, food…).');
    expect((await call(area(), { created_by: crypto.randomUUID() })).error?.message).toBe('The place this change is for was never saved.');
    const gone = await call(area(), { place_id: 999_999 });
    expect([gone.status, gone.error?.message]).toEqual([400, 'This place is no longer on the plan: it was deleted (on another device?).']);
    expect(await places()).toEqual([]);
  });

  it('draws a place offline, moves it before the server numbered it, sends both in order once; a phone gets it', async () => {
    const phone = freshMirror();
    const { db } = freshMirror();
    const change = (label: string, action: { place_id?: number | null; created_by?: string | null; place: PlaceDraft | null }) =>
      enqueuePlaceChange(db, { user_id: organiser.id, label, action: { type: 'change_place', floor_plan_id: planId, place_id: null, created_by: null, ...action } });
    const drawn = await change('Draw Grooming area', { place: area() });
    const moved = await change('Move Grooming area', { created_by: drawn.id, place: area({ x: 500, y: 300 }) });
    // The service worker has no session: it leaves the organiser's changes for a page.
    expect(await drainOutbox({ db, client: anon, onlyAnonymous: true })).toMatchObject({ sent: 0, queued: 2 });
    expect(await drainOutbox({ db, client: organiser.client })).toMatchObject({ sent: 2, failed: 0 });
    const [stored] = await places();
    expect(stored).toMatchObject({ kind: 'area', label: 'Grooming area', x: 500, y: 300, width: 30, height: 40 });
    expect((await db.outbox.get(drawn.id))?.kind === 'floor_place' && (await db.outbox.get(drawn.id))).toMatchObject({
      status: 'sent',
      result: { place_id: stored!.id },
    });

    // The tab died after the server applied them but before it heard back: the same items go again.
    await db.outbox.bulkUpdate([drawn.id, moved.id].map((key) => ({ key, changes: { status: 'queued', nextAttemptAt: 0 } })));
    expect((await drainOutbox({ db, client: organiser.client })).sent).toBe(2);
    expect(await places()).toEqual([stored]);
    expect(await operations(drawn.id)).toBe(1);

    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    expect(await phone.db.places.get(stored!.id)).toMatchObject({ floor_plan_id: planId, label: 'Grooming area', x: 500, y: 300 });

    const deleted = await change('Delete Grooming area', { place_id: stored!.id, place: null });
    expect((await drainOutbox({ db, client: organiser.client })).sent).toBe(1);
    expect((await db.outbox.get(deleted.id))?.status).toBe('sent');
    expect(await places()).toEqual([]);
    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    expect(await phone.db.places.get(stored!.id)).toBeUndefined();
  });

  it('refuses a ring naming no session of the show, in the trigger’s words, for good; a real ring is kept', async () => {
    const { db } = freshMirror();
    const wrong = await enqueuePlaceChange(db, {
      user_id: organiser.id,
      label: 'Draw Ring 9',
      action: { type: 'change_place', floor_plan_id: planId, place_id: null, created_by: null, place: area({ kind: 'ring', label: 'Ring 9', location: 'Ring 9' }) },
    });
    // A change to the place that was never made fails too, rather than wait for ever.
    const after = await enqueuePlaceChange(db, {
      user_id: organiser.id,
      label: 'Move Ring 9',
      action: {
        type: 'change_place',
        floor_plan_id: planId,
        place_id: null,
        created_by: wrong.id,
        place: area({ kind: 'ring', label: 'Ring 9', location: 'Ring 9', x: 1 }),
      },
    });
    expect((await drainOutbox({ db, client: organiser.client })).failed).toBe(2);
    expect(await db.outbox.get(wrong.id)).toMatchObject({ status: 'failed', errorCode: 'other', lastError: 'No session of this show is held in "Ring 9"' });
    expect(await db.outbox.get(after.id)).toMatchObject({ status: 'failed', lastError: 'The place this change is for was never saved.' });
    expect(await places()).toEqual([]);

    const right = await organiser.client.rpc('organiser_change_place', {
      p_op: crypto.randomUUID(),
      p_change: { floor_plan_id: planId, place: area({ kind: 'ring', label: ring, location: ring, pens: 'A1-A2' }) },
    });
    expect(right.error).toBeNull();
    // Each kind keeps only what it is: a ring's pens are dropped.
    expect(await places()).toMatchObject([{ kind: 'ring', label: ring, location: ring }]);
    expect((await server.db.query<{ pens: string | null }>('select pens from public.places where floor_plan_id = $1', [planId])).rows).toEqual([{ pens: null }]);
  });
});

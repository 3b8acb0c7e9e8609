// The console's catalogue changes (a cat absent or present, moved to another pen) through the real
// supabase-js client: the organiser's outbox sends each once, a resend changes nothing, a pen another cat
// of the event holds is refused in the console's words, everybody else is refused, and a synced phone's
// mirror receives the one changed row.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueueEntryChange } from '../../src/data/outbox/outbox.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { penTakenText } from '../../shared/pens.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

interface EntryRow {
  id: number;
  catalogue_number: string;
  name: string;
  pen: string | null;
  absent: boolean;
  updated_at: string;
}

const WATERMARK_WAIT_MS = 1_100;

describe.each(forEngines(['pglite'], 'one RPC and its replays: the same SQL'))('organiser changes to catalogue entries on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let visitor: Visitor;
  let cat: EntryRow;
  let neighbour: EntryRow;
  const dbs: ShowDb[] = [];

  const entry = async (id: number): Promise<EntryRow> =>
    (await server.db.query<EntryRow>('select id::int as id, catalogue_number, name, pen, absent, updated_at::text from public.catalogue_entries where id = $1', [id]))
      .rows[0]!;
  const operations = async (op: string) =>
    (await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations where op_id = $1', [op])).rows[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    anon = client(server);
    [organiser, visitor] = await Promise.all([createVisitor(server, 'organiser'), createVisitor(server, 'visitor')]);
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      organiser.id,
    ]);
    // Two cats of one event, in two pens; numbers no seed uses.
    const { rows } = await server.db.query<{ id: number }>(
      `insert into public.catalogue_entries (event_id, catalogue_number, name, breed_id, sex, pen)
       select (select id from public.events order by id limit 1), n, name, (select id from public.breeds order by id limit 1), 'female', pen
         from (values ('9052', 'GIC Amberlight’s Tiger Lily', 'A17'), ('9053', 'Moonshadow Misty', 'B12')) v (n, name, pen)
       returning id::int as id`,
    );
    [cat, neighbour] = await Promise.all([entry(rows[0]!.id), entry(rows[1]!.id)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.delete()));
    await server?.close();
  });

  const freshMirror = () => {
    const db = new ShowDb(`entries-${crypto.randomUUID()}`);
    dbs.push(db);
    return { db, engine: createSyncEngine({ db, client: client(server), status: createSyncStatusStore(), persist: async () => true }) };
  };

  it('refuses visitors (403) and anonymous callers (401) with 42501, and changes nothing', async () => {
    const args = { p_op: crypto.randomUUID(), p_entry_id: cat.id, p_change: { absent: true } };
    const signedIn = await visitor.client.rpc('organiser_change_entry', args);
    expect([signedIn.status, signedIn.error?.code, signedIn.error?.message]).toEqual([403, '42501', "Only the show's organisers may do this."]);
    const nobody = await anon.rpc('organiser_change_entry', { ...args, p_op: crypto.randomUUID() });
    expect([nobody.status, nobody.error?.code]).toEqual([401, '42501']);
    // Nor may anyone but an organiser write the table itself.
    const direct = await visitor.client.from('catalogue_entries').update({ absent: true }).eq('id', cat.id).select();
    expect(direct.data ?? []).toEqual([]);
    expect(await entry(cat.id)).toEqual(cat);
  });

  it('refuses a change that sets nothing, a wrong absent and a pen too long', async () => {
    const call = (p_change: unknown) => organiser.client.rpc('organiser_change_entry', { p_op: crypto.randomUUID(), p_entry_id: cat.id, p_change });
    expect((await call({})).error?.message).toBe('p_change sets absent, pen or both');
    expect((await call({ absent: 'yes' })).error?.message).toBe('absent is true or false');
    expect((await call({ pen: 'P'.repeat(21) })).error?.message).toBe('A pen is at most 20 characters (e.g. B12).');
    const missing = await organiser.client.rpc('organiser_change_entry', { p_op: crypto.randomUUID(), p_entry_id: 0, p_change: { absent: true } });
    expect([missing.status, missing.error?.message]).toEqual([400, 'Entry 0 is not in the catalogue']);
    expect(await entry(cat.id)).toEqual(cat);
  });

  it('marks a cat absent from the outbox once; a resend changes nothing; a synced phone gets the one row', async () => {
    const phone = freshMirror();
    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    expect((await phone.db.catalogue_entries.get(cat.id))?.absent).toBe(false);

    const { db } = freshMirror();
    const item = await enqueueEntryChange(db, {
      user_id: organiser.id,
      label: `Mark ${cat.catalogue_number} absent`,
      action: { type: 'change_entry', entry_id: cat.id, change: { absent: true } },
    });
    // The service worker has no session: it leaves the organiser's change for a page.
    expect(await drainOutbox({ db, client: anon, onlyAnonymous: true })).toMatchObject({ sent: 0, queued: 1 });
    expect(await entry(cat.id)).toEqual(cat);
    expect(await drainOutbox({ db, client: organiser.client })).toMatchObject({ sent: 1, failed: 0 });
    expect((await db.outbox.get(item.id))!.status).toBe('sent');
    const absent = await entry(cat.id);
    expect(absent).toMatchObject({ absent: true, pen: 'A17' });
    expect(absent.updated_at).not.toBe(cat.updated_at);

    // The tab died after the server applied it but before it heard back: the same item goes again.
    await db.outbox.update(item.id, { status: 'queued', nextAttemptAt: 0 });
    expect((await drainOutbox({ db, client: organiser.client })).sent).toBe(1);
    expect(await entry(cat.id)).toEqual(absent);
    expect(await operations(item.id)).toBe(1);
    const replay = await organiser.client.rpc('organiser_change_entry', { p_op: item.id, p_entry_id: cat.id, p_change: { absent: false } });
    expect(replay.data).toMatchObject({ replayed: true, absent: true });
    expect(await entry(cat.id)).toEqual(absent);

    await sleep(WATERMARK_WAIT_MS);
    const pulled = await phone.engine.pull();
    expect(pulled).toMatchObject({ rows: 1 });
    expect(await phone.db.catalogue_entries.get(cat.id)).toMatchObject({ absent: true, pen: 'A17' });
  });

  it('moves a cat to a free pen in its written form, and refuses a pen another cat holds, in words, for good', async () => {
    const { db } = freshMirror();
    const move = await enqueueEntryChange(db, {
      user_id: organiser.id,
      label: `Move ${cat.catalogue_number} to pen C 3`,
      action: { type: 'change_entry', entry_id: cat.id, change: { pen: ' c   3 ' } },
    });
    expect((await drainOutbox({ db, client: organiser.client })).sent).toBe(1);
    expect((await db.outbox.get(move.id))!.status).toBe('sent');
    expect((await entry(cat.id)).pen).toBe('C 3');

    const before = await entry(cat.id);
    const taken = await enqueueEntryChange(db, {
      user_id: organiser.id,
      label: `Move ${cat.catalogue_number} to pen B12`,
      action: { type: 'change_entry', entry_id: cat.id, change: { pen: 'b12' } },
    });
    expect((await drainOutbox({ db, client: organiser.client })).failed).toBe(1);
    expect(await db.outbox.get(taken.id)).toMatchObject({
      status: 'failed',
      errorCode: 'other',
      lastError: penTakenText('B12', neighbour),
    });
    expect(await entry(cat.id)).toEqual(before);
    expect(await operations(taken.id)).toBe(0);

    // No pen (the cat went home early) is never "taken".
    const cleared = await organiser.client.rpc('organiser_change_entry', { p_op: crypto.randomUUID(), p_entry_id: cat.id, p_change: { pen: null } });
    expect(cleared.data).toMatchObject({ changed: true, pen: null });
    const again = await organiser.client.rpc('organiser_change_entry', { p_op: crypto.randomUUID(), p_entry_id: neighbour.id, p_change: { pen: null } });
    expect(again.data).toMatchObject({ changed: true, pen: null });
  });
});

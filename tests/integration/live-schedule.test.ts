// The live schedule and show notices: organiser RPCs through the real supabase-js client, their
// replay by operation id, refusals for everybody else, the organiser's outbox, and a synced visitor's
// mirror receiving the changes, the notice and its tombstone.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { ShowDb } from '../../src/data/db.ts';
import { drainOutbox } from '../../src/data/outbox/drain.ts';
import { enqueueOrganiser } from '../../src/data/outbox/outbox.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { delaySessions, movedFromText } from '../../shared/live-schedule.ts';
import { createVisitor, type Visitor } from '../helpers/fuzz-accounts.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { sleep } from '../helpers/time.ts';

interface SessionRow {
  id: number;
  event_id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  location: string | null;
  status: 'scheduled' | 'cancelled';
  original_date: string | null;
  original_start_time: string | null;
  original_end_time: string | null;
  original_location: string | null;
  updated_at: string;
}

const WATERMARK_WAIT_MS = 1_100;

describe.each(forEngines(['pglite'], 'organiser RPCs and their replays, one after another: the same SQL'))('the live schedule on %s', (engine) => {
  let server: VenueServer;
  let anon: SupabaseClient;
  let organiser: Visitor;
  let visitor: Visitor;
  let ring: SessionRow[];
  const dbs: ShowDb[] = [];

  const sessions = async (ids: number[]): Promise<SessionRow[]> =>
    (
      await server.db.query<SessionRow>(
        `select id::int as id, event_id::int as event_id, schedule_date::text, start_time::text, end_time::text, location, status,
                original_date::text, original_start_time::text, original_end_time::text, original_location,
                updated_at::text
           from public.event_schedule where id = any($1::bigint[]) order by start_time, id`,
        [ids],
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer(engine, {}, { ownDatabase: true });
    anon = client(server);
    [organiser, visitor] = await Promise.all([createVisitor(server, 'organiser'), createVisitor(server, 'visitor')]);
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      organiser.id,
    ]);
    // A ring on one day with at least two sessions, none changed yet.
    const { rows } = await server.db.query<{ event_id: number; schedule_date: string; location: string }>(
      `select event_id::int as event_id, schedule_date::text, location from public.event_schedule
        where location is not null and end_time < '20:00'
        group by event_id, schedule_date, location having count(*) >= 2
        order by event_id, schedule_date, location limit 1`,
    );
    const pick = rows[0]!;
    const ids = (
      await server.db.query<{ id: number }>('select id::int as id from public.event_schedule where event_id = $1 and schedule_date = $2 and location = $3', [
        pick.event_id,
        pick.schedule_date,
        pick.location,
      ])
    ).rows.map((r) => Number(r.id));
    ring = await sessions(ids);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.delete()));
    await server?.close();
  });

  const freshMirror = () => {
    const db = new ShowDb(`live-${crypto.randomUUID()}`);
    dbs.push(db);
    return { db, engine: createSyncEngine({ db, client: client(server), status: createSyncStatusStore(), persist: async () => true }) };
  };

  it('refuses visitors (403) and anonymous callers (401) with 42501, and changes nothing', async () => {
    const before = await sessions(ring.map((s) => s.id));
    const changes = [{ id: ring[0]!.id, action: 'cancel' }];
    const signedIn = await visitor.client.rpc('organiser_change_sessions', { p_op: crypto.randomUUID(), p_changes: changes });
    expect([signedIn.status, signedIn.error?.code, signedIn.error?.message]).toEqual([403, '42501', "Only the show's organisers may do this."]);
    const nobody = await anon.rpc('organiser_change_sessions', { p_op: crypto.randomUUID(), p_changes: changes });
    expect([nobody.status, nobody.error?.code]).toEqual([401, '42501']);
    const notice = await visitor.client.rpc('organiser_post_notice', {
      p_op: crypto.randomUUID(),
      p_event_id: ring[0]!.event_id,
      p_message: 'Not from an organiser',
      p_ends_at: null,
    });
    expect([notice.status, notice.error?.code]).toEqual([403, '42501']);
    const withdraw = await anon.rpc('organiser_withdraw_notice', { p_op: crypto.randomUUID(), p_notice_id: 1 });
    expect([withdraw.status, withdraw.error?.code]).toEqual([401, '42501']);
    expect(await sessions(ring.map((s) => s.id))).toEqual(before);
    expect((await server.db.query('select 1 from public.show_notices')).rows).toHaveLength(0);
    // Nobody reads the applied operations through the API.
    const ops = await organiser.client.from('organiser_operations').select('*');
    expect(ops.error?.code).toBe('42501');
  });

  it('a synced visitor receives a delayed ring, a notice and, on withdraw, its tombstone; replays change nothing', async () => {
    const phone = freshMirror();
    await phone.engine.pull();
    expect(await phone.db.show_notices.count()).toBe(0);

    // Delay the whole ring by 30 minutes: absolute targets worked out here, as the console does when it queues.
    const delay = delaySessions(ring, 30);
    if (!delay.ok) throw new Error(delay.message);
    const op = crypto.randomUUID();
    const first = await organiser.client.rpc('organiser_change_sessions', { p_op: op, p_changes: delay.changes });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ op, changed: ring.length, replayed: false });
    const after = await sessions(ring.map((s) => s.id));
    const plus30 = (t: string) => {
      const [h, m] = t.split(':').map(Number);
      const total = h! * 60 + m! + 30;
      return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
    };
    expect(after.map((s) => [s.start_time, s.end_time, s.original_start_time, s.original_end_time, s.location, s.original_location])).toEqual(
      ring.map((s) => [plus30(s.start_time), plus30(s.end_time), s.start_time, s.end_time, s.location, s.location]),
    );

    // The same operation again (the answer was lost in the hall): its first answer, and no row touched.
    const replay = await organiser.client.rpc('organiser_change_sessions', { p_op: op, p_changes: delay.changes });
    expect(replay.data).toEqual({ op, changed: ring.length, replayed: true });
    expect(await sessions(ring.map((s) => s.id))).toEqual(after);

    const noticeOp = crypto.randomUUID();
    const posted = await organiser.client.rpc('organiser_post_notice', {
      p_op: noticeOp,
      p_event_id: ring[0]!.event_id,
      p_message: `  ${ring[0]!.location} runs 30 minutes late  `,
      p_ends_at: null,
    });
    expect(posted.error).toBeNull();
    const noticeId = (posted.data as { id: number }).id;
    const again = await organiser.client.rpc('organiser_post_notice', {
      p_op: noticeOp,
      p_event_id: ring[0]!.event_id,
      p_message: `${ring[0]!.location} runs 30 minutes late`,
      p_ends_at: null,
    });
    expect(again.data).toEqual({ op: noticeOp, id: noticeId, replayed: true });
    expect((await server.db.query('select message from public.show_notices')).rows).toEqual([{ message: `${ring[0]!.location} runs 30 minutes late` }]);

    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    const mirrored = await phone.db.event_schedule.bulkGet(ring.map((s) => s.id));
    expect(mirrored.map((s) => [s!.start_time, s!.original_start_time, s!.status])).toEqual(ring.map((s) => [plus30(s.start_time), s.start_time, 'scheduled']));
    expect(movedFromText(mirrored[0]!)).toBe(`Moved from ${ring[0]!.start_time.slice(0, 5)}`);
    expect((await phone.db.show_notices.toArray()).map((n) => [n.id, n.message, n.ends_at])).toEqual([[noticeId, `${ring[0]!.location} runs 30 minutes late`, null]]);

    const withdrawOp = crypto.randomUUID();
    const withdrawn = await organiser.client.rpc('organiser_withdraw_notice', { p_op: withdrawOp, p_notice_id: noticeId });
    expect(withdrawn.data).toEqual({ op: withdrawOp, withdrawn: true, replayed: false });
    const withdrawnAgain = await organiser.client.rpc('organiser_withdraw_notice', { p_op: withdrawOp, p_notice_id: noticeId });
    expect(withdrawnAgain.data).toEqual({ op: withdrawOp, withdrawn: true, replayed: true });
    await sleep(WATERMARK_WAIT_MS);
    await phone.engine.pull();
    expect(await phone.db.show_notices.count()).toBe(0);
  });

  it('cancel, move and restore: restore puts back the original day, times and place', async () => {
    const target = ring[1]!;
    const [now] = await sessions([target.id]);
    const moved = await organiser.client.rpc('organiser_change_sessions', {
      p_op: crypto.randomUUID(),
      p_changes: [
        { id: target.id, action: 'set', schedule_date: now!.schedule_date, start_time: '08:00', end_time: '08:45', location: 'Ring 99' },
        { id: target.id, action: 'cancel' },
      ],
    });
    expect(moved.error).toBeNull();
    const [changed] = await sessions([target.id]);
    expect([changed!.start_time, changed!.end_time, changed!.location, changed!.status, changed!.original_start_time, changed!.original_location]).toEqual([
      '08:00:00',
      '08:45:00',
      'Ring 99',
      'cancelled',
      target.start_time,
      target.location,
    ]);
    const restored = await organiser.client.rpc('organiser_change_sessions', { p_op: crypto.randomUUID(), p_changes: [{ id: target.id, action: 'restore' }] });
    expect(restored.error).toBeNull();
    const [back] = await sessions([target.id]);
    expect([back!.schedule_date, back!.start_time, back!.end_time, back!.location, back!.status, back!.original_start_time]).toEqual([
      target.schedule_date,
      target.start_time,
      target.end_time,
      target.location,
      'scheduled',
      null,
    ]);
  });

  it('refuses malformed changes with a 4xx and a message, applying none of the batch', async () => {
    const before = await sessions(ring.map((s) => s.id));
    const cases: [unknown, number][] = [
      [[{ id: ring[0]!.id, action: 'set', schedule_date: ring[0]!.schedule_date, start_time: '10:00', end_time: '09:00', location: null }], 400],
      [
        [
          { id: ring[0]!.id, action: 'cancel' },
          { id: ring[1]!.id, action: 'explode' },
        ],
        400,
      ],
      [[{ id: 987654321, action: 'cancel' }], 400],
      [{ not: 'a list' }, 400],
    ];
    for (const [p_changes, status] of cases) {
      const answer = await organiser.client.rpc('organiser_change_sessions', { p_op: crypto.randomUUID(), p_changes });
      expect(answer.status, JSON.stringify(p_changes)).toBe(status);
      expect(answer.error?.message).toBeTruthy();
    }
    const long = await organiser.client.rpc('organiser_post_notice', {
      p_op: crypto.randomUUID(),
      p_event_id: ring[0]!.event_id,
      p_message: 'x'.repeat(141),
      p_ends_at: null,
    });
    expect([long.status, long.error?.message]).toEqual([400, 'A notice is one line of 1 to 140 characters']);
    expect(await sessions(ring.map((s) => s.id))).toEqual(before);
  });

  it("the organiser's change queued in the outbox is sent once, and a resend is recognised", async () => {
    const { db } = freshMirror();
    const target = ring[0]!;
    const [current] = await sessions([target.id]);
    const item = await enqueueOrganiser(db, {
      user_id: organiser.id,
      label: `Cancel ${target.id}`,
      action: { type: 'change_sessions', changes: [{ id: target.id, action: 'cancel' }] },
    });
    // The service worker has no session: it leaves the organiser's change for a page.
    expect(await drainOutbox({ db, client: anon, onlyAnonymous: true })).toMatchObject({ sent: 0, queued: 1 });
    expect((await sessions([target.id]))[0]).toEqual(current);
    const summary = await drainOutbox({ db, client: organiser.client });
    expect(summary.sent).toBe(1);
    expect((await db.outbox.get(item.id))!.status).toBe('sent');
    const [cancelled] = await sessions([target.id]);
    expect(cancelled!.status).toBe('cancelled');
    expect(cancelled!.updated_at).not.toBe(current!.updated_at);

    // The tab died after the server applied it but before it heard back: the same item goes again.
    await db.outbox.update(item.id, { status: 'queued', nextAttemptAt: 0 });
    expect((await drainOutbox({ db, client: organiser.client })).sent).toBe(1);
    expect(await sessions([target.id])).toEqual([cancelled]);
    const { rows } = await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations where op_id = $1', [item.id]);
    expect(rows[0]!.n).toBe(1);

    // A visitor's queued "organiser" change is refused for good, with the reason.
    const refused = await enqueueOrganiser(db, {
      user_id: visitor.id,
      label: 'Not an organiser',
      action: { type: 'change_sessions', changes: [{ id: target.id, action: 'restore' }] },
    });
    expect((await drainOutbox({ db, client: visitor.client })).failed).toBe(1);
    expect(await db.outbox.get(refused.id)).toMatchObject({ status: 'failed', lastError: "Only the show's organisers may do this." });
    expect((await sessions([target.id]))[0]!.status).toBe('cancelled');
  });
});

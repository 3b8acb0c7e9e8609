// Visitor's Choice votes (idempotent by client uuid) and the one-round-trip sync_pull.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { uniqueEmail } from '../helpers/mailbox.ts';
import { sleep } from '../helpers/time.ts';

describe.each(forEngines(['pglite', 'postgres'], "submit_votes' uniqueness and sync_pull's watermark, on each engine's transactions"))(
  'votes and sync on %s',
  (engine) => {
    let server: VenueServer;
    let anon: SupabaseClient;
    let service: SupabaseClient;
    let eventId: number;
    beforeAll(async () => {
      server = await startTestServer(engine);
      anon = client(server);
      service = client(server, 'service_role');
      // The live event: voting for one that ended is refused (tests/abuse/votes-coupons.test.ts).
      eventId = (await anon.from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single()).data!.id as number;
    });
    afterAll(() => server?.close());

    const vote = (over: Record<string, unknown> = {}) => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('voter'),
      phone: null,
      // A cat of the live event's catalogue: it takes no other number.
      catalog_number: '12',
      event_id: eventId,
      ...over,
    });

    it('refuses a direct insert into visitor_choice; submit_votes answers a second vote with the same e-mail with 23505', async () => {
      const v = vote();
      const direct = await anon.from('visitor_choice').insert(v);
      expect(direct.status).toBe(401);
      expect(direct.error!.code).toBe('42501');
      const [first, again] = [crypto.randomUUID(), crypto.randomUUID()];
      const answer = await anon.rpc('submit_votes', {
        p_votes: [
          { ...v, id: first },
          { ...v, id: again, email: v.email.toUpperCase(), catalog_number: '7' },
        ],
      });
      expect(answer.data.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
        ['recorded', undefined],
        ['duplicate', '23505'],
      ]);
    });

    it('rejects a vote with neither e-mail nor phone, or a malformed e-mail, with 23514', async () => {
      const answer = await anon.rpc('submit_votes', {
        p_votes: [
          { ...vote({ email: null, phone: null }), id: crypto.randomUUID() },
          { ...vote({ email: 'not an email' }), id: crypto.randomUUID() },
        ],
      });
      expect(answer.data.map((r: { status: string; code?: string }) => [r.status, r.code])).toEqual([
        ['rejected', '23514'],
        ['rejected', '23514'],
      ]);
    });

    it('tells a replay of the same vote id from a real duplicate', async () => {
      const id = crypto.randomUUID();
      const v = { id, ...vote() };
      const first = await anon.rpc('submit_votes', { p_votes: [v] });
      expect(first.error).toBeNull();
      expect(first.data).toEqual([{ id, status: 'recorded' }]);

      const replay = await anon.rpc('submit_votes', { p_votes: [v] });
      expect(replay.data).toEqual([{ id, status: 'replayed' }]);

      const otherId = crypto.randomUUID();
      const duplicate = await anon.rpc('submit_votes', { p_votes: [{ ...v, id: otherId }] });
      expect(duplicate.data).toEqual([{ id: otherId, status: 'duplicate', code: '23505', message: 'This email address has already been used to vote in this event' }]);

      const phoneId = crypto.randomUUID();
      const phoneVote = { ...vote({ email: null, phone: '+31 6 1234 5678' }), id: phoneId };
      const results = await anon.rpc('submit_votes', {
        p_votes: [phoneVote, { ...phoneVote, id: crypto.randomUUID() }, { id: crypto.randomUUID(), event_id: eventId }],
      });
      expect(results.data.map((r: { status: string }) => r.status)).toEqual(['recorded', 'duplicate', 'rejected']);
      expect(results.data[2].code).toBe('23502');

      const stored = await service.from('visitor_choice').select('id').in('id', [id, otherId, phoneId]);
      expect(stored.data!.map((r) => r.id).sort()).toEqual([id, phoneId].sort());
    });

    it('refuses a batch that is not an array or is too large', async () => {
      const notArray = await anon.rpc('submit_votes', { p_votes: { id: 1 } });
      expect(notArray.status).toBe(400);
      expect(notArray.error!.message).toBe('p_votes must be a JSON array');
      const tooMany = await anon.rpc('submit_votes', { p_votes: Array.from({ length: 51 }, () => vote()) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.error!.message).toBe('At most 50 votes per call; send the rest in another call');
    });

    it('pulls every mirrored table in one call, pages by keyset cursor and sees deletes as tombstones', async () => {
      await sleep(1100); // rows younger than the 1 s watermark margin are held back
      const first = await anon.rpc('sync_pull', { p_cursors: {}, p_limit: 1000 });
      expect(first.error).toBeNull();
      const tables = first.data.tables as Record<string, { rows: { id: number }[]; more: boolean; cursor: unknown }>;
      expect(Object.keys(tables).sort()).toEqual(
        [
          'advertisers',
          'breeds',
          'catteries',
          'cattery_has_breed',
          'cattery_has_quality_label',
          'event_schedule',
          'events',
          'litter_images',
          'litters',
          'organizations',
          'quality_labels',
        ].sort(),
      );
      const count = async (t: string) => (await anon.from(t).select('*', { count: 'exact', head: true })).count;
      expect(tables.breeds!.rows).toHaveLength((await count('breeds'))!);
      expect(tables.event_schedule!.rows).toHaveLength((await count('event_schedule'))!);
      expect(tables.breeds!.more).toBe(false);

      // Paging: 5 rows at a time walks the whole schedule, without repeats or gaps.
      const seen: number[] = [];
      let cursors: Record<string, unknown> = {};
      for (let i = 0; i < 50; i++) {
        const page = await anon.rpc('sync_pull', { p_cursors: cursors, p_limit: 5 });
        const sched = page.data.tables.event_schedule;
        seen.push(...sched.rows.map((r: { id: number }) => r.id));
        cursors = Object.fromEntries(Object.entries(page.data.tables).map(([t, v]) => [t, (v as { cursor: unknown }).cursor]));
        if (!sched.more) break;
      }
      expect(seen).toEqual(tables.event_schedule!.rows.map((r) => r.id));

      // No change: nothing comes back.
      const allCursors = Object.fromEntries(Object.entries(tables).map(([t, v]) => [t, v.cursor]));
      const quiet = await anon.rpc('sync_pull', { p_cursors: { ...allCursors, _tombstones: first.data.tombstones.cursor } });
      expect(Object.values(quiet.data.tables).every((t) => (t as { rows: unknown[] }).rows.length === 0)).toBe(true);

      // An update and a delete arrive on the next pull. The test's own rows: other files share the database.
      const created = await service
        .from('organizations')
        .insert([{ name: 'Sync Test Registry A' }, { name: 'Sync Test Registry B' }])
        .select('id');
      const [keep, drop] = created.data!.map((r) => r.id as number);
      await sleep(1100);
      const mid = await anon.rpc('sync_pull', { p_cursors: { ...allCursors, _tombstones: first.data.tombstones.cursor } });
      expect(mid.data.tables.organizations.rows.map((r: { id: number }) => r.id)).toEqual([keep, drop]);
      const midCursors = Object.fromEntries(Object.entries(mid.data.tables).map(([t, v]) => [t, (v as { cursor: unknown }).cursor]));

      await service.from('organizations').update({ name: 'Sync Test Registry A2' }).eq('id', keep);
      await service.from('organizations').delete().eq('id', drop);
      await sleep(1100);
      const next = await anon.rpc('sync_pull', { p_cursors: { ...midCursors, _tombstones: mid.data.tombstones.cursor } });
      expect(next.data.tables.organizations.rows).toEqual([expect.objectContaining({ id: keep, name: 'Sync Test Registry A2' })]);
      expect(next.data.tombstones.rows).toContainEqual(expect.objectContaining({ table_name: 'organizations', row_id: String(drop) }));
      expect(Date.parse(next.data.watermark)).toBeLessThan(Date.now());
    });

    it('answers a malformed cursor with 4xx JSON', async () => {
      const res = await anon.rpc('sync_pull', { p_cursors: { breeds: { updated_at: 'yesterday-ish', id: 'x' } } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.error!.code).toMatch(/^22/);
    });
  },
);

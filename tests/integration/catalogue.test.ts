// SPEC §7 reads of the public catalogue through the real supabase-js client, and what anon may not do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';

describe.each(forEngines(['pglite'], "reads of the seeded catalogue; how each engine's values render is tests/integration/rest.test.ts's"))(
  'catalogue on %s',
  (engine) => {
    let server: VenueServer;
    let anon: SupabaseClient;
    beforeAll(async () => {
      server = await startTestServer(engine);
      anon = client(server);
    });
    afterAll(() => server?.close());

    it('reads breeds ordered by breed_name', async () => {
      const { data, error } = await anon.from('breeds').select('*').order('breed_name');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(12);
      const names = data!.map((b) => b.breed_name as string);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
      expect(Object.keys(data![0]!)).toEqual(expect.arrayContaining(['id', 'breed_name', 'universal_breed_abbreviation', 'detail_images', 'body_type']));
      expect(data![0]!.detail_images).toMatch(/^\{.+\}$/);
    });

    it('reads catteries with their registry, one by id, and a set by ids', async () => {
      const all = await anon.from('catteries').select('*, registry:organizations(*)').order('name');
      expect(all.error).toBeNull();
      const first = all.data![0]!;
      expect(first.registry).toMatchObject({ id: first.organization_id, name: expect.any(String), abbreviation: expect.any(String) });
      expect(Array.isArray(first.detail_images)).toBe(true);

      const one = await anon.from('catteries').select('*, registry:organizations(*)').eq('id', first.id).single();
      expect(one.data).toMatchObject({ id: first.id, name: first.name });

      const ids = all.data!.slice(0, 3).map((c) => c.id as number);
      const some = await anon.from('catteries').select('*').in('id', ids);
      expect(some.data!.map((c) => c.id).sort()).toEqual([...ids].sort());
    });

    it("reads cattery_has_breed both ways and a cattery's quality labels", async () => {
      const byBreed = await anon.from('cattery_has_breed').select('cattery_id').eq('breed_id', 1);
      expect(byBreed.error).toBeNull();
      expect(byBreed.data!.length).toBeGreaterThan(0);
      const byCattery = await anon.from('cattery_has_breed').select('breed_id').eq('cattery_id', byBreed.data![0]!.cattery_id);
      expect(byCattery.data!.map((r) => r.breed_id)).toContain(1);

      const labelled = (await anon.from('cattery_has_quality_label').select('cattery_id').limit(1).single()).data!;
      const labels = await anon
        .from('cattery_has_quality_label')
        .select('label:quality_labels(id, name), issued_date, expiration_date, certificate_url')
        .eq('cattery_id', labelled.cattery_id);
      expect(labels.error).toBeNull();
      expect(labels.data![0]).toEqual({
        label: { id: expect.any(Number), name: expect.any(String) },
        issued_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expiration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        certificate_url: expect.any(String),
      });
    });

    it('reads litters with images and cattery, filtered and ordered by date_of_birth descending', async () => {
      const select = '*, images:litter_images(id, image_url), cattery:catteries(id, name, city, country)';
      const all = await anon.from('litters').select(select).order('date_of_birth', { ascending: false });
      expect(all.error).toBeNull();
      const dates = all.data!.map((l) => l.date_of_birth as string);
      expect(dates).toEqual([...dates].sort().reverse());
      const litter = all.data![0]!;
      const imageCount = (await anon.from('litter_images').select('*', { count: 'exact', head: true }).eq('litter_id', litter.id)).count;
      expect(litter.images).toHaveLength(imageCount!);
      expect(imageCount).toBeGreaterThanOrEqual(1);
      expect(litter.images[0]).toEqual({ id: expect.any(Number), image_url: expect.any(String) });
      expect(Object.keys(litter.cattery).sort()).toEqual(['city', 'country', 'id', 'name']);

      for (const column of ['cattery_id', 'breed_id', 'id'] as const) {
        const filtered = await anon.from('litters').select(select).eq(column, litter[column]).order('date_of_birth', { ascending: false });
        expect(filtered.data!.length).toBeGreaterThan(0);
        expect(filtered.data!.every((l) => l[column] === litter[column])).toBe(true);
      }
    });

    it('reads events, one event, its schedule, and the active event', async () => {
      const events = await anon.from('events').select('*').order('start_date', { ascending: true });
      expect(events.data!.length).toBeGreaterThanOrEqual(4);
      const one = await anon.from('events').select('*').eq('id', events.data![0]!.id).single();
      expect(one.data!.name).toBe(events.data![0]!.name);

      const schedule = await anon.from('event_schedule').select('*').eq('event_id', one.data!.id).order('schedule_date').order('start_time');
      const keys = schedule.data!.map((s) => `${s.schedule_date} ${s.start_time}`);
      expect(keys).toEqual([...keys].sort());
      expect(schedule.data![0]!.start_time).toMatch(/^\d{2}:\d{2}:\d{2}$/);

      const active = await anon.from('events').select('id').gte('end_date', new Date().toISOString()).order('start_date', { ascending: true }).limit(1);
      const today = new Date().toISOString().slice(0, 10);
      const running = events.data!.find((e) => e.end_date >= today)!;
      expect(running.start_date <= today).toBe(true);
      expect(active.data).toEqual([{ id: running.id }]);
    });

    it('reads advertisers ordered by company_name, and one by id', async () => {
      const all = await anon.from('advertisers').select('*').order('company_name');
      expect(all.data!.map((a) => a.company_name)).toEqual([...all.data!.map((a) => a.company_name)].sort());
      const withDiscount = all.data!.find((a) => a.discount_voucher_enabled)!;
      expect(typeof withDiscount.discount_voucher_amount).toBe('number');
      expect(Array.isArray(withDiscount.product_images)).toBe(true);
      const one = await anon.from('advertisers').select('*').eq('id', withDiscount.id).single();
      expect(one.data!.company_name).toBe(withDiscount.company_name);
      const missing = await anon.from('advertisers').select('*').eq('id', 999999).single();
      expect(missing.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
      expect(missing.status).toBe(406);
    });

    it('lets nobody but service_role change the catalogue', async () => {
      const eventCount = (await anon.from('events').select('id')).data!.length;
      const ins = await anon.from('breeds').insert({ breed_name: 'Ghost', universal_breed_abbreviation: 'GHO' });
      expect(ins.status).toBe(401);
      expect(ins.error!.code).toBe('42501');
      const upd = await anon.from('breeds').update({ breed_name: 'Hacked' }).eq('id', 1).select();
      expect(upd.error!.code).toBe('42501');
      const del = await anon.from('events').delete().eq('id', 1);
      expect(del.error!.code).toBe('42501');
      const still = await anon.from('breeds').select('breed_name').eq('id', 1).single();
      expect(still.data!.breed_name).not.toBe('Hacked');
      expect((await anon.from('events').select('id')).data).toHaveLength(eventCount);
    });

    it('keeps visitor_choice, users, verification_tokens and coupons unreadable for anon', async () => {
      for (const table of ['visitor_choice', 'users', 'verification_tokens', 'coupons']) {
        const res = await anon.from(table).select('*');
        expect(res.error, table).toMatchObject({ code: '42501' });
        expect(res.status, table).toBe(401);
      }
      const profile = await anon.from('users').insert({ id: crypto.randomUUID(), first_name: 'A', last_name: 'B', email: 'a@b.cd' });
      expect(profile.error!.code).toBe('42501');
      const token = await anon.from('verification_tokens').insert({ token: 'x'.repeat(32), user_email: 'a@b.cd', expires_at: new Date().toISOString() });
      expect(token.error!.code).toBe('42501');
    });

    it('serves seeded images from public storage with a content type and cache headers', async () => {
      const breed = (await anon.from('breeds').select('overview_image').limit(1).single()).data!;
      const res = await fetch(`${server.url}/storage/v1/object/public/images/${breed.overview_image}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('max-age=3600');
      expect(await res.text()).toContain('<svg');
      const missing = await fetch(`${server.url}/storage/v1/object/public/images/nope.svg`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found' });
    });
  },
);

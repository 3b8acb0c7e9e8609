// The hall through `npm run show` (sheets floor_plans and places, advertisers' stand and opening hours) against
// the real venue server through supabase-js: the template's plan and a place of each kind, mistakes reported
// line by line with nothing written, an SVG that could run script refused, a raster plan kept whole in its
// sizes, and export → import changing nothing.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { exportShow } from '../../server/show-io/export.ts';
import { importShow, type ImportResult } from '../../server/show-io/import.ts';
import { IMAGE_BUCKET } from '../../shared/photos.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { footprint, readCsv, writeCsv } from '../helpers/show-folder.ts';

/** PGlite on a shared 2-CPU machine: an import stores the template's pictures, an export fetches them. */
const SLOW = 240_000;
const TEMPLATE = join(import.meta.dirname, '../../show-template');
const PLAN_SVG = 'photos/jaarbeurs-hall-7.svg';
const UTRECHT = 'Utrecht Winter Cat Show';
const ANTWERP = 'Antwerp Spring Cat Show';
const PLAN_COLUMNS = ['id', 'event', 'image', 'width', 'height', 'description'];
const PLACE_COLUMNS = ['id', 'event', 'kind', 'facility', 'label', 'x', 'y', 'width', 'height', 'outline', 'location', 'pens', 'advertiser'];

const folders: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'show-hall-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A copy of the template to edit. */
const template = (): string => {
  const folder = tmp();
  cpSync(TEMPLATE, folder, { recursive: true });
  return folder;
};

/** A places row from its cells by column name; the rest empty. */
const place = (cells: Partial<Record<string, string>>): string[] => PLACE_COLUMNS.map((c) => cells[c] ?? '');

const totals = (r: ImportResult) =>
  r.plan.reduce((a, p) => ({ new: a.new + p.new, changed: a.changed + p.changed, unchanged: a.unchanged + p.unchanged }), { new: 0, changed: 0, unchanged: 0 });
const planOf = (r: ImportResult, table: string) => r.plan.find((p) => p.table === table);

describe.each(forEngines(['pglite', 'postgres'], 'the importer writes with parallel requests: concurrent transactions on PostgreSQL'))(
  'the hall sheets: floor_plans and places in and out (%s)',
  (engine) => {
    let server: VenueServer;
    let service: SupabaseClient;
    const run = (folder: string, opts: { dryRun?: boolean } = {}) => importShow({ folder, client: service, url: server.url, ...opts });
    const stored = async (path: string): Promise<Response> => fetch(`${server.url}/storage/v1/object/public/${IMAGE_BUCKET}/${path}`);

    beforeAll(async () => {
      server = await startTestServer(engine, {}, { seed: false, ownDatabase: true });
      await server.db.query(`insert into storage.buckets (id, name, public) values ($1, $1, true) on conflict (id) do nothing`, [IMAGE_BUCKET]);
      service = client(server, 'service_role');
      const r = await run(TEMPLATE);
      expect(r.problems).toEqual([]);
      expect(planOf(r, 'floor_plans')).toMatchObject({ new: 1 });
      expect(planOf(r, 'places')).toMatchObject({ new: 8 });
    }, SLOW);
    afterAll(() => server?.close());

    it("imports the template's SVG plan as it is, its size from the viewBox, and a place of each kind", async () => {
      const anon = client(server, 'anon');
      const { data: plans, error } = await anon.from('floor_plans').select('id, image_url, width, height, description, events(name)');
      expect(error).toBeNull();
      expect(plans).toHaveLength(1);
      const plan = plans![0]!;
      expect(plan).toMatchObject({ width: 1200, height: 800, events: { name: UTRECHT } });
      expect(plan.description).toMatch(/^Hall 7 seen from above, the main entrance at the bottom\./);
      expect(plan.image_url).toMatch(/^photos\/[0-9a-f]{16}\.svg$/);
      const svg = await stored(plan.image_url);
      expect(svg.headers.get('content-type')).toBe('image/svg+xml');
      // Opened directly it is still no document that runs anything on this origin (server/storage.ts).
      expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      expect(await svg.text()).toBe(readFileSync(join(TEMPLATE, PLAN_SVG), 'utf8'));

      const { data: places } = await anon
        .from('places')
        .select('floor_plan_id, kind, facility, label, x, y, width, height, outline, location, pens, advertisers(company_name)')
        .order('id');
      const at = { floor_plan_id: plan.id, facility: null, outline: null, location: null, pens: null, advertisers: null };
      expect(places).toEqual([
        { ...at, kind: 'ring', label: 'Ring 1', x: 80, y: 80, width: 240, height: 200, location: 'Ring 1' },
        {
          ...at,
          kind: 'ring',
          label: 'Main ring',
          x: 880,
          y: 80,
          width: 260,
          height: 260,
          location: 'Main ring',
          outline: [
            [940, 80],
            [1080, 80],
            [1140, 140],
            [1140, 280],
            [1080, 340],
            [940, 340],
            [880, 280],
            [880, 140],
          ],
        },
        { ...at, kind: 'benching', label: 'Row A', x: 400, y: 80, width: 400, height: 40, pens: 'A1-A20' },
        { ...at, kind: 'benching', label: 'Row B', x: 400, y: 200, width: 400, height: 40, pens: 'B1-B10, B20-B11' },
        { ...at, kind: 'stand', label: 'Whisker Feast', x: 400, y: 400, width: 160, height: 100, advertisers: { company_name: 'Whisker Feast' } },
        { ...at, kind: 'area', label: 'Kitten corner', x: 80, y: 360, width: 240, height: 200 },
        { ...at, kind: 'facility', facility: 'first_aid', label: 'First aid', x: 80, y: 680, width: 120, height: 80 },
        { ...at, kind: 'facility', facility: 'entrance', label: 'Main entrance', x: 560, y: 760, width: 120, height: 40 },
      ]);
      const { data: advertisers } = await anon.from('advertisers').select('company_name, stand, opening_hours').order('company_name');
      expect(advertisers).toEqual([
        { company_name: 'Scratch & Co', stand: null, opening_hours: null },
        { company_name: 'Whisker Feast', stand: 'Stand 12', opening_hours: 'Sat–Sun 10:00–17:00' },
      ]);
    });

    it(
      'reports every mistake in the places sheet as file:row:column — message, and writes nothing',
      async () => {
        const folder = template();
        const ring = { event: UTRECHT, kind: 'ring', label: 'Ring 1', x: '80', y: '80', width: '240', height: '200', location: 'Ring 1' };
        const row = { event: UTRECHT, kind: 'benching', x: '400', y: '80', width: '400', height: '40' };
        writeCsv(folder, 'places', {
          header: PLACE_COLUMNS,
          rows: [
            place(ring),
            place({ ...ring, label: 'Ring 9', location: 'Ring 9' }),
            place({ ...row, kind: 'stand', label: 'Nobody', advertiser: 'Nobody Ltd' }),
            place({ ...row, label: 'Row A', pens: 'A1-A20' }),
            place({ ...row, label: 'Row X', pens: 'A1-B5' }),
            place({ ...row, label: 'Row C', pens: 'C1-C10, A15-A25' }),
            place({ ...row, kind: 'Facility', facility: 'cafeteria', label: 'Café' }),
            place({ ...row, kind: 'area', label: '' }),
            place({ ...row, kind: 'stand', label: 'Whisker Feast', advertiser: 'Whisker Feast', pens: 'D1-D4' }),
            place({ ...row, kind: 'area', label: 'Corner', location: 'Ring 1' }),
            place({ ...row, kind: 'ring', label: 'Ring 2' }),
            place({ ...row, kind: 'area', label: 'Odd', outline: '1 2, 3' }),
            place({ ...row, kind: 'area', label: 'Wide', outline: '400 80, 900 80, 400 120' }),
            place({ ...row, kind: 'hall', label: 'Hall' }),
            place({ ...row, kind: 'area', label: 'Nowhere', event: 'Paris Cat Show' }),
            place({ ...row, kind: 'area', label: 'No plan', event: ANTWERP }),
          ],
        });
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([
          'places.csv:3:location — No session of this show is held in "Ring 9" (its sessions are held in: Ring 1, Main ring)',
          'places.csv:4:advertiser — unknown advertiser "Nobody Ltd"',
          'places.csv:6:pens — "A1-B5" runs between two rows: a range keeps one row\'s letters, as in A1-A40.',
          'places.csv:7:pens — pens A15, A16, A17, A18, A19, A20 are also in row 5: a pen sits in one row of a plan',
          'places.csv:8:facility — unknown facility "cafeteria"; allowed: entrance, exit, toilets, food, first_aid, vet_check, info_desk',
          'places.csv:9:label — required',
          'places.csv:10:pens — only a benching row has pens; this row is a stand',
          'places.csv:11:location — only a ring has a location; this row is an area',
          'places.csv:12:location — required for a ring: the schedule location it is, e.g. "Ring 1"',
          'places.csv:13:outline — "3" is not a point: write the outline as x y, x y, x y (two numbers per point, points separated by commas)',
          "places.csv:14:outline — the point 900 80 is outside the place's rectangle (x 400–800, y 80–120)",
          'places.csv:15:kind — unknown kind "hall"; allowed: ring, benching, stand, facility, area',
          'places.csv:16:event — unknown event "Paris Cat Show"',
          'places.csv:17:event — the event "Antwerp Spring Cat Show" has no floor plan: give it a row in floor_plans first',
        ]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'refuses an SVG that could run script, naming what it holds, and writes nothing',
      async () => {
        const folder = template();
        writeFileSync(
          join(folder, 'photos/evil.svg'),
          `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)"><script>alert(2)</script>` +
            `<a href="jav&#x61;script:alert(3)"><rect width="10" height="10"/></a><foreignObject><p>hi</p></foreignObject></svg>`,
        );
        // A photo's SVG is stored as it is too: the same rule.
        writeFileSync(join(folder, 'photos/sphynx.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="x" onerror="alert(1)"/></svg>`);
        writeCsv(folder, 'floor_plans', { header: PLAN_COLUMNS, rows: [['', UTRECHT, 'photos/evil.svg', '', '', '']] });
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([
          'breeds.csv:3:overview_image — "photos/sphynx.svg" is an SVG that could run script when opened: it has event handler attributes (onerror) — save the drawing without them (a plan or a photo needs none)',
          'catteries.csv:3:profile_image_url — "photos/sphynx.svg" is an SVG that could run script when opened: it has event handler attributes (onerror) — save the drawing without them (a plan or a photo needs none)',
          'floor_plans.csv:2:image — "photos/evil.svg" is an SVG that could run script when opened: it has a <script> element, a <foreignObject> element, event handler attributes (onload), a javascript: link — save the drawing without them (a plan or a photo needs none)',
        ]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(r.photos).toMatchObject({ stored: 0, uploaded: 0 });
        expect(await footprint(server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'export → import changes nothing with the hall present, and an older folder without stand and opening_hours keeps them',
      async () => {
        const folder = tmp();
        const exported = await exportShow({ folder, client: service, url: server.url });
        expect(exported.missingImages).toEqual([]);
        const plans = readCsv(folder, 'floor_plans');
        expect(plans.header).toEqual(PLAN_COLUMNS);
        expect(plans.rows.map((r) => r.slice(1, 5))).toEqual([[UTRECHT, expect.stringMatching(/^photos\/[0-9a-f]{16}\.svg$/), '1200', '800']]);
        // The plan's picture travels with the folder, under its bucket path.
        expect(readFileSync(join(folder, 'images', plans.rows[0]![2]!), 'utf8')).toBe(readFileSync(join(TEMPLATE, PLAN_SVG), 'utf8'));
        const places = readCsv(folder, 'places');
        expect(places.header).toEqual(PLACE_COLUMNS);
        expect(places.rows.map((r) => r.slice(1))).toEqual(readCsv(TEMPLATE, 'places').rows.map((r) => r.slice(1).map((c) => c.replace(/^first aid$/, 'first_aid'))));
        expect(readCsv(folder, 'advertisers').header.slice(-2)).toEqual(['stand', 'opening_hours']);

        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(planOf(r, 'floor_plans')).toEqual({ table: 'floor_plans', new: 0, changed: 0, unchanged: 1, absent: 0 });
        expect(planOf(r, 'places')).toEqual({ table: 'places', new: 0, changed: 0, unchanged: 8, absent: 0 });
        expect(totals(r)).toEqual({ new: 0, changed: 0, unchanged: exported.rows });
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });

        // A folder from before the hall: no stand, no opening_hours, no hall sheets.
        const advertisers = readCsv(folder, 'advertisers');
        writeCsv(folder, 'advertisers', { header: advertisers.header.slice(0, -2), rows: advertisers.rows.map((row) => row.slice(0, -2)) });
        rmSync(join(folder, 'floor_plans.csv'));
        rmSync(join(folder, 'places.csv'));
        const older = await run(folder);
        expect(older.problems).toEqual([]);
        expect(totals(older)).toMatchObject({ new: 0, changed: 0 });
        expect(older.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(server)).toEqual(before);
        const { data } = await client(server).from('advertisers').select('stand, opening_hours').eq('company_name', 'Whisker Feast').single();
        expect(data).toEqual({ stand: 'Stand 12', opening_hours: 'Sat–Sun 10:00–17:00' });
      },
      SLOW,
    );

    it(
      "stores a raster plan whole in the plan sizes, its aspect kept and its size the picture's pixels",
      async () => {
        const folder = template();
        mkdirSync(join(folder, 'plans'), { recursive: true });
        // A long hall, 4:1, with a mark in each corner so a crop would show.
        const corner = (left: number, top: number) => ({ input: { create: { width: 200, height: 200, channels: 3 as const, background: '#c0392b' } }, left, top });
        const png = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#f4efe6' } })
          .composite([corner(0, 0), corner(3800, 0), corner(0, 800), corner(3800, 800)])
          .png()
          .toBuffer();
        writeFileSync(join(folder, 'plans/antwerp.png'), png);
        writeCsv(folder, 'floor_plans', {
          header: PLAN_COLUMNS,
          rows: [readCsv(TEMPLATE, 'floor_plans').rows[0]!, ['', ANTWERP, 'plans/antwerp.png', '', '', 'Antwerp Expo hall 3, the entrance on the left.']],
        });
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(planOf(r, 'floor_plans')).toMatchObject({ new: 1, unchanged: 1 });
        const { data } = await client(server).from('floor_plans').select('image_url, width, height, events!inner(name)').eq('events.name', ANTWERP).single();
        expect(data).toMatchObject({ width: 4000, height: 1000 });
        const path = data!.image_url as string;
        expect(path).toMatch(/^photos\/[0-9a-f]{16}\/plan\.jpg$/);
        const folderPath = path.slice(0, -'/plan.jpg'.length);
        const sizes: Record<string, string> = {};
        for (const file of ['plan.jpg', 'plan.webp', 'plan@2x.jpg', 'plan@2x.webp']) {
          const res = await stored(`${folderPath}/${file}`);
          expect(res.status).toBe(200);
          const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
          sizes[file] = `${meta.format} ${meta.width}×${meta.height}`;
        }
        expect(sizes).toEqual({ 'plan.jpg': 'jpeg 1600×400', 'plan.webp': 'webp 1600×400', 'plan@2x.jpg': 'jpeg 3200×800', 'plan@2x.webp': 'webp 3200×800' });
        // Whole: the corner marks are still in the corners.
        const { data: pixels, info } = await sharp(Buffer.from(await (await stored(path)).arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        const red = (x: number, y: number) => pixels[(y * info.width + x) * info.channels]! > 150 && pixels[(y * info.width + x) * info.channels + 1]! < 100;
        expect([red(5, 5), red(1594, 5), red(5, 394), red(1594, 394), red(800, 200)]).toEqual([true, true, true, true, false]);

        // Imported again: the same picture is found stored, nothing is uploaded.
        const again = await run(folder);
        expect(again.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(again.photos.uploaded).toBe(0);
        expect(existsSync(join(folder, 'images'))).toBe(false);

        // Exported with its sizes, and imported into an empty project: every size arrives, as it was.
        const exported = tmp();
        await exportShow({ folder: exported, client: service, url: server.url });
        const files = ['plan.jpg', 'plan.webp', 'plan@2x.jpg', 'plan@2x.webp'].map((f) => `${folderPath}/${f}`);
        for (const f of files) expect(existsSync(join(exported, 'images', f))).toBe(true);
        const empty = await startTestServer(engine, {}, { seed: false, ownDatabase: true });
        try {
          const moved = await importShow({ folder: exported, client: client(empty, 'service_role'), url: empty.url });
          expect(moved.problems).toEqual([]);
          for (const f of files) {
            const res = await fetch(`${empty.url}/storage/v1/object/public/${IMAGE_BUCKET}/${f}`);
            expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(exported, 'images', f)))).toBe(true);
          }
        } finally {
          await empty.close();
        }
      },
      SLOW,
    );
  },
);

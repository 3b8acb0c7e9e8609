// `npm run show -- import/export` against the real venue server through supabase-js: the error report,
// idempotence, deltas that reach a synced phone, --prune tombstones, --dry-run, the workbook form, photos.
import 'fake-indexeddb/auto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_SERVICE_ROLE_KEY, loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';
import { exportShow } from '../../server/show-io/export.ts';
import { writeFolder } from '../../server/show-io/folder.ts';
import { tableOfSheet } from '../../server/show-io/tables.ts';
import { importShow, type ImportResult } from '../../server/show-io/import.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { client, forEngines, ownPostgresDatabase, type Engine } from '../helpers/server.ts';
import { cell, footprint, readCsv, setCell, writeCsv } from '../helpers/show-folder.ts';
import { freshDb, sleep, tapClient, WATERMARK_WAIT_MS } from '../data/sync-helpers.ts';

/** PGlite on a shared 2-CPU machine: a seeded server takes a while, and an export fetches every image. */
const SLOW = 240_000;
const TEMPLATE = join(import.meta.dirname, '../../show-template');
const folders: string[] = [];
/** Runs a command without blocking this process, where the server answers it. */
const runCommand = (args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile('npx', args, { env, encoding: 'utf8' }, (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr })),
  );
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'show-io-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A server on a database of its own: other test files share the run's PostgreSQL database. */
async function ownServer(engine: Engine, opts: { seed: boolean; scale?: number }): Promise<{ server: VenueServer; close: () => Promise<void> }> {
  const own = engine === 'postgres' ? await ownPostgresDatabase() : null;
  const databaseUrl = own?.url ?? '';
  const drop = async () => own?.drop();
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', DATABASE_URL: databaseUrl, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  config.dataDir = null;
  config.staticDir = null;
  const server = await startVenueServer(config, { seed: opts.seed, ...(opts.scale && { scale: opts.scale }) });
  // An empty show has no images bucket yet (the seed makes it).
  await server.db.query(`insert into storage.buckets (id, name, public) values ('images', 'images', true) on conflict (id) do nothing`);
  return { server, close: async () => (await server.close(), await drop()) };
}

const totals = (r: ImportResult) =>
  r.plan.reduce((a, p) => ({ new: a.new + p.new, changed: a.changed + p.changed, unchanged: a.unchanged + p.unchanged }), { new: 0, changed: 0, unchanged: 0 });

describe.each(forEngines(['pglite', 'postgres'], 'the importer writes with parallel requests: concurrent transactions on PostgreSQL'))(
  'show import and export (%s)',
  (engine) => {
    let demo: { server: VenueServer; close: () => Promise<void> };
    let service: SupabaseClient;
    const run = (folder: string, opts: { dryRun?: boolean; prune?: boolean } = {}, on = demo.server) =>
      importShow({ folder, client: client(on, 'service_role'), url: on.url, ...opts });

    beforeAll(async () => {
      demo = await ownServer(engine, { seed: true });
      service = client(demo.server, 'service_role');
    }, SLOW);
    afterAll(() => demo?.close());

    it(
      'reports ten distinct mistakes at once, as file:row:column — message, and writes nothing',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const litters = readCsv(folder, 'litters');
        const stray = [...litters.rows[0]!];
        stray[litters.header.indexOf('dam')] = 'Nobody';
        writeCsv(folder, 'litters', { ...litters, rows: [...litters.rows, stray] });
        setCell(folder, 'breeds', 2, 'activity_level', 'Hyper');
        setCell(folder, 'breeds', 3, 'universal_breed_abbreviation', 'MCO');
        setCell(folder, 'catteries', 3, 'email', 'hello at velvetskin');
        setCell(folder, 'litters', 3, 'breed', 'XYZ');
        setCell(folder, 'litters', 4, 'cattery', 'Nowhere Cattery');
        setCell(folder, 'litters', 4, 'date_of_birth', '2026-02-30');
        setCell(folder, 'litter_images', 3, 'image_url', 'photos/missing.jpg');
        setCell(folder, 'events', 3, 'time_zone', 'Mars/Olympus');
        setCell(folder, 'event_schedule', 3, 'end_time', '14:30');
        setCell(folder, 'advertisers', 2, 'discount_voucher_amount', 'five euros');
        const before = await footprint(demo.server);
        const r = await run(folder);
        expect(r.problems).toEqual([
          'breeds.csv:2:activity_level — unknown activity level "Hyper"; allowed: Very Calm, Calm, Moderate, Active, Very Active',
          'breeds.csv:3:universal_breed_abbreviation — the same universal_breed_abbreviation as row 2',
          'catteries.csv:3:email — not an e-mail address: "hello at velvetskin"',
          'litters.csv:3:breed — unknown breed abbreviation "XYZ"',
          'litters.csv:4:cattery — unknown cattery "Nowhere Cattery"',
          'litters.csv:4:date_of_birth — not a date (YYYY-MM-DD): "2026-02-30"',
          'litter_images.csv:3:image_url — no image "photos/missing.jpg": not a file in the folder nor in the images bucket',
          'events.csv:3:time_zone — not a time zone name such as Europe/Amsterdam: "Mars/Olympus"',
          'event_schedule.csv:3:end_time — not after start_time (15:00:00)',
          'advertisers.csv:2:discount_voucher_amount — not a number: "five euros"',
        ]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(demo.server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'imports the template into an empty show, and a second import writes nothing',
      async () => {
        const empty = await ownServer(engine, { seed: false });
        try {
          const first = await run(TEMPLATE, {}, empty.server);
          expect(first.problems).toEqual([]);
          expect(first.plan.map((p) => [p.table, p.new])).toEqual([
            ['organizations', 2],
            ['quality_labels', 2],
            ['breeds', 2],
            ['catteries', 2],
            ['cattery_has_breed', 2],
            ['cattery_has_quality_label', 2],
            ['litters', 2],
            ['litter_images', 2],
            ['events', 2],
            ['event_schedule', 2],
            ['catalogue_entries', 3],
            ['advertisers', 2],
            ['floor_plans', 1],
            ['places', 8],
            ['results', 3],
          ]);
          expect(first.written.inserted).toBe(37);
          // The four photos and the hall's plan.
          expect(first.photos.stored).toBe(5);
          const anon = client(empty.server);
          const { data: litter } = await anon
            .from('litters')
            .select('dam, litter_image_url, catteries(name), breeds(universal_breed_abbreviation), litter_images(image_url)')
            .eq('dam', 'Forest Giants Fleur')
            .single();
          expect(litter).toMatchObject({ catteries: { name: 'Forest Giants' }, breeds: { universal_breed_abbreviation: 'MCO' } });
          expect(litter!.litter_image_url).toMatch(/^photos\/[0-9a-f]{16}\.svg$/);
          expect(litter!.litter_images).toEqual([{ image_url: litter!.litter_image_url }]);
          const photo = await fetch(`${empty.server.url}/storage/v1/object/public/images/${litter!.litter_image_url as string}`);
          expect(photo.status).toBe(200);
          expect(await photo.text()).toBe(readFileSync(join(TEMPLATE, 'photos/maine-coon-kitten.svg'), 'utf8'));

          const before = await footprint(empty.server);
          const again = await run(TEMPLATE, {}, empty.server);
          expect(again.problems).toEqual([]);
          expect(totals(again)).toEqual({ new: 0, changed: 0, unchanged: 37 });
          expect(again.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
          expect(await footprint(empty.server)).toEqual(before);

          // The same sheets as one workbook read as the same rows: nothing to change.
          const book = tmp();
          cpSync(join(TEMPLATE, 'photos'), join(book, 'photos'), { recursive: true });
          const sheets = readdirSync(TEMPLATE)
            .filter((f) => f.endsWith('.csv'))
            .map((f) => f.slice(0, -4));
          await writeFolder(
            book,
            sheets.map((name) => ({ table: tableOfSheet(name)!, headers: readCsv(TEMPLATE, name).header, rows: readCsv(TEMPLATE, name).rows })),
            'xlsx',
          );
          expect(readdirSync(book).sort()).toEqual(['photos', 'show.xlsx']);
          const fromBook = await run(book, {}, empty.server);
          expect(fromBook.problems).toEqual([]);
          expect(totals(fromBook)).toEqual({ new: 0, changed: 0, unchanged: 37 });
          expect(await footprint(empty.server)).toEqual(before);
        } finally {
          await empty.close();
        }
      },
      SLOW,
    );

    it(
      'export → import into the same server changes nothing (CSV and workbook alike)',
      async () => {
        const folder = tmp();
        const exported = await exportShow({ folder, client: service, url: demo.server.url });
        expect(exported.missingImages).toEqual([]);
        expect(existsSync(join(folder, 'images'))).toBe(true);
        const before = await footprint(demo.server);
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(totals(r)).toEqual({ new: 0, changed: 0, unchanged: exported.rows });
        // The demo show's catalogue among them (200–260 entries).
        expect(r.plan.find((p) => p.table === 'catalogue_entries')!.unchanged).toBeGreaterThanOrEqual(200);
        // And its hall: one plan, and its rings, rows, stands, facilities and areas.
        expect(r.plan.find((p) => p.table === 'floor_plans')).toEqual({ table: 'floor_plans', new: 0, changed: 0, unchanged: 1, absent: 0 });
        expect(r.plan.find((p) => p.table === 'places')!.unchanged).toBeGreaterThanOrEqual(30);
        expect(readFileSync(join(folder, 'places.csv'), 'utf8')).toContain(',benching,,Row A,');
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });

        const book = tmp();
        await exportShow({ folder: book, client: service, url: demo.server.url, form: 'xlsx' });
        expect(readdirSync(book).filter((f) => f.endsWith('.csv'))).toEqual([]);
        const fromBook = await run(book);
        expect(fromBook.problems).toEqual([]);
        expect(fromBook.plan).toEqual(r.plan);
        expect(fromBook.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(demo.server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'an edited row is one update, and a synced phone pulls just that row',
      async () => {
        const folder = tmp();
        await exportShow({ folder, client: service, url: demo.server.url });
        const { db } = freshDb();
        const tap = tapClient(demo.server);
        const engineOpts = { db, client: tap.client, status: createSyncStatusStore(), persist: vi.fn(async () => true) };
        const phone = createSyncEngine(engineOpts);
        await sleep(WATERMARK_WAIT_MS);
        await phone.pull();

        const breeds = readCsv(folder, 'breeds');
        const id = Number(cell(breeds, 5, 'id'));
        setCell(folder, 'breeds', 5, 'about', 'Edited by the organiser.');
        const dry = await run(folder, { dryRun: true });
        const before = await footprint(demo.server);
        expect(dry.plan.find((p) => p.table === 'breeds')).toMatchObject({ changed: 1, new: 0 });
        expect(totals(dry).changed).toBe(1);
        expect(await footprint(demo.server)).toEqual(before);

        const r = await run(folder);
        expect(r.written).toEqual({ inserted: 0, updated: 1, deleted: 0 });
        await sleep(WATERMARK_WAIT_MS);
        const summary = await phone.pull();
        expect(summary).toMatchObject({ rows: 1, deleted: 0 });
        expect((await db.breeds.get(id))?.about).toBe('Edited by the organiser.');
        await db.delete();
      },
      SLOW,
    );

    it(
      '--prune deletes the rows left out of the folder: tombstones, and a synced phone loses them',
      async () => {
        const folder = tmp();
        await exportShow({ folder, client: service, url: demo.server.url });
        const { db } = freshDb();
        const phone = createSyncEngine({ db, client: tapClient(demo.server).client, status: createSyncStatusStore(), persist: vi.fn(async () => true) });
        await sleep(WATERMARK_WAIT_MS);
        await phone.pull();

        const litters = readCsv(folder, 'litters');
        const gone = litters.rows.slice(0, 2).map((r) => r[0]!);
        writeCsv(folder, 'litters', { ...litters, rows: litters.rows.slice(2) });
        const images = readCsv(folder, 'litter_images');
        const goneImages = images.rows.filter((r) => gone.includes(r[1]!)).map((r) => r[0]!);
        writeCsv(folder, 'litter_images', { ...images, rows: images.rows.filter((r) => !gone.includes(r[1]!)) });

        // A cattery left out while its litters stay: --prune refuses rather than lose them by cascade.
        const orphaning = tmp();
        cpSync(folder, orphaning, { recursive: true });
        const catteries = readCsv(orphaning, 'catteries');
        const [catteryId, catteryName] = [cell(catteries, 2, 'id'), cell(catteries, 2, 'name')];
        writeCsv(orphaning, 'catteries', { ...catteries, rows: catteries.rows.slice(1) });
        const refused = await run(orphaning, { prune: true });
        const pointing = readCsv(orphaning, 'litters').rows.flatMap((r, i) => (r[1] === catteryName ? [i + 2] : []));
        expect(pointing.length).toBeGreaterThan(0);
        for (const row of pointing) {
          expect(refused.problems).toContain(`litters.csv:${row}:cattery — catteries row ${catteryId} is not in catteries.csv: --prune would delete it`);
        }
        expect(refused.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });

        const kept = await run(folder);
        expect(kept.plan.find((p) => p.table === 'litters')).toMatchObject({ absent: 2 });
        expect(kept.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await db.litters.get(Number(gone[0]))).toBeDefined();

        const r = await run(folder, { prune: true });
        expect(r.problems).toEqual([]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 2 + goneImages.length });
        const { rows: tombs } = await demo.server.db.query<{ table_name: string; row_id: string }>(
          `select table_name, row_id from public.sync_tombstones where table_name in ('litters', 'litter_images') order by 1, 2`,
        );
        expect(tombs).toEqual(expect.arrayContaining(gone.map((row_id) => ({ table_name: 'litters', row_id }))));
        await sleep(WATERMARK_WAIT_MS);
        const summary = await phone.pull();
        expect(summary.deleted).toBe(2 + goneImages.length);
        for (const id of gone) expect(await db.litters.get(Number(id))).toBeUndefined();
        for (const id of goneImages) expect(await db.litter_images.get(Number(id))).toBeUndefined();
        await db.delete();
      },
      SLOW,
    );

    it(
      'a photo file is stored once under its content hash; a stored path not in the bucket is uploaded from images/',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const first = await run(folder);
        expect(first.problems).toEqual([]);
        const { data } = await service.from('breeds').select('overview_image').eq('universal_breed_abbreviation', 'SPH').single();
        expect(data!.overview_image).toMatch(/^photos\/[0-9a-f]{16}\.svg$/);

        setCell(folder, 'breeds', 3, 'overview_image', 'breeds/sphynx-new.svg');
        const missing = await run(folder);
        expect(missing.problems).toEqual(['breeds.csv:3:overview_image — no image "breeds/sphynx-new.svg": not a file in the folder nor in the images bucket']);
        mkdirSync(join(folder, 'images/breeds'), { recursive: true });
        cpSync(join(TEMPLATE, 'photos/sphynx.svg'), join(folder, 'images/breeds/sphynx-new.svg'));
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(r.photos.uploaded).toBe(1);
        expect(r.written.updated).toBe(1);
        const res = await fetch(`${demo.server.url}/storage/v1/object/public/images/breeds/sphynx-new.svg`);
        expect(res.status).toBe(200);
      },
      SLOW,
    );
    it(
      'a name the database holds unique cannot be taken from a row the folder leaves alone',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const { data } = await service.from('breeds').select('id').eq('breed_name', 'Abyssinian').single();
        setCell(folder, 'breeds', 2, 'breed_name', 'Abyssinian');
        const r = await run(folder, { dryRun: true });
        expect(r.problems).toEqual([`breeds.csv:2:breed_name — already taken by breeds row ${data!.id as number}, which is not in breeds.csv`]);
      },
      SLOW,
    );

    it(
      'the command prints the plan, or every problem with exit code 1',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const env = { ...process.env, SUPABASE_URL: demo.server.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY };
        const cli = join(import.meta.dirname, '../../server/show-io/cli.ts');
        const before = await footprint(demo.server);
        const dry = await runCommand(['tsx', cli, 'import', folder, '--dry-run'], env);
        expect(dry.stderr).toBe('');
        expect(dry.status).toBe(0);
        expect(dry.stdout).toContain('Plan (dry run, nothing written):\n  organizations: ');
        expect(dry.stdout).toMatch(/\n {2}event_schedule: \d+ new, \d+ changed, \d+ unchanged, \d+ not in the folder \(kept; --prune deletes them\)\n/);
        expect(dry.stdout).toContain('\n  photos: 5 files to store\n');
        setCell(folder, 'litters', 3, 'breed', 'XYZ');
        const bad = await runCommand(['tsx', cli, 'import', folder], env);
        expect(bad.status).toBe(1);
        expect(bad.stderr).toBe('litters.csv:3:breed — unknown breed abbreviation "XYZ"\n\n1 problem: nothing was written.\n');
        expect(await footprint(demo.server)).toEqual(before);
      },
      SLOW,
    );
  },
);

// A measurement, not a check CI needs each run: SHOW_IO_SCALE=10 npx vitest run tests/integration/show-import.test.ts
const SCALE = Number(process.env.SHOW_IO_SCALE ?? 0);
describe.runIf(SCALE > 0)(`the ×${SCALE} demo show, exported and imported into an empty show (pglite)`, () => {
  it('imports every row and image, then re-imports to nothing; reports rows/s', async () => {
    const source = await ownServer('pglite', { seed: true, scale: SCALE });
    const target = await ownServer('pglite', { seed: false });
    try {
      const folder = tmp();
      let t = performance.now();
      const exported = await exportShow({ folder, client: client(source.server, 'service_role'), url: source.server.url });
      const exportMs = performance.now() - t;
      t = performance.now();
      const r = await importShow({ folder, client: client(target.server, 'service_role'), url: target.server.url });
      const importMs = performance.now() - t;
      expect(r.problems).toEqual([]);
      expect(r.written.inserted).toBe(exported.rows);
      expect(r.photos.uploaded).toBe(exported.images);
      t = performance.now();
      const again = await importShow({ folder, client: client(target.server, 'service_role'), url: target.server.url });
      const againMs = performance.now() - t;
      expect(again.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      console.log(
        `[show-io] ×${SCALE} show: ${exported.rows} rows, ${exported.images} images; export ${Math.round(exportMs)} ms; ` +
          `import ${Math.round(importMs)} ms (${Math.round(exported.rows / (importMs / 1000))} rows/s); re-import ${Math.round(againMs)} ms, 0 rows written`,
      );
    } finally {
      await source.close();
      await target.close();
    }
  }, 600_000);
});

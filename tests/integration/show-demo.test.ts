// `npm run show -- demo <folder>` then `npm run show -- import <folder>` fill an EMPTY project (no images
// bucket either) with exactly the demo show a seeded venue server has: the same rows and ids, every picture
// a row names in the public bucket at the same URL; a second import writes nothing; a private bucket is
// made public. Real servers, the real command as a child process, supabase-js with the anon key to read.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import type { VenueServer } from '../../server/start.ts';
import { imagesOf } from '../../server/show-io/cells.ts';
import { formatPlan, importShow, publicUrl, type ImportResult } from '../../server/show-io/import.ts';
import { SHEET_NAMES, SHOW_TABLES, dbColumnsOf } from '../../server/show-io/tables.ts';
import { IMAGE_BUCKET } from '../../shared/photos.ts';
import { client, startTestServer, type Engine } from '../helpers/server.ts';

/** Two servers, the demo written and imported (about 720 pictures) on a shared 2-CPU machine. */
const SLOW = 240_000;
const CLI = join(import.meta.dirname, '../../server/show-io/cli.ts');
/** The moment both the seed and the demo folder build the live event around, so their rows can be compared. */
const NOW = new Date();

const runCli = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile('npx', ['tsx', CLI, ...args], { env, encoding: 'utf8', timeout: SLOW }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );

type Row = Record<string, unknown>;
async function allRows(db: SupabaseClient, table: string, columns: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await db
      .from(table)
      .select(columns.join(','))
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(`${table}: ${error.message}`);
    rows.push(...(data as unknown as Row[]));
    if (data.length < 1000) return rows;
  }
}

/** Every catalogue table as the anon key reads it: the import format's columns, by id. */
async function catalogue(server: VenueServer): Promise<Map<string, Row[]>> {
  const anon = client(server, 'anon');
  const out = new Map<string, Row[]>();
  for (const spec of SHOW_TABLES) out.set(spec.table, await allRows(anon, spec.table, dbColumnsOf(spec)));
  return out;
}

/** Row counts and the newest change of every synced table, and the tombstones: what any write would move. */
async function footprint(server: VenueServer): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ t: string; v: string }>(
    `select t, (xpath('/row/v/text()', query_to_xml(format('select count(*)::text || ''/'' || coalesce(max(updated_at)::text, '''') as v from public.%I', t), false, true, '')))[1]::text as v
       from unnest(public.sync_tables()) as t
     union all select 'tombstones', count(*)::text from public.sync_tombstones
     union all select 'objects', count(*)::text || '/' || coalesce(max(updated_at)::text, '') from storage.objects`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

// One engine: what this file proves (the demo folder is the seed, row for row and picture for picture) does
// not depend on it, and the import's writes are proven on PostgreSQL too by show-import.test.ts. The
// second engine cost CI half a minute of importing the same 720 pictures again.
describe.each(['pglite'] as const satisfies readonly Engine[])('npm run show -- demo, imported into an empty project (%s)', (engine: Engine) => {
  let empty: VenueServer;
  let seeded: VenueServer;
  let folder: string;
  let dryRun: ImportResult;
  let imported: { status: number; stdout: string; stderr: string };
  let importMs = 0;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'show-demo-'));
    [empty, seeded] = await Promise.all([
      startTestServer(engine, {}, { seed: false, ownDatabase: true }),
      startTestServer(engine, {}, { seed: false, ownDatabase: true }),
    ]);
    // Hosted projects start without the bucket: the import must make it.
    await empty.db.query(`delete from storage.buckets where id = $1`, [IMAGE_BUCKET]);
    // The venue server's own seed, at the same moment as the folder.
    await seedIfEmpty(seeded.db, { now: NOW });

    let t = performance.now();
    const demo = await runCli(['demo', folder, `--now=${NOW.toISOString()}`]);
    console.log(`[show-demo ${engine}] demo ${Math.round(performance.now() - t)} ms`);
    expect(demo.stderr).toBe('');
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/^Wrote the demo show: \d+ rows to 15 CSV files and \d+ pictures to images\/ in /);
    dryRun = await importShow({ folder, client: client(empty, 'service_role'), url: empty.url, dryRun: true });
    t = performance.now();
    imported = await runCli(['import', folder], { ...process.env, SUPABASE_URL: empty.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY });
    importMs = performance.now() - t;
    console.log(`[show-demo ${engine}] import ${Math.round(importMs)} ms`);
  }, SLOW);
  afterAll(async () => {
    await Promise.all([empty?.close(), seeded?.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a folder the import reads as it is, and the command creates the public images bucket', () => {
    expect(readdirSync(folder).sort()).toEqual([...SHEET_NAMES.map((name) => `${name}.csv`), 'images'].sort());
    // A dry run only says what the import will do, to the bucket too.
    expect(dryRun.problems).toEqual([]);
    expect(dryRun.bucket).toEqual({ before: 'missing', change: 'none' });
    expect(formatPlan(dryRun, false)).toContain(`\n  ${IMAGE_BUCKET} bucket: missing: the import creates it (public)`);
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain(`\n  ${IMAGE_BUCKET} bucket: created (public)\n`);
    expect(imported.stdout).toMatch(/\nWrote \d+ new, 0 changed, 0 deleted rows in /);
  });

  it(
    'holds exactly the rows, ids and references of a seeded venue server, read with the anon key',
    async () => {
      const [got, want] = await Promise.all([catalogue(empty), catalogue(seeded)]);
      const counts = (m: Map<string, Row[]>) => Object.fromEntries([...m].map(([t, rows]) => [t, rows.length]));
      expect(counts(got)).toEqual(counts(want));
      expect(counts(got).breeds).toBe(44);
      for (const [table, rows] of want) expect(got.get(table), table).toEqual(rows);
    },
    SLOW,
  );

  it(
    'has every picture a row names at its public URL, the bytes the seeded server serves there',
    async () => {
      const rows = await catalogue(empty);
      const paths = new Set<string>();
      for (const spec of SHOW_TABLES) {
        for (const c of spec.columns) for (const r of rows.get(spec.table)!) for (const i of imagesOf(c, r[c.column])) paths.add(i);
      }
      expect(paths.size).toBeGreaterThan(500);
      // Every one is there (HEAD), as plain HTTP with no key, as a browser asks.
      const list = [...paths];
      const missing: string[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < list.length) {
            const path = list[next++]!;
            const res = await fetch(publicUrl(empty.url, path), { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
            if (res.status !== 200) missing.push(`${path}: ${res.status}`);
          }
        }),
      );
      expect(missing).toEqual([]);
      // A sample by GET: the same bytes and type at the same path as on the seeded server.
      const sample = [
        rows.get('breeds')![0]!.overview_image as string,
        rows.get('catteries')![0]!.profile_image_url as string,
        rows.get('litter_images')![0]!.image_url as string,
        rows.get('events')![0]!.event_picture_url as string,
        rows.get('advertisers')!.find((a) => a.company_logo_url)!.company_logo_url as string,
      ];
      for (const path of sample) {
        const [a, b] = await Promise.all([empty, seeded].map((s) => fetch(publicUrl(s.url, path), { signal: AbortSignal.timeout(10_000) })));
        expect(a!.status, path).toBe(200);
        expect(a!.headers.get('content-type'), path).toBe('image/svg+xml');
        expect(Buffer.from(await a!.arrayBuffer()).equals(Buffer.from(await b!.arrayBuffer())), path).toBe(true);
      }
    },
    SLOW,
  );

  it('leaves the images bucket public, and its API answers as hosted Storage does', async () => {
    const service = client(empty, 'service_role').storage;
    const { data, error } = await service.getBucket(IMAGE_BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: IMAGE_BUCKET, name: IMAGE_BUCKET, public: true });
    const listed = await service.listBuckets();
    expect(listed.data?.map((b) => [b.id, b.public])).toEqual([[IMAGE_BUCKET, true]]);
    const again = await service.createBucket(IMAGE_BUCKET, { public: true });
    expect(again.error?.message).toBe('The resource already exists');
    const missing = await service.getBucket('no-such-bucket');
    expect(missing.error?.message).toBe('Bucket not found');
    // Only the service role manages buckets.
    const anon = client(empty, 'anon').storage;
    expect((await anon.listBuckets()).error?.message).toBe('new row violates row-level security policy');
    expect((await anon.updateBucket(IMAGE_BUCKET, { public: false })).error?.message).toBe('new row violates row-level security policy');
    expect((await anon.createBucket('other', { public: true })).error?.message).toBe('new row violates row-level security policy');
  });

  it(
    'imports a second time without writing anything; a private bucket is made public and said so',
    async () => {
      const before = await footprint(empty);
      const service = client(empty, 'service_role');
      const t = performance.now();
      const again = await importShow({ folder, client: service, url: empty.url });
      console.log(`[show-demo ${engine}] re-import ${Math.round(performance.now() - t)} ms (first import ${Math.round(importMs)} ms)`);
      expect(again.problems).toEqual([]);
      expect(again.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(again.plan.every((p) => p.new === 0 && p.changed === 0)).toBe(true);
      expect(again.photos.uploaded).toBe(0);
      expect(again.bucket).toEqual({ before: 'public', change: 'none' });
      expect(await footprint(empty)).toEqual(before);

      await empty.db.query(`update storage.buckets set public = false where id = $1`, [IMAGE_BUCKET]);
      const made = await importShow({ folder, client: service, url: empty.url });
      expect(made.problems).toEqual([]);
      expect(made.bucket).toEqual({ before: 'private', change: 'made public' });
      expect(formatPlan(made, false)).toContain(`\n  ${IMAGE_BUCKET} bucket: was private: made public, so the pictures answer anyone`);
      expect(made.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect((await service.storage.getBucket(IMAGE_BUCKET)).data?.public).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses a folder that is not empty, and a --now that is no date',
    async () => {
      const bad = await runCli(['demo', folder, '--now=soon']);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toBe('--now=soon — not a date and time such as 2026-12-05T10:00:00Z\n');
      const full = await runCli(['demo', folder]);
      expect(full.status).toBe(1);
      expect(full.stderr).toBe(`${folder} — not empty: give a new or empty folder for the demo show\n`);
    },
    SLOW,
  );
});

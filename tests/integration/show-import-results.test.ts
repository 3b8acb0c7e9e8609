// The judging's results through `npm run show` (the sheet `results`) against the real venue server through
// supabase-js: a sheet of mistakes reported line by line with nothing written, export → import changing
// nothing (Visitor's Choice, published from the votes, neither exported nor pruned), and one edited place
// reaching a synced phone as one row.
import 'fake-indexeddb/auto';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { exportShow } from '../../server/show-io/export.ts';
import { importShow, type ImportResult } from '../../server/show-io/import.ts';
import { IMAGE_BUCKET } from '../../shared/photos.ts';
import { createSyncEngine } from '../../src/data/sync/engine.ts';
import { createSyncStatusStore } from '../../src/data/sync/status.ts';
import { freshDb, rowKeys, sleep, tapClient, WATERMARK_WAIT_MS } from '../data/sync-helpers.ts';
import { client, forEngines, startTestServer } from '../helpers/server.ts';
import { cell, footprint, readCsv, writeCsv } from '../helpers/show-folder.ts';

/** PGlite on a shared 2-CPU machine: an import stores the template's photos, an export fetches them. */
const SLOW = 240_000;
const TEMPLATE = join(import.meta.dirname, '../../show-template');
const RESULT_COLUMNS = ['id', 'event', 'ring', 'award', 'place', 'catalogue_number', 'judge', 'published'];
const UTRECHT = 'Utrecht Winter Cat Show';

const folders: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'show-results-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** A results row from its cells by column name; the rest empty. */
const result = (cells: Partial<Record<string, string>>): string[] => RESULT_COLUMNS.map((c) => cells[c] ?? '');

/** More than the template's three: a final's places 1–2 as a judging program exports them, a nomination, a draft. */
const MORE_RESULTS: string[][] = [
  result({ event: UTRECHT, ring: 'RING 1', award: 'Best Longhair Adult', place: '1', catalogue_number: '012', judge: 'A. Judge' }),
  result({ event: UTRECHT, ring: 'Ring 1', award: 'Best Longhair Adult', place: '2', catalogue_number: '12a', judge: 'A. Judge' }),
  result({ event: UTRECHT, ring: 'Ring 1', award: 'NOM', catalogue_number: '12A', judge: 'A. Judge', published: 'true' }),
  result({ event: UTRECHT, ring: 'Main ring', award: 'Best in Show Kitten', place: '1', catalogue_number: '12A', published: 'false' }),
];

const totals = (r: ImportResult) =>
  r.plan.reduce((a, p) => ({ new: a.new + p.new, changed: a.changed + p.changed, unchanged: a.unchanged + p.unchanged }), { new: 0, changed: 0, unchanged: 0 });
const planOf = (r: ImportResult) => r.plan.find((p) => p.table === 'results');

describe.each(forEngines(['pglite', 'postgres'], 'the importer writes with parallel requests: concurrent transactions on PostgreSQL'))(
  'the results sheet: the judging in and out (%s)',
  (engine) => {
    let server: VenueServer;
    let service: SupabaseClient;
    /** The results as imported: the template's and MORE_RESULTS. */
    let resultCount = 0;
    const run = (folder: string, opts: { dryRun?: boolean; prune?: boolean } = {}) => importShow({ folder, client: service, url: server.url, ...opts });

    beforeAll(async () => {
      server = await startTestServer(engine, {}, { seed: false, ownDatabase: true });
      await server.db.query(`insert into storage.buckets (id, name, public) values ($1, $1, true) on conflict (id) do nothing`, [IMAGE_BUCKET]);
      service = client(server, 'service_role');
      const folder = tmp();
      cpSync(TEMPLATE, folder, { recursive: true });
      const results = readCsv(folder, 'results');
      expect(results.header).toEqual(RESULT_COLUMNS);
      writeCsv(folder, 'results', { ...results, rows: [...results.rows, ...MORE_RESULTS] });
      const r = await run(folder);
      expect(r.problems).toEqual([]);
      resultCount = results.rows.length + MORE_RESULTS.length;
      expect(planOf(r)).toMatchObject({ new: resultCount });
      // Visitor's Choice, as organiser_publish_visitors_choice writes it: not a row of any sheet.
      const { data: juno } = await service.from('catalogue_entries').select('id, event_id').eq('catalogue_number', '12A').single();
      const vc = await service
        .from('results')
        .insert({ event_id: juno!.event_id, ring: null, award: "Visitor's Choice", place: 1, entry_id: juno!.id, kind: 'visitors_choice', published: true });
      expect(vc.error).toBeNull();
    }, SLOW);
    afterAll(() => server?.close());

    it('stores each row as written: the ring as the schedule writes it, the cat of that event, an empty published as published', async () => {
      const { data, error } = await client(server, 'anon')
        .from('results')
        .select('ring, award, place, judge, kind, published_at, catalogue_entries(catalogue_number, name), events(name)')
        .eq('kind', 'judging')
        .order('id');
      expect(error).toBeNull();
      const rows = (data ?? []).map(({ published_at, ...r }) => ({ ...r, published: published_at !== null }));
      // The draft is not public: a phone's mirror never holds it.
      expect(rows).toEqual([
        {
          ring: 'Ring 1',
          award: 'EX1',
          place: null,
          judge: 'A. Judge',
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12', name: 'CH Forest Giants Bruno' },
          events: { name: UTRECHT },
        },
        {
          ring: 'Ring 1',
          award: 'Best Longhair Kitten',
          place: 1,
          judge: 'A. Judge',
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12A', name: 'Forest Giants Juno' },
          events: { name: UTRECHT },
        },
        {
          ring: 'Main ring',
          award: 'Best in Show',
          place: 1,
          judge: null,
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12', name: 'CH Forest Giants Bruno' },
          events: { name: UTRECHT },
        },
        {
          ring: 'Ring 1',
          award: 'Best Longhair Adult',
          place: 1,
          judge: 'A. Judge',
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12', name: 'CH Forest Giants Bruno' },
          events: { name: UTRECHT },
        },
        {
          ring: 'Ring 1',
          award: 'Best Longhair Adult',
          place: 2,
          judge: 'A. Judge',
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12A', name: 'Forest Giants Juno' },
          events: { name: UTRECHT },
        },
        {
          ring: 'Ring 1',
          award: 'NOM',
          place: null,
          judge: 'A. Judge',
          kind: 'judging',
          published: true,
          catalogue_entries: { catalogue_number: '12A', name: 'Forest Giants Juno' },
          events: { name: UTRECHT },
        },
      ]);
      const { count } = await service.from('results').select('id', { count: 'exact', head: true }).eq('published', false);
      expect(count).toBe(1);
    });

    it(
      'reports the mistakes of a results sheet line by line, as file:row:column — message, and writes nothing',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const ex1 = { event: UTRECHT, ring: 'Ring 1', award: 'EX1', catalogue_number: '12', judge: 'A. Judge' };
        writeCsv(folder, 'results', {
          header: RESULT_COLUMNS,
          rows: [
            result(ex1),
            result({ ...ex1, catalogue_number: '9999' }),
            // 101 is in the Antwerp show's catalogue, not in Utrecht's.
            result({ ...ex1, catalogue_number: '101' }),
            result({ ...ex1, ring: 'Ring 9' }),
            result({ ...ex1, award: 'Best Kitten', place: '0' }),
            result({ ...ex1, award: 'Best Kitten', place: 'first', catalogue_number: '12A' }),
            result({ ...ex1, ring: 'ring 1', award: 'ex1' }),
            result({ ...ex1, event: 'Paris Cat Show' }),
            result({ ...ex1, award: '' }),
            result({ ...ex1, ring: '', award: "Visitor's Choice", place: '1' }),
            result({ ...ex1, award: 'CAC', published: 'maybe' }),
          ],
        });
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([
          `results.csv:3:catalogue_number — no cat numbered 9999 is in the catalogue of "${UTRECHT}"`,
          `results.csv:4:catalogue_number — no cat numbered 101 is in the catalogue of "${UTRECHT}"`,
          'results.csv:5:ring — No session of this show is held in "Ring 9" (its sessions are held in: Ring 1, Main ring)',
          'results.csv:6:place — a place from 1 to 999, or empty for an award without places (EX1, NOM)',
          'results.csv:7:place — not a whole number: "first"',
          'results.csv:8:event — the same event + ring + award + catalogue_number as row 2',
          'results.csv:9:event — unknown event "Paris Cat Show"',
          'results.csv:10:award — required',
          "results.csv:11:award — Visitor's Choice is published from the votes, on the organiser's results page, not imported",
          'results.csv:12:published — not true or false: "maybe"',
        ]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(server)).toEqual(before);
      },
      SLOW,
    );

    it(
      "export → import changes nothing, as CSV and as a workbook; Visitor's Choice is neither exported nor pruned",
      async () => {
        const folder = tmp();
        const exported = await exportShow({ folder, client: service, url: server.url });
        expect(exported.missingImages).toEqual([]);
        const results = readCsv(folder, 'results');
        expect(results.header).toEqual(RESULT_COLUMNS);
        // The draft too (the export reads with the service role); not the poll's winners.
        expect(results.rows).toHaveLength(resultCount);
        expect(results.rows.map((r) => r.slice(2).join('|'))).toContain('Main ring|Best in Show Kitten|1|12A||false');
        expect(results.rows.some((r) => r.includes("Visitor's Choice"))).toBe(false);
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(planOf(r)).toEqual({ table: 'results', new: 0, changed: 0, unchanged: resultCount, absent: 0 });
        expect(totals(r)).toEqual({ new: 0, changed: 0, unchanged: exported.rows });
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        // --prune deletes only the sheet's kind of row.
        expect(planOf(await run(folder, { dryRun: true, prune: true }))).toMatchObject({ absent: 0 });

        const book = tmp();
        await exportShow({ folder: book, client: service, url: server.url, form: 'xlsx' });
        expect(readdirSync(book).sort()).toEqual(['images', 'show.xlsx']);
        const fromBook = await run(book);
        expect(fromBook.problems).toEqual([]);
        expect(fromBook.plan).toEqual(r.plan);
        expect(fromBook.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(server)).toEqual(before);
        expect((await service.from('results').select('award').eq('kind', 'visitors_choice')).data).toEqual([{ award: "Visitor's Choice" }]);
      },
      SLOW,
    );

    it(
      'one edited place is a one-row update, and a synced phone pulls exactly that row',
      async () => {
        const folder = tmp();
        await exportShow({ folder, client: service, url: server.url });
        const { db } = freshDb();
        const tap = tapClient(server);
        const phone = createSyncEngine({ db, client: tap.client, status: createSyncStatusStore(), persist: vi.fn(async () => true) });
        await sleep(WATERMARK_WAIT_MS);
        await phone.pull();
        // Published ones only: the draft stays on the server, the poll's winner is public.
        expect(await db.results.count()).toBe(resultCount);

        const results = readCsv(folder, 'results');
        const row = results.rows.findIndex((r) => r[RESULT_COLUMNS.indexOf('award')] === 'Best Longhair Adult' && r[RESULT_COLUMNS.indexOf('place')] === '2') + 2;
        const id = Number(cell(results, row, 'id'));
        // Found again by event + ring + award + number whatever the id column says.
        results.rows[row - 2]![RESULT_COLUMNS.indexOf('id')] = '';
        results.rows[row - 2]![RESULT_COLUMNS.indexOf('place')] = '3';
        writeCsv(folder, 'results', results);
        const before = await footprint(server);
        const dry = await run(folder, { dryRun: true });
        expect(dry.problems).toEqual([]);
        expect(planOf(dry)).toEqual({ table: 'results', new: 0, changed: 1, unchanged: resultCount - 1, absent: 0 });
        expect(totals(dry).changed).toBe(1);
        expect(await footprint(server)).toEqual(before);

        const r = await run(folder);
        expect(r.written).toEqual({ inserted: 0, updated: 1, deleted: 0 });
        await sleep(WATERMARK_WAIT_MS);
        const pulled = tap.received.length;
        const summary = await phone.pull();
        expect(summary).toMatchObject({ rows: 1, deleted: 0 });
        expect(rowKeys(tap.received.slice(pulled))).toEqual([`results:${id}`]);
        expect(await db.results.get(id)).toMatchObject({ ring: 'Ring 1', award: 'Best Longhair Adult', place: 3, judge: 'A. Judge', kind: 'judging' });
        await db.delete();
      },
      SLOW,
    );
  },
);

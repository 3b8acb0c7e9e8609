// The show catalogue through `npm run show` (the sheet `entries`, table catalogue_entries) against the real
// venue server through supabase-js: a sheet of mistakes reported line by line with nothing written, export →
// import changing nothing, and one edited entry reaching a synced phone as one row.
import 'fake-indexeddb/auto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
import { cell, footprint, readCsv, setCell, writeCsv } from '../helpers/show-folder.ts';

/** PGlite on a shared 2-CPU machine: an import stores the template's photos, an export fetches them. */
const SLOW = 240_000;
const TEMPLATE = join(import.meta.dirname, '../../show-template');
const ENTRY_COLUMNS = [
  'id',
  'event',
  'catalogue_number',
  'name',
  'breed',
  'colour',
  'sex',
  'date_of_birth',
  'class',
  'section',
  'cattery',
  'sire',
  'dam',
  'owner',
  'pen',
  'absent',
];
const UTRECHT = 'Utrecht Winter Cat Show';
const ANTWERP = 'Antwerp Spring Cat Show';

const folders: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'show-entries-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

/** An entries row from its cells by column name; the rest empty. */
const entry = (cells: Partial<Record<string, string>>): string[] => ENTRY_COLUMNS.map((c) => cells[c] ?? '');

/**
 * More of a catalogue than the template's three: late entries, a cat without a cattery or a date of birth,
 * absent cats, and cells a spreadsheet would read as a formula or split on (a name with quotes and a comma).
 */
const MORE_ENTRIES: string[][] = Array.from({ length: 24 }, (_, i) =>
  entry({
    event: i % 3 ? UTRECHT : ANTWERP,
    catalogue_number: `${200 + Math.floor(i / 2)}${i % 2 ? 'a' : ''}`,
    name: i === 5 ? 'IW SGC Amberlight\'s "Tiger" Lily, DM' : `Forest Giants Kitten ${i}`,
    breed: i % 4 ? 'MCO' : 'SPH',
    colour: i % 4 ? 'MCO n 22' : 'Black and White',
    sex: i % 2 ? 'female' : 'male',
    date_of_birth: i === 7 ? '' : `2026-0${(i % 6) + 1}-1${i % 10}`,
    class: i % 4 ? '12 Kitten' : 'Kitten',
    section: i % 4 ? 'Category II: semi-longhair' : '',
    cattery: i % 5 === 0 ? '' : 'Forest Giants',
    sire: 'CH Forest Giants Bruno',
    dam: i === 9 ? '-' : 'Forest Giants Fleur',
    owner: i === 11 ? '=Anna de Vries' : '',
    pen: `B${i + 1}`,
    absent: i % 7 === 0 ? 'true' : '',
  }),
);

const totals = (r: ImportResult) =>
  r.plan.reduce((a, p) => ({ new: a.new + p.new, changed: a.changed + p.changed, unchanged: a.unchanged + p.unchanged }), { new: 0, changed: 0, unchanged: 0 });

describe.each(forEngines(['pglite', 'postgres'], 'the importer writes with parallel requests: concurrent transactions on PostgreSQL'))(
  'the entries sheet: the show catalogue in and out (%s)',
  (engine) => {
    let server: VenueServer;
    let service: SupabaseClient;
    /** The catalogue as imported: the template's entries and MORE_ENTRIES. */
    let entryCount = 0;
    const run = (folder: string, opts: { dryRun?: boolean } = {}) => importShow({ folder, client: service, url: server.url, ...opts });

    beforeAll(async () => {
      server = await startTestServer(engine, {}, { seed: false, ownDatabase: true });
      await server.db.query(`insert into storage.buckets (id, name, public) values ($1, $1, true) on conflict (id) do nothing`, [IMAGE_BUCKET]);
      service = client(server, 'service_role');
      const folder = tmp();
      cpSync(TEMPLATE, folder, { recursive: true });
      const entries = readCsv(folder, 'entries');
      writeCsv(folder, 'entries', { ...entries, rows: [...entries.rows, ...MORE_ENTRIES] });
      const r = await run(folder);
      expect(r.problems).toEqual([]);
      entryCount = entries.rows.length + MORE_ENTRIES.length;
      expect(r.plan.find((p) => p.table === 'catalogue_entries')).toMatchObject({ new: entryCount });
    }, SLOW);
    afterAll(() => server?.close());

    it("imports the template's entries as written, numbers in their printed form, references by name", async () => {
      const { data, error } = await client(server, 'anon')
        .from('catalogue_entries')
        .select(
          'catalogue_number, name, colour, sex, date_of_birth, class, section, sire, dam, owner, pen, absent, events(name), breeds(universal_breed_abbreviation), catteries(name)',
        )
        .in('catalogue_number', ['12', '12A', '101', '200', '200A', '202A', '203A', '204A', '205A'])
        .order('catalogue_number');
      expect(error).toBeNull();
      expect(data).toEqual([
        {
          catalogue_number: '101',
          name: 'Velvet Skin Odin',
          colour: 'Black',
          sex: 'male',
          date_of_birth: '2024-02-11',
          class: 'Championship',
          section: 'Shorthair Championship',
          sire: null,
          dam: null,
          owner: null,
          pen: 'C12',
          absent: true,
          events: { name: ANTWERP },
          breeds: { universal_breed_abbreviation: 'SPH' },
          catteries: { name: 'Velvet Skin' },
        },
        {
          catalogue_number: '12',
          name: 'CH Forest Giants Bruno',
          colour: 'MCO n 22',
          sex: 'male',
          date_of_birth: '2023-05-14',
          class: '5 International Champion',
          section: 'Category II: semi-longhair',
          sire: null,
          dam: null,
          owner: 'A. de Vries',
          pen: 'A4',
          absent: false,
          events: { name: UTRECHT },
          breeds: { universal_breed_abbreviation: 'MCO' },
          catteries: { name: 'Forest Giants' },
        },
        expect.objectContaining({ catalogue_number: '12A', name: 'Forest Giants Juno', sire: 'CH Forest Giants Bruno', dam: 'Forest Giants Fleur', owner: null }),
        expect.objectContaining({
          catalogue_number: '200',
          events: { name: ANTWERP },
          breeds: { universal_breed_abbreviation: 'SPH' },
          section: null,
          catteries: null,
          absent: true,
        }),
        // Typed "200a".
        expect.objectContaining({
          catalogue_number: '200A',
          events: { name: UTRECHT },
          date_of_birth: '2026-02-11',
          catteries: { name: 'Forest Giants' },
          absent: false,
        }),
        expect.objectContaining({ catalogue_number: '202A', name: 'IW SGC Amberlight\'s "Tiger" Lily, DM', catteries: null }),
        expect.objectContaining({ catalogue_number: '203A', date_of_birth: null, absent: true }),
        expect.objectContaining({ catalogue_number: '204A', dam: '-' }),
        // A cell starting like a formula is the text as written.
        expect.objectContaining({ catalogue_number: '205A', owner: '=Anna de Vries' }),
      ]);
    });

    it(
      'reports ten mistakes in the entries sheet line by line, as file:row:column — message, and writes nothing',
      async () => {
        const folder = tmp();
        cpSync(TEMPLATE, folder, { recursive: true });
        const bruno = { event: UTRECHT, catalogue_number: '12', name: 'CH Forest Giants Bruno', breed: 'MCO', sex: 'male', cattery: 'Forest Giants', pen: 'A4' };
        writeCsv(folder, 'entries', {
          header: ENTRY_COLUMNS,
          rows: [
            entry(bruno),
            entry({ ...bruno, catalogue_number: '012', name: 'Forest Giants Juno', sex: 'female' }),
            entry({ ...bruno, catalogue_number: '13', breed: 'XYZ' }),
            entry({ ...bruno, catalogue_number: '14', sex: 'M' }),
            entry({ ...bruno, catalogue_number: '15', date_of_birth: '14/05/2023' }),
            entry({ ...bruno, catalogue_number: '16', cattery: 'Nowhere Cattery' }),
            entry({ ...bruno, catalogue_number: '17', absent: 'maybe' }),
            entry({ ...bruno, catalogue_number: '18', owner: 'anna@forestgiants.example' }),
            entry({ ...bruno, catalogue_number: 'twelve' }),
            entry({ ...bruno, catalogue_number: '19', event: 'Paris Cat Show' }),
            entry({ ...bruno, catalogue_number: '20', name: '' }),
          ],
        });
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([
          'entries.csv:3:catalogue_number — the same catalogue_number + event as row 2',
          'entries.csv:4:breed — unknown breed abbreviation "XYZ"',
          'entries.csv:5:sex — unknown sex "M"; allowed: male, female',
          'entries.csv:6:date_of_birth — not a date (YYYY-MM-DD): "14/05/2023"',
          'entries.csv:7:cattery — unknown cattery "Nowhere Cattery"',
          'entries.csv:8:absent — not true or false: "maybe"',
          "entries.csv:9:owner — an e-mail address or phone number: the public catalogue shows only the owner's name, and only with the exhibitor's consent",
          'entries.csv:10:catalogue_number — not a catalogue number (a number such as 52, or 52A for a late entry): "twelve"',
          'entries.csv:11:event — unknown event "Paris Cat Show"',
          'entries.csv:12:name — required',
        ]);
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(r.photos).toMatchObject({ stored: 0, uploaded: 0 });
        expect(await footprint(server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'export → import changes nothing with the entries present, as CSV and as a workbook',
      async () => {
        const folder = tmp();
        const exported = await exportShow({ folder, client: service, url: server.url });
        expect(exported.missingImages).toEqual([]);
        expect(existsSync(join(folder, 'catalogue_entries.csv'))).toBe(false);
        const entries = readCsv(folder, 'entries');
        expect(entries.header).toEqual(ENTRY_COLUMNS);
        expect(entries.rows).toHaveLength(entryCount);
        const formulaLike = entries.rows.find((r) => r[ENTRY_COLUMNS.indexOf('owner')]!.includes('Anna de Vries'));
        expect(formulaLike?.[ENTRY_COLUMNS.indexOf('owner')]).toBe("'=Anna de Vries");
        const before = await footprint(server);
        const r = await run(folder);
        expect(r.problems).toEqual([]);
        expect(r.plan.find((p) => p.table === 'catalogue_entries')).toEqual({ table: 'catalogue_entries', new: 0, changed: 0, unchanged: entryCount, absent: 0 });
        expect(totals(r)).toEqual({ new: 0, changed: 0, unchanged: exported.rows });
        expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });

        const book = tmp();
        await exportShow({ folder: book, client: service, url: server.url, form: 'xlsx' });
        expect(readdirSync(book).sort()).toEqual(['images', 'show.xlsx']);
        const fromBook = await run(book);
        expect(fromBook.problems).toEqual([]);
        expect(fromBook.plan).toEqual(r.plan);
        expect(fromBook.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
        expect(await footprint(server)).toEqual(before);
      },
      SLOW,
    );

    it(
      'one edited entry is a one-row update, and a synced phone pulls exactly that row',
      async () => {
        const folder = tmp();
        await exportShow({ folder, client: service, url: server.url });
        const { db } = freshDb();
        const tap = tapClient(server);
        const phone = createSyncEngine({ db, client: tap.client, status: createSyncStatusStore(), persist: vi.fn(async () => true) });
        await sleep(WATERMARK_WAIT_MS);
        await phone.pull();
        expect(await db.catalogue_entries.count()).toBe(entryCount);

        const entries = readCsv(folder, 'entries');
        const row = entries.rows.findIndex((r) => r[ENTRY_COLUMNS.indexOf('catalogue_number')] === '12A') + 2;
        const id = Number(cell(entries, row, 'id'));
        // Found again by event + number whatever the id column says, and "012a" is the number 12A.
        setCell(folder, 'entries', row, 'id', '');
        setCell(folder, 'entries', row, 'catalogue_number', '012a');
        const same = await run(folder, { dryRun: true });
        expect(same.problems).toEqual([]);
        expect(totals(same)).toMatchObject({ new: 0, changed: 0 });

        setCell(folder, 'entries', row, 'pen', 'F1');
        const before = await footprint(server);
        const dry = await run(folder, { dryRun: true });
        expect(dry.plan.find((p) => p.table === 'catalogue_entries')).toEqual({ table: 'catalogue_entries', new: 0, changed: 1, unchanged: entryCount - 1, absent: 0 });
        expect(totals(dry).changed).toBe(1);
        expect(await footprint(server)).toEqual(before);

        const r = await run(folder);
        expect(r.written).toEqual({ inserted: 0, updated: 1, deleted: 0 });
        await sleep(WATERMARK_WAIT_MS);
        const pulled = tap.received.length;
        const summary = await phone.pull();
        expect(summary).toMatchObject({ rows: 1, deleted: 0 });
        expect(rowKeys(tap.received.slice(pulled))).toEqual([`catalogue_entries:${id}`]);
        expect(await db.catalogue_entries.get(id)).toMatchObject({ catalogue_number: '12A', name: 'Forest Giants Juno', pen: 'F1' });
        await db.delete();
      },
      SLOW,
    );
  },
);

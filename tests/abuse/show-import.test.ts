// The import reads only its folder: a show folder is a file someone may hand the organiser. Its
// photos and sheets may be links to the organiser's secrets or name files beside the folder, its workbook
// may declare a million rows in 1.6 KB, and its cells may be formulas waiting for the organiser's
// spreadsheet. The real venue server and `importShow`/`exportShow` as `npm run show` runs them.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DEMO_SERVICE_ROLE_KEY } from '../../server/config.ts';
import type { VenueServer } from '../../server/start.ts';
import { exportShow } from '../../server/show-io/export.ts';
import { importShow } from '../../server/show-io/import.ts';
import { client, startTestServer } from '../helpers/server.ts';

const TEMPLATE = join(import.meta.dirname, '../../show-template');
const TSX = join(import.meta.dirname, '../../node_modules/.bin/tsx');
const REPO = join(import.meta.dirname, '../..');
/** PGlite on a shared 2-CPU machine. */
const SLOW = 120_000;

const dirs: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'show-abuse-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The template as a folder `show` with a sibling `show-private` holding what must stay private. */
function hall(): { show: string; secret: string; secretText: string; sibling: string } {
  const root = tmp();
  const show = join(root, 'show');
  cpSync(TEMPLATE, show, { recursive: true });
  const sibling = join(root, 'show-private');
  mkdirSync(sibling);
  // What a venue laptop's .env.local holds: the JWT secret signs service-role tokens.
  const secretText = `JWT_SECRET=${createHash('sha256').update(root).digest('hex')}\n`;
  const secret = join(sibling, '.env.local');
  writeFileSync(secret, secretText);
  writeFileSync(join(sibling, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><text>private</text></svg>');
  return { show, secret, secretText, sibling };
}

function setCell(folder: string, table: string, row: number, column: string, value: string): void {
  const [header, ...rows] = parse(readFileSync(join(folder, `${table}.csv`))) as string[][];
  rows[row - 2]![header!.indexOf(column)] = value;
  writeFileSync(join(folder, `${table}.csv`), stringify([header!, ...rows]));
}

/** Every object under photos/ in the images bucket (the import's stored photos). */
async function storedPhotos(service: SupabaseClient): Promise<string[]> {
  const { data, error } = await service.storage.from('images').list('photos', { limit: 1000 });
  if (error && !/not found/i.test(error.message)) throw error;
  return (data ?? []).map((f) => f.name).sort();
}

/** A part packed ahead: its deflated bytes, unpacked size and CRC (a zip bomb is packed this way). */
interface Packed {
  packed: Buffer;
  size: number;
  crc: number;
}

/** A zip of the given parts, deflated, as a spreadsheet program writes one (no library: the attacker's view). */
function zipOf(parts: Record<string, string | Packed>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const data = typeof part === 'string' ? Buffer.from(part) : null;
    const { packed, size, crc } = data ? { packed: deflateRawSync(data), size: data.length, crc: crc32(data) } : (part as Packed);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `mib` MiB of spaces deflated into a few hundred KB: one packed MiB repeated (each piece stands alone). */
function bomb(mib: number): Packed {
  const mebibyte = Buffer.alloc(1 << 20, 0x20);
  const piece = deflateRawSync(mebibyte, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(mebibyte, crc);
  return { packed: Buffer.concat([...Array<Buffer>(mib).fill(piece), deflateRawSync(Buffer.alloc(0))]), size: mib << 20, crc };
}

const cellText = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;

/** A one-sheet workbook (the sheet is litters) whose sheet XML is `sheet`, with more parts if given. */
function workbook(sheet: string, more: { definedNames?: string; parts?: Record<string, string | Packed> } = {}): Buffer {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="litters" sheetId="1" r:id="rId1"/></sheets>` +
      `${more.definedNames ? `<definedNames>${more.definedNames}</definedNames>` : ''}</workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}">${sheet}</worksheet>`,
    ...more.parts,
  });
}

/** The report's workbook: a cell at XFD1 and a row at 1048576. */
const hugeDeclaredWorkbook = () =>
  workbook(
    `<dimension ref="A1:XFD1048576"/><sheetData><row r="1">${cellText('A1', 'id')}${cellText('XFD1', 'x')}</row><row r="1048576">${cellText('A1048576', '1')}</row></sheetData>`,
  );
const header = `<sheetData><row r="1">${cellText('A1', 'id')}</row></sheetData>`;

describe('the show import reads only its folder', () => {
  let server: VenueServer;
  let service: SupabaseClient;
  const run = (folder: string, dryRun = false) => importShow({ folder, client: service, url: server.url, dryRun });

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { seed: false });
    service = client(server, 'service_role');
    await server.db.query(`insert into storage.buckets (id, name, public) values ('images', 'images', true) on conflict (id) do nothing`);
  }, SLOW);
  afterAll(() => server?.close());

  it(
    'refuses a photo that is a link to a secret outside the folder, naming each cell, and uploads nothing',
    async () => {
      const { show, secret, secretText } = hall();
      rmSync(join(show, 'photos/maine-coon-kitten.svg'));
      symlinkSync(secret, join(show, 'photos/maine-coon-kitten.svg'));
      const before = await storedPhotos(service);
      const r = await run(show);
      const refusal = '"photos/maine-coon-kitten.svg" is a symbolic link: the import reads only files in the show folder itself, never through a link';
      expect(r.problems).toEqual([`litters.csv:2:litter_image_url — ${refusal}`, `litter_images.csv:2:image_url — ${refusal}`]);
      expect(r.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(r.photos).toMatchObject({ stored: 0, uploaded: 0 });
      expect(await storedPhotos(service)).toEqual(before);
      // Where storeOriginal would have put it: photos/<sha256 of the bytes, 16 hex>.svg.
      const path = `photos/${createHash('sha256').update(secretText).digest('hex').slice(0, 16)}.svg`;
      const served = await fetch(`${server.url}/storage/v1/object/public/images/${path}`);
      expect(served.ok).toBe(false);
      expect(await served.text()).not.toContain('JWT_SECRET');
    },
    SLOW,
  );

  it(
    'refuses a path to a sibling folder whose name starts like the show folder (../show-private/x.svg)',
    async () => {
      const { show } = hall();
      setCell(show, 'litters', 2, 'litter_image_url', '../show-private/x.svg');
      setCell(show, 'breeds', 2, 'overview_image', '/etc/hostname');
      const r = await run(show, true);
      expect(r.problems).toEqual([
        'breeds.csv:2:overview_image — "/etc/hostname" is not inside the show folder: the import reads only files in it',
        'litters.csv:2:litter_image_url — "../show-private/x.svg" is not inside the show folder: the import reads only files in it',
      ]);
    },
    SLOW,
  );

  it(
    'refuses a folder inside the show folder that is a link, and a sheet that is a link',
    async () => {
      const { show, sibling, secret } = hall();
      // photos/ → a folder elsewhere holding the same drawings: every photo read through it is refused.
      cpSync(join(show, 'photos'), join(sibling, 'photos'), { recursive: true });
      rmSync(join(show, 'photos'), { recursive: true });
      symlinkSync(join(sibling, 'photos'), join(show, 'photos'));
      rmSync(join(show, 'organizations.csv'));
      symlinkSync(secret, join(show, 'organizations.csv'));
      const r = await run(show, true);
      const through = (name: string) =>
        `"${name}" goes through photos, which is a symbolic link: the import reads only files in the show folder itself, never through a link`;
      expect(r.problems).toEqual(
        expect.arrayContaining([
          'organizations.csv — "organizations.csv" is a symbolic link: the import reads only files in the show folder itself, never through a link',
          `breeds.csv:2:overview_image — ${through('photos/maine-coon.svg')}`,
          `litters.csv:2:litter_image_url — ${through('photos/maine-coon-kitten.svg')}`,
          `litter_images.csv:3:image_url — ${through('photos/sphynx-kitten.svg')}`,
        ]),
      );
      expect(r.problems.join('\n')).not.toContain('JWT_SECRET');
      expect(r.photos.pending).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses a 1.6 KB workbook declaring a cell at XFD1 and a row at 1048576 (and its cousins), at once and with a bounded heap',
    async () => {
      const book = hugeDeclaredWorkbook();
      expect(book.length).toBeLessThan(2048);
      // Each a few KB, each a heap of exceljs objects: merges, validations and defined names are filled in cell by cell.
      const books: [string, Buffer, string][] = [
        ['report', book, 'show.xlsx[litters] — declares its size as A1:XFD1048576, so row 1,048,576: a sheet may have at most 100,000 rows'],
        [
          'merge',
          workbook(`${header}<mergeCells count="1"><mergeCell ref="A2:CV100000"/></mergeCells>`),
          'show.xlsx[litters] — holds more than 1,500,000 cells (rows × the widest row, and the cells of merges, validations and names): at most that many are read',
        ],
        [
          'validation',
          workbook(`${header}<dataValidations count="1"><dataValidation type="list" sqref="B2:B1048576"><formula1>"a,b"</formula1></dataValidation></dataValidations>`),
          'show.xlsx[litters] — validates cells up to B2:B1048576, so row 1,048,576: a sheet may have at most 100,000 rows',
        ],
        [
          'name',
          workbook(header, { definedNames: '<definedName name="everything">litters!$A$1:$XFD$1048576</definedName>' }),
          'show.xlsx — the defined name "everything" spans $A$1:$XFD$1048576: a sheet may have at most 100,000 rows and 100 columns',
        ],
        [
          'columns',
          workbook(`<cols><col min="1" max="2000000000" width="9"/></cols>${header}`),
          'show.xlsx[litters] — sets columns up to 2,000,000,000: a spreadsheet has 16,384',
        ],
        ['bomb', workbook(header, { parts: { 'xl/sharedStrings.xml': bomb(130) } }), 'show.xlsx — unzips to more than 128 MB: a workbook may hold at most that'],
      ];
      const folders = books.map(([name, bytes]) => {
        const folder = join(tmp(), name);
        mkdirSync(folder);
        writeFileSync(join(folder, 'show.xlsx'), bytes);
        return folder;
      });
      // In a child with a 256 MB heap: on the code before, the import ran out of a 4 GB heap after a minute.
      const script = join(tmp(), 'read.mts');
      writeFileSync(
        script,
        `import { readFolder } from ${JSON.stringify(join(REPO, 'server/show-io/folder.ts'))};
       import { importShow } from ${JSON.stringify(join(REPO, 'server/show-io/import.ts'))};
       import { testClient } from ${JSON.stringify(join(REPO, 'tests/helpers/client.ts'))};
       const client = testClient(process.env.SUPABASE_URL, process.env.SUPABASE_SERVICE_ROLE_KEY);
       for (const folder of process.argv.slice(2)) {
         const t = performance.now();
         const read = await readFolder(folder);
         const ms = performance.now() - t;
         const r = await importShow({ folder, client, url: process.env.SUPABASE_URL, dryRun: true });
         console.log(JSON.stringify({ ms, read: read.problems, problems: r.problems, heapMb: process.memoryUsage().heapUsed / 2 ** 20 }));
       }`,
      );
      const child = await new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) => {
        const started = performance.now();
        execFile(
          TSX,
          [script, ...folders],
          {
            cwd: REPO,
            timeout: 60_000,
            env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=256', SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY },
          },
          (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr, ms: performance.now() - started }),
        );
      });
      const results = child.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { ms: number; read: string[]; problems: string[]; heapMb: number });
      books.forEach(([name, , message], i) => {
        expect(results[i], `${name}: ${child.stderr.slice(-1500)}`).toBeDefined();
        expect(results[i]!.read, name).toEqual([message]);
        expect(results[i]!.problems, name).toEqual([message]);
      });
      expect(child.code).toBe(0);
      expect(results[0]!.ms).toBeLessThan(1000);
      console.log(
        `[show-import abuse] XFD1/1048576 workbook (${book.length} bytes) refused in ${results[0]!.ms.toFixed(1)} ms; ` +
          books.map(([name, bytes], i) => `${name} ${bytes.length} B ${results[i]!.ms.toFixed(0)} ms`).join(', ') +
          `; child heap ${Math.round(results.at(-1)!.heapMb)} MB, child run ${Math.round(child.ms)} ms`,
      );
    },
    SLOW,
  );

  it(
    'refuses a CSV past the row, column or cell limits, naming the file and line',
    async () => {
      const { show } = hall();
      writeFileSync(join(show, 'litter_images.csv'), `id,litter,image_url\n${'1,x,y\n'.repeat(100_000)}`);
      writeFileSync(join(show, 'organizations.csv'), `name,abbreviation,description\nA,B,C\n${'x,'.repeat(150)}x\n`);
      const r = await run(show, true);
      expect(r.problems).toEqual(
        expect.arrayContaining([
          'organizations.csv:3 — 151 columns: a sheet may have at most 100',
          'litter_images.csv:100001 — more than 100,000 rows: a sheet may have at most that many',
        ]),
      );
    },
    SLOW,
  );

  it(
    "exports an organiser's formula-like cells defused as the votes CSV does, and re-imports them unchanged",
    async () => {
      const names = ['=HYPERLINK("http://evil","x")', '+31 6 1234 5678', '-2+3', '@SUM(A1:A2)', '\t=1', '＝1+1', "'=already quoted", 'Plain & Co'];
      const { error } = await service
        .from('advertisers')
        .insert(names.map((company_name, i) => ({ company_name, intro_text: i === 0 ? '=1+1' : null, longitude: i === 0 ? -73.98 : null })));
      expect(error).toBeNull();

      const folder = tmp();
      await exportShow({ folder, client: service, url: server.url });
      const csv = readFileSync(join(folder, 'advertisers.csv'), 'utf8');
      expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
      const [header, ...rows] = parse(csv) as string[][];
      const column = (name: string) => rows.map((r) => r[header!.indexOf(name)]!);
      expect(column('company_name')).toEqual([
        '\'=HYPERLINK("http://evil","x")',
        "'+31 6 1234 5678",
        "'-2+3",
        "'@SUM(A1:A2)",
        "'\t=1",
        "'＝1+1",
        "''=already quoted",
        'Plain & Co',
      ]);
      expect(column('intro_text')[0]).toBe("'=1+1");
      expect(column('longitude')[0]).toBe("'-73.98");

      const book = tmp();
      await exportShow({ folder: book, client: service, url: server.url, form: 'xlsx' });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(join(book, 'show.xlsx'));
      const sheet = wb.getWorksheet('advertisers')!;
      const nameColumn = (sheet.getRow(1).values as unknown[]).indexOf('company_name');
      expect(sheet.getCell(2, nameColumn).value).toBe('\'=HYPERLINK("http://evil","x")');
      expect(sheet.getCell(2, nameColumn).formula).toBeUndefined();

      // The round trip, without the tab: the import trims a cell's spaces, so "\t=1" never came back whole.
      await service.from('advertisers').delete().eq('company_name', '\t=1');
      const kept = names.filter((n) => n !== '\t=1');
      for (const form of ['csv', 'xlsx'] as const) {
        const exported = tmp();
        await exportShow({ folder: exported, client: service, url: server.url, form });
        const again = await run(exported);
        expect(again.problems).toEqual([]);
        expect(again.plan.find((p) => p.table === 'advertisers')).toMatchObject({ new: 0, changed: 0, unchanged: kept.length });
        expect(again.written).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      }
      const { data } = await service.from('advertisers').select('company_name, intro_text, longitude').order('id');
      expect(data!.map((r) => r.company_name as string)).toEqual(kept);
      expect(data![0]).toMatchObject({ intro_text: '=1+1', longitude: -73.98 });
    },
    SLOW,
  );
});

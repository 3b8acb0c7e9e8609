// A workbook's declared size, read from its zip before exceljs builds it. exceljs makes an object for every
// cell a sheet declares, and for every cell a merge, a data validation or a defined name spans: a 1.6 KB
// workbook with a cell at XFD1 and a row at 1048576 ran the importer out of a 4 GB heap. So each part is
// unzipped here with a bound on its bytes (zip bombs), and the sheets' rows, columns and cells are counted
// from their XML, stopping at the first limit passed (limits.ts).
import { inflateRawSync } from 'node:zlib';
import { EXCEL_MAX_COLUMN, SHEET_MAX_CELLS, SHEET_MAX_COLUMNS, SHEET_MAX_ROWS, WORKBOOK_MAX_PARTS, WORKBOOK_MAX_UNZIPPED_BYTES } from './limits.ts';
import { megabytes } from './folder-files.ts';

class TooBig extends Error {}

const num = (n: number) => n.toLocaleString('en');

/** The parts of a zip, unzipped, with a bound on their sum. Throws TooBig, or Error for a broken zip. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const EOCD = 0x06054b50;
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a workbook (no zip directory)');
  const count = zip.readUInt16LE(end + 10);
  const directory = zip.readUInt32LE(end + 16);
  if (count === 0xffff || directory === 0xffffffff) throw new Error('not a workbook this import reads (ZIP64)');
  if (count > WORKBOOK_MAX_PARTS) throw new TooBig(`holds ${num(count)} parts: a workbook may have at most ${num(WORKBOOK_MAX_PARTS)}`);
  const parts = new Map<string, Buffer>();
  let budget = WORKBOOK_MAX_UNZIPPED_BYTES;
  let at = directory;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new Error('not a workbook (broken zip directory)');
    const method = zip.readUInt16LE(at + 10);
    const packed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`not a workbook (broken zip entry ${name})`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + packed > zip.length) throw new Error(`not a workbook (zip entry ${name} cut short)`);
    const data = zip.subarray(start, start + packed);
    let bytes: Buffer;
    if (method === 0) bytes = data;
    else if (method === 8) {
      try {
        bytes = inflateRawSync(data, { maxOutputLength: budget + 1 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') bytes = Buffer.alloc(budget + 1);
        else throw new Error(`not a workbook (zip entry ${name}: ${(e as Error).message})`);
      }
    } else throw new Error(`not a workbook this import reads (zip entry ${name} packed by method ${method})`);
    if (bytes.length > budget) throw new TooBig(`unzips to more than ${megabytes(WORKBOOK_MAX_UNZIPPED_BYTES)}: a workbook may hold at most that`);
    budget -= bytes.length;
    parts.set(name.replace(/^\/+/, ''), bytes);
  }
  return parts;
}

const attributes = (tag: string): Map<string, string> =>
  new Map([...tag.matchAll(/(?:^|\s)([\w:]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1]!.replace(/^.*:/, ''), m[2] ?? m[3] ?? '']));

/** "XFD1048576" → its column and row numbers (either part may be missing: "XFD", "7"). */
function cellRef(ref: string): { col: number; row: number } | null {
  const m = /^\$?([A-Za-z]{0,7})\$?(\d{0,15})$/.exec(ref.trim());
  if (!m || (!m[1] && !m[2])) return null;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col, row: m[2] ? Number(m[2]) : 0 };
}

const columnName = (col: number): string => {
  let name = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** The ranges a reference list names ("A1:B2 D4", "Sheet!$A$1:$XFD$1048576"): each's far corner and area. */
function ranges(list: string): { col: number; row: number; area: number; text: string }[] {
  const out: { col: number; row: number; area: number; text: string }[] = [];
  for (const m of list.matchAll(/(\$?[A-Za-z]{1,7}\$?\d{1,15})(?::(\$?[A-Za-z]{1,7}\$?\d{1,15}))?/g)) {
    const a = cellRef(m[1]!);
    const b = m[2] ? cellRef(m[2]) : a;
    if (!a || !b) continue;
    const area = (Math.abs(b.col - a.col) + 1) * (Math.abs(b.row - a.row) + 1);
    out.push({ col: Math.max(a.col, b.col), row: Math.max(a.row, b.row), area, text: m[0] });
  }
  return out;
}

/** The sheet names of a workbook by their part ("xl/worksheets/sheet1.xml" → "litters"). */
function sheetNames(parts: Map<string, Buffer>): Map<string, string> {
  const targets = new Map<string, string>();
  for (const m of (parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '').matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const a = attributes(m[0]);
    const target = a.get('Target');
    if (a.get('Id') && target) targets.set(a.get('Id')!, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const names = new Map<string, string>();
  for (const m of (parts.get('xl/workbook.xml')?.toString('utf8') ?? '').matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const a = attributes(m[0]);
    const target = targets.get(a.get('id') ?? '');
    if (target && a.get('name')) names.set(target, a.get('name')!);
  }
  return names;
}

/**
 * Why a workbook may not be read, or undefined when it fits the limits. `book` names it in the message
 * ("show.xlsx[litters] — declares row 1,048,576: a sheet may have at most 100,000 rows").
 */
export function workbookTooBig(book: string, zip: Buffer): string | undefined {
  let parts: Map<string, Buffer>;
  try {
    parts = unzip(zip);
  } catch (e) {
    return `${book} — ${(e as Error).message}`;
  }
  const names = sheetNames(parts);
  let cells = 0;
  const cellsMessage = (where: string) =>
    `${where} — holds more than ${num(SHEET_MAX_CELLS)} cells (rows × the widest row, and the cells of merges, validations and names): at most that many are read`;
  for (const [part, bytes] of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(part)) continue;
    const where = `${book}[${(names.get(part) ?? part).trim()}]`;
    const tooFar = (what: string, col: number, row: number): string | undefined => {
      if (row > SHEET_MAX_ROWS) return `${where} — ${what} row ${num(row)}: a sheet may have at most ${num(SHEET_MAX_ROWS)} rows`;
      if (col > SHEET_MAX_COLUMNS) return `${where} — ${what} column ${columnName(col)} (${num(col)}): a sheet may have at most ${num(SHEET_MAX_COLUMNS)} columns`;
      return undefined;
    };
    // latin1: the tags are ASCII, and a text's bytes cannot make a '<' of their own.
    const xml = bytes.toString('latin1');
    let row = 0;
    let col = 0;
    // The import reads a sheet as a table as wide as its widest row, down to its last row.
    let lastRow = 0;
    let widest = 0;
    for (const m of xml.matchAll(/<(?:[A-Za-z_][\w.-]*:)?(row|c|dimension|mergeCell|dataValidation|col)\b([^>]*)>/g)) {
      const tag = m[1]!;
      let problem: string | undefined;
      // Rows and cells are most of a sheet: only their r is read.
      const r = tag === 'row' || tag === 'c' ? /(?:^|\s)(?:\w+:)?r\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(m[2]!) : null;
      const a = r ? new Map([['r', r[1] ?? r[2] ?? '']]) : tag === 'row' || tag === 'c' ? new Map<string, string>() : attributes(m[2]!);
      if (tag === 'row') {
        row = Number(a.get('r')) || row + 1;
        col = 0;
        lastRow = Math.max(lastRow, row);
        problem = tooFar('has a', 0, row);
        if (lastRow * widest > SHEET_MAX_CELLS) problem ??= cellsMessage(where);
      } else if (tag === 'c') {
        const at = a.has('r') ? cellRef(a.get('r')!) : null;
        col = at?.col || col + 1;
        problem = tooFar('has a cell at', col, at?.row || row);
        lastRow = Math.max(lastRow, at?.row || row);
        widest = Math.max(widest, col);
        if (++cells > SHEET_MAX_CELLS || lastRow * widest > SHEET_MAX_CELLS) problem ??= cellsMessage(where);
      } else if (tag === 'col') {
        const max = Number(a.get('max') ?? 0);
        if (max > EXCEL_MAX_COLUMN) problem = `${where} — sets columns up to ${num(max)}: a spreadsheet has ${num(EXCEL_MAX_COLUMN)}`;
      } else {
        const what = tag === 'dimension' ? 'declares its size as' : tag === 'mergeCell' ? 'merges cells up to' : 'validates cells up to';
        for (const r of ranges(a.get(tag === 'dataValidation' ? 'sqref' : 'ref') ?? '')) {
          problem ??= tooFar(`${what} ${r.text}, so`, r.col, r.row);
          // exceljs makes an object for each cell a merge or a validation spans.
          if (tag !== 'dimension' && (cells += r.area) > SHEET_MAX_CELLS) problem ??= cellsMessage(where);
        }
      }
      if (problem) return problem;
    }
  }
  // A defined name (a print area, a named range) is a cell list exceljs fills in as well.
  for (const m of (parts.get('xl/workbook.xml')?.toString('utf8') ?? '').matchAll(/<(?:\w+:)?definedName\b([^>]*)>([^<]*)</g)) {
    const name = attributes(m[1]!).get('name') ?? '';
    for (const r of ranges(m[2]!)) {
      if (r.row > SHEET_MAX_ROWS || r.col > SHEET_MAX_COLUMNS) {
        return `${book} — the defined name "${name}" spans ${r.text}: a sheet may have at most ${num(SHEET_MAX_ROWS)} rows and ${num(SHEET_MAX_COLUMNS)} columns`;
      }
      if ((cells += r.area) > SHEET_MAX_CELLS) return cellsMessage(book);
    }
  }
  return undefined;
}

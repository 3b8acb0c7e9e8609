// Reads and writes a show folder's sheets: one <sheet>.csv per table, or one .xlsx workbook with a sheet per
// table (named after the table, but `entries` for catalogue_entries: tables.ts sheetNameOf). Cells are text here; row numbers are the ones a spreadsheet shows (the header is row 1).
//
// Every file is read through folder-files.ts (inside the folder, no links) and measured before it is parsed
// (limits.ts). A cell starting like a formula is written with an apostrophe before it, as the votes CSV does
// (shared/spreadsheet-text.ts), and read back without it.
import { existsSync, readdirSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { defuseFormula, undoDefuseFormula } from '../../shared/spreadsheet-text.ts';
import { SHEET_NAMES, sheetNameOf, tableOfSheet } from './tables.ts';
import { readFolderFile, writeFolderFile } from './folder-files.ts';
import { SHEET_FILE_MAX_BYTES, SHEET_MAX_CELLS, SHEET_MAX_COLUMNS, SHEET_MAX_ROWS } from './limits.ts';
import { workbookTooBig } from './workbook-size.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';

export interface SheetRow {
  /** The spreadsheet's row number. */
  row: number;
  cells: Record<string, string>;
}

export interface Sheet {
  table: MirrorTable;
  /** How messages name it: "litters.csv" or "show.xlsx[litters]". */
  label: string;
  headers: string[];
  rows: SheetRow[];
}

export interface ReadResult {
  sheets: Sheet[];
  /** Problems with the folder itself (file:row:column — message lines). */
  problems: string[];
}

function toSheet(table: MirrorTable, label: string, records: string[][]): Sheet {
  const [header = [], ...body] = records;
  const headers = header.map((h) => h.trim());
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return; // a blank line keeps its number but is no row
    rows.push({ row: i + 2, cells: Object.fromEntries(headers.map((h, j) => [h, undoDefuseFormula(cells[j] ?? '')])) });
  });
  return { table, label, headers, rows };
}

/** The workbook in the folder, if it has one (and no CSV sheets). */
function workbookIn(folder: string): string | undefined {
  return readdirSync(folder).find((f) => f.toLowerCase().endsWith('.xlsx') && !f.startsWith('~$'));
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Excel keeps a time of day as a date on 1899-12-30.
    if (iso.startsWith('1899-12-30') || iso.startsWith('1899-12-31')) return iso.slice(11, 19);
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return cellText(value.text as ExcelJS.CellValue);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

class SheetTooBig extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** A CSV's records, stopped at the first row past the limits (the file's size was checked when it was read). */
function parseCsv(text: Buffer): string[][] {
  let cells = 0;
  let widest = 0;
  return parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    on_record: (record: string[], { lines }: { lines: number }) => {
      if (lines > SHEET_MAX_ROWS) throw new SheetTooBig(lines, `more than ${SHEET_MAX_ROWS.toLocaleString('en')} rows: a sheet may have at most that many`);
      if (record.length > SHEET_MAX_COLUMNS) throw new SheetTooBig(lines, `${record.length.toLocaleString('en')} columns: a sheet may have at most ${SHEET_MAX_COLUMNS}`);
      widest = Math.max(widest, record.length);
      // The import reads a sheet as a table as wide as its widest row.
      if ((cells += record.length) > SHEET_MAX_CELLS || lines * widest > SHEET_MAX_CELLS)
        throw new SheetTooBig(lines, `more than ${SHEET_MAX_CELLS.toLocaleString('en')} cells: a sheet may have at most that many`);
      return record;
    },
  }) as string[][];
}

export async function readFolder(folder: string): Promise<ReadResult> {
  const problems: string[] = [];
  if (!existsSync(folder)) return { sheets: [], problems: [`${folder} — no such folder`] };
  const files = readdirSync(folder);
  const csvs = files.filter((f) => f.toLowerCase().endsWith('.csv'));
  const book = workbookIn(folder);
  const sheets: Sheet[] = [];
  if (book && csvs.length) {
    return { sheets, problems: [`${book} — the folder holds both a workbook and CSV files: keep one form`] };
  }
  if (book) {
    let zip: Buffer;
    try {
      zip = readFolderFile(folder, book, SHEET_FILE_MAX_BYTES);
    } catch (e) {
      return { sheets, problems: [`${book} — ${(e as Error).message}`] };
    }
    const tooBig = workbookTooBig(book, zip);
    if (tooBig) return { sheets, problems: [tooBig] };
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer);
    } catch (e) {
      return { sheets, problems: [`${book} — not readable as a workbook: ${(e as Error).message}`] };
    }
    for (const ws of wb.worksheets) {
      const name = ws.name.trim();
      const table = tableOfSheet(name);
      if (!table) {
        problems.push(`${book}[${name}] — unknown sheet (sheets are named after tables: ${SHEET_NAMES.join(', ')})`);
        continue;
      }
      const records: string[][] = [];
      const width = ws.getRow(1).cellCount;
      for (let r = 1; r <= ws.rowCount; r++) {
        const row = ws.getRow(r);
        records.push(Array.from({ length: Math.max(width, row.cellCount) }, (_, c) => cellText(row.getCell(c + 1).value)));
      }
      sheets.push(toSheet(table, `${book}[${name}]`, records));
    }
    return { sheets, problems };
  }
  for (const file of csvs) {
    const table = tableOfSheet(file.slice(0, -4));
    if (!table) {
      problems.push(`${file} — unknown file (files are named after tables: ${SHEET_NAMES.map((t) => `${t}.csv`).join(', ')})`);
      continue;
    }
    let text: Buffer;
    try {
      text = readFolderFile(folder, file, SHEET_FILE_MAX_BYTES);
    } catch (e) {
      problems.push(`${file} — ${(e as Error).message}`);
      continue;
    }
    let records: string[][];
    try {
      records = parseCsv(text);
    } catch (e) {
      if (e instanceof SheetTooBig) {
        problems.push(`${file}:${e.line} — ${e.message}`);
        continue;
      }
      const err = e as { lines?: number; message: string };
      problems.push(`${file}:${err.lines ?? 1} — not readable as CSV: ${err.message}`);
      continue;
    }
    sheets.push(toSheet(table, file, records));
  }
  return { sheets, problems };
}

export interface OutSheet {
  table: MirrorTable;
  headers: string[];
  rows: string[][];
}

/** Writes one CSV per table, or one workbook (show.xlsx); a cell that starts like a formula is defused. */
export async function writeFolder(folder: string, sheets: OutSheet[], form: 'csv' | 'xlsx'): Promise<string[]> {
  const rowsOf = (s: OutSheet) => s.rows.map((r) => r.map(defuseFormula));
  if (form === 'csv') {
    for (const s of sheets) writeFolderFile(folder, `${sheetNameOf(s.table)}.csv`, Buffer.from(stringify([s.headers, ...rowsOf(s)])));
    return sheets.map((s) => `${sheetNameOf(s.table)}.csv`);
  }
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(sheetNameOf(s.table));
    ws.addRow(s.headers).font = { bold: true };
    for (const r of rowsOf(s)) ws.addRow(r);
    // Text cells: a date or a number stays the exact text the import reads back.
    ws.eachRow((row) => row.eachCell((cell) => (cell.numFmt = '@')));
  }
  writeFolderFile(folder, 'show.xlsx', new Uint8Array(await wb.xlsx.writeBuffer()));
  return ['show.xlsx'];
}

// Reads and writes a show folder's sheets: one <table>.csv per table, or one .xlsx workbook with a sheet per
// table. Cells are text here; row numbers are the ones a spreadsheet shows (the header is row 1).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { SHOW_TABLES } from './tables.ts';
import type { MirrorTable } from '../../src/data/db.ts';

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

const TABLE_NAMES = new Set<string>(SHOW_TABLES.map((t) => t.table));

function toSheet(table: MirrorTable, label: string, records: string[][]): Sheet {
  const [header = [], ...body] = records;
  const headers = header.map((h) => h.trim());
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return; // a blank line keeps its number but is no row
    rows.push({ row: i + 2, cells: Object.fromEntries(headers.map((h, j) => [h, cells[j] ?? ''])) });
  });
  return { table, label, headers, rows };
}

/** The workbook in the folder, if it has one (and no CSV sheets). */
export function workbookIn(folder: string): string | undefined {
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
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(folder, book));
    for (const ws of wb.worksheets) {
      const name = ws.name.trim();
      if (!TABLE_NAMES.has(name)) {
        problems.push(`${book}[${name}] — unknown sheet (sheets are named after tables: ${[...TABLE_NAMES].join(', ')})`);
        continue;
      }
      const records: string[][] = [];
      const width = ws.getRow(1).cellCount;
      for (let r = 1; r <= ws.rowCount; r++) {
        const row = ws.getRow(r);
        records.push(Array.from({ length: Math.max(width, row.cellCount) }, (_, c) => cellText(row.getCell(c + 1).value)));
      }
      sheets.push(toSheet(name as MirrorTable, `${book}[${name}]`, records));
    }
    return { sheets, problems };
  }
  for (const file of csvs) {
    const name = file.slice(0, -4);
    if (!TABLE_NAMES.has(name)) {
      problems.push(`${file} — unknown file (files are named after tables: ${[...TABLE_NAMES].map((t) => `${t}.csv`).join(', ')})`);
      continue;
    }
    let records: string[][];
    try {
      records = parse(readFileSync(join(folder, file)), { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
    } catch (e) {
      const err = e as { lines?: number; message: string };
      problems.push(`${file}:${err.lines ?? 1} — not readable as CSV: ${err.message}`);
      continue;
    }
    sheets.push(toSheet(name as MirrorTable, file, records));
  }
  return { sheets, problems };
}

export interface OutSheet {
  table: MirrorTable;
  headers: string[];
  rows: string[][];
}

/** Writes one CSV per table, or one workbook (show.xlsx). */
export async function writeFolder(folder: string, sheets: OutSheet[], form: 'csv' | 'xlsx'): Promise<string[]> {
  mkdirSync(folder, { recursive: true });
  if (form === 'csv') {
    for (const s of sheets) writeFileSync(join(folder, `${s.table}.csv`), stringify([s.headers, ...s.rows]));
    return sheets.map((s) => `${s.table}.csv`);
  }
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.table);
    ws.addRow(s.headers).font = { bold: true };
    for (const r of s.rows) ws.addRow(r);
    // Text cells: a date or a number stays the exact text the import reads back.
    ws.eachRow((row) => row.eachCell((cell) => (cell.numFmt = '@')));
  }
  await wb.xlsx.writeFile(join(folder, 'show.xlsx'));
  return ['show.xlsx'];
}

// Show folders in tests (npm run show): a CSV sheet read and edited cell by cell, and what any write to the
// venue server would move.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { VenueServer } from '../../server/start.ts';

export interface CsvSheet {
  header: string[];
  rows: string[][];
}

/** A sheet of the folder by its file name without `.csv` (a table's name, or `entries`). */
export const readCsv = (folder: string, sheet: string): CsvSheet => {
  const [header, ...rows] = parse(readFileSync(join(folder, `${sheet}.csv`))) as string[][];
  return { header: header!, rows };
};
export const writeCsv = (folder: string, sheet: string, s: CsvSheet) => writeFileSync(join(folder, `${sheet}.csv`), stringify([s.header, ...s.rows]));

/** Sets one cell (row numbers as a spreadsheet shows them: the header is row 1). */
export function setCell(folder: string, sheet: string, row: number, column: string, value: string): void {
  const s = readCsv(folder, sheet);
  s.rows[row - 2]![s.header.indexOf(column)] = value;
  writeCsv(folder, sheet, s);
}
export const cell = (s: CsvSheet, row: number, column: string) => s.rows[row - 2]![s.header.indexOf(column)]!;

/** What a write would change: tombstones and the newest updated_at of every mirrored table. */
export async function footprint(server: VenueServer): Promise<Record<string, string>> {
  const { rows } = await server.db.query<{ t: string; v: string }>(
    `select t, (xpath('/row/v/text()', query_to_xml(format('select count(*)::text || ''/'' || coalesce(max(updated_at)::text, '''') as v from public.%I', t), false, true, '')))[1]::text as v
       from unnest(public.sync_tables()) as t
     union all select 'tombstones', count(*)::text from public.sync_tombstones`,
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

// `npm run show -- export <folder>`: the show as the import reads it (ids kept, references by name where
// the name is unique), plus every stored image under images/<storage path> so the folder is complete.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { formatCell, imagesOf } from './cells.ts';
import { writeFolder, type OutSheet } from './folder.ts';
import { fetchWithDeadline } from './deadline.ts';
import { writeFolderFile } from './folder-files.ts';
import { inParallel, readTableRows } from './requests.ts';
import { publicUrl } from './store-photo.ts';
import { planVariants, processedPlanFolder } from '../../shared/photos.ts';
import { SHOW_TABLES, headersOf, type DbRow } from './tables.ts';

const timedFetch = fetchWithDeadline();

export interface ExportOptions {
  folder: string;
  client: SupabaseClient;
  url: string;
  form?: 'csv' | 'xlsx';
}

export interface ExportResult {
  files: string[];
  rows: number;
  images: number;
  missingImages: string[];
}

export type Row = DbRow;

/** How a reference cell names each row: its name where that is unique in the table, else its id. */
function refNames(table: MirrorTable, rows: Row[]): Map<number, string> {
  const name = (r: Row): string | null =>
    table === 'breeds'
      ? (r.universal_breed_abbreviation as string)
      : table === 'litters'
        ? null
        : (r[table === 'advertisers' ? 'company_name' : 'name'] as string | null);
  const count = new Map<string, number>();
  for (const r of rows) {
    const n = name(r)?.trim().toLowerCase();
    if (n) count.set(n, (count.get(n) ?? 0) + 1);
  }
  return new Map(
    rows.map((r) => {
      const n = name(r);
      const usable = n && count.get(n.trim().toLowerCase()) === 1 && !/^\d+$/.test(n.trim()) && !n.includes(' / ');
      return [Number(r.id), usable ? n.trim() : String(r.id)];
    }),
  );
}

/** The show's rows as the import reads them, and every stored image path they name (URLs left out). */
export function showSheets(data: ReadonlyMap<MirrorTable, Row[]>): { sheets: OutSheet[]; images: Set<string> } {
  const names = new Map([...data].map(([t, rows]) => [t, refNames(t, rows)]));
  // A place names its plan as other sheets name its event (one plan per event).
  const events = names.get('events');
  names.set('floor_plans', new Map((data.get('floor_plans') ?? []).map((r) => [Number(r.id), events?.get(Number(r.event_id)) ?? String(r.event_id)])));
  // A result names its cat by catalogue number, within the result's own event.
  names.set('catalogue_entries', new Map((data.get('catalogue_entries') ?? []).map((r) => [Number(r.id), String(r.catalogue_number)])));
  const images = new Set<string>();
  const sheets: OutSheet[] = SHOW_TABLES.map((spec) => ({
    table: spec.table,
    headers: headersOf(spec),
    rows: (data.get(spec.table) ?? []).map((r) => [
      String(r.id),
      ...spec.columns.map((c) => {
        const v = r[c.column];
        for (const i of imagesOf(c, v)) if (!/^https?:\/\//i.test(i)) images.add(i);
        if (c.kind === 'ref') return v == null ? '' : (names.get(c.ref!)?.get(Number(v)) ?? String(v));
        return formatCell(c, v);
      }),
    ]),
  }));
  return { sheets, images };
}

export async function exportShow(opts: ExportOptions): Promise<ExportResult> {
  const data = new Map<MirrorTable, Row[]>();
  for (const spec of SHOW_TABLES) data.set(spec.table, await readTableRows(opts.client, spec));
  const { sheets, images } = showSheets(data);
  const files = await writeFolder(opts.folder, sheets, opts.form ?? 'csv');

  const missingImages: string[] = [];
  // A raster plan's other sizes travel with it, so the folder fills an empty project whole (execute.ts).
  const list = [...images].flatMap((path) => {
    const plan = processedPlanFolder(path);
    return plan ? [path, ...planVariants(plan).map((v) => v.path)].filter((p, i, all) => all.indexOf(p) === i) : [path];
  });
  await inParallel(list, async (path) => {
    // A stored name never leaves the folder's images/ (writeFolderFile checks it by path segments).
    const res = path.split('/').includes('..') ? null : await timedFetch(publicUrl(opts.url, path));
    if (!res?.ok) {
      missingImages.push(path);
      return;
    }
    try {
      writeFolderFile(opts.folder, `images/${path}`, new Uint8Array(await res.arrayBuffer()));
    } catch {
      missingImages.push(path);
    }
  });
  return { files, rows: sheets.reduce((n, s) => n + s.rows.length, 0), images: list.length - missingImages.length, missingImages: missingImages.sort() };
}

// `npm run show -- demo <folder>`: the venue server's demo show written as a show folder (CSV per table,
// its pictures under images/<bucket path>), for `npm run show -- import` to fill any Supabase project.
//
// Built from the seed's own generator (server/seed/show.ts buildShow) and written by the exporter's own
// formatting (export.ts showSheets): one source for the data and one for the format, and no database,
// server or migrations needed (a throw-away PGlite would cost seconds of migrating for the same rows).
// Ids are the seed's local ids, which are the ids a freshly seeded database has; pictures keep the seed's
// bucket paths, so a row's image column names the same object on hosted Storage as on the venue server.
import { existsSync, readdirSync } from 'node:fs';
import { SHOW_BREEDS } from '../seed/index.ts';
import { buildShow } from '../seed/show.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { showSheets, type Row } from './export.ts';
import { writeFolder } from './folder.ts';
import { writeFolderFile } from './folder-files.ts';
import { SHOW_TABLES } from './tables.ts';

export interface DemoOptions {
  folder: string;
  /** The moment the live event is built around (it runs "today" at its venue); defaults to now. */
  now?: Date;
}

export interface DemoResult {
  files: string[];
  rows: number;
  images: number;
}

/**
 * Seed columns the server stamps when a folder is imported, so a folder does not carry them: when a result
 * was published (the demo's seeded server dates yesterday's finals a day back; its folder's are published
 * when imported).
 */
const STAMPED_ON_IMPORT: Partial<Record<MirrorTable, string[]>> = { results: ['published_at'] };

/** Writes the demo show into an empty (or new) folder. */
export async function writeDemoShow(opts: DemoOptions): Promise<DemoResult> {
  const { folder } = opts;
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`${folder} — not empty: give a new or empty folder for the demo show`);
  const show = buildShow({ now: opts.now ?? new Date(), scale: 1, breeds: SHOW_BREEDS });

  const data = new Map<MirrorTable, Row[]>();
  for (const spec of SHOW_TABLES) {
    // A table the seed does not fill is an empty sheet.
    const rows = (spec.table in show ? show[spec.table as keyof typeof show] : []) as Row[];
    // A seed column the folder cannot carry would be lost on the way: refuse rather than import less.
    const carried = new Set(['id', ...spec.columns.map((c) => c.column), ...(STAMPED_ON_IMPORT[spec.table] ?? [])]);
    const lost = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !carried.has(k));
    if (lost.length) throw new Error(`The seed's ${spec.table} has columns a show folder does not hold: ${lost.join(', ')} (server/show-io/tables.ts)`);
    data.set(spec.table, rows);
  }
  const { sheets, images } = showSheets(data);
  const files = await writeFolder(folder, sheets, 'csv');

  // The drawings under their bucket paths: the import uploads a path it does not find in the bucket from images/.
  const drawings = new Map(show.images.map((im) => [im.name, im]));
  for (const path of images) {
    const drawing = drawings.get(path);
    if (!drawing) throw new Error(`The seed names a picture it does not draw: ${path}`);
    writeFolderFile(folder, `images/${path}`, Buffer.from(drawing.render()));
  }
  return { files, rows: sheets.reduce((n, s) => n + s.rows.length, 0), images: images.size };
}

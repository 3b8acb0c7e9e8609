// The show import's planner: the folder's rows and the database's rows in, a plan of uploads, inserts,
// updates and deletes out, or every problem at once. Pure: no request, no file, no state between calls, so
// import.ts reads and writes around it and plan.test.ts checks it as tables.
//
// It plans in two steps because a photo's stored path is known only once it is stored (its name is a hash of
// the bytes the store reads): planImport finds the problems and the photos to store, planWrites turns the
// stored paths into the rows to write.
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { IMAGE_BUCKET } from '../../shared/photos.ts';
import { canonical, imagesOf, parseCell, renameImages } from './cells.ts';
import type { Sheet } from './folder.ts';
import { SHOW_TABLES, TABLE_SPECS, type DbRow, type TableSpec } from './tables.ts';
import { columnOf, dbKeyOf, fileKeyOf, targetId, type DatabaseRows, type IdOf, type PlannedRow, type Target } from './plan-keys.ts';
import { columnsOfHeaders, dbRowsWithKey, readSheet, report, type PictureSize, type Reading } from './plan-rows.ts';
import { checkPlaces, checkResultRings } from './plan-places.ts';
import { UNIQUES } from './row-checks.ts';

/** Where an image a cell names was found (import.ts looks in the folder, then in the images bucket). */
export type ImageFind =
  /** A file of the folder: a photo to store (`asIs` false), or the bucket object itself, from images/<path> (`asIs`). */
  | { file: string; asIs: boolean }
  | { inBucket: true }
  /** A name the import must not follow (outside the folder, through a link, too big): the message says why. */
  | { refused: string }
  | { missing: true };

interface PlanInput {
  sheets: readonly Sheet[];
  /** Problems with the folder itself (its files, their size), reported first. */
  folderProblems: readonly string[];
  db: DatabaseRows;
  /** Every name imagesToFind gave, and where it was found; a name left out is missing. */
  images: ReadonlyMap<string, ImageFind>;
  /** The size of each floor plan picture that is a file of the folder (plan-pictures.ts); null: unreadable. */
  pictures?: ReadonlyMap<string, PictureSize | null>;
  prune: boolean;
}

/** A file of the folder to store before the rows are written. */
export interface Upload {
  /** The name the cells use. */
  image: string;
  /** The folder-relative file. */
  file: string;
  /** Uploaded as it is under the cells' name (a bucket path), rather than stored as a photo. */
  asIs: boolean;
  /** A floor plan's picture: kept whole in the plan sizes, never cropped to a photo's. */
  plan: boolean;
}

interface ImportPlan {
  /** Every problem, in sheet, row and column order; nothing is written when there is one. */
  problems: string[];
  uploads: Upload[];
  db: DatabaseRows;
  /** The folder's rows of each table that has a sheet, in SHOW_TABLES order (parents first). */
  rows: ReadonlyMap<MirrorTable, readonly PlannedRow[]>;
}

export interface TablePlan {
  table: MirrorTable;
  new: number;
  changed: number;
  unchanged: number;
  /** Rows in the database but not in the folder: deleted with --prune, else kept. */
  absent: number;
}

/** A reference as written: a database id, or a row this import inserts (its id is known once inserted). */
export type RowRef = { id: number } | { inserted: RowWrite };

export interface RowWrite {
  /** The folder row it comes from, as "label:row". */
  at: string;
  values: Record<string, unknown>;
  refs: Record<string, RowRef | null>;
}

export interface TableWrites {
  table: MirrorTable;
  inserts: RowWrite[];
  /** The changed columns only. */
  updates: (RowWrite & { id: number })[];
  /** The rows --prune deletes. */
  absent: number[];
}

interface WritePlan {
  tables: TablePlan[];
  /** In SHOW_TABLES order: insert and update in this order, delete in the reverse. */
  writes: TableWrites[];
}

const isUrl = (image: string) => /^https?:\/\//i.test(image);

/** The images the database's rows name already: stored, nothing to look for. */
function storedImages(db: DatabaseRows): Set<string> {
  const known = new Set<string>();
  for (const spec of SHOW_TABLES) {
    for (const c of spec.columns) for (const r of db.get(spec.table) ?? []) for (const i of imagesOf(c, r[c.column])) known.add(i);
  }
  return known;
}

/** The images the sheets name that are neither stored already nor URLs: what import.ts must look for. */
export function imagesToFind(sheets: readonly Sheet[], db: DatabaseRows): string[] {
  const known = storedImages(db);
  const names = new Set<string>();
  for (const sheet of sheets) {
    const spec = TABLE_SPECS.get(sheet.table)!;
    const columns = columnsOfHeaders(spec, sheet.headers);
    for (const source of sheet.rows) {
      for (const [header, c] of columns) {
        const parsed = parseCell(c, source.cells[header] ?? '');
        if ('value' in parsed) for (const i of imagesOf(c, parsed.value)) if (!known.has(i) && !isUrl(i)) names.add(i);
      }
    }
  }
  return [...names];
}

/** The files a floor_plans sheet names as pictures: import.ts reads their size and checks them before planning. */
export function planPicturesToRead(sheets: readonly Sheet[]): string[] {
  const names = new Set<string>();
  for (const sheet of sheets) {
    if (sheet.table !== 'floor_plans') continue;
    const columns = columnsOfHeaders(TABLE_SPECS.get('floor_plans')!, sheet.headers);
    for (const source of sheet.rows) {
      for (const [header, c] of columns) {
        if (c.kind !== 'image') continue;
        const parsed = parseCell(c, source.cells[header] ?? '');
        if ('value' in parsed && typeof parsed.value === 'string' && !isUrl(parsed.value)) names.add(parsed.value);
      }
    }
  }
  return [...names];
}

/** The first step: every problem, the photos to store, and each folder row matched to its database row. */
export function planImport(input: PlanInput): ImportPlan {
  const db = new Map(SHOW_TABLES.map((s) => [s.table, input.db.get(s.table) ?? []]));
  const reading: Reading = {
    db,
    dbById: new Map([...db].map(([t, rows]) => [t, new Map(rows.map((r) => [r.id, r]))])),
    sheets: new Map(input.sheets.map((s) => [s.table, s])),
    planned: new Map(),
    fileIds: new Map(),
    indexes: new Map(),
    dbByKey: new Map(),
    problems: input.folderProblems.map((line, i) => ({ sheetIndex: -1, row: 0, column: i, at: '', line })),
    serials: 0,
    pictures: input.pictures ?? new Map(),
  };
  for (const spec of SHOW_TABLES) {
    const sheet = reading.sheets.get(spec.table);
    if (sheet) readSheet(reading, spec, sheet);
  }
  checkUniques(reading);
  checkPlaces(reading, input.prune);
  checkResultRings(reading, input.prune);
  if (input.prune) checkPruneSafety(reading);
  const uploads = checkImages(reading, input.images, storedImages(db));
  const problems = [...reading.problems].sort((a, b) => a.sheetIndex - b.sheetIndex || a.row - b.row || a.column - b.column);
  return { problems: [...new Set(problems.map((p) => p.line))], uploads, db, rows: reading.planned };
}

/**
 * What the database holds unique must stay unique after the writes: a renamed row must not take the name of a
 * row the folder leaves as it is (the write would fail half-way). A row with a mistake of its own may not be
 * matched yet: it is left to its first message.
 */
function checkUniques(reading: Reading): void {
  const flawed = new Set(reading.problems.map((q) => q.at));
  for (const [table, uniques] of Object.entries(UNIQUES) as [MirrorTable, string[][]][]) {
    const list = reading.planned.get(table);
    if (!list) continue;
    const spec = TABLE_SPECS.get(table)!;
    const matched = new Set(list.map((q) => q.dbId));
    for (const cols of uniques) {
      const specs = cols.map((c) => columnOf(spec, c));
      const fileRows = new Map<string, PlannedRow>();
      for (const q of list) {
        if (flawed.has(`${q.sheet.label}:${q.source.row}`)) continue;
        if (specs.some((c) => !(c.column in (c.kind === 'ref' ? q.refs : q.values)))) continue;
        const k = fileKeyOf(spec, q, cols);
        const other = fileRows.get(k);
        // The natural key's duplicates are reported as the sheet is read.
        if (other && cols.join() !== spec.key.join()) report(reading, q.sheet, q.source.row, specs[0]!.header, `the same ${cols.join(' + ')} as row ${other.source.row}`);
        if (!other) fileRows.set(k, q);
      }
      for (const r of reading.db.get(table)!) {
        if (matched.has(r.id)) continue;
        const q = fileRows.get(dbKeyOf(spec, r, cols));
        if (q) report(reading, q.sheet, q.source.row, specs[0]!.header, `already taken by ${table} row ${r.id}, which is not in ${q.sheet.label}`);
      }
    }
  }
}

/** Rows that --prune would delete must not be what a row of the folder points at. */
function checkPruneSafety(reading: Reading): void {
  const kept = new Map([...reading.planned].map(([t, list]) => [t, new Set(list.map((q) => q.dbId))]));
  for (const list of reading.planned.values()) {
    for (const p of list) {
      for (const c of p.spec.columns) {
        const t = p.refs[c.column];
        if (!t || !('db' in t) || kept.get(c.ref!)?.has(t.db) !== false) continue;
        const header = p.sheet.headers.find((h) => h === c.header || h === c.column)!;
        report(reading, p.sheet, p.source.row, header, `${c.ref!} row ${t.db} is not in ${reading.sheets.get(c.ref!)!.label}: --prune would delete it`);
      }
    }
  }
}

/** Images: a stored path stays; a file of the folder is stored; anything else is a problem at its cell. */
function checkImages(reading: Reading, finds: ReadonlyMap<string, ImageFind>, known: Set<string>): Upload[] {
  const uploads = new Map<string, Upload>();
  for (const list of reading.planned.values()) {
    for (const p of list) {
      for (const c of p.spec.columns) {
        for (const image of imagesOf(c, p.values[c.column])) {
          if (known.has(image) || isUrl(image)) continue;
          const found = finds.get(image) ?? { missing: true };
          const plan = p.spec.table === 'floor_plans';
          const other = uploads.get(image);
          if ('file' in found && other && other.plan !== plan) {
            report(
              reading,
              p.sheet,
              p.source.row,
              c.header,
              `"${image}" is both a floor plan and a photo: a plan is kept whole, a photo cropped — give each its own file`,
            );
          } else if ('file' in found) uploads.set(image, { image, ...found, plan });
          else if ('refused' in found) report(reading, p.sheet, p.source.row, c.header, found.refused);
          else if ('missing' in found) {
            report(reading, p.sheet, p.source.row, c.header, `no image "${image}": not a file in the folder nor in the ${IMAGE_BUCKET} bucket`);
          }
        }
      }
    }
  }
  return [...uploads.values()];
}

/** The columns whose value in the folder differs from the database row's. */
function changedColumns(spec: TableSpec, p: PlannedRow, values: Record<string, unknown>, current: DbRow, idOf: IdOf): string[] {
  return spec.columns
    .filter((c) => {
      if (c.kind === 'ref') {
        if (!(c.column in p.refs)) return false;
        const t = p.refs[c.column];
        const now = current[c.column] == null ? null : Number(current[c.column]);
        return !t ? now !== null : targetId(t, idOf) !== now;
      }
      return c.column in values && canonical(c, values[c.column]) !== canonical(c, current[c.column]);
    })
    .map((c) => c.column);
}

/**
 * The second step, once the photos have their stored paths (`stored`: the cells' name → the path; empty on a
 * dry run): each table's counts, and the rows to insert, update and delete.
 */
export function planWrites(plan: ImportPlan, stored: ReadonlyMap<string, string>): WritePlan {
  const lateIds = new Map<PlannedRow, number>();
  const idOf: IdOf = (p) => p.dbId ?? lateIds.get(p);
  const inserted = new Map<PlannedRow, RowWrite>();
  const refOf = (t: Target | null): RowRef | null => {
    if (!t) return null;
    const id = targetId(t, idOf);
    return id !== undefined ? { id } : { inserted: inserted.get((t as { planned: PlannedRow }).planned)! };
  };
  const refsOf = (p: PlannedRow, columns: string[]) => Object.fromEntries(columns.map((c) => [c, refOf(p.refs[c] ?? null)]));
  const dbByKey = new Map<MirrorTable, Map<string, DbRow[]>>();
  const result: WritePlan = { tables: [], writes: [] };
  for (const [table, list] of plan.rows) {
    const spec = TABLE_SPECS.get(table)!;
    const counts: TablePlan = { table, new: 0, changed: 0, unchanged: 0, absent: 0 };
    const writes: TableWrites = { table, inserts: [], updates: [], absent: [] };
    const claimed = new Set(list.map((q) => q.dbId));
    for (const p of list) {
      const at = `${p.sheet.label}:${p.source.row}`;
      const values = Object.fromEntries(Object.entries(p.values).map(([column, v]) => [column, renameImages(columnOf(spec, column), v, (i) => stored.get(i) ?? i)]));
      let current = p.current;
      // A row keyed by its image (litter_images) finds its stored row once the photo has its path.
      if (!current && plan.uploads.length) {
        current = dbRowsWithKey(dbByKey, plan.db, spec, fileKeyOf(spec, { values, refs: p.refs }, spec.key, idOf)).find((r) => !claimed.has(r.id));
        if (current) {
          lateIds.set(p, current.id);
          claimed.add(current.id);
        }
      }
      if (!current) {
        counts.new++;
        const row: RowWrite = { at, values, refs: refsOf(p, Object.keys(p.refs)) };
        inserted.set(p, row);
        writes.inserts.push(row);
        continue;
      }
      const changed = changedColumns(spec, p, values, current, idOf);
      if (!changed.length) {
        counts.unchanged++;
        continue;
      }
      counts.changed++;
      const isRef = (c: string) => c in p.refs;
      writes.updates.push({
        at,
        id: idOf(p)!,
        values: Object.fromEntries(changed.filter((c) => !isRef(c)).map((c) => [c, values[c]])),
        refs: refsOf(p, changed.filter(isRef)),
      });
    }
    const matched = new Set(list.map(idOf));
    writes.absent = plan.db
      .get(table)!
      .filter((r) => !matched.has(r.id))
      .map((r) => r.id);
    counts.absent = writes.absent.length;
    result.tables.push(counts);
    result.writes.push(writes);
  }
  return result;
}

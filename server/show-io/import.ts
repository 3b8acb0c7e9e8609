// `npm run show -- import <folder>`: validates every sheet (the app's zod row schemas, the quiz vocabulary,
// references, the database's own checks), reports every problem at once, and only then writes the rows
// that differ through supabase-js, so a re-import writes nothing and an edit reaches phones as one delta.
import type { SupabaseClient } from '@supabase/supabase-js';
import { rowSchemas } from '../../shared/row-schemas.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { canonical, imagesOf, parseCell, renameImages } from './cells.ts';
import { readFolder, type Sheet, type SheetRow } from './folder.ts';
import { SHOW_TABLES, TABLE_SPECS, headersOf, dbColumnsOf, type ColumnSpec, type TableSpec } from './tables.ts';
import { IMAGE_BUCKET, storeOriginal, type StorePhoto } from './store-photo.ts';
import { createPhotoStore } from './photos.ts';
import { ensureImageBucket, imageBucketState, type BucketChange, type BucketState } from './bucket.ts';
import { fetchWithDeadline } from './deadline.ts';
import { lookInFolder, megabytes, readFolderFile } from './folder-files.ts';
import { PHOTO_FILE_MAX_BYTES } from './limits.ts';

const timedFetch = fetchWithDeadline();

export interface ImportOptions {
  folder: string;
  client: SupabaseClient;
  /** The project URL (public images are checked at <url>/storage/v1/object/public/...). */
  url: string;
  dryRun?: boolean;
  prune?: boolean;
  storePhoto?: StorePhoto;
}

export interface TablePlan {
  table: MirrorTable;
  new: number;
  changed: number;
  unchanged: number;
  /** Rows in the database but not in the folder: deleted with --prune, else kept. */
  absent: number;
}

export interface ImportResult {
  problems: string[];
  plan: TablePlan[];
  /** Rows inserted, updated and deleted (0 on a dry run or with problems). */
  written: { inserted: number; updated: number; deleted: number };
  photos: { stored: number; uploaded: number; bytesBefore: number; bytesAfter: number; pending: number };
  /** The images bucket before the import, and what the import did to it (nothing on a dry run or with problems). */
  bucket: { before: BucketState; change: BucketChange };
}

type DbRow = Record<string, unknown> & { id: number };

/** What a reference cell points at: a row already in the database, or a row this import inserts. */
type Target = { db: number } | { planned: Planned };

interface Planned {
  spec: TableSpec;
  sheet: Sheet;
  source: SheetRow;
  idCell: string;
  /** The managed columns' values (references still as targets in refs). */
  values: Record<string, unknown>;
  refs: Record<string, Target | null>;
  /** The matched database row. */
  current?: DbRow;
  /** The id once known (matched, or inserted). */
  dbId?: number;
  status?: 'new' | 'changed' | 'unchanged';
  changed?: string[];
}

interface Problem {
  sheetIndex: number;
  row: number;
  column: number;
  line: string;
}

const CHUNK = 500;
const PAGE = 1000;
const PARALLEL = 8;

const lower = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim().toLowerCase());
/** catteries are unique by public.cattery_slug(name). */
const slug = (v: unknown): string => lower(v).replace(/[^a-z0-9 ]/g, '').replace(/ +/g, '-');
const keyText = (table: MirrorTable, column: string, v: unknown): string =>
  table === 'catteries' && column === 'name' ? slug(v) : lower(v);
/** The database id a target has now: a row of the folder matched to one has its id. */
const targetId = (t: Target): number | undefined => ('db' in t ? t.db : t.planned.dbId);
const targetToken = (t: Target | null | undefined): string => {
  if (!t) return '';
  const id = targetId(t);
  return id !== undefined ? `db:${id}` : `new:${plannedIds.get((t as { planned: Planned }).planned)}`;
};
const plannedIds = new WeakMap<Planned, number>();
let plannedCounter = 0;

const DB_CHECKS = {
  abbreviation: /^[A-Za-z0-9-]{2,12}$/,
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
  zone: /^(UTC|[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/,
};

function isTimeZone(zone: string): boolean {
  if (!DB_CHECKS.zone.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function loadRows(client: SupabaseClient, spec: TableSpec): Promise<DbRow[]> {
  const rows: DbRow[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client.from(spec.table).select(dbColumnsOf(spec).join(',')).order('id').range(from, from + PAGE - 1);
    if (error) throw new Error(`Reading ${spec.table}: ${error.message}`);
    const page = (data ?? []) as unknown as DbRow[];
    rows.push(...page.map((r) => ({ ...r, id: Number(r.id) })));
    if (page.length < PAGE) return rows;
  }
}

async function parallel<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export async function importShow(opts: ImportOptions): Promise<ImportResult> {
  const { folder, client } = opts;
  // Photos become the hall sizes (server/show-io/photos.ts); a drawing (SVG) scales by itself and is kept whole.
  const original = storeOriginal(client, opts.url);
  const sized = createPhotoStore(client);
  const storePhoto: StorePhoto = opts.storePhoto ?? ((file) => (/\.svg$/i.test(file.name) ? original(file) : sized(file)));
  const result: ImportResult = {
    problems: [],
    plan: [],
    written: { inserted: 0, updated: 0, deleted: 0 },
    photos: { stored: 0, uploaded: 0, bytesBefore: 0, bytesAfter: 0, pending: 0 },
    bucket: { before: 'public', change: 'none' },
  };
  const read = await readFolder(folder);
  const problems: Problem[] = read.problems.map((line, i) => ({ sheetIndex: -1, row: 0, column: i, line }));
  const sheets = new Map(read.sheets.map((s) => [s.table, s]));
  const sheetOrder = SHOW_TABLES.map((s) => s.table);
  const report = (sheet: Sheet, row: number, header: string, message: string) =>
    problems.push({
      sheetIndex: sheetOrder.indexOf(sheet.table),
      row,
      column: Math.max(0, sheet.headers.indexOf(header)),
      line: `${sheet.label}:${row}:${header} — ${message}`,
    });

  // What the database holds now.
  const current = new Map<MirrorTable, DbRow[]>();
  for (const spec of SHOW_TABLES) current.set(spec.table, await loadRows(client, spec));
  const byId = new Map<MirrorTable, Map<number, DbRow>>(
    [...current].map(([t, rows]) => [t, new Map(rows.map((r) => [r.id, r]))]),
  );
  const knownImages = new Set<string>();
  for (const spec of SHOW_TABLES) {
    for (const c of spec.columns) for (const r of current.get(spec.table)!) for (const i of imagesOf(c, r[c.column])) knownImages.add(i);
  }

  const planned = new Map<MirrorTable, Planned[]>();
  /** File rows by their id cell, for references within the folder. */
  const fileIds = new Map<MirrorTable, Map<string, Planned>>();

  const dbKey = (spec: TableSpec, r: DbRow) =>
    spec.key.map((k) => (spec.columns.find((c) => c.column === k)!.kind === 'ref' ? (r[k] == null ? '' : `db:${r[k]}`) : keyText(spec.table, k, r[k]))).join('\u0001');
  const fileKey = (p: Planned) =>
    p.spec.key.map((k) => (p.spec.columns.find((c) => c.column === k)!.kind === 'ref' ? targetToken(p.refs[k]) : keyText(p.spec.table, k, p.values[k]))).join('\u0001');

  const indexes = new Map<string, Map<string, unknown>>();
  /** The first item under each key (empty keys left out), built once per name. */
  function indexOf<T>(name: string, items: T[], keys: (item: T) => string[]): Map<string, T> {
    let index = indexes.get(name) as Map<string, T> | undefined;
    if (!index) {
      index = new Map();
      for (const item of items) for (const k of keys(item)) if (k && !index.has(k)) index.set(k, item);
      indexes.set(name, index);
    }
    return index;
  }
  /** The database rows of a table by natural key (several where the database does not hold the key unique). */
  const dbByKey = new Map<MirrorTable, Map<string, DbRow[]>>();
  const dbRowsWithKey = (spec: TableSpec, key: string): DbRow[] => {
    let index = dbByKey.get(spec.table);
    if (!index) {
      index = new Map();
      for (const r of current.get(spec.table)!) {
        const k = dbKey(spec, r);
        index.set(k, [...(index.get(k) ?? []), r]);
      }
      dbByKey.set(spec.table, index);
    }
    return index.get(key) ?? [];
  };

  /** Resolves a reference cell: an id (a row of the folder, else of the database) or a natural name. */
  const resolveRef = (table: MirrorTable, text: string): Target | string => {
    const spec = TABLE_SPECS.get(table)!;
    const what = table === 'breeds' ? 'breed' : table === 'catteries' ? 'cattery' : table === 'organizations' ? 'organization' : table === 'quality_labels' ? 'quality label' : table === 'events' ? 'event' : 'litter';
    if (/^\d+$/.test(text)) {
      const local = fileIds.get(table)?.get(text);
      if (local) return { planned: local };
      if (byId.get(table)!.has(Number(text))) return { db: Number(text) };
      return `unknown ${what} id ${text}`;
    }
    const files = planned.get(table) ?? [];
    const rows = current.get(table)!;
    // Indexes built on first use: a referenced table is complete before any sheet refers to it.
    const find = (kind: string, fileKeys: (p: Planned) => string[], dbKeys: (r: DbRow) => string[], wanted: string): Target | undefined => {
      const p = indexOf(`${table}:file:${kind}`, files, fileKeys).get(wanted);
      if (p) return { planned: p };
      const r = indexOf(`${table}:db:${kind}`, rows, dbKeys).get(wanted);
      return r ? { db: r.id } : undefined;
    };
    if (table === 'litters') {
      const [catteryName = '', dob = '', dam = ''] = text.split(' / ').map((s) => s.trim());
      const raw = [lower(catteryName), lower(dob), lower(dam)].join('\u0001');
      // As written in litters.csv: a litter row with a mistake of its own is still the one meant here.
      const written = indexOf('litters:file:raw', files, (p) => [
        [lower(p.source.cells.cattery ?? p.source.cells.cattery_id), lower(p.source.cells.date_of_birth), lower(p.source.cells.dam)].join('\u0001'),
      ]).get(raw);
      if (written) return { planned: written };
      const cattery = resolveRef('catteries', catteryName);
      if (typeof cattery === 'string') return `unknown litter "${text}": ${cattery}`;
      const token = [targetToken(cattery), lower(dob), lower(dam)].join('\u0001');
      return (
        find('key', (p) => [fileKey(p)], (r) => [dbKey(spec, r)], token) ??
        `unknown litter "${text}" (write "<cattery> / <date_of_birth> / <dam>" or the litter's id)`
      );
    }
    const names = (v: Record<string, unknown>) =>
      table === 'organizations' ? [lower(v.name), lower(v.abbreviation)] : [keyText(table, spec.key[0]!, v[spec.key[0]!])];
    const found = find('name', (p) => names(p.values), names, keyText(table, spec.key[0]!, text));
    if (found) return found;
    return table === 'breeds' ? `unknown breed abbreviation "${text}"` : `unknown ${what} "${text}"`;
  };

  for (const spec of SHOW_TABLES) {
    const sheet = sheets.get(spec.table);
    if (!sheet) continue;
    const allowed = headersOf(spec);
    // "breed_id" is read as "breed": the id-or-name reference column.
    const headerFor = new Map<string, ColumnSpec>();
    sheet.headers.forEach((h) => {
      const c = spec.columns.find((c) => c.header === h || (c.kind === 'ref' && c.column === h));
      if (c) headerFor.set(h, c);
      else if (h !== 'id') report(sheet, 1, h, `unknown column (allowed: ${allowed.join(', ')})`);
    });
    const present = new Set([...headerFor.values()]);
    for (const c of spec.columns) {
      if (c.required && !present.has(c)) {
        problems.push({ sheetIndex: sheetOrder.indexOf(sheet.table), row: 1, column: 999, line: `${sheet.label}:1:${c.header} — missing column` });
      }
    }
    const list: Planned[] = [];
    planned.set(spec.table, list);
    const ids = new Map<string, Planned>();
    fileIds.set(spec.table, ids);
    const seenDb = new Map<number, Planned>();
    const seenKey = new Map<string, Planned>();

    for (const source of sheet.rows) {
      const p: Planned = { spec, sheet, source, idCell: (source.cells.id ?? '').trim(), values: {}, refs: {} };
      plannedIds.set(p, ++plannedCounter);
      let bad = false;
      const badColumns = new Set<string>();
      for (const [header, c] of headerFor) {
        const parsed = parseCell(c, source.cells[header] ?? '');
        if ('error' in parsed) {
          report(sheet, source.row, header, parsed.error);
          bad = true;
          badColumns.add(c.column);
          continue;
        }
        if (c.kind === 'ref') {
          if (parsed.value === null) {
            p.refs[c.column] = null;
            continue;
          }
          const t = resolveRef(c.ref!, String(parsed.value));
          if (typeof t === 'string') {
            report(sheet, source.row, header, t);
            bad = true;
            badColumns.add(c.column);
          } else p.refs[c.column] = t;
          continue;
        }
        const v = parsed.value;
        if (c.vocabulary && v !== null && !c.vocabulary.values.includes(String(v))) {
          report(sheet, source.row, header, `unknown ${c.vocabulary.what} "${String(v)}"; allowed: ${c.vocabulary.values.join(', ')}`);
          bad = true;
        }
        p.values[c.column] = v;
      }
      if (p.idCell && !/^\d+$/.test(p.idCell)) {
        report(sheet, source.row, 'id', `not a whole number: "${p.idCell}"`);
        bad = true;
        badColumns.add('id');
      }
      list.push(p);
      if (p.idCell) {
        const other = ids.get(p.idCell);
        if (other) report(sheet, source.row, 'id', `id ${p.idCell} is also on row ${other.source.row}`);
        else ids.set(p.idCell, p);
      }
      // A row with a mistake is still checked for a duplicate key, when its key could be read.
      if (badColumns.has('id') || spec.key.some((k) => badColumns.has(k))) continue;

      // Which database row this is: its id, else its natural key.
      const byIdRow = p.idCell ? byId.get(spec.table)!.get(Number(p.idCell)) : undefined;
      const key = fileKey(p);
      const sameKey = seenKey.get(key);
      const keyHeader = spec.columns.find((c) => c.column === spec.key[0])!.header;
      // Two rows with ids may share a key the database does not hold unique (two adverts of one company).
      if (sameKey && (uniqueKey(spec) || !p.idCell || !sameKey.idCell)) {
        report(sheet, source.row, keyHeader, `the same ${spec.key.map((k) => spec.columns.find((c) => c.column === k)!.header).join(' + ')} as row ${sameKey.source.row}`);
        continue;
      }
      if (!sameKey) seenKey.set(key, p);
      const match = byIdRow ?? dbRowsWithKey(spec, key).find((r) => !seenDb.has(r.id));
      if (match) {
        const twice = seenDb.get(match.id);
        if (twice) {
          report(sheet, source.row, 'id', `the same ${spec.table} row as row ${twice.source.row}`);
          continue;
        }
        seenDb.set(match.id, p);
        p.current = match;
        p.dbId = match.id;
      }
      if (bad) continue;
      checkRow(p, (header, message) => report(sheet, source.row, header, message));
    }
  }

  // What the database holds unique must stay unique after the writes: a renamed row must not take the name
  // of a row the folder leaves as it is (the write would fail half-way).
  // (A row with a mistake of its own may not be matched yet: it is left to its first message.)
  const flawed = new Set(problems.map((q) => q.line.slice(0, q.line.indexOf(':', q.line.indexOf(':') + 1))));
  for (const [table, uniques] of Object.entries(UNIQUES) as [MirrorTable, string[][]][]) {
    const list = planned.get(table);
    if (!list) continue;
    const spec = TABLE_SPECS.get(table)!;
    const matched = new Set(list.map((q) => q.dbId));
    for (const cols of uniques) {
      const specs = cols.map((c) => spec.columns.find((x) => x.column === c)!);
      const fileRows = new Map<string, Planned>();
      for (const q of list) {
        if (flawed.has(`${q.sheet.label}:${q.source.row}`)) continue;
        if (specs.some((c) => !(c.column in (c.kind === 'ref' ? q.refs : q.values)))) continue;
        const k = specs.map((c) => (c.kind === 'ref' ? targetToken(q.refs[c.column]) : keyText(table, c.column, q.values[c.column]))).join('\u0001');
        const other = fileRows.get(k);
        // The natural key's duplicates are reported above.
        if (other && cols.join() !== spec.key.join()) report(q.sheet, q.source.row, specs[0]!.header, `the same ${cols.join(' + ')} as row ${other.source.row}`);
        if (!other) fileRows.set(k, q);
      }
      for (const r of current.get(table)!) {
        if (matched.has(r.id)) continue;
        const k = specs.map((c) => (c.kind === 'ref' ? (r[c.column] == null ? '' : `db:${r[c.column]}`) : keyText(table, c.column, r[c.column]))).join('\u0001');
        const q = fileRows.get(k);
        if (q) report(q.sheet, q.source.row, specs[0]!.header, `already taken by ${table} row ${r.id}, which is not in ${q.sheet.label}`);
      }
    }
  }

  // Rows that --prune would delete must not be what a row of the folder points at.
  if (opts.prune) {
    const kept = new Map([...planned].map(([t, list]) => [t, new Set(list.map((q) => q.dbId))]));
    for (const list of planned.values()) {
      for (const p of list) {
        for (const c of p.spec.columns) {
          const t = p.refs[c.column];
          if (!t || !('db' in t) || kept.get(c.ref!)?.has(t.db) !== false) continue;
          const header = p.sheet.headers.find((h) => h === c.header || h === c.column)!;
          report(p.sheet, p.source.row, header, `${c.ref!} row ${t.db} is not in ${sheets.get(c.ref!)!.label}: --prune would delete it`);
        }
      }
    }
  }

  // Images: a stored path stays; a file in the folder becomes a stored photo. Only the folder's own files
  // are read (folder-files.ts): a name leading outside it or through a link is refused at its cell.
  const photoFiles = new Map<string, { file: string; asIs: boolean }>();
  const bucketChecks: { image: string; report: () => void }[] = [];
  /** The folder's file of that name, or 'missing'; a refusal is reported at the cell (refuse) and is 'refused'. */
  const inFolder = (name: string, refuse: (message: string) => void): { file: string } | 'missing' | 'refused' => {
    const found = lookInFolder(folder, name);
    if ('missing' in found) return 'missing';
    const message =
      'refused' in found ? found.refused
      : found.stat.size > PHOTO_FILE_MAX_BYTES ? `"${name}" is ${megabytes(found.stat.size)}: a photo may be at most ${megabytes(PHOTO_FILE_MAX_BYTES)}`
      : undefined;
    if (message === undefined) return { file: name };
    refuse(message);
    return 'refused';
  };
  for (const list of planned.values()) {
    for (const p of list) {
      for (const c of p.spec.columns) {
        const refuse = (message: string) => report(p.sheet, p.source.row, p.sheet.headers.find((h) => h === c.header)!, message);
        for (const image of imagesOf(c, p.values[c.column])) {
          if (knownImages.has(image) || /^https?:\/\//i.test(image) || photoFiles.has(image)) continue;
          const found = inFolder(image, refuse);
          if (found === 'refused') continue;
          if (found !== 'missing') {
            photoFiles.set(image, { file: found.file, asIs: false });
            continue;
          }
          bucketChecks.push({
            image,
            report: () => {
              const stored = inFolder(`images/${image}`, refuse);
              if (stored === 'missing') refuse(`no image "${image}": not a file in the folder nor in the ${IMAGE_BUCKET} bucket`);
              else if (stored !== 'refused') photoFiles.set(image, { file: stored.file, asIs: true });
            },
          });
        }
      }
    }
  }
  const inBucket = new Map<string, boolean>();
  await parallel([...new Set(bucketChecks.map((b) => b.image))], async (image) => {
    const res = await timedFetch(publicUrl(opts.url, image), { method: 'HEAD' });
    inBucket.set(image, res.ok);
  });
  for (const b of bucketChecks) if (!inBucket.get(b.image)) b.report();

  problems.sort((a, b) => a.sheetIndex - b.sheetIndex || a.row - b.row || a.column - b.column);
  result.problems = [...new Set(problems.map((p) => p.line))];

  // The bucket the pictures go to: public, so the app's URLs (<root>/<row's path>) answer anyone.
  result.bucket.before = await imageBucketState(client);
  if (!result.problems.length && !opts.dryRun) result.bucket.change = await ensureImageBucket(client);

  // Store the photos (not on a dry run), then compare.
  const stored = new Map<string, string>();
  if (!result.problems.length && !opts.dryRun) {
    await parallel([...photoFiles], async ([image, { file, asIs }]) => {
      // Read again through the same checks: the folder may have changed since it was looked at.
      const bytes = new Uint8Array(readFolderFile(folder, file, PHOTO_FILE_MAX_BYTES));
      if (asIs) {
        const { error } = await client.storage.from(IMAGE_BUCKET).upload(image, bytes, { upsert: true, contentType: contentType(image) });
        if (error) throw new Error(`Uploading ${image}: ${error.message}`);
        result.photos.uploaded++;
        stored.set(image, image);
        return;
      }
      const photo = await storePhoto({ name: image, bytes });
      result.photos.stored++;
      if (photo.uploaded !== false) result.photos.uploaded++;
      result.photos.bytesBefore += photo.bytesBefore;
      result.photos.bytesAfter += photo.bytesAfter;
      stored.set(image, photo.path);
    });
  } else result.photos.pending = photoFiles.size;

  for (const spec of SHOW_TABLES) {
    const list = planned.get(spec.table);
    if (!list) continue;
    const plan: TablePlan = { table: spec.table, new: 0, changed: 0, unchanged: 0, absent: 0 };
    const claimed = new Set(list.map((q) => q.dbId));
    for (const p of list) {
      for (const c of spec.columns) {
        if (c.column in p.values) p.values[c.column] = renameImages(c, p.values[c.column], (i) => stored.get(i) ?? i);
      }
      // A row keyed by its image (litter_images) finds its stored row once the photo has its path.
      if (!p.current && photoFiles.size) {
        const key = fileKey(p);
        const match = dbRowsWithKey(spec, key).find((r) => !claimed.has(r.id));
        if (match) {
          p.current = match;
          p.dbId = match.id;
          claimed.add(match.id);
        }
      }
      if (!p.current) {
        p.status = 'new';
        plan.new++;
        continue;
      }
      p.changed = spec.columns
        .filter((c) => {
          if (c.kind === 'ref') {
            if (!(c.column in p.refs)) return false;
            const t = p.refs[c.column];
            const now = p.current![c.column] == null ? null : Number(p.current![c.column]);
            return !t ? now !== null : targetId(t) !== now;
          }
          return c.column in p.values && canonical(c, p.values[c.column]) !== canonical(c, p.current![c.column]);
        })
        .map((c) => c.column);
      p.status = p.changed.length ? 'changed' : 'unchanged';
      plan[p.status]++;
    }
    const matched = new Set(list.map((p) => p.dbId));
    plan.absent = current.get(spec.table)!.filter((r) => !matched.has(r.id)).length;
    result.plan.push(plan);
  }
  if (result.problems.length || opts.dryRun) return result;

  // Write: parents first, so a new litter's cattery has its id.
  const payload = (p: Planned, columns: string[]) =>
    Object.fromEntries(
      columns.map((col) => {
        if (!(col in p.refs)) return [col, p.values[col]];
        const t = p.refs[col];
        return [col, !t ? null : 'db' in t ? t.db : t.planned.dbId];
      }),
    );
  for (const spec of SHOW_TABLES) {
    const list = planned.get(spec.table);
    if (!list) continue;
    const fresh = list.filter((p) => p.status === 'new');
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const chunk = fresh.slice(i, i + CHUNK);
      const rows = chunk.map((p) => payload(p, [...Object.keys(p.values), ...Object.keys(p.refs)]));
      const { data, error } = await client.from(spec.table).insert(rows).select('id');
      if (error) throw new Error(`Inserting into ${spec.table}: ${error.message}`);
      (data as { id: number }[]).forEach((r, j) => (chunk[j]!.dbId = Number(r.id)));
      result.written.inserted += chunk.length;
    }
    await parallel(
      list.filter((p) => p.status === 'changed'),
      async (p) => {
        const { error } = await client.from(spec.table).update(payload(p, p.changed!)).eq('id', p.dbId!);
        if (error) throw new Error(`Updating ${spec.table} ${p.dbId}: ${error.message}`);
        result.written.updated++;
      },
    );
  }
  if (opts.prune) {
    for (const spec of [...SHOW_TABLES].reverse()) {
      const list = planned.get(spec.table);
      if (!list) continue;
      const keep = new Set(list.map((p) => p.dbId));
      // Rows a cascade already removed are gone from the database: ask for the ones still there.
      const gone = (await loadRows(client, { ...spec, columns: [] })).map((r) => r.id).filter((id) => !keep.has(id));
      for (let i = 0; i < gone.length; i += CHUNK) {
        const { error } = await client.from(spec.table).delete().in('id', gone.slice(i, i + CHUNK));
        if (error) throw new Error(`Deleting from ${spec.table}: ${error.message}`);
      }
      result.written.deleted += gone.length;
    }
  }
  return result;
}

/** The unique constraints of the catalogue tables (supabase/migrations/20261121000100_catalogue.sql). */
const UNIQUES: Partial<Record<MirrorTable, string[][]>> = {
  breeds: [['universal_breed_abbreviation'], ['breed_name']],
  catteries: [['name']],
  quality_labels: [['name']],
  cattery_has_breed: [['cattery_id', 'breed_id']],
  cattery_has_quality_label: [['cattery_id', 'quality_label_id']],
};
const uniqueKey = (spec: TableSpec) => spec.table in UNIQUES;

/** The checks the database makes that the app's row schemas do not: caught here so nothing fails half-way. */
function checkRow(p: Planned, report: (header: string, message: string) => void): void {
  const v = (c: string) => (c in p.values ? p.values[c] : p.current?.[c]);
  const header = (c: string) => p.spec.columns.find((x) => x.column === c)!.header;
  const has = (c: string) => c in p.values;
  switch (p.spec.table) {
    case 'breeds':
      if (has('universal_breed_abbreviation') && !DB_CHECKS.abbreviation.test(String(v('universal_breed_abbreviation')))) {
        report('universal_breed_abbreviation', 'must be 2 to 12 letters, digits or dashes');
      }
      break;
    case 'catteries':
      if (has('email') && v('email') !== null && !DB_CHECKS.email.test(String(v('email')))) report('email', `not an e-mail address: "${String(v('email'))}"`);
      break;
    case 'litters':
      for (const sex of ['male', 'female']) {
        const avail = Number(v(`available_${sex}_kittens`) ?? 0);
        const total = Number(v(`num_${sex}_kittens`) ?? 0);
        if (avail > total) report(`available_${sex}_kittens`, `more than num_${sex}_kittens (${total})`);
      }
      break;
    case 'cattery_has_quality_label':
      if (v('issued_date') && v('expiration_date') && String(v('expiration_date')) < String(v('issued_date'))) {
        report('expiration_date', `before issued_date (${String(v('issued_date'))})`);
      }
      break;
    case 'events':
      if (v('start_date') && v('end_date') && String(v('end_date')) < String(v('start_date'))) report('end_date', `before start_date (${String(v('start_date'))})`);
      if (has('time_zone') && !isTimeZone(String(v('time_zone')))) report('time_zone', `not a time zone name such as Europe/Amsterdam: "${String(v('time_zone'))}"`);
      break;
    case 'event_schedule':
      if (v('start_time') && v('end_time') && String(v('end_time')) <= String(v('start_time'))) report('end_time', `not after start_time (${String(v('start_time'))})`);
      break;
    case 'advertisers':
      if (v('discount_voucher_enabled') === true && !(Number(v('discount_voucher_amount')) > 0)) report('discount_voucher_amount', 'required above 0 when discount_voucher_enabled');
      if (v('rebate_voucher_enabled') === true && !(Number(v('rebate_voucher_percentage')) > 0)) report('rebate_voucher_percentage', 'required above 0 when rebate_voucher_enabled');
      if (has('rebate_voucher_percentage') && v('rebate_voucher_percentage') !== null && Number(v('rebate_voucher_percentage')) > 100) report('rebate_voucher_percentage', 'at most 100');
      break;
  }
  // The app's own row schema: what a phone would refuse, refused here first.
  const row: Record<string, unknown> = { id: p.dbId ?? 1, updated_at: '2026-01-01T00:00:00Z' };
  for (const c of p.spec.columns) {
    if (c.kind === 'ref') row[c.column] = c.column in p.refs ? (p.refs[c.column] ? 1 : null) : (p.current?.[c.column] ?? (c.required ? 1 : null));
    else row[c.column] = c.column in p.values ? p.values[c.column] : (p.current?.[c.column] ?? c.empty ?? null);
  }
  const parsed = rowSchemas[p.spec.table].safeParse(row);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (p.spec.columns.some((c) => c.column === column)) report(header(column), issue.message);
    }
  }
}

export function publicUrl(url: string, path: string): string {
  return `${url.replace(/\/$/, '')}/storage/v1/object/public/${IMAGE_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export function contentType(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  const types: Record<string, string> = {
    jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', svg: 'image/svg+xml',
  };
  return types[ext ?? ''] ?? 'application/octet-stream';
}

/** The plan as the command prints it. */
export function formatPlan(r: ImportResult, prune: boolean): string {
  const lines = r.plan.map(
    (p) =>
      `  ${p.table}: ${p.new} new, ${p.changed} changed, ${p.unchanged} unchanged, ` +
      (prune ? `${p.absent} to delete` : `${p.absent} not in the folder (kept; --prune deletes them)`),
  );
  if (r.photos.pending) lines.push(`  photos: ${r.photos.pending} files to store`);
  const bucket = {
    created: 'created (public)',
    'made public': 'was private: made public, so the pictures answer anyone',
    none: r.bucket.before === 'missing' ? 'missing: the import creates it (public)' : r.bucket.before === 'private' ? 'private: the import makes it public' : '',
  }[r.bucket.change];
  if (bucket) lines.push(`  ${IMAGE_BUCKET} bucket: ${bucket}`);
  return lines.join('\n');
}

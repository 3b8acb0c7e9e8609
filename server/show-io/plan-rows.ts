// The planner's first step (plan.ts): every sheet row read into the values it would write, its references
// resolved (to a row of the folder or of the database, by id or by name) and matched to the database row it
// is (by id, else by natural key). Pure: the sheets and the database rows in, rows and problems out.
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { normaliseCatalogueNumber } from '../../shared/catalogue.ts';
import { parseCell } from './cells.ts';
import type { Sheet, SheetRow } from './folder.ts';
import { SHOW_TABLES, TABLE_SPECS, headersOf, type ColumnSpec, type DbRow, type TableSpec } from './tables.ts';
import { KEY_SEPARATOR, columnOf, dbKeyOf, fileKeyOf, keyText, lower, targetToken, type DatabaseRows, type PlannedRow, type Problem, type Target } from './plan-keys.ts';
import { checkRow, isUniqueKey } from './row-checks.ts';

/** What the planner knows while it reads the sheets. */
export interface Reading {
  db: DatabaseRows;
  dbById: Map<MirrorTable, Map<number, DbRow>>;
  sheets: Map<MirrorTable, Sheet>;
  /** The folder's rows of each table that has a sheet, in SHOW_TABLES order. */
  planned: Map<MirrorTable, PlannedRow[]>;
  /** The folder's rows by their id cell, for references within the folder. */
  fileIds: Map<MirrorTable, Map<string, PlannedRow>>;
  /** Lookups built on first use (a referenced table is complete before any sheet refers to it). */
  indexes: Map<string, Map<string, unknown>>;
  dbByKey: Map<MirrorTable, Map<string, DbRow[]>>;
  problems: Problem[];
  serials: number;
  /** The size of each floor plan picture that is a file of the folder; null: unreadable (reported at its cell). */
  pictures: ReadonlyMap<string, PictureSize | null>;
}

/** A plan picture's own size: an SVG's viewBox (or width and height), a raster picture's pixels. */
export interface PictureSize {
  width: number;
  height: number;
}

/**
 * An empty width or height is the picture's own size when the picture is a file of the folder; on a row
 * already stored it is left as it is (a column left out of the sheet too); otherwise the cell must say it.
 * False when the row cannot be checked further (its size is unknown, and that is reported already).
 */
function fillPlanSize(reading: Reading, p: PlannedRow, columns: Map<string, ColumnSpec>): boolean {
  const image = p.values.image_url;
  const size = typeof image === 'string' ? reading.pictures.get(image) : undefined;
  const present = new Set([...columns.values()].map((c) => c.column));
  let known = true;
  for (const column of ['width', 'height'] as const) {
    if (p.values[column] !== null && p.values[column] !== undefined) continue;
    if (p.current && !present.has(column)) continue;
    if (size) p.values[column] = size[column];
    else if (p.current) delete p.values[column];
    else {
      known = false;
      // An unreadable picture is reported at its own cell.
      if (size === null) continue;
      const why = typeof image === 'string' ? `"${image}" is not a picture file in the folder, so its size is not read from it` : 'no picture to read it from';
      report(reading, p.sheet, p.source.row, column, `required: ${why} — write the plan's ${column} in the picture's units`);
    }
  }
  return known;
}

const TABLE_NOUNS: Partial<Record<MirrorTable, string>> = {
  breeds: 'breed',
  catteries: 'cattery',
  organizations: 'organization',
  quality_labels: 'quality label',
  events: 'event',
  litters: 'litter',
  advertisers: 'advertiser',
};

export function report(reading: Reading, sheet: Sheet, row: number, header: string, message: string): void {
  reading.problems.push({
    sheetIndex: SHOW_TABLES.findIndex((s) => s.table === sheet.table),
    row,
    column: Math.max(0, sheet.headers.indexOf(header)),
    at: `${sheet.label}:${row}`,
    line: `${sheet.label}:${row}:${header} — ${message}`,
  });
}

/** The first item under each key (empty keys left out), built once per name. */
function indexOf<T>(reading: Reading, name: string, items: readonly T[], keys: (item: T) => string[]): Map<string, T> {
  let index = reading.indexes.get(name) as Map<string, T> | undefined;
  if (!index) {
    index = new Map();
    for (const item of items) for (const k of keys(item)) if (k && !index.has(k)) index.set(k, item);
    reading.indexes.set(name, index);
  }
  return index;
}

/** The database rows of a table by natural key (several where the database does not hold the key unique). */
export function dbRowsWithKey(byKey: Map<MirrorTable, Map<string, DbRow[]>>, db: DatabaseRows, spec: TableSpec, key: string): DbRow[] {
  let index = byKey.get(spec.table);
  if (!index) {
    index = new Map();
    for (const r of db.get(spec.table) ?? []) {
      const k = dbKeyOf(spec, r);
      index.set(k, [...(index.get(k) ?? []), r]);
    }
    byKey.set(spec.table, index);
  }
  return index.get(key) ?? [];
}

/** A litter named "<cattery> / <date_of_birth> / <dam>": as written in its sheet, else by its key. */
function resolveLitter(reading: Reading, text: string): Target | string {
  const spec = TABLE_SPECS.get('litters')!;
  const files = reading.planned.get('litters') ?? [];
  const [catteryName = '', dob = '', dam = ''] = text.split(' / ').map((s) => s.trim());
  const raw = [lower(catteryName), lower(dob), lower(dam)].join(KEY_SEPARATOR);
  // As written in litters.csv: a litter row with a mistake of its own is still the one meant here.
  const written = indexOf(reading, 'litters:file:raw', files, (p) => [
    [lower(p.source.cells.cattery ?? p.source.cells.cattery_id), lower(p.source.cells.date_of_birth), lower(p.source.cells.dam)].join(KEY_SEPARATOR),
  ]).get(raw);
  if (written) return { planned: written };
  const cattery = resolveRef(reading, 'catteries', catteryName);
  if (typeof cattery === 'string') return `unknown litter "${text}": ${cattery}`;
  const token = [targetToken(cattery), lower(dob), lower(dam)].join(KEY_SEPARATOR);
  const p = indexOf(reading, 'litters:file:key', files, (q) => [fileKeyOf(spec, q)]).get(token);
  if (p) return { planned: p };
  const r = indexOf(reading, 'litters:db:key', reading.db.get('litters') ?? [], (q) => [dbKeyOf(spec, q)]).get(token);
  if (r) return { db: r.id };
  return `unknown litter "${text}" (write "<cattery> / <date_of_birth> / <dam>" or the litter's id)`;
}

/**
 * A place's plan, named as other sheets name events (the event's name or id): the event's row of
 * floor_plans.csv, else the event's plan in the database.
 */
function resolvePlanOfEvent(reading: Reading, text: string): Target | string {
  const event = resolveRef(reading, 'events', text);
  if (typeof event === 'string') return event;
  const token = targetToken(event);
  const planned = (reading.planned.get('floor_plans') ?? []).find((p) => p.refs.event_id && targetToken(p.refs.event_id) === token);
  if (planned) return { planned };
  const stored = 'db' in event ? (reading.db.get('floor_plans') ?? []).find((r) => Number(r.event_id) === event.db) : undefined;
  if (stored) return { db: stored.id };
  return `the event "${text}" has no floor plan: give it a row in floor_plans first`;
}

/**
 * A cat of an event's catalogue by its catalogue number as printed ("052a" is 52A), never by id: the numbers
 * are what a judging program writes. The event's rows of entries.csv first, then its stored entries.
 */
function resolveEntryOfEvent(reading: Reading, event: Target, eventText: string, text: string): Target | string {
  const number = normaliseCatalogueNumber(text);
  if (!number) return `not a catalogue number (a number such as 52, or 52A for a late entry): "${text}"`;
  const wanted = `${targetToken(event)}${KEY_SEPARATOR}${number}`;
  const byNumber = (eventToken: string, n: unknown) => [`${eventToken}${KEY_SEPARATOR}${String(n)}`];
  const p = indexOf(reading, 'catalogue_entries:file:number', reading.planned.get('catalogue_entries') ?? [], (q) =>
    q.refs.event_id ? byNumber(targetToken(q.refs.event_id), q.values.catalogue_number) : [],
  ).get(wanted);
  if (p) return { planned: p };
  const r = indexOf(reading, 'catalogue_entries:db:number', reading.db.get('catalogue_entries') ?? [], (q) =>
    byNumber(`db:${String(q.event_id)}`, q.catalogue_number),
  ).get(wanted);
  if (r) return { db: r.id };
  return `no cat numbered ${number} is in the catalogue of "${eventText.trim()}"`;
}

/** Resolves a reference cell: an id (a row of the folder, else of the database) or a natural name. */
function resolveRef(reading: Reading, table: MirrorTable, text: string): Target | string {
  if (table === 'floor_plans') return resolvePlanOfEvent(reading, text);
  const spec = TABLE_SPECS.get(table)!;
  const what = TABLE_NOUNS[table] ?? table;
  if (/^\d+$/.test(text)) {
    const local = reading.fileIds.get(table)?.get(text);
    if (local) return { planned: local };
    if (reading.dbById.get(table)?.has(Number(text))) return { db: Number(text) };
    return `unknown ${what} id ${text}`;
  }
  if (table === 'litters') return resolveLitter(reading, text);
  const nameKey = spec.key[0]!;
  const names = (v: Record<string, unknown>) => (table === 'organizations' ? [lower(v.name), lower(v.abbreviation)] : [keyText(table, nameKey, v[nameKey])]);
  const wanted = keyText(table, nameKey, text);
  const p = indexOf(reading, `${table}:file:name`, reading.planned.get(table) ?? [], (q) => names(q.values)).get(wanted);
  if (p) return { planned: p };
  const r = indexOf(reading, `${table}:db:name`, reading.db.get(table) ?? [], names).get(wanted);
  if (r) return { db: r.id };
  return table === 'breeds' ? `unknown breed abbreviation "${text}"` : `unknown ${what} "${text}"`;
}

/** The sheet's headers read as columns ("breed_id" is read as "breed": the id-or-name reference column). */
export function columnsOfHeaders(spec: TableSpec, headers: readonly string[]): Map<string, ColumnSpec> {
  const columns = new Map<string, ColumnSpec>();
  for (const h of headers) {
    const c = spec.columns.find((c) => c.header === h || (c.kind === 'ref' && c.column === h));
    if (c) columns.set(h, c);
  }
  return columns;
}

/** Reads a row's cells into p: values, resolved references; says which columns could not be read. */
function readCells(reading: Reading, p: PlannedRow, columns: Map<string, ColumnSpec>): { bad: boolean; badColumns: Set<string> } {
  let bad = false;
  const badColumns = new Set<string>();
  const { sheet, source } = p;
  const entries: [string, ColumnSpec, string][] = [];
  for (const [header, c] of columns) {
    const parsed = parseCell(c, source.cells[header] ?? '');
    if ('error' in parsed) {
      report(reading, sheet, source.row, header, parsed.error);
      bad = true;
      badColumns.add(c.column);
      continue;
    }
    if (c.kind === 'ref') {
      if (parsed.value === null) {
        p.refs[c.column] = null;
        continue;
      }
      // A cat is named within its row's event, which may be a later cell of the row.
      if (c.ref === 'catalogue_entries') {
        entries.push([header, c, String(parsed.value)]);
        continue;
      }
      const t = resolveRef(reading, c.ref!, String(parsed.value));
      if (typeof t === 'string') {
        report(reading, sheet, source.row, header, t);
        bad = true;
        badColumns.add(c.column);
      } else p.refs[c.column] = t;
      continue;
    }
    const v = parsed.value;
    if (c.vocabulary && v !== null && !c.vocabulary.values.includes(String(v))) {
      report(reading, sheet, source.row, header, `unknown ${c.vocabulary.what} "${String(v)}"; allowed: ${c.vocabulary.values.join(', ')}`);
      bad = true;
    }
    p.values[c.column] = v;
  }
  const event = p.refs.event_id;
  for (const [header, c, text] of entries) {
    // An event that could not be read is reported at its own cell.
    if (!event) {
      bad = true;
      badColumns.add(c.column);
      continue;
    }
    const t = resolveEntryOfEvent(reading, event, source.cells.event ?? source.cells.event_id ?? '', text);
    if (typeof t === 'string') {
      report(reading, sheet, source.row, header, t);
      bad = true;
      badColumns.add(c.column);
    } else p.refs[c.column] = t;
  }
  if (p.idCell && !/^\d+$/.test(p.idCell)) {
    report(reading, sheet, source.row, 'id', `not a whole number: "${p.idCell}"`);
    bad = true;
    badColumns.add('id');
  }
  return { bad, badColumns };
}

/** The rows of one sheet already read: by id cell, by natural key, and by the database row they matched. */
interface SheetSeen {
  ids: Map<string, PlannedRow>;
  byKey: Map<string, PlannedRow>;
  byDbId: Map<number, PlannedRow>;
}

/** Reads one row, matches it to its database row (its id, else its natural key) and checks it. */
function readRow(reading: Reading, spec: TableSpec, sheet: Sheet, columns: Map<string, ColumnSpec>, source: SheetRow, seen: SheetSeen): PlannedRow {
  const p: PlannedRow = { spec, sheet, source, serial: ++reading.serials, idCell: (source.cells.id ?? '').trim(), values: {}, refs: {} };
  const { bad, badColumns } = readCells(reading, p, columns);
  const at = (header: string, message: string) => report(reading, sheet, source.row, header, message);
  if (p.idCell) {
    const other = seen.ids.get(p.idCell);
    if (other) at('id', `id ${p.idCell} is also on row ${other.source.row}`);
    else seen.ids.set(p.idCell, p);
  }
  // A row with a mistake is still checked for a duplicate key, when its key could be read.
  if (badColumns.has('id') || spec.key.some((k) => badColumns.has(k))) return p;

  const byIdRow = p.idCell ? reading.dbById.get(spec.table)!.get(Number(p.idCell)) : undefined;
  const key = fileKeyOf(spec, p);
  const sameKey = seen.byKey.get(key);
  // Two rows with ids may share a key the database does not hold unique (two adverts of one company).
  if (sameKey && (isUniqueKey(spec) || !p.idCell || !sameKey.idCell)) {
    at(columnOf(spec, spec.key[0]!).header, `the same ${spec.key.map((k) => columnOf(spec, k).header).join(' + ')} as row ${sameKey.source.row}`);
    return p;
  }
  if (!sameKey) seen.byKey.set(key, p);
  const match = byIdRow ?? dbRowsWithKey(reading.dbByKey, reading.db, spec, key).find((r) => !seen.byDbId.has(r.id));
  if (match) {
    const twice = seen.byDbId.get(match.id);
    if (twice) {
      at('id', `the same ${spec.table} row as row ${twice.source.row}`);
      return p;
    }
    seen.byDbId.set(match.id, p);
    p.current = match;
    p.dbId = match.id;
  }
  if (!bad && (spec.table !== 'floor_plans' || fillPlanSize(reading, p, columns))) checkRow(p, at);
  return p;
}

/** Reads one sheet: its headers, then every row in order (a row may refer to an earlier one by id). */
export function readSheet(reading: Reading, spec: TableSpec, sheet: Sheet): void {
  const columns = columnsOfHeaders(spec, sheet.headers);
  const allowed = headersOf(spec);
  for (const h of sheet.headers) {
    if (!columns.has(h) && h !== 'id') report(reading, sheet, 1, h, `unknown column (allowed: ${allowed.join(', ')})`);
  }
  const present = new Set(columns.values());
  const sheetIndex = SHOW_TABLES.indexOf(spec);
  for (const c of spec.columns) {
    if (c.required && !present.has(c)) {
      reading.problems.push({ sheetIndex, row: 1, column: 999, at: `${sheet.label}:1`, line: `${sheet.label}:1:${c.header} — missing column` });
    }
  }
  const list: PlannedRow[] = [];
  reading.planned.set(spec.table, list);
  const seen: SheetSeen = { ids: new Map(), byKey: new Map(), byDbId: new Map() };
  reading.fileIds.set(spec.table, seen.ids);
  for (const source of sheet.rows) list.push(readRow(reading, spec, sheet, columns, source, seen));
}

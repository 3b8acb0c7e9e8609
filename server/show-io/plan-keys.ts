// The rows the show planner works with (plan.ts), and the natural keys that find a row again without its id:
// the same text for a row of the folder and for a row of the database, whatever the case or spacing.
import { catterySlug } from '../../shared/paths.ts';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import type { Sheet, SheetRow } from './folder.ts';
import type { ColumnSpec, DbRow, TableSpec } from './tables.ts';

/** The database's rows of every show table, as read before the import. */
export type DatabaseRows = ReadonlyMap<MirrorTable, readonly DbRow[]>;

/** What a reference cell points at: a row already in the database, or a row of the folder. */
export type Target = { db: number } | { planned: PlannedRow };

/** A row of the folder as the import reads it. */
export interface PlannedRow {
  spec: TableSpec;
  sheet: Sheet;
  source: SheetRow;
  /** Tells rows of the folder apart in a natural key before they have a database id. */
  serial: number;
  idCell: string;
  /** The managed columns' values (references are in refs). */
  values: Record<string, unknown>;
  refs: Record<string, Target | null>;
  /** The matched database row. */
  current?: DbRow;
  /** Its id, when matched. */
  dbId?: number;
}

export interface Problem {
  /** Where it sorts: the sheet (in SHOW_TABLES order; -1 for the folder itself), row and column. */
  sheetIndex: number;
  row: number;
  column: number;
  /** The row it is about, as "label:row" ('' for the folder itself). */
  at: string;
  line: string;
}

export const KEY_SEPARATOR = '\u0001';
export const lower = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim().toLowerCase());
/** A natural key's text: catteries are unique by public.cattery_slug(name), the rest by their lowercase text. */
export const keyText = (table: MirrorTable, column: string, v: unknown): string =>
  table === 'catteries' && column === 'name' ? catterySlug(v === null || v === undefined ? '' : String(v)) : lower(v);
export const columnOf = (spec: TableSpec, column: string): ColumnSpec => spec.columns.find((c) => c.column === column)!;

/** The database id of a folder row, when it has one (matched, or matched later by planWrites). */
export type IdOf = (p: PlannedRow) => number | undefined;
const idAsRead: IdOf = (p) => p.dbId;

/** The database id a target has now: a row of the folder matched to one has its id. */
export const targetId = (t: Target, idOf: IdOf = idAsRead): number | undefined => ('db' in t ? t.db : idOf(t.planned));
export const targetToken = (t: Target | null | undefined, idOf: IdOf = idAsRead): string => {
  if (!t) return '';
  const id = targetId(t, idOf);
  return id !== undefined ? `db:${id}` : `new:${(t as { planned: PlannedRow }).planned.serial}`;
};

/** The text that finds a row again: these columns of a database row. */
export const dbKeyOf = (spec: TableSpec, r: DbRow, columns = spec.key): string =>
  columns.map((k) => (columnOf(spec, k).kind === 'ref' ? (r[k] == null ? '' : `db:${r[k] as number}`) : keyText(spec.table, k, r[k]))).join(KEY_SEPARATOR);
/** The same for a row of the folder (values and refs as read, or as planWrites renames them). */
export const fileKeyOf = (spec: TableSpec, row: Pick<PlannedRow, 'values' | 'refs'>, columns = spec.key, idOf: IdOf = idAsRead): string =>
  columns.map((k) => (columnOf(spec, k).kind === 'ref' ? targetToken(row.refs[k], idOf) : keyText(spec.table, k, row.values[k]))).join(KEY_SEPARATOR);

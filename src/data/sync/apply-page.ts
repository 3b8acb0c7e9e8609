// Writes pulled pages into the Dexie mirror (rows checked against their schemas, tombstones, cursors and a
// complete pull's bookkeeping, one transaction per page), and empties the mirror when it must start again.
import Dexie from 'dexie';
import * as z from '../../../shared/zod-mini.ts';
import type { QuarantinedRow, ShowDb } from '../db.ts';
import type { MirrorTable } from '../../../shared/mirror-tables.ts';
import { compareText } from '../../../shared/compare.ts';
import type { PullSummary } from './contract.ts';
import { bookkeepingDue, META_LAST_SYNCED, META_PERSIST_REQUESTED, type Bookkeeping } from './mirror-bookkeeping.ts';
import { tableOf, type Cursor, type Cursors, type Page } from './pull-page.ts';
import { rowSchemas } from '../../../shared/row-schemas.ts';
import type { SyncStatusStore } from './status.ts';

/** The tombstones' cursor, kept in sync_state beside the tables'. */
const TOMBSTONES = '_tombstones';

/** The mirror one engine writes: its database, the tables it mirrors, and its clock. */
export interface Mirror {
  db: ShowDb;
  tables: readonly MirrorTable[];
  /** The stores a page's transaction writes (besides quarantine). */
  stores: string[];
  isMirrorTable: (name: string) => name is MirrorTable;
  now: () => number;
}

export function createMirror(db: ShowDb, tables: readonly MirrorTable[], now: () => number): Mirror {
  const tableNames: ReadonlySet<string> = new Set(tables);
  return { db, tables, stores: [...tables, 'sync_state', 'meta'], isMirrorTable: (name): name is MirrorTable => tableNames.has(name), now };
}

/** Order-independent comparison: IndexedDB and jsonb may order a cursor's keys differently. */
function cursorKey(cursor: Cursor | undefined): string {
  if (!cursor) return 'null';
  return JSON.stringify(Object.entries(cursor).sort(([a], [b]) => compareText(a, b)));
}

export async function loadCursors(db: ShowDb): Promise<Cursors> {
  const states = await db.sync_state.toArray();
  return new Map(states.map((s) => [s.table, s.cursor]));
}

/** Whether the tombstone cursor is older than the server keeps tombstones: deletes may have been missed. */
export function tombstonesExpired(cursors: Cursors, horizon: string): boolean {
  const deletedAt = cursors.get(TOMBSTONES)?.deleted_at;
  return typeof deletedAt === 'string' && Date.parse(deletedAt) < Date.parse(horizon);
}

/** What one page asks of the mirror. */
interface PagePlan {
  puts: [MirrorTable, unknown[]][];
  deletes: Map<MirrorTable, number[]>;
  /** The cursors that moved. */
  nextCursors: Cursors;
  /** Rows that failed their schema; putRows adds the rows a local index refuses. */
  quarantine: QuarantinedRow[];
}

/** Sorts a page into valid rows, quarantined rows, deletes and moved cursors; writes nothing. */
function planPage(mirror: Mirror, page: Page, cursors: Cursors, at: number): PagePlan {
  const quarantine: QuarantinedRow[] = [];
  const puts: [MirrorTable, unknown[]][] = [];
  const nextCursors: Cursors = new Map();
  for (const table of mirror.tables) {
    const { rows, cursor } = tableOf(page, table, cursors);
    const valid: unknown[] = [];
    for (const row of rows) {
      const parsed = rowSchemas[table].safeParse(row);
      if (parsed.success) valid.push(parsed.data);
      else quarantine.push({ table, row, error: z.prettifyError(parsed.error), at });
    }
    if (valid.length > 0) puts.push([table, valid]);
    if (cursorKey(cursor) !== cursorKey(cursors.get(table))) nextCursors.set(table, cursor);
  }
  const deletes = new Map<MirrorTable, number[]>();
  for (const { table_name, row_id } of page.tombstones.rows) {
    const id = Number(row_id);
    if (!mirror.isMirrorTable(table_name) || !Number.isSafeInteger(id)) continue;
    const ids = deletes.get(table_name) ?? [];
    ids.push(id);
    deletes.set(table_name, ids);
  }
  const { tombstones } = page;
  if (cursorKey(tombstones.cursor) !== cursorKey(cursors.get(TOMBSTONES))) {
    nextCursors.set(TOMBSTONES, tombstones.cursor);
  }
  return { puts, deletes, nextCursors, quarantine };
}

async function putRows(db: ShowDb, table: MirrorTable, rows: unknown[], quarantine: QuarantinedRow[], at: number) {
  try {
    await db.table(table).bulkPut(rows);
    return rows.length;
  } catch (e) {
    // A local unique index (a breed's abbreviation) may refuse a row the server holds: set it aside.
    if (!(e instanceof Dexie.BulkError)) throw e;
    const failures = Object.entries(e.failuresByPos);
    if (failures.some(([, f]) => f.name !== 'ConstraintError')) throw e;
    for (const [pos, f] of failures) quarantine.push({ table, row: rows[Number(pos)], error: f.message, at });
    return rows.length - failures.length;
  }
}

/**
 * Applies one page with its cursors in one transaction, or skips it when there is nothing to write;
 * `cursors`, `bookkeeping` and `summary` follow what was committed.
 */
export async function applyPage(mirror: Mirror, bookkeeping: Bookkeeping, page: Page, cursors: Cursors, final: boolean, summary: PullSummary): Promise<void> {
  const { db } = mirror;
  const at = mirror.now();
  const { puts, deletes, nextCursors, quarantine } = planPage(mirror, page, cursors, at);
  const changed = quarantine.length > 0 || puts.length > 0 || deletes.size > 0 || nextCursors.size > 0;
  if (!changed && !(final && bookkeepingDue(bookkeeping, at))) return;
  // Every tombstone below the watermark has been seen, so the cursor may move up to it.
  if (!page.tombstones.more) nextCursors.set(TOMBSTONES, { deleted_at: page.watermark, table_name: '', row_id: '' });

  let rows = 0;
  await db.transaction('rw', [...mirror.stores, 'quarantine'], async () => {
    // Deletes first: a row in this page exists on the server now, whatever older tombstone it has.
    for (const [table, ids] of deletes) await db.table(table).bulkDelete(ids);
    for (const [table, valid] of puts) rows += await putRows(db, table, valid, quarantine, at);
    if (quarantine.length > 0) await db.quarantine.bulkAdd(quarantine);
    await db.sync_state.bulkPut([...nextCursors].map(([table, cursor]) => ({ table, cursor, updatedAt: at })));
    if (final) {
      await db.meta.bulkPut([
        { key: META_LAST_SYNCED, value: at },
        { key: META_PERSIST_REQUESTED, value: true },
      ]);
    }
  });
  for (const [table, cursor] of nextCursors) cursors.set(table, cursor);
  if (final) bookkeeping.persistedAt = at;
  summary.writes++;
  summary.rows += rows;
  summary.deleted += [...deletes.values()].reduce((n, ids) => n + ids.length, 0);
  summary.quarantined += quarantine.length;
}

/** Empties the mirror and its cursors (they can be pulled again); never the outbox. */
export async function clearMirror(mirror: Mirror, bookkeeping: Bookkeeping, status: SyncStatusStore): Promise<void> {
  const { db } = mirror;
  await db.transaction('rw', mirror.stores, async () => {
    await Promise.all(mirror.tables.map((t) => db.table(t).clear()));
    await db.sync_state.clear();
    await db.meta.delete(META_LAST_SYNCED);
  });
  bookkeeping.persistedAt = null;
  status.setState({ lastSyncedAt: null });
}

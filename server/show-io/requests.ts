// The show command's requests to the project, read in pages and sent a few at a time: a show of 50,000 rows
// or 700 pictures is neither one huge answer nor 700 requests at once on hall Wi-Fi.
import type { SupabaseClient } from '@supabase/supabase-js';
import { dbColumnsOf, type DbRow, type TableSpec } from './tables.ts';

/** Rows asked for in one read: the most a read returns (supabase/config.toml max_rows, the venue server's MAX_ROWS). */
const ROWS_PER_PAGE = 1000;
/** Requests of one kind in flight at once: image checks, photo uploads, row updates, image downloads. */
const REQUESTS_IN_PARALLEL = 8;

/** Every row of a table a show folder holds (its id and the table spec's columns), in id order. */
export async function readTableRows(client: SupabaseClient, spec: TableSpec): Promise<DbRow[]> {
  const rows: DbRow[] = [];
  for (let from = 0; ; from += ROWS_PER_PAGE) {
    const query = client.from(spec.table).select(dbColumnsOf(spec).join(','));
    const { data, error } = await (spec.only ? query.eq(spec.only.column, spec.only.value) : query).order('id').range(from, from + ROWS_PER_PAGE - 1);
    if (error) throw new Error(`Reading ${spec.table}: ${error.message}`);
    const page = (data ?? []) as unknown as DbRow[];
    rows.push(...page.map((r) => ({ ...r, id: Number(r.id) })));
    if (page.length < ROWS_PER_PAGE) return rows;
  }
}

/** Runs fn on every item, at most REQUESTS_IN_PARALLEL at a time; the first failure fails the whole. */
export async function inParallel<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(REQUESTS_IN_PARALLEL, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

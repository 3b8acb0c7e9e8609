// One sync_pull round trip: the request this build sends, and the answer's envelope, checked before anything is written.
import * as z from '../../../shared/zod-mini.ts';
import type { MirrorTable } from '../../../shared/mirror-tables.ts';
import type { ShowRpcClient } from '../client.ts';
import { OFFLINE_MESSAGE, OUTDATED_MESSAGE, TIMEOUT_MESSAGE } from './messages.ts';
import { deadlineSignal, isDeadlineError, SYNC_CONTRACT_VERSION, SyncError } from './contract.ts';

const INVALID_RESPONSE_MESSAGE = 'The server sent sync data this version of the app cannot read.';

export type Cursor = Record<string, unknown> | null;
/** Each table's cursor (and the tombstones', under TOMBSTONES), as saved in sync_state. */
export type Cursors = Map<string, Cursor>;
export type Page = z.infer<typeof pageSchema>;

const cursorSchema = z.nullable(z.record(z.string(), z.unknown()));
const tablePageSchema = z.object({ rows: z.array(z.unknown()), more: z.boolean(), cursor: cursorSchema });
type TablePage = z.infer<typeof tablePageSchema>;
const contractVersion = z.int().check(z.positive());
/**
 * The envelope of a sync_pull answer. Tables are read one by one (tableOf): a table this build does not
 * know is ignored, and a missing one means "no rows, keep the cursor" — so a server that mirrors a table
 * more, or one fewer, never stops an installed app (docs/SYNC-COMPATIBILITY.md).
 */
const pageSchema = z.object({
  /** Absent before the contract was versioned: version 1. */
  schema_version: z.optional(contractVersion),
  min_client: z.optional(contractVersion),
  watermark: z.string(),
  tombstone_horizon: z.string(),
  /** Rows at or past the watermark were held back (migration 20261128000200_sync_held_back.sql); absent from older servers. */
  held_back: z.optional(z.boolean()),
  tables: z.record(z.string(), z.unknown()),
  tombstones: z.object({
    rows: z.array(z.object({ table_name: z.string(), row_id: z.string(), deleted_at: z.string() })),
    more: z.boolean(),
    cursor: cursorSchema,
  }),
});

/** How this engine asks for a page. */
export interface PageRequest {
  /** sync_pull is the engine's one call: the workers' PostgREST client or the page's supabase-js. */
  client: ShowRpcClient;
  pageLimit: number;
  /** A page that has not arrived by then is a failed, retried pull. */
  deadlineMs: number;
  tables: readonly MirrorTable[];
}

/** What the engine has learnt of the server it talks to. */
export interface ServerContract {
  /** False once the server said it needs the contract versioned, until then unknown: the pre-version server. */
  knowsTables: boolean;
}

/** Fetches and checks one page; every failure is a SyncError with its code, or the caller's abort. */
export async function fetchPage(request: PageRequest, server: ServerContract, cursors: Cursors, signal?: AbortSignal): Promise<Page> {
  const { client, pageLimit, tables } = request;
  const p_cursors = Object.fromEntries([...cursors].filter(([, c]) => c !== null));
  const deadline = deadlineSignal(request.deadlineMs, signal);
  try {
    const args = server.knowsTables ? { p_cursors, p_limit: pageLimit, p_tables: tables, p_client: SYNC_CONTRACT_VERSION } : { p_cursors, p_limit: pageLimit };
    let { data, error, status: httpStatus } = await client.rpc('sync_pull', args).abortSignal(deadline.signal);
    if (error?.code === 'PGRST202' && server.knowsTables) {
      // A server from before the versioned contract: it sends the tables this build was made for.
      server.knowsTables = false;
      ({ data, error, status: httpStatus } = await client.rpc('sync_pull', { p_cursors, p_limit: pageLimit }).abortSignal(deadline.signal));
    }
    signal?.throwIfAborted(); // supabase-js turns an abort into an error result
    if (deadline.signal.aborted) throw new SyncError('timeout', TIMEOUT_MESSAGE, { cause: deadline.signal.reason });
    if (error) {
      if (httpStatus === 0) throw new SyncError('network', OFFLINE_MESSAGE, { cause: error });
      throw new SyncError('server', error.message || `The server answered ${httpStatus}.`, { cause: error });
    }
    const parsed = pageSchema.safeParse(data);
    if (!parsed.success) throw new SyncError('invalid_response', INVALID_RESPONSE_MESSAGE, { cause: parsed.error });
    if ((parsed.data.min_client ?? 1) > SYNC_CONTRACT_VERSION) throw new SyncError('outdated', OUTDATED_MESSAGE);
    return parsed.data;
  } catch (e) {
    if (isDeadlineError(e) && !signal?.aborted) throw new SyncError('timeout', TIMEOUT_MESSAGE, { cause: e });
    throw e;
  } finally {
    deadline.clear();
  }
}

/** A known table's page; a table the server did not send has no rows and keeps its cursor. */
export function tableOf(page: Page, table: MirrorTable, cursors: Cursors): TablePage {
  const parsed = tablePageSchema.safeParse(page.tables[table]);
  if (parsed.success) return parsed.data;
  if (page.tables[table] === undefined) return { rows: [], more: false, cursor: cursors.get(table) ?? null };
  throw new SyncError('invalid_response', INVALID_RESPONSE_MESSAGE, { cause: parsed.error });
}

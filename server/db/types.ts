/** The database the venue server runs on: PGlite in-process or PostgreSQL through `pg`. */
export interface QueryResult<R> {
  rows: R[];
  /** Rows touched by INSERT/UPDATE/DELETE (undefined when the driver does not say). */
  affectedRows?: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Tx extends Queryable {
  /** Runs a script of several statements (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** How a request's transaction opens (runAs): read-only or not, and transaction-local settings. */
export interface TxOpening {
  readOnly: boolean;
  /** set_config(name, value, true) for each pair, before any statement of fn. */
  settings: [name: string, value: string][];
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it throws. With an opening,
   * the begin and the settings travel with fn's first statement where the driver can batch them.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opening?: TxOpening): Promise<T>;
  /**
   * LISTEN on channel (a lower-case identifier): onPayload hears each NOTIFY's payload once its
   * transaction has committed. Resolves to the matching unlisten.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Venue servers listening on this database, this one included (1 on PGlite, which one server owns):
   * several on one PostgreSQL share its capacity, so each spreads a poke's pulls as for all of them.
   */
  listeners(): Promise<number>;
  close(): Promise<void>;
}

/** A Postgres error as both drivers report it. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}

/** Channel names are spliced into LISTEN: only plain lower-case identifiers. */
export function checkChannelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a LISTEN channel name: ${channel}`);
  return channel;
}

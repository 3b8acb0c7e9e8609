// PostgreSQL through a `pg` pool (DATABASE_URL); several venue servers may share one database.
import pg from 'pg';
import { LISTEN_APPLICATION_NAME, PostgresListener } from './postgres-listen.ts';
import type { Db, QueryResult, Tx, TxOpening } from './types.ts';

// Keep int8 and numeric as text (the pg default for int8; numeric already is text).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  // Sessions run in UTC so JSON renders timestamps as PostgREST does.
  // Pipelined: a transaction's begin and settings go out with its first statement, not a round trip
  // before it (as the PGlite adapter batches them into one call).
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC', pipeline: true });
  // An idle connection the server ended (a restart, pg_terminate_backend, DROP DATABASE ... FORCE): the
  // pool drops it and opens another when needed. Unheard, this 'error' would end the venue server.
  pool.on('error', (e) => console.warn(`[db] idle PostgreSQL connection lost: ${e.message}`));
  await pool.query('select 1');

  /** failedOpening: the opening's error, which explains a statement refused after it (25P02) better. */
  const wrap = (c: pg.Pool | pg.PoolClient, failedOpening?: () => Promise<unknown>): Tx => {
    const run = async <R>(query: () => Promise<pg.QueryResult>): Promise<QueryResult<R>> => {
      try {
        const res = await query();
        return { rows: res.rows as R[], affectedRows: res.rowCount ?? undefined };
      } catch (e) {
        throw (await failedOpening?.()) ?? e;
      }
    };
    return {
      query: <R>(text: string, params?: unknown[]) => run<R>(() => c.query(text, params)),
      // Without parameters pg uses the simple protocol, which accepts several statements.
      exec: async (sql) => {
        await run(() => c.query(sql));
      },
    };
  };

  const listener = new PostgresListener(connectionString);
  return {
    kind: 'postgres',
    ...wrap(pool),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    async listeners() {
      // Every venue server's LISTEN connection carries this name (postgres-listen.ts); one role sees its own.
      const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()', [
        LISTEN_APPLICATION_NAME,
      ]);
      return Math.max(1, rows[0]?.n ?? 1);
    },
    async transaction(fn, opening) {
      const client = await pool.connect();
      // Not awaited: the pipeline sends it ahead of fn's first statement.
      const opened = openTransaction(client, opening).then(
        () => null,
        (e: unknown) => e ?? new Error('The transaction could not begin'),
      );
      try {
        const out = await fn(wrap(client, () => opened));
        const failed = await opened;
        if (failed) throw failed;
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw (await opened) ?? e;
      } finally {
        client.release();
      }
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * The begin, then the settings as one statement kept prepared on each connection (named by the number
 * of settings), so Postgres parses and plans it once per connection rather than once per request.
 */
function openTransaction(client: pg.PoolClient, opening: TxOpening | undefined): Promise<unknown> {
  const begin = client.query(opening?.readOnly ? 'begin read only' : 'begin');
  if (!opening?.settings.length) return begin;
  const { settings } = opening;
  const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  const set = client.query({ name: `purrfect_opening_${settings.length}`, text: `select ${calls.join(', ')}`, values: settings.flat() });
  return Promise.all([begin, set]);
}

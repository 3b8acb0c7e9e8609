// PostgreSQL through a `pg` pool (DATABASE_URL); several venue servers may share one database.
import pg from 'pg';
import type { Db, QueryResult, Tx } from './types.ts';

// Keep int8 and numeric as text (the pg default for int8; numeric already is text).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  // Sessions run in UTC so JSON renders timestamps as PostgREST does.
  const pool = new pg.Pool({ connectionString, max, options: '-c TimeZone=UTC' });
  await pool.query('select 1');

  const wrap = (c: pg.Pool | pg.PoolClient): Tx => ({
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await c.query(text, params);
      return { rows: res.rows as R[], affectedRows: res.rowCount ?? undefined };
    },
    // Without parameters pg uses the simple protocol, which accepts several statements.
    exec: async (sql) => {
      await c.query(sql);
    },
  });

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

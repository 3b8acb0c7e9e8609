// PGlite: embedded Postgres (WASM) persisted in DATA_DIR, or in memory when dataDir is omitted.
import { PGlite, types } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Db, QueryResult, Tx } from './types.ts';

// Keep int8 and numeric as text, like `pg` does, so both engines hand back the same values.
const parsers = {
  [types.INT8]: (v: string) => v,
  [types.NUMERIC]: (v: string) => v,
};

export async function openPglite(dataDir?: string): Promise<Db> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pgcrypto, uuid_ossp },
    parsers,
  });

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Tx => ({
    async query<R>(text: string, params?: unknown[]): Promise<QueryResult<R>> {
      const res = await q.query<R>(text, params as never[]);
      return { rows: res.rows, affectedRows: res.affectedRows };
    },
    exec: async (sql) => {
      await q.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

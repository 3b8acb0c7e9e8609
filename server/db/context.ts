// Runs one API request as PostgREST does: a transaction with the JWT's role and claims set locally.
import type { Db, Tx } from './types.ts';

export type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestContext {
  role: DbRole;
  /** The verified JWT payload, exposed to SQL as request.jwt.claims (auth.uid(), auth.jwt()). */
  claims: Record<string, unknown>;
  /** GET/HEAD run read-only, like PostgREST. */
  readOnly?: boolean;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
}

const STATEMENT_TIMEOUT: Record<DbRole, string> = { anon: '3s', authenticated: '8s', service_role: '0' };

/** Executes fn inside a transaction switched to ctx.role, so RLS and grants decide what it may touch. */
export function runAs<T>(db: Db, ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (ctx.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`,
      [ctx.role, JSON.stringify(ctx.claims), ctx.method ?? '', ctx.path ?? '', JSON.stringify(ctx.headers ?? {})],
    );
    // PGlite runs in-process on one thread: a timeout would only abort our own work, not free anything.
    if (db.kind === 'postgres') {
      await tx.query(`select set_config('statement_timeout', $1, true)`, [STATEMENT_TIMEOUT[ctx.role]]);
    }
    return fn(tx);
  });
}

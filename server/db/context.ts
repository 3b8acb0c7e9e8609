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

/**
 * The request header that carries the client's address to SQL (request.headers), named as hosted Supabase
 * names it: there Cloudflare sets cf-connecting-ip to the peer it saw and replaces any value a client sent,
 * while x-forwarded-for keeps whatever hops the client wrote in front. The venue server puts the address its
 * rate limits use there (resolveClientAddress), so submit_votes reads one header in both places.
 */
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

const STATEMENT_TIMEOUT: Record<DbRole, string> = { anon: '3s', authenticated: '8s', service_role: '0' };

/** Executes fn inside a transaction switched to ctx.role, so RLS and grants decide what it may touch. */
export function runAs<T>(db: Db, ctx: RequestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const settings: [string, string][] = [
    ['role', ctx.role],
    ['request.jwt.claims', JSON.stringify(ctx.claims)],
    ['request.method', ctx.method ?? ''],
    ['request.path', ctx.path ?? ''],
    ['request.headers', JSON.stringify(ctx.headers ?? {})],
  ];
  // PostgreSQL enforces it itself; PGlite ignores it, and its worker host (pglite-host.ts) enforces it.
  settings.push(['statement_timeout', STATEMENT_TIMEOUT[ctx.role]]);
  // The begin and the settings go out with fn's first statement (one round trip where the driver can).
  return db.transaction(fn, { readOnly: ctx.readOnly === true, settings });
}

// PostgREST's error answers: Postgres errors by SQLSTATE, JWT failures, singular-response violations.
import type { DbRole } from '../db/context.ts';
import type { PgError } from '../db/types.ts';
import { restError, type HttpError } from '../http-error.ts';
import type { JwtError } from '../auth/jwt.ts';

const BY_CODE: Record<string, number> = {
  '23503': 409,
  '23505': 409,
  '25006': 405,
  P0001: 400,
  '42883': 404,
  '42P01': 404,
  '42P17': 500,
};

const BY_CLASS: Record<string, number> = {
  '08': 503,
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503,
  '54': 500,
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
};

/** The HTTP status PostgREST gives a SQLSTATE; 42501 depends on whether the caller is signed in. */
export function statusOf(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) {
    const status = Number(custom[1]);
    if (status >= 100 && status <= 599) return status;
  }
  return BY_CODE[code] ?? BY_CLASS[code.slice(0, 2)] ?? 400;
}

export function fromPgError(e: PgError, role: DbRole): HttpError {
  const code = e.code ?? 'XX000';
  return restError(statusOf(code, role), code, e.message, e.detail || null, e.hint || null);
}

export function fromJwtError(e: JwtError): HttpError {
  if (e.reason === 'expired') {
    return restError(401, 'PGRST303', 'JWT expired', null, null, {
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="JWT expired"',
    });
  }
  return restError(401, 'PGRST301', 'No suitable key or wrong key type', e.message, null, {
    'WWW-Authenticate': 'Bearer error="invalid_token", error_description="No suitable key or wrong key type"',
  });
}

/** application/vnd.pgrst.object+json needs exactly one row (raised inside the transaction so writes roll back). */
export function assertSingle(rows: number): void {
  if (rows !== 1) {
    throw restError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`);
  }
}

/** Prefer: handling=strict, max-affected=n. */
export function assertMaxAffected(rows: number, max: number | undefined): void {
  if (max !== undefined && rows > max) {
    throw restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`);
  }
}

export function invalidJson(message = 'Empty or invalid json'): HttpError {
  return restError(400, 'PGRST102', message);
}

// GoTrue's error body and API-version header (auth-js reads `code` only when the header is present).
import { HttpError } from '../http-error.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/** `{code, error_code, msg, message}`: read correctly by old and new auth-js versions alike. */
export function authError(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): HttpError {
  return new HttpError(status, { code, error_code: code, msg: message, message, ...extra }, { [API_VERSION_HEADER]: API_VERSION, ...headers });
}

// Sorts a failed outbox send into what the drain does next: retry, refresh the session, or fail (docs/DESIGN.md §5.3).
import { OUTBOX_FAILURE_TEXT, failureCodeOfText, type OutboxFailureCode } from '../../../shared/messages.ts';
import { VOTE_CLOSED_CODE, VOTE_UNKNOWN_ENTRY_CODE } from '../../../shared/vote.ts';
import { retryAfterMs } from './backoff.ts';

/** A failure as the outbox item keeps it: the code the screens read, and the words builds before codes show. */
export interface Failure {
  code: OutboxFailureCode;
  message: string;
}

/** A failure the app words itself (OUTBOX_FAILURE_TEXT). */
export function failure(code: Exclude<OutboxFailureCode, 'other'>): Failure {
  return { code, message: OUTBOX_FAILURE_TEXT[code] ?? '' };
}

/** A failure in someone else's words (the server's, an exception's): coded when the app knows them. */
export function failureSaying(message: string | null | undefined): Failure {
  return message ? { code: failureCodeOfText(message), message } : failure('unknown');
}

/** A function that is not deployed yet (PGRST202) is asked again no sooner than this. */
export const MISSING_FUNCTION_FLOOR_MS = 15 * 60_000;

export type Verdict =
  ({ action: 'retry'; /** minimum delay before the next try */ floorMs?: number } & Failure) | ({ action: 'auth' } & Failure) | ({ action: 'failed' } & Failure);

const RETRYABLE_HTTP = new Set([408, 425, 429]);
/** send-coupon's `code` for an account whose e-mail is not verified (403). */
const UNVERIFIED_FUNCTION_CODE = 'email_not_verified';
/** Serialization failure, deadlock, statement timeout, too many connections. */
const RETRYABLE_SQLSTATE = new Set(['40001', '40P01', '57014', '53300']);
const AUTH_CODES = new Set(['PGRST301', 'PGRST303']);

const isRetryableStatus = (status: number) => RETRYABLE_HTTP.has(status) || status >= 500;

function networkVerdict(cause: unknown): Verdict {
  const name = (cause as { name?: unknown } | null)?.name;
  const text = typeof cause === 'string' ? cause : '';
  const timedOut = name === 'TimeoutError' || text.startsWith('TimeoutError');
  return { action: 'retry', ...failure(timedOut ? 'timeout' : 'offline') };
}

/** A whole-call failure of an RPC as postgrest-js reports it (status 0: the request never got an answer). */
export function classifyRpcFailure(status: number, error: { code?: string | null; message?: string | null }): Verdict {
  const code = error.code ?? '';
  const said = failureSaying(error.message);
  if (status === 0) return networkVerdict(error.message ?? '');
  if (RETRYABLE_SQLSTATE.has(code)) return { action: 'retry', ...said };
  if (status === 404 && code === 'PGRST202') {
    return { action: 'retry', ...failure('function_missing'), floorMs: MISSING_FUNCTION_FLOOR_MS };
  }
  if (status === 401 || AUTH_CODES.has(code)) return { action: 'auth', ...said };
  if (isRetryableStatus(status)) return { action: 'retry', ...said };
  return { action: 'failed', ...said };
}

export interface VoteResult {
  id: string;
  status: 'recorded' | 'replayed' | 'duplicate' | 'rejected';
  code?: string | null;
  message?: string | null;
}

/** One vote's answer from submit_votes: a replay of a delivered vote is delivered, never "already voted". */
export function classifyVoteResult(result: VoteResult): { action: 'sent' } | Verdict {
  switch (result.status) {
    case 'recorded':
    case 'replayed':
      return { action: 'sent' };
    case 'duplicate':
      return { action: 'failed', ...failure('already_voted') };
    case 'rejected': {
      // Permanent: the event's voting has closed; shown in the shared words whatever the server sent.
      if (result.code === VOTE_CLOSED_CODE) return { action: 'failed', ...failure('event_closed') };
      // Permanent: the number is not in the event's catalogue.
      if (result.code === VOTE_UNKNOWN_ENTRY_CODE) return { action: 'failed', ...failure('unknown_entry') };
      const said = failureSaying(result.message);
      return RETRYABLE_SQLSTATE.has(result.code ?? '') ? { action: 'retry', ...said } : { action: 'failed', ...said };
    }
  }
}

/** Duck-typed: fetch polyfills and server runtimes bring their own Response class. */
function isResponse(value: unknown): value is Response {
  const r = value as Partial<Response> | null;
  return typeof r?.status === 'number' && typeof r.json === 'function' && typeof r.headers?.get === 'function';
}

async function errorBody(response: Response): Promise<{ error?: unknown; code?: unknown; retryable?: unknown } | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

/** An error from functions.invoke: FunctionsFetchError / FunctionsRelayError / FunctionsHttpError (by name, so bundles may differ). */
export async function classifyFunctionError(error: unknown, now: number): Promise<Verdict> {
  const { name, context } = (error ?? {}) as { name?: unknown; context?: unknown };
  if (name === 'FunctionsFetchError') return networkVerdict(context);
  if (name === 'FunctionsRelayError') return { action: 'retry', ...failure('coupon_failed') };
  if (name !== 'FunctionsHttpError' || !isResponse(context)) {
    return { action: 'retry', ...(error instanceof Error ? failureSaying(error.message) : failure('coupon_failed')) };
  }
  const status = context.status;
  const body = await errorBody(context);
  const said = typeof body?.error === 'string' && body.error ? failureSaying(body.error) : failure('coupon_failed');
  // send-coupon's own code, where it sends one, whatever its words.
  const failed = body?.code === UNVERIFIED_FUNCTION_CODE ? { ...said, code: 'unverified' as const } : said;
  const floorMs = retryAfterMs(context.headers.get('Retry-After'), now);
  if (status === 401) return { action: 'auth', ...failed };
  if (status === 409) {
    // In progress elsewhere (retryable) versus a request id reused for another coupon (permanent).
    return body?.retryable === true ? { action: 'retry', ...failed, floorMs } : { action: 'failed', ...failed };
  }
  if (isRetryableStatus(status)) return { action: 'retry', ...failed, floorMs };
  return { action: 'failed', ...failed };
}

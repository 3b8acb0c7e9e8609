// Sorts a failed outbox send into what the drain does next: retry, refresh the session, or fail (docs/DESIGN.md §5.3).
import { COUPON_MESSAGES, VOTE_MESSAGES } from '../../../shared/messages.ts';
import { VOTE_CLOSED_CODE } from '../../../shared/vote.ts';
import { retryAfterMs } from './backoff.ts';

/** What the visitor reads on an item (SPEC §8 texts for permanent failures). */
export const OUTBOX_MESSAGES = {
  duplicateVote: VOTE_MESSAGES.duplicate,
  voteClosed: VOTE_MESSAGES.closed,
  voteFailed: VOTE_MESSAGES.failed,
  couponFailed: COUPON_MESSAGES.failed,
  signInAgain: COUPON_MESSAGES.signInAgain,
  offline: 'Could not reach the server',
  timeout: 'The server took too long to answer',
  missingFunction: 'The server cannot take this yet',
  badAnswer: 'The server gave an unexpected answer',
} as const;

/** A function that is not deployed yet (PGRST202) is asked again no sooner than this. */
export const MISSING_FUNCTION_FLOOR_MS = 15 * 60_000;

export type Verdict =
  | { action: 'retry'; message: string; /** minimum delay before the next try */ floorMs?: number }
  | { action: 'auth'; message: string }
  | { action: 'failed'; message: string };

const RETRYABLE_HTTP = new Set([408, 425, 429]);
/** Serialization failure, deadlock, statement timeout, too many connections. */
const RETRYABLE_SQLSTATE = new Set(['40001', '40P01', '57014', '53300']);
const AUTH_CODES = new Set(['PGRST301', 'PGRST303']);

const isRetryableStatus = (status: number) => RETRYABLE_HTTP.has(status) || status >= 500;

function networkVerdict(cause: unknown): Verdict {
  const name = (cause as { name?: unknown } | null)?.name;
  const text = typeof cause === 'string' ? cause : '';
  const timedOut = name === 'TimeoutError' || text.startsWith('TimeoutError');
  return { action: 'retry', message: timedOut ? OUTBOX_MESSAGES.timeout : OUTBOX_MESSAGES.offline };
}

/** A whole-call failure of an RPC as postgrest-js reports it (status 0: the request never got an answer). */
export function classifyRpcFailure(status: number, error: { code?: string | null; message?: string | null }): Verdict {
  const code = error.code ?? '';
  const message = error.message || OUTBOX_MESSAGES.voteFailed;
  if (status === 0) return networkVerdict(error.message ?? '');
  if (RETRYABLE_SQLSTATE.has(code)) return { action: 'retry', message };
  if (status === 404 && code === 'PGRST202') {
    return { action: 'retry', message: OUTBOX_MESSAGES.missingFunction, floorMs: MISSING_FUNCTION_FLOOR_MS };
  }
  if (status === 401 || AUTH_CODES.has(code)) return { action: 'auth', message };
  if (isRetryableStatus(status)) return { action: 'retry', message };
  return { action: 'failed', message };
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
      return { action: 'failed', message: OUTBOX_MESSAGES.duplicateVote };
    case 'rejected': {
      // Permanent: the event's voting has closed; shown in the shared words whatever the server sent.
      if (result.code === VOTE_CLOSED_CODE) return { action: 'failed', message: OUTBOX_MESSAGES.voteClosed };
      const message = result.message || OUTBOX_MESSAGES.voteFailed;
      return RETRYABLE_SQLSTATE.has(result.code ?? '') ? { action: 'retry', message } : { action: 'failed', message };
    }
  }
}

/** Duck-typed: fetch polyfills and server runtimes bring their own Response class. */
function isResponse(value: unknown): value is Response {
  const r = value as Partial<Response> | null;
  return typeof r?.status === 'number' && typeof r.json === 'function' && typeof r.headers?.get === 'function';
}

async function errorBody(response: Response): Promise<{ error?: unknown; retryable?: unknown } | null> {
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
  if (name === 'FunctionsRelayError') return { action: 'retry', message: OUTBOX_MESSAGES.couponFailed };
  if (name !== 'FunctionsHttpError' || !isResponse(context)) {
    return { action: 'retry', message: error instanceof Error ? error.message : OUTBOX_MESSAGES.couponFailed };
  }
  const status = context.status;
  const body = await errorBody(context);
  const message = typeof body?.error === 'string' && body.error ? body.error : OUTBOX_MESSAGES.couponFailed;
  const floorMs = retryAfterMs(context.headers.get('Retry-After'), now);
  if (status === 401) return { action: 'auth', message };
  if (status === 409) {
    // In progress elsewhere (retryable) versus a request id reused for another coupon (permanent).
    return body?.retryable === true ? { action: 'retry', message, floorMs } : { action: 'failed', message };
  }
  if (isRetryableStatus(status)) return { action: 'retry', message, floorMs };
  return { action: 'failed', message };
}

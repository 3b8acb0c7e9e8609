// Turning supabase-js errors into the texts the account screens show (SPEC §8).
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import * as z from '../../../shared/zod-mini.ts';

/** What fetch, supabase-js's clients and our deadline say when a request got no answer at all. */
const NO_ANSWER = /Failed to fetch|NetworkError|Load failed|network connection was lost|TimeoutError|dynamically imported module/i;

/**
 * True when the server was never reached: the device is offline, or nothing answered before the deadline
 * (auth-js: AuthRetryableFetchError with status 0; functions-js: FunctionsFetchError; postgrest-js: the
 * fetch error's text as the message). A 5xx is an answer, not a missing connection.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (globalThis.navigator?.onLine === false) return true;
  const { name, message, status } = (error ?? {}) as { name?: unknown; message?: unknown; status?: unknown };
  if (name === 'TimeoutError' || name === 'FunctionsFetchError') return true;
  if (name === 'AuthRetryableFetchError') return !status;
  return typeof message === 'string' && NO_ANSWER.test(message);
}

/** The screen's failure text (SPEC §8), or that the action needs a connection. */
export function failureText(error: unknown, fallback: string): string {
  return isConnectionFailure(error) ? ACCOUNT_MESSAGES.connectionNeeded : fallback;
}

/** That the action needs a connection, else the error's own message, else the screen's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  if (isConnectionFailure(error)) return ACCOUNT_MESSAGES.connectionNeeded;
  return error instanceof Error && error.message ? error.message : fallback;
}

const FunctionErrorBody = z.object({ error: z.string().check(z.minLength(1)) });

/**
 * The `{error}` text of an Edge Function's non-2xx answer (supabase-js keeps the Response in
 * `error.context`), that the call needs a connection, else the fallback.
 */
export async function functionErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (isConnectionFailure(error)) return ACCOUNT_MESSAGES.connectionNeeded;
  const context: unknown = (error as { context?: unknown } | null)?.context;
  if (context instanceof Response) {
    try {
      const body = FunctionErrorBody.safeParse(await context.clone().json());
      if (body.success) return body.data.error;
    } catch {
      // Not JSON: fall through to the fallback.
    }
  }
  return fallback;
}

const isEmail = z.email();

/** SPEC §5's "Invalid email address" test. */
export function looksLikeEmail(value: string): boolean {
  return isEmail.safeParse(value.trim()).success;
}

/** A `next` target that stays inside the app: a path, never `//host` or a URL. */
export function safeNext(raw: string | null): string | null {
  if (!raw || !/^\/(?![/\\])/.test(raw)) return null;
  return raw;
}

// Turning supabase-js errors into the texts the account screens show (SPEC §8).
import { z } from '../../lib/zod.ts';

/** An error's own message, else the screen's fallback text. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

const FunctionErrorBody = z.object({ error: z.string().min(1) });

/**
 * The `{error}` text of an Edge Function's non-2xx answer (supabase-js keeps the Response in
 * `error.context`), else the fallback.
 */
export async function functionErrorMessage(error: unknown, fallback: string): Promise<string> {
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

/** The one error type route handlers throw; app.ts turns it into the response. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    /** The JSON body sent as is (PostgREST, GoTrue and Storage each have their own shape). */
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

/** PostgREST's error body: {code, details, hint, message}. */
export function restError(
  status: number,
  code: string | null,
  message: string,
  details: string | null = null,
  hint: string | null = null,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(status, { code, details, hint, message }, headers);
}

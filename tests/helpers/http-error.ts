import { HttpError } from '../../server/http-error.ts';

/** The HttpError fn throws; fails the test when it throws something else or nothing. */
export function httpErrorOf(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected an HttpError');
}

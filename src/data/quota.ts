// Recognises IndexedDB's "storage full" in whatever wrapping Dexie gives it.

/** QuotaExceededError itself, or a Dexie error (abort, bulk) caused by one. */
export function isQuotaError(e: unknown, depth = 0): boolean {
  if (typeof e !== 'object' || e === null || depth > 3) return false;
  const err = e as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  return (
    err.name === 'QuotaExceededError' ||
    isQuotaError(err.inner, depth + 1) ||
    isQuotaError(err.cause, depth + 1) ||
    (Array.isArray(err.failures) && err.failures.some((f) => isQuotaError(f, depth + 1)))
  );
}

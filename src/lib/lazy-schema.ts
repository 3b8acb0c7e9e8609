/**
 * A schema built on first use. Building zod schemas is the costliest part of loading the outbox: at
 * start-up, on a slow phone, it held the main thread some 30 ms that a visit without a vote never needs.
 */
export function lazySchema<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}

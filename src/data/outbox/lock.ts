// The drain lock: Web Locks where the runtime has them (pages and service workers share them), else in-process.

export const DRAIN_LOCK_NAME = 'purrfect-outbox-drain';

/** The part of the Web Locks API the drain uses; navigator.locks satisfies it. */
export interface DrainLocks {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => T): Promise<T>;
  /**
   * True when the lock excludes every page and worker of the origin (Web Locks, released when a tab
   * dies or reloads): an item still 'sending' when a pass gets the lock was then left by a dead context.
   */
  readonly acrossContexts?: boolean;
}

/** An in-process lock manager with Web Locks' exclusive semantics (node tests, very old browsers). */
export function createLocalLocks(): DrainLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => T): Promise<T> {
      const held = tails.get(name);
      if (held && options.ifAvailable) return await callback(null);
      const run = (held ?? Promise.resolve())
        .catch(() => undefined)
        .then(async () => await callback({ name, mode: 'exclusive' }));
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      try {
        return await run;
      } finally {
        if (tails.get(name) === tail) tails.delete(name);
      }
    },
  };
}

let fallback: DrainLocks | undefined;

/** navigator.locks, or one process-wide fallback so two drains in this runtime still exclude each other. */
export function defaultLocks(): DrainLocks {
  const locks = (globalThis as { navigator?: { locks?: DrainLocks } }).navigator?.locks;
  if (locks) return { acrossContexts: true, request: (name, options, callback) => locks.request(name, options, callback) };
  fallback ??= createLocalLocks();
  return fallback;
}

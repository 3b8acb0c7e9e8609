// The drain lock: Web Locks where the runtime has them (pages and service workers share them); else, in a
// page, a lease in localStorage that every tab of the origin honours; else in-process.
import { randomUuid } from '../../../shared/uuid.ts';

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
      const run = (held ?? Promise.resolve()).catch(() => undefined).then(async () => await callback({ name, mode: 'exclusive' }));
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

/**
 * How long a tab's claim on the drain lasts unless renewed: a tab that crashed or froze leaves the drain
 * to the others after this. A tab closing or reloading gives it up at once (pagehide).
 */
const DRAIN_LEASE_MS = 15_000;
/** localStorage has no compare-and-swap and reaches other tabs a little later: claim, wait, read back. */
const LEASE_SETTLE_MS = 50;

/** The part of localStorage a lease needs. */
export interface LeaseStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface LeaseLocksOptions {
  storage: LeaseStore;
  /** Where other tabs' `storage` events and this tab's `pagehide` arrive (the window). */
  events?: EventTarget;
  /** This tab's id in the lease. */
  owner?: string;
  now?: () => number;
  leaseMs?: number;
  settleMs?: number;
}

interface Lease {
  owner: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A lock shared by the tabs of an origin without Web Locks (plain-HTTP pages are not secure contexts):
 * `{owner, expiresAt}` under `<name>:lease`, renewed every third of the lease while held, removed when done.
 * acrossContexts holds because such pages have no service worker draining beside them (a worker draining
 * at all needs Background Sync, only in browsers with Web Locks), and a lease outlives its holder only
 * until it expires. A tab frozen mid-send past its lease may send once more what the next holder sends:
 * the server answers that with 'replayed' (votes by id, coupons by request_id), so nothing doubles.
 */
export function createLeaseLocks({
  storage,
  events,
  owner = randomUuid(),
  now = Date.now,
  leaseMs = DRAIN_LEASE_MS,
  settleMs = LEASE_SETTLE_MS,
}: LeaseLocksOptions): DrainLocks {
  const inTab = createLocalLocks();
  const held = new Set<string>();

  const read = (key: string): Lease | null => {
    try {
      const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
      const lease = value as Partial<Lease> | null;
      return typeof lease?.owner === 'string' && typeof lease.expiresAt === 'number' ? (lease as Lease) : null;
    } catch {
      return null;
    }
  };
  /** False when unwritable (storage full): the tab drains anyway, rather than never. */
  const write = (key: string): boolean => {
    try {
      storage.setItem(key, JSON.stringify({ owner, expiresAt: now() + leaseMs } satisfies Lease));
      return true;
    } catch {
      return false;
    }
  };
  // A lease further ahead than one period comes from a clock set back since: it must not block for hours.
  const heldByOther = (lease: Lease | null, at: number) => lease !== null && lease.owner !== owner && lease.expiresAt > at && lease.expiresAt - at <= leaseMs;

  async function take(key: string): Promise<boolean> {
    if (heldByOther(read(key), now())) return false;
    if (!write(key)) return true;
    await sleep(settleMs);
    // Another tab that claimed at the same time wrote after us: it holds the lease.
    return read(key)?.owner === owner;
  }

  function release(key: string): void {
    try {
      if (read(key)?.owner === owner) storage.removeItem(key);
    } catch {
      // Unreadable storage: the lease expires by itself.
    }
  }

  /** Until another tab changes the lease, or the current one would have expired. */
  function changed(key: string): Promise<void> {
    const lease = read(key);
    const waitMs = lease ? Math.min(leaseMs, Math.max(0, lease.expiresAt - now())) + 1 : settleMs;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        events?.removeEventListener('storage', onStorage);
        resolve();
      };
      const onStorage = (e: Event) => {
        const changedKey = (e as Event & { key?: string | null }).key;
        if (changedKey === key || changedKey === null) done();
      };
      const timer = setTimeout(done, waitMs);
      events?.addEventListener('storage', onStorage);
    });
  }

  // A closing or reloading tab's sends die with it: the next tab need not wait for the lease to expire.
  events?.addEventListener('pagehide', () => {
    for (const key of held) release(key);
  });

  return {
    acrossContexts: true,
    request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => T): Promise<T> {
      // Two drains of this tab exclude each other first; the lease is per tab.
      return inTab.request(name, options, async (local) => {
        if (!local) return await callback(null);
        const key = `${name}:lease`;
        while (!(await take(key))) {
          if (options.ifAvailable) return await callback(null);
          await changed(key);
        }
        held.add(key);
        const renewal = setInterval(() => {
          if (read(key)?.owner === owner) write(key);
        }, leaseMs / 3);
        try {
          return await callback({ name, mode: 'exclusive' });
        } finally {
          clearInterval(renewal);
          held.delete(key);
          release(key);
        }
      }) as Promise<T>;
    },
  };
}

/** The page's localStorage; null in workers, and where reading it throws (site data blocked). */
function pageStorage(): LeaseStore | null {
  try {
    return (globalThis as { localStorage?: LeaseStore }).localStorage ?? null;
  } catch {
    return null;
  }
}

let leased: DrainLocks | undefined;
let fallback: DrainLocks | undefined;

/**
 * navigator.locks; else one lease-based manager per page, so tabs still take turns; else one process-wide
 * fallback so two drains in this runtime still exclude each other.
 */
export function defaultLocks(): DrainLocks {
  const locks = (globalThis as { navigator?: { locks?: DrainLocks } }).navigator?.locks;
  if (locks) return { acrossContexts: true, request: (name, options, callback) => locks.request(name, options, callback) };
  const storage = pageStorage();
  if (storage) {
    const page = globalThis as Partial<EventTarget>;
    leased ??= createLeaseLocks({ storage, events: typeof page.addEventListener === 'function' ? (page as EventTarget) : undefined });
    return leased;
  }
  fallback ??= createLocalLocks();
  return fallback;
}

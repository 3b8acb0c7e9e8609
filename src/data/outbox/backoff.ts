// When a retried outbox item may be sent again: capped exponential backoff with full jitter (SPEC §9).

export const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

/** random(0, min(30 s, 1 s · 2^attempts)): full jitter spreads many phones reconnecting at once. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts));
  return Math.floor(random() * ceiling);
}

/** The epoch ms of the next try; `floorMs` (Retry-After, a missing RPC) is never undercut. */
export function nextAttemptAt(now: number, attempts: number, floorMs = 0, random: () => number = Math.random): number {
  return now + Math.max(floorMs, backoffMs(attempts, random));
}

/** Retry-After in ms (delta seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

// Per-client-IP request limits for the auth endpoints, counted in auth.rate_limits so all instances share them.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../db/types.ts';
import { resolveClientAddress, trustedProxies, type TrustedProxies } from './client-address.ts';
import { authError } from './errors.ts';
import { nowOf } from './sessions.ts';
import { sha256Hex } from './tokens.ts';
import { ts } from './users.ts';

const WINDOW_MS = 60_000;

const matchers = new WeakMap<readonly string[], TrustedProxies>();

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // no Node socket, e.g. app.request() in tests
  }
}

/** The socket's peer address, or the client a TRUSTED_PROXIES proxy forwarded for (client-address.ts). */
export function clientIp(c: Context, deps: Pick<AppDeps, 'config'>): string {
  const list = deps.config.trustedProxies;
  let trusted = matchers.get(list);
  if (!trusted) {
    trusted = trustedProxies(list);
    matchers.set(list, trusted);
  }
  return resolveClientAddress(socketAddress(c), c.req.header('x-forwarded-for'), trusted);
}

/**
 * Counts one hit for key in the current fixed one-minute window and returns the window's total.
 * One statement: the upsert, plus dropping windows that have ended so the table stays small.
 */
export async function countHit(q: Queryable, key: string, now: number): Promise<number> {
  const windowStart = ts(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const { rows } = await q.query<{ hits: number }>(
    `with ended as (delete from auth.rate_limits where window_start < $2::timestamptz)
     insert into auth.rate_limits as r (key, window_start, hits) values ($1, $2::timestamptz, 1)
     on conflict (key, window_start) do update set hits = r.hits + 1
     returning hits`,
    [key, windowStart],
  );
  return rows[0]?.hits ?? 1;
}

/** Middleware: at most config.authRateLimitPerMinute requests per client IP to this endpoint. */
export function rateLimit(deps: AppDeps, endpoint: string): MiddlewareHandler {
  return async (c, next) => {
    const now = nowOf(deps);
    const hits = await countHit(deps.db, `${endpoint}:${clientIp(c, deps)}`, now);
    if (hits > deps.config.authRateLimitPerMinute) {
      const retryAfter = Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000);
      throw authError(
        429,
        'over_request_rate_limit',
        'Request rate limit reached',
        {},
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
    await next();
  };
}

/**
 * Per-account backoff for the password grant, counted for any address (registered or not, so the
 * answer reveals nothing) under a hash of it. The first FREE_FAILURES wrong passwords cost nothing;
 * each further one locks the address for 1, 2, 4, … seconds, capped at MAX_LOCK_MS. Attempts made
 * while locked are refused before the password is checked and do not lengthen the lock, and a quiet
 * FORGET_MS forgets the count: a stranger can hold an account back by at most MAX_LOCK_MS per guess,
 * never lock its owner out for long, and gets only a couple of guesses a minute at it.
 */
const SIGN_IN_BACKOFF = { FREE_FAILURES: 5, MAX_LOCK_MS: 30_000, FORGET_MS: 15 * 60_000 } as const;

const accountKey = (email: string): string => `password:${sha256Hex(email.trim().toLowerCase())}`;

/** Throws 429 while the address is locked after failed sign-ins. */
export async function checkSignInBackoff(deps: AppDeps, email: string): Promise<void> {
  const now = nowOf(deps);
  const { rows } = await deps.db.query<{ locked_until: Date | string | null }>('select locked_until from auth.sign_in_failures where key = $1', [accountKey(email)]);
  const until = rows[0]?.locked_until ? new Date(rows[0].locked_until).getTime() : 0;
  if (until > now) {
    const wait = Math.max(1, Math.ceil((until - now) / 1000));
    throw authError(
      429,
      'over_request_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
      {},
      {
        'Retry-After': String(wait),
      },
    );
  }
}

/** Counts one failed sign-in for the address and sets its lock. */
export async function recordSignInFailure(deps: AppDeps, email: string): Promise<void> {
  const { FREE_FAILURES, MAX_LOCK_MS, FORGET_MS } = SIGN_IN_BACKOFF;
  const now = nowOf(deps);
  const failures = `case when f.last_failed_at < $2::timestamptz - make_interval(secs => $3) then 1 else f.failures + 1 end`;
  await deps.db.query(
    `insert into auth.sign_in_failures as f (key, failures, last_failed_at) values ($1, 1, $2::timestamptz)
     on conflict (key) do update
       set failures = ${failures},
           last_failed_at = $2::timestamptz,
           locked_until = case when ${failures} < $4 then null
                               else $2::timestamptz + make_interval(secs => least($5::float8, power(2, ${failures} - $4))) end`,
    [accountKey(email), ts(now), FORGET_MS / 1000, FREE_FAILURES, MAX_LOCK_MS / 1000],
  );
}

/** A successful sign-in clears the address's count. */
export async function clearSignInFailures(deps: AppDeps, email: string): Promise<void> {
  await deps.db.query('delete from auth.sign_in_failures where key = $1', [accountKey(email)]);
}

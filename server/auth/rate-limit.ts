// Per-client-IP request limits for the auth endpoints, counted in auth.rate_limits so all instances share them.
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { AppDeps } from '../app.ts';
import type { Queryable } from '../db/types.ts';
import { authError } from './errors.ts';
import { nowOf } from './sessions.ts';
import { ts } from './users.ts';

const WINDOW_MS = 60_000;

/** The first X-Forwarded-For hop (a proxy in front), else the socket's peer address. */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // no Node socket, e.g. app.request() in tests
  }
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
    const hits = await countHit(deps.db, `${endpoint}:${clientIp(c)}`, now);
    if (hits > deps.config.authRateLimitPerMinute) {
      const retryAfter = Math.ceil((WINDOW_MS - (now % WINDOW_MS)) / 1000);
      throw authError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, {
        'Retry-After': String(retryAfter),
      });
    }
    await next();
  };
}

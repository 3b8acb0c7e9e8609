// Bounded user metadata: the database's cap (public.user_metadata_problem, migration 20261130000100) asked
// before answering, and the per-account update rate (the token's fields: shapes.ts tokenMetadata).
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import { authError } from './errors.ts';
import { countHit } from './rate-limit.ts';
import { nowOf } from './sessions.ts';

/** Metadata updates (PUT /user with `data`) one account may make per minute. */
const METADATA_UPDATES_PER_MINUTE = 10;

/** Throws GoTrue's 422 validation_failed when the database would refuse this metadata. */
export async function checkMetadata(q: Queryable, meta: Record<string, unknown>): Promise<void> {
  const { rows } = await q.query<{ problem: string | null }>('select public.user_metadata_problem($1::jsonb) as problem', [JSON.stringify(meta)]);
  const problem = rows[0]?.problem;
  if (problem) throw authError(422, 'validation_failed', problem);
}

/** The database's refusal of a metadata write (check_user_metadata's 22023) as GoTrue's 422, else unchanged. */
export function metadataRefusal(e: unknown): unknown {
  return isPgError(e) && e.code === '22023' ? authError(422, 'validation_failed', e.message) : e;
}

/** 429 over_request_rate_limit once an account has updated its metadata METADATA_UPDATES_PER_MINUTE times this minute. */
export async function countMetadataUpdate(deps: AppDeps, userId: string): Promise<void> {
  const now = nowOf(deps);
  const hits = await countHit(deps.db, `user-metadata:${userId}`, now);
  if (hits > METADATA_UPDATES_PER_MINUTE) {
    const retryAfter = Math.ceil((60_000 - (now % 60_000)) / 1000);
    throw authError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': String(retryAfter) });
  }
}

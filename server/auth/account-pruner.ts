// Sign-ups nobody verifies do not stay: public.prune_unverified_accounts() (migration 20261130000100) once on
// start and then every ACCOUNT_PRUNE_INTERVAL_MS removes accounts whose profile is still unverified a day
// after sign-up. Failures are logged and retried on the next round, never thrown.
import type { Db } from '../db/types.ts';
import { startPeriodicTask, type PeriodicTask, type PeriodicTaskOptions } from '../periodic.ts';
import { VERIFICATION_TOKEN_TTL_MS } from '../../supabase/functions/_shared/codes.ts';

/** How long an account may wait for its e-mail to be verified: as long as the first link lives. */
const UNVERIFIED_ACCOUNT_TTL_MS = VERIFICATION_TOKEN_TTL_MS;

/** How often unverified accounts past their day are removed, after once on start. */
const ACCOUNT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Removes the accounts still unverified UNVERIFIED_ACCOUNT_TTL_MS after sign-up, as of `now`; how many went. */
export async function pruneUnverifiedAccounts(db: Db, now: number = Date.now()): Promise<number> {
  const { rows } = await db.query<{ removed: number }>('select public.prune_unverified_accounts($1::timestamptz) as removed', [
    new Date(now - UNVERIFIED_ACCOUNT_TTL_MS).toISOString(),
  ]);
  return Number(rows[0]?.removed ?? 0);
}

export interface AccountPrunerOptions {
  intervalMs?: number;
  now?: () => number;
  log?: PeriodicTaskOptions['log'];
}

/** Runs the prune now and then on a timer. */
export function startAccountPruner(db: Db, { intervalMs = ACCOUNT_PRUNE_INTERVAL_MS, now = Date.now, log }: AccountPrunerOptions = {}): PeriodicTask {
  return startPeriodicTask(
    '[auth] removing unverified accounts failed',
    async () => {
      const removed = await pruneUnverifiedAccounts(db, now());
      return removed > 0 ? `[auth] removed ${removed} account(s) whose e-mail was not verified within a day of sign-up` : null;
    },
    { intervalMs, log },
  );
}

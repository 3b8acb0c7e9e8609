// Enforces the retention of vote contacts on the venue server: public.prune_vote_contacts() once on start,
// then every VOTE_CONTACT_PRUNE_INTERVAL_MS. Failures are logged and retried on the next round, never thrown.
import type { Db } from './db/types.ts';
import { startPeriodicTask, type PeriodicTask, type PeriodicTaskOptions } from './periodic.ts';
import { VOTE_CONTACT_PRUNE_INTERVAL_MS, VOTE_CONTACT_RETENTION_DAYS } from '../shared/vote-contacts.ts';

export type VoteContactPruner = PeriodicTask;

export interface VoteContactPrunerOptions {
  intervalMs?: number;
  log?: PeriodicTaskOptions['log'];
}

/** Runs the prune now and then on a timer. */
export function startVoteContactPruner(db: Db, { intervalMs = VOTE_CONTACT_PRUNE_INTERVAL_MS, log }: VoteContactPrunerOptions = {}): VoteContactPruner {
  return startPeriodicTask(
    '[votes] removing expired vote contacts failed',
    async () => {
      const { rows } = await db.query<{ cleared: number }>('select public.prune_vote_contacts() as cleared');
      const cleared = Number(rows[0]?.cleared ?? 0);
      return cleared > 0 ? `[votes] removed the contact details of ${cleared} vote(s) of events that ended more than ${VOTE_CONTACT_RETENTION_DAYS} days ago` : null;
    },
    { intervalMs, log },
  );
}

// Enforces the retention of vote contacts on the venue server: public.prune_vote_contacts() once on start,
// then every VOTE_CONTACT_PRUNE_INTERVAL_MS. Failures are logged and retried on the next round, never thrown.
import type { Db } from './db/types.ts';
import { VOTE_CONTACT_PRUNE_INTERVAL_MS, VOTE_CONTACT_RETENTION_DAYS } from '../shared/vote-contacts.ts';

export interface VoteContactPruner {
  /** The run on start (resolves when it is done, whatever the outcome). */
  readonly firstRun: Promise<void>;
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export interface VoteContactPrunerOptions {
  intervalMs?: number;
  log?: Pick<Console, 'log' | 'error'>;
}

/** Runs the prune now and then on a timer (unref'd: it never keeps the process alive). */
export function startVoteContactPruner(db: Db, { intervalMs = VOTE_CONTACT_PRUNE_INTERVAL_MS, log = console }: VoteContactPrunerOptions = {}): VoteContactPruner {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const { rows } = await db.query<{ cleared: number }>('select public.prune_vote_contacts() as cleared');
        const cleared = Number(rows[0]?.cleared ?? 0);
        if (cleared > 0) {
          log.log(`[votes] removed the contact details of ${cleared} vote(s) of events that ended more than ${VOTE_CONTACT_RETENTION_DAYS} days ago`);
        }
      } catch (e) {
        log.error('[votes] removing expired vote contacts failed; retrying at the next round', e);
      }
    });
    return running;
  };
  const firstRun = run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    firstRun,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

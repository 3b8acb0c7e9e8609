// A database chore the venue server runs once on start and then on a timer (retention, clean-up). A failed
// round is logged and tried again at the next, never thrown; stop() waits for a round in progress, so the
// database can close after it.
export interface PeriodicTask {
  /** The round on start (resolves when it is done, whatever the outcome). */
  readonly firstRun: Promise<void>;
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  intervalMs: number;
  log?: Pick<Console, 'log' | 'error'>;
}

/**
 * Runs `round` now and every intervalMs (unref'd: it never keeps the process alive); a round never overlaps
 * the one before. `round` returns the line to log for what it did, or null when there is nothing to say.
 */
export function startPeriodicTask(failure: string, round: () => Promise<string | null>, { intervalMs, log = console }: PeriodicTaskOptions): PeriodicTask {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const done = await round();
        if (done) log.log(done);
      } catch (e) {
        log.error(`${failure}; retrying at the next round`, e);
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

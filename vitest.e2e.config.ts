import { defineConfig } from 'vitest/config';
import { SLOW_E2E_FILES, slowFirst } from './tests/slow-first.ts';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // A test waits on timers the app itself sets (an outbox backoff, a deadline): on a loaded 2-CPU box
    // they add up past a minute; a real hang still ends here.
    testTimeout: 90_000,
    // A loaded box takes seconds to load a lazy route; a poll that fails waits this long first.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    // Three files at a time: each spends much of its time waiting on its venue server and the browser.
    // One process runs many files (isolate: false): each file starts its own server and changes no global,
    // so the modules load once per worker, and the worker's one Chromium (e2e/fixture.ts) serves them all.
    fileParallelism: true,
    maxWorkers: 3,
    isolate: false,
    // The slowest files start first, so no worker ends the run alone on one (tests/slow-first.ts).
    sequence: { sequencer: slowFirst(SLOW_E2E_FILES) },
  },
});

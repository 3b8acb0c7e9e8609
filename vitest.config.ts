import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SLOW_UNIT_FILES, slowFirst } from './tests/slow-first.ts';
import { compiledConfig } from './vite.config.ts';

export default defineConfig({
  // The app's settings as a build compiles them in (src/config.ts).
  define: compiledConfig('test'),
  test: {
    include: ['tests/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest's default (CPUs − 1) is one worker on a 2-CPU machine. The integration files spend much of
    // their time waiting (on PostgreSQL, on a deadline they test), so three workers keep both CPUs busy:
    // 245 s for the whole run there, against 285 s with two.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    // The slowest files start first, so no worker ends the run alone on one (tests/slow-first.ts).
    sequence: { sequencer: slowFirst(SLOW_UNIT_FILES) },
  },
});

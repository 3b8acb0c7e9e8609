import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { compiledConfig } from './vite.config.ts';

export default defineConfig({
  // The app's settings as a build compiles them in (src/config.ts).
  define: compiledConfig('test'),
  test: {
    include: ['tests/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Vitest's default (CPUs − 1) is one worker on a 2-CPU machine; the integration files spend much of
    // their time waiting on PostgreSQL, so two workers finish in about 60 % of the time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

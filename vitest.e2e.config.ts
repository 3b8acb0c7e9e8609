import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two files at a time: each has its own venue server and Chromium, and spends most of its time
    // waiting on them, so two share a 2-CPU machine without starving each other.
    fileParallelism: true,
    maxWorkers: 2,
  },
});

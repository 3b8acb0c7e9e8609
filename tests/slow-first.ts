// The order test files start in. Vitest hands files to its workers one at a time from a queue: with the
// files that take longest at the back (a fresh clone has no timings, so Vitest goes by file size), one
// worker ends a run alone on a 30-second file while the others sit idle. The lists below name the files
// measured slowest, longest first (duration of the file alone, from `vitest run --reporter=json`); they
// start first, and every other file follows in Vitest's own order. A stale list costs minutes, never a
// result: re-measure when a file grows past the last one named.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** vitest.config.ts: files of 12 s and more, measured on 2 CPUs (three workers). */
export const SLOW_UNIT_FILES = [
  'tests/integration/show-import.test.ts',
  'tests/integration/mail-queue.test.ts',
  'tests/integration/show-demo.test.ts',
  'tests/data/sync-contract.test.ts',
  'tests/integration/fuzz.test.ts',
  'tests/abuse/connections.test.ts',
  'tests/abuse/accounts.test.ts',
  'tests/integration/venue-check.test.ts',
  'tests/integration/rls-matrix.test.ts',
  'tests/integration/organiser-role.test.ts',
  'tests/data/sync.test.ts',
  'tests/abuse/config-input.test.ts',
  'tests/integration/realtime.test.ts',
  'tests/abuse/votes-coupons.test.ts',
  'tests/abuse/hostile-client.test.ts',
  'tests/data/sync-watermark.test.ts',
  'tests/integration/auth.test.ts',
  'tests/abuse/auth.test.ts',
  'tests/integration/show-import-entries.test.ts',
  'tests/data/live-server.test.ts',
  'tests/integration/results.test.ts',
  'tests/abuse/poll-stuffing.test.ts',
  'tests/abuse/pglite-deadline.test.ts',
  'tests/integration/csp.test.ts',
  'tests/abuse/show-import.test.ts',
  'tests/data/outbox.test.ts',
  'tests/integration/organiser-entries.test.ts',
  'tests/data/deadline.test.ts',
  'tests/integration/rest.test.ts',
  'tests/integration/supabase-shape.test.ts',
  'tests/integration/votes-sync.test.ts',
  'tests/data/sync-worker.test.ts',
] as const;

/** vitest.e2e.config.ts: files of 15 s and more, measured with three at a time. */
export const SLOW_E2E_FILES = [
  'e2e/ring-side.test.ts',
  'e2e/a11y.test.ts',
  'e2e/rings.test.ts',
  'e2e/organiser-floor-plan.test.ts',
  'e2e/organiser-results.test.ts',
  'e2e/photos.test.ts',
  'e2e/offline-pictures.test.ts',
  'e2e/floor-plan.test.ts',
  'e2e/offline-ready.test.ts',
  'e2e/second-phase.test.ts',
  'e2e/live-ui.test.ts',
  'e2e/accounts.test.ts',
  'e2e/csp.test.ts',
  'e2e/screens-events.test.ts',
  'e2e/pwa.test.ts',
  'e2e/organiser-catalogue.test.ts',
  'e2e/hostile-text.test.ts',
  'e2e/organiser-live.test.ts',
  'e2e/vouchers.test.ts',
  'e2e/screens-products.test.ts',
  'e2e/quiz.test.ts',
  'e2e/screens-breeds.test.ts',
  'e2e/shell.test.ts',
  'e2e/my-show.test.ts',
  'e2e/sync-compatibility.test.ts',
  'e2e/account-phone.test.ts',
  'e2e/quota.test.ts',
  'e2e/catalogue.test.ts',
  'e2e/show-demo.test.ts',
  'e2e/live.test.ts',
  'e2e/screens-breeders.test.ts',
  'e2e/offline.test.ts',
] as const;

const ROOT = resolve(import.meta.dirname, '..');

/** Sorts the named files first, in the order named; a name that is not a file fails the run at once. */
export function slowFirst(slowest: readonly string[]): typeof BaseSequencer {
  const missing = slowest.filter((path) => !existsSync(resolve(ROOT, path)));
  if (missing.length) throw new Error(`tests/slow-first.ts names test files that do not exist: ${missing.join(', ')}`);
  return class SlowFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (file: TestSpecification) => {
        const at = slowest.indexOf(relative(ROOT, file.moduleId));
        return at < 0 ? slowest.length : at;
      };
      const vitestOrder = await super.sort(files);
      return vitestOrder
        .map((file, at) => ({ file, at }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
        .map(({ file }) => file);
    }
  };
}

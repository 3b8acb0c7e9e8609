// Installed apps are old apps (docs/SYNC-COMPATIBILITY.md): build N, installed, keeps syncing and browsing
// after the server takes a migration that adds a mirrored table and a column; when the server later
// announces a breaking change, build N says so, still browses, and Reload brings in build N+1, which
// mirrors the new table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { build, type Plugin } from 'vite';
import { DB_NAME } from '../src/data/db.ts';
import { OUTDATED_MESSAGE } from '../src/data/sync/messages.ts';
import { SYNC_CONTRACT_VERSION } from '../src/data/sync/contract.ts';
import { ADD_SPONSORS_AND_BREED_ORIGIN, raiseMinClient } from '../tests/helpers/later-migrations.ts';
import { screenshot } from './app-page.ts';
import { useShow } from './fixture.ts';
import { getAllFromStore, type Profile, type PwaServer } from './pwa-helpers.ts';

const NEXT_VERSION = SYNC_CONTRACT_VERSION + 1;

/** What build N+1 changes in the source: it mirrors sponsors and speaks the next contract. */
const NEXT_BUILD_EDITS: Record<string, [from: string, to: string][]> = {
  'shared/mirror-tables.ts': [["  'results',\n] as const;", "  'results',\n  'sponsors',\n] as const;"]],
  'src/data/db.ts': [
    [
      "    this.version(5).stores({ ring_calls: 'id, event_id', results: 'id, event_id, entry_id' });\n  }\n}",
      "    this.version(5).stores({ ring_calls: 'id, event_id', results: 'id, event_id, entry_id' });\n    this.version(6).stores({ sponsors: 'id, name' });\n  }\n}",
    ],
  ],
  'shared/row-schemas.ts': [['  results: resultSchema,\n}', '  results: resultSchema,\n  sponsors: z.object({ ...synced, name: text }),\n}']],
  'src/data/sync/contract.ts': [[`SYNC_CONTRACT_VERSION = ${SYNC_CONTRACT_VERSION};`, `SYNC_CONTRACT_VERSION = ${NEXT_VERSION};`]],
};

/** Builds N+1 into a temporary folder: the app and its sync worker, with NEXT_BUILD_EDITS applied. */
async function buildNext(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'purrfect-next-'));
  const edited = new Set<string>();
  const edit = (): Plugin => ({
    name: 'purrfect-build-n-plus-1',
    enforce: 'pre',
    transform(code, id) {
      const file = relative(process.cwd(), id.split('?')[0]!);
      const edits = NEXT_BUILD_EDITS[file];
      if (!edits) return undefined;
      for (const [from, to] of edits) {
        // Loud, not silent: a source change that moves these lines must update this test.
        if (!code.includes(from)) throw new Error(`Build N+1: ${file} no longer contains ${JSON.stringify(from)}`);
        code = code.replace(from, to);
      }
      edited.add(file);
      return code;
    },
  });
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true }, plugins: [edit()], worker: { plugins: () => [edit()] } });
  } finally {
    process.env.NODE_ENV = env;
  }
  const missed = Object.keys(NEXT_BUILD_EDITS).filter((file) => !edited.has(file));
  if (missed.length > 0) throw new Error(`Build N+1 did not compile ${missed.join(', ')}`);
  return outDir;
}

const breedHeading = (page: Page) => page.locator('h1').first();

describe('an installed build and a newer server', () => {
  let app: PwaServer;
  let profile: Profile;
  let page: Page;
  let nextBuild: Promise<string>;

  // Build N+1 starts first and builds while the server and the phone start.
  beforeAll(() => {
    nextBuild = buildNext();
    nextBuild.catch(() => undefined); // awaited by the test that needs it
  });
  afterAll(async () => {
    rmSync(await nextBuild.catch(() => ''), { recursive: true, force: true });
  });
  useShow(
    { distCopy: true, browser: 'profile', page: { viewport: 'phone', path: '/breeds/ABY', waitFor: ['controller'] } },
    (show) => ({ pwa: app, profile, page } = show),
  );
  beforeAll(async () => {
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Abyssinian', undefined, { timeout: 30_000 });
  });

  it('build N keeps syncing and browsing after a migration adds a mirrored table and a column', async () => {
    await app.server.db.exec(ADD_SPONSORS_AND_BREED_ORIGIN);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the watermark margin
    await page.reload();
    await expect.poll(() => breedHeading(page).textContent(), { timeout: 30_000 }).toBe('Abyssinian (new)');
    await expect.poll(() => page.locator('.sync-indicator').getAttribute('aria-label')).toMatch(/^(Synced |Live\. )/);
    expect(await page.getByRole('alert').count()).toBe(0);

    await profile.ctx.setOffline(true);
    try {
      await page.goto(`${app.server.url}/breeds`);
      await page
        .getByRole('link', { name: /Abyssinian \(new\)/ })
        .first()
        .waitFor();
    } finally {
      await profile.ctx.setOffline(false);
    }
  });

  it('a breaking change asks build N to reload, keeps it browsing, and Reload brings build N+1 with the new table', async () => {
    await app.server.db.exec(raiseMinClient(NEXT_VERSION));
    await app.server.db.exec(`update public.breeds set breed_name = 'Abyssinian (v3)' where universal_breed_abbreviation = 'ABY'`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await page.goto(`${app.server.url}/breeds/ABY`);

    const alert = page.getByRole('alert').filter({ hasText: OUTDATED_MESSAGE });
    await alert.waitFor({ timeout: 30_000 });
    // The saved show stays on screen, unchanged: build N no longer applies what it cannot read.
    expect(await breedHeading(page).textContent()).toBe('Abyssinian (new)');
    expect(await page.locator('.sync-indicator').getAttribute('aria-label')).toBe('Update needed. Sync now');
    await screenshot(page, 'sync-outdated', 'phone');
    // No sideways scroll at phone width with the banner up.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    app.publishBuild(await nextBuild);
    await Promise.all([page.waitForEvent('load', { timeout: 60_000 }), alert.getByRole('button', { name: 'Reload' }).click()]);
    await expect
      .poll(() => getAllFromStore<{ name: string }>(page, DB_NAME, 'sponsors').catch(() => []), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ name: 'Whisker Foods' })]);
    await expect.poll(() => breedHeading(page).textContent(), { timeout: 30_000 }).toBe('Abyssinian (v3)');
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 180_000);
});

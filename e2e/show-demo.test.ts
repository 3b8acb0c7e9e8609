// A venue server started EMPTY and filled the way a hosted project is (npm run show -- demo, then import
// with the service-role key) serves the app a visitor opens: a demo breed with its picture loaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { writeDemoShow } from '../server/show-io/demo.ts';
import { importShow } from '../server/show-io/import.ts';
import { IMAGE_BUCKET } from '../shared/photos.ts';
import { client } from '../tests/helpers/server.ts';
import { openSyncedApp } from './app-page.ts';
import { useShow } from './fixture.ts';

describe('the demo show imported into an empty server', () => {
  let server: VenueServer;
  let browser: Browser;
  let page: Page;
  let folder: string;
  useShow({ seed: false }, (show) => ({ server, browser } = show));
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'show-demo-e2e-'));
    // As on a new hosted project: no bucket until the import makes it.
    await server.db.query(`delete from storage.buckets where id = $1`, [IMAGE_BUCKET]);
    await writeDemoShow({ folder });
    const r = await importShow({ folder, client: client(server, 'service_role'), url: server.url });
    expect(r.problems).toEqual([]);
    expect(r.bucket.change).toBe('created');
    page = await openSyncedApp(browser, server, 'desktop');
  });
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('shows a demo breed with its picture from the public images bucket', async () => {
    await page.goto(`${server.url}/breeds`);
    await expect.poll(() => page.locator('.breed-card').count()).toBe(44);
    await page.locator('.breed-card', { hasText: 'Maine Coon' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Maine Coon');
    const hero = page.locator('img.hero-image');
    expect(await hero.evaluate((img) => (img as HTMLImageElement).src)).toBe(`${server.url}/storage/v1/object/public/${IMAGE_BUCKET}/breeds/mco/overview.svg`);
    await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

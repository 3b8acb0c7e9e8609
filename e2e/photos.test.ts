// An imported photo (server/show-io/photos.ts) on the breed list and a breed's page: a phone downloads the
// WebP it shows at its width and pixel ratio, a desktop the desktop hero.
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { createPhotoStore } from '../server/show-io/photos.ts';
import { DEMO_SERVICE_ROLE_KEY } from '../server/config.ts';
import { processedPhotoFolder } from '../shared/photos.ts';
import { testClient } from '../tests/helpers/client.ts';
import { VIEWPORTS } from './app-page.ts';
import { useShow } from './fixture.ts';
import { launchProfile, waitForController } from './pwa-helpers.ts';
import { IMAGE_CACHE } from '../shared/sw-protocol.ts';

/** A 2400×1800 photo-like JPEG: gradients under grain. */
async function photo(): Promise<Uint8Array> {
  const [w, h] = [2400, 1800];
  const raw = Buffer.alloc(w * h * 3);
  let x = 7;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const px = Math.floor(i / 3);
    raw[i] = Math.min(255, (i % 3 === 0 ? ((px % w) * 255) / w : i % 3 === 1 ? (Math.floor(px / w) * 255) / h : 120) + ((x >> 16) & 0x1f));
  }
  return new Uint8Array(
    await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

/** currentSrc of the first img matching `selector`, once it has loaded (the files' pixel sizes: tests/integration/photos.test.ts). */
async function shown(page: Page, selector: string): Promise<string> {
  const img = page.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return img.evaluate((el: HTMLImageElement) => el.currentSrc);
}

describe('an imported photo on the breed screens', () => {
  let server: VenueServer;
  let browser: Browser;
  let folderUrl: string;
  useShow({}, (show) => ({ server, browser } = show));
  beforeAll(async () => {
    const store = createPhotoStore(testClient(server.url, DEMO_SERVICE_ROLE_KEY));
    const { path } = await store({ name: 'aby.jpg', bytes: await photo() });
    await server.db.query(`update public.breeds set overview_image = $1 where universal_breed_abbreviation = 'ABY'`, [path]);
    folderUrl = `${server.url}/storage/v1/object/public/images/${processedPhotoFolder(path)}`;
  });

  async function open(viewport: keyof typeof VIEWPORTS, deviceScaleFactor: number): Promise<Page> {
    const page = await browser.newPage({ viewport: VIEWPORTS[viewport], deviceScaleFactor });
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
    return page;
  }

  it('a 390-px phone at 3× downloads the 2× WebP card and the 2× WebP mobile hero', async () => {
    const page = await open('phone', 3);
    await page.goto(`${server.url}/breeds`);
    expect(await shown(page, '.breed-card[href="/breeds/ABY"] img')).toBe(`${folderUrl}/card@2x.webp`);

    await page.goto(`${server.url}/breeds/ABY`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Abyssinian');
    expect(await shown(page, '.hero-image')).toBe(`${folderUrl}/hero-mobile@2x.webp`);
    // The picture's own crop fills the mobile frame (428×256).
    const box = await page.locator('.hero-image').boundingBox();
    expect(Math.round((box!.width / box!.height) * 100) / 100).toBeCloseTo(428 / 256, 1);
    await page.close();
  });

  it('a phone at 1× downloads the 1× WebP card', async () => {
    const page = await open('phone', 1);
    await page.goto(`${server.url}/breeds`);
    expect(await shown(page, '.breed-card[href="/breeds/ABY"] img')).toBe(`${folderUrl}/card.webp`);
    await page.close();
  });

  it('a desktop gets the desktop hero and a card at its width', async () => {
    const page = await open('desktop', 1);
    await page.goto(`${server.url}/breeds/ABY`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Abyssinian');
    expect(await shown(page, '.hero-image')).toBe(`${folderUrl}/hero.webp`);
    await page.goto(`${server.url}/breeds`);
    expect(await shown(page, '.breed-card[href="/breeds/ABY"] img')).toBe(`${folderUrl}/card.webp`);
    await page.close();
  });

  it('Ready for the hall saves the four WebP files a phone shows, not all sixteen, and the breed shows them offline', async () => {
    const profile = await launchProfile();
    try {
      const page = await profile.ctx.newPage();
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${server.url}/breeds`);
      await waitForController(page);
      await expect.poll(() => page.locator('.breed-card').count(), { timeout: 30_000 }).toBeGreaterThan(40);
      await page.locator('summary', { hasText: 'Ready for the hall' }).click();
      const panel = page.getByRole('region', { name: 'Ready for the hall' });
      await expect.poll(() => panel.getByRole('button', { name: 'Save all pictures' }).count(), { timeout: 30_000 }).toBe(1);
      await panel.getByRole('button', { name: 'Save all pictures' }).click();
      await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 90_000 }).toMatch(/^Saved \d+ pictures\.$/);

      const saved = await page.evaluate(
        async ([cacheName, prefix]) =>
          (await (await caches.open(cacheName)).keys())
            .map((r) => r.url)
            .filter((u) => u.startsWith(prefix))
            .sort(),
        [IMAGE_CACHE, `${folderUrl}/`] as const,
      );
      expect(saved).toEqual(['card.webp', 'gallery.webp', 'hero-mobile.webp', 'tile.webp'].map((f) => `${folderUrl}/${f}`));

      await profile.ctx.setOffline(true);
      await page.goto(`${server.url}/breeds/ABY`).catch(() => page.reload());
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Abyssinian');
      expect(await shown(page, '.hero-image')).toBe(`${folderUrl}/hero-mobile.webp`);
      await profile.ctx.setOffline(false);
    } finally {
      await profile.close();
    }
  }, 150_000);
});

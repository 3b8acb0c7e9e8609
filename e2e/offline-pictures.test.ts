// "Save all pictures" (Ready for the hall) makes every breed card's picture show offline,
// not only the ones already seen.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { useShow } from './fixture.ts';
import { waitForController, type Profile } from './pwa-helpers.ts';

describe('Ready for the hall', () => {
  let server: VenueServer;
  let profile: Profile;
  let page: Page;
  useShow({ browser: 'profile' }, (show) => ({ server, profile } = show));
  beforeAll(async () => {
    page = await profile.ctx.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
  });

  // Some 700 pictures through the service worker: 20 s on a quiet machine, three times that under the whole suite.
  it('saves every picture, and offline the breed list shows each card picture', { timeout: 240_000 }, async () => {
    const breeds = Number((await server.db.query<{ n: string }>(`select count(*) as n from public.breeds`)).rows[0]!.n);
    await page.goto(`${server.url}/breeds`);
    await waitForController(page);
    await expect.poll(() => page.locator('.breed-card').count(), { timeout: 30_000 }).toBe(breeds);

    await page.locator('summary', { hasText: 'Ready for the hall' }).click();
    const panel = page.getByRole('region', { name: 'Ready for the hall' });
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toMatch(/Saving \d+ more pictures downloads about [\d.]+ (MB|kB)/);
    await panel.getByRole('button', { name: 'Save all pictures' }).click();
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 150_000 }).toMatch(/^Saved \d+ pictures\.$/);
    // The bounded cache is full now (the demo show has more pictures than it holds): nothing more to save.
    await expect.poll(() => panel.getByRole('button', { name: 'Save all pictures' }).count()).toBe(0);

    await profile.ctx.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('.breed-card').count(), { timeout: 30_000 }).toBe(breeds);
    // Lazy pictures load as they scroll into view; a failed one turns into a placeholder without an img.
    for (const card of await page.locator('.breed-card').all()) await card.scrollIntoViewIfNeeded();
    const shown = () =>
      page.locator('.breed-card').evaluateAll(
        (cards) =>
          cards.filter((c) => {
            const img = c.querySelector('img');
            return img !== null && img.complete && img.naturalWidth > 0;
          }).length,
      );
    await expect.poll(shown, { timeout: 15_000 }).toBe(breeds);
    await profile.ctx.setOffline(false);
  });
});

// Home, the breed list and a breed's page at phone and desktop sizes, online and offline.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { screenshot, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

describe.each(['phone', 'desktop'] as ViewportName[])('breeds screens on a %s', (viewport) => {
  let server: VenueServer;
  let page: Page;
  useShow({ page: { viewport } }, (show) => ({ server, page } = show));

  it('shows Home with the six tiles, a picture on each but the live clock', async () => {
    await page.goto(`${server.url}/`);
    // SPEC §2's random breed and cattery pictures, and a litter, a product and a cat: no bare tile.
    await expect.poll(() => page.locator('.tile-image').count()).toBe(5);
    expect(await page.locator('.tile h2').count()).toBe(6);
    expect(await page.locator('.tile:not(:has(.tile-image)) h2').allTextContents()).toEqual(['Event Schedule']);
    const tilePicture = (title: string) => page.locator('.tile', { has: page.getByRole('heading', { name: title, exact: true }) }).locator('img.tile-image');
    expect(await tilePicture('Discover Breeds').getAttribute('src')).toMatch(/\/breeds\/[a-z]+\/overview\.svg$/);
    expect(await tilePicture('Find your PurrFect Match').getAttribute('src')).toMatch(/\/kitten-\d\.svg$/);
    expect(await tilePicture('Pet Products').getAttribute('src')).toMatch(/\/advertisers\/.+\/product-\d\.svg$/);
    // Every picture loads (none falls back to the placeholder); below the fold they load lazily, on the way.
    for (const img of await page.locator('.tile img.tile-image').all()) await img.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.tile img.tile-image').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(5);
    expect(await page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/breeds');
    expect(await page.getByRole('link', { name: 'View Events' }).getAttribute('href')).toBe('/events');
    const clock = page.getByRole('img', { name: /^Clock showing/ });
    const label = await clock.getAttribute('aria-label');
    // The label says hours and minutes; the red second hand moves every second.
    expect(label).toMatch(/^Clock showing \d\d:\d\d at the venue \(.+\)$/);
    const secondHand = clock.locator('line.clock-seconds');
    const before = await secondHand.getAttribute('x2');
    await expect.poll(() => secondHand.getAttribute('x2'), { timeout: 3000 }).not.toBe(before);
    await screenshot(page, 'home', viewport);
  });

  it('lists every breed as a card linking to its page', async () => {
    await page.goto(`${server.url}/breeds`);
    await expect.poll(() => page.locator('.breed-card').count()).toBe(44);
    expect(await page.locator('.breed-card').first().getAttribute('href')).toBe('/breeds/ABY');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('purrfect-breeds') ?? '[]').length)).toBe(44);
    await screenshot(page, 'breeds', viewport);
  });

  it('shows a breed with tiles, sections, a wrapping gallery and its breeders, and goes Back one step', async () => {
    await page.goto(`${server.url}/breeds`);
    await page.locator('.breed-card', { hasText: 'Maine Coon' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Maine Coon');
    for (const label of ['Activity Level', 'Grooming Level', 'Vocality', 'Habitat', 'Life Expectancy', 'Colors']) {
      expect(await page.locator('.attribute-label', { hasText: label }).count(), label).toBe(1);
    }
    for (const title of ['About the Breed', 'Temperament', 'Health and Development', 'Health Challenges', 'Health Tests']) {
      expect(await page.getByRole('heading', { name: title }).count(), title).toBe(1);
    }
    const gallery = page.getByRole('region', { name: 'Maine Coon picture' });
    const counter = gallery.locator('[aria-live="polite"]');
    expect(await counter.textContent()).toBe('1 / 4');
    await gallery.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await counter.textContent()).toBe('4 / 4');
    await page.keyboard.press('ArrowRight');
    expect(await counter.textContent()).toBe('1 / 4');
    await gallery.getByRole('button', { name: 'Next image' }).click();
    expect(await counter.textContent()).toBe('2 / 4');

    const breeders = page.locator('.breeder-links a');
    expect(await breeders.count()).toBeGreaterThan(0);
    expect(await breeders.first().getAttribute('href')).toMatch(/^\/catteries\/[a-z0-9-]+\?returnUrl=\/breeds\/MCO$/);
    await screenshot(page, 'breed', viewport);

    await page.getByRole('button', { name: '← Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/breeds');
  });

  it('says "Breed not found" for an unknown abbreviation', async () => {
    await page.goto(`${server.url}/breeds/NOPE`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Breed not found');
  });

  it('keeps the breed list and a breed page offline after the visit', async () => {
    // The service worker installs once the first screen has shown its data; on a busy machine that ends later.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.context().setOffline(true);
    try {
      await page.goto(`${server.url}/breeds`);
      await expect.poll(() => page.locator('.breed-card').count()).toBe(44);
      await page.goto(`${server.url}/breeds/PER`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Persian');
    } finally {
      await page.context().setOffline(false);
    }
  });
});

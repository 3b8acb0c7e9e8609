// The built app in a real browser: home, chrome, cookie consent, the fallback for unknown routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { launchBrowser, startAppServer } from './browser.ts';

describe('app shell', () => {
  let server: VenueServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the home page with its six tiles and the navigation', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome to PurrFect Show');
    const tiles = await page.locator('.tile h2').allTextContents();
    expect(tiles).toEqual([
      'Discover Breeds',
      'Find your PurrFect Match',
      'Meet Breeders',
      'Pet Products',
      "Visitor's Choice",
      'Event Schedule',
    ]);
    const nav = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(nav).toEqual(['Breeds', 'Kittens', 'Breeders', 'Pet Products', "Visitor's Choice", 'Schedule']);
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await page.close();
  });

  it('on a first visit, loads supabase-js and registers the service worker only after the screen shows its data', async () => {
    const page = await browser.newPage();
    const order: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/supabase-[\w-]+\.js$/.test(pathname)) order.push('supabase-js');
      else if (pathname.startsWith('/storage/v1/object/public/images/breeds/') && !order.includes('breed picture')) order.push('breed picture');
    });
    // The worker script's own fetch is not the page's request; the browser reports the worker once it starts.
    page.context().on('serviceworker', () => order.push('service worker'));
    await page.goto(`${server.url}/breeds`);
    // About order, not speed: a loaded machine may take some seconds for the first pull.
    await expect.poll(() => page.locator('.breed-card').count(), { timeout: 15_000 }).toBe(44);
    await expect.poll(() => order.length, { timeout: 30_000 }).toBe(3);
    expect(order[0]).toBe('breed picture');
    expect(order.slice(1).sort()).toEqual(['service worker', 'supabase-js']);
    // src/app/startup.ts marks each phase it reaches.
    const phases = () =>
      page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('startup:')));
    await expect.poll(async () => (await phases()).length).toBe(5);
    const reached = await phases();
    expect(reached.slice(0, 3)).toEqual(['startup:mirror-started', 'startup:shell-rendered', 'startup:first-screen-shown']);
    expect(reached.slice(3).sort()).toEqual(['startup:backend-loaded', 'startup:service-worker-registered']);
    await page.close();
  });

  it('stores cookie consent on Accept and hides the banner for good', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBe('true');
    await page.reload();
    await page.locator('h1').waitFor();
    expect(await banner.count()).toBe(0);
    await page.close();
  });

  it('opens and closes the menu overlay on a small screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const overlay = page.getByRole('navigation', { name: 'Menu' });
    expect(await overlay.getByRole('link').count()).toBe(6);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await overlay.count()).toBe(0);
    await page.close();
  });

  it('serves client routes from the app shell and shows the fallback for unknown ones', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/no-such-page`);
    expect(res!.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Unexpected Application Error!');
    expect(await page.getByRole('alert').textContent()).toBe('404 Not Found');
    await page.close();
  });
});

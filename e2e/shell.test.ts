// The built app in a real browser: home, chrome, cookie consent, the fallback for unknown routes, the header
// on a phone (state in words, thumb-sized targets), tab titles, Back, and the first paint from index.html.
import { OFFLINE_READY_MARK, OFFLINE_READY_TEXTS } from '../src/ui/offline-ready-texts.ts';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER } from '../server/seed/index.ts';
import type { VenueServer } from '../server/start.ts';
import { castVote, openSyncedApp, VIEWPORTS } from './app-page.ts';
import { useShow } from './fixture.ts';

/** Visible links and buttons inside `scope` smaller than 44 × 44 px, by name and size. */
async function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const el of root.querySelectorAll<HTMLElement>('a, button')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        if (box.width < 44 || box.height < 44)
          small.push(`${el.getAttribute('aria-label') ?? el.textContent?.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, scope);
}

describe('app shell', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));

  it('shows the home page with its six tiles and the navigation', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome to PurrFect Show');
    const tiles = await page.locator('.tile h2').allTextContents();
    expect(tiles).toEqual(['Discover Breeds', 'Find your PurrFect Match', 'Meet Breeders', 'Pet Products', "Visitor's Choice", 'Event Schedule']);
    const nav = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(nav).toEqual(['Breeds', 'Kittens', 'Breeders', 'Catalogue', 'Pet Products', "Visitor's Choice", 'Schedule', 'My show']);
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await page.close();
  });

  it('on a first visit, registers the service worker once the first pull is in, and loads supabase-js once offline-ready', async () => {
    const page = await browser.newPage();
    const order: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // supabase-js is in the backend chunk (vite.config.ts).
      if (/^\/assets\/backend-[\w-]+\.js$/.test(pathname)) order.push('supabase-js');
      else if (pathname.startsWith('/storage/v1/object/public/images/breeds/') && !order.includes('breed picture')) order.push('breed picture');
    });
    // The worker script's own fetch is not the page's request; the browser reports the worker once it starts.
    page.context().on('serviceworker', () => order.push('service worker'));
    await page.goto(`${server.url}/breeds`);
    // About order, not speed: a loaded machine may take some seconds for the first pull.
    await expect.poll(() => page.locator('.breed-card').count(), { timeout: 15_000 }).toBe(44);
    await expect.poll(() => order.length, { timeout: 30_000 }).toBe(3);
    expect([...order].sort()).toEqual(['breed picture', 'service worker', 'supabase-js']);
    // supabase-js is the second phase's (shared/precache.ts): after the worker took over.
    expect(order.indexOf('service worker')).toBeLessThan(order.indexOf('supabase-js'));
    // On the page's own clock: supabase-js is fetched only once the phone is offline-ready.
    // (A resource's timing entry is there once its response is complete.)
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/assets\/backend-[\w-]+\.js$/.test(r.name)));
    const [screenShownAt, offlineReadyAt, supabaseAt] = await page.evaluate(
      (mark) => [
        performance.getEntriesByName('startup:first-screen-shown')[0]?.startTime ?? NaN,
        performance.getEntriesByName(mark)[0]?.startTime ?? NaN,
        performance.getEntriesByType('resource').find((r) => /\/assets\/backend-[\w-]+\.js$/.test(r.name))?.startTime ?? NaN,
      ],
      OFFLINE_READY_MARK,
    );
    expect(offlineReadyAt).toBeGreaterThan(0);
    expect(supabaseAt).toBeGreaterThanOrEqual(Math.max(offlineReadyAt, screenShownAt));
    // src/app/startup.ts marks each phase it reaches.
    const phases = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .map((m) => m.name)
          .filter((n) => n.startsWith('startup:')),
      );
    await expect.poll(async () => (await phases()).length).toBe(5);
    const reached = await phases();
    expect(reached.slice(0, 2)).toEqual(['startup:mirror-started', 'startup:shell-rendered']);
    // The worker registers once the first pull is in, which may be before or after the screen reports itself shown.
    expect(reached.slice(2, 4).sort()).toEqual(['startup:first-screen-shown', 'startup:service-worker-registered']);
    expect(reached[4]).toBe('startup:backend-loaded');
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
    // The header's eight, the floor plan, the rings, the results and the glossary.
    expect(await overlay.getByRole('link').count()).toBe(12);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await overlay.count()).toBe(0);
    await page.close();
  });

  it('shows the fallback for unknown routes inside the header and footers, with a way home (phone)', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const res = await page.goto(`${server.url}/no-such-page`);
    expect(res!.status()).toBe(200);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Unexpected Application Error!');
    expect(await page.getByRole('alert').textContent()).toBe('404 Not Found');
    // SPEC §2's chrome: the header with the name and the menu, both footer blocks.
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'PurrFect Show' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('navigation', { name: 'Footer' }).getByRole('link').allTextContents()).toEqual(['About', 'Contact', 'Privacy', 'Terms']);
    expect(await footer.locator('.site-copyright').textContent()).toContain('PurrFect Show');
    expect(await page.getByRole('main').getByRole('link', { name: 'Browse the breeds' }).getAttribute('href')).toBe('/breeds');
    expect(await page.title()).toBe('Page not found · PurrFect Show');
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Welcome to PurrFect Show');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it("says in words when a screen's code has not reached the phone, inside the chrome, and recovers on the next link (phone)", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, serviceWorkers: 'block' });
    // A screen's chunk that never arrives (the second phase not fetched yet, a deploy removed it, the hall
    // network cut it): the words stay in the screen's place, the header and footers stay usable.
    // About is in the screens chunk (vite.config.ts); home, the way back, is in the first screen's.
    await page.route(/\/assets\/screens-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${server.url}/about`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(OFFLINE_READY_TEXTS.notArrivedHeading);
    expect(await page.getByRole('alert').textContent()).toBe(OFFLINE_READY_TEXTS.notArrived);
    expect(await page.getByRole('main').getByRole('button', { name: OFFLINE_READY_TEXTS.tryAgain }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('link', { name: 'PurrFect Show' }).isVisible()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Welcome to PurrFect Show');
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    await page.close();
  });

  it('on a phone, the header says the sync state in words, keeps the whole name and has thumb-sized targets', async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    const state = page.locator('.sync-indicator .sync-label');
    expect(await state.isVisible()).toBe(true);
    expect(await state.innerText()).toMatch(/^(Synced (just now|\d+ min ago)|Live)$/);

    // Signed in, with a vote waiting offline: the avatar and the outbox join the header.
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(DEMO_USER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.goto(`${server.url}/visitors-choice`);
    await page.getByLabel('First name *').waitFor();
    await page.context().setOffline(true);
    try {
      await castVote(page, `shell.header.${Date.now()}@example.com`);
      await page.locator('.site-header .outbox-panel').waitFor();
      await expect.poll(() => state.innerText()).toBe('Offline');
      expect(await state.isVisible()).toBe(true);

      const brand = await page.locator('.site-header .brand').evaluate((el) => ({
        text: (el as HTMLElement).innerText,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        right: el.getBoundingClientRect().right,
      }));
      expect(brand.text).toBe('PurrFect Show');
      expect(brand.scrollWidth).toBeLessThanOrEqual(brand.clientWidth);
      expect(brand.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(await smallTargets(page, '.site-header')).toEqual([]);
    } finally {
      await page.context().setOffline(false);
    }
    await expect.poll(() => state.innerText(), { timeout: 30_000 }).toMatch(/^(Synced|Live)\b/);

    // The menu overlay's entries and the footer links are thumb-sized too.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    expect(await smallTargets(page, '#menu-overlay')).toEqual([]);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await smallTargets(page, '.site-footer')).toEqual([]);
    await page.close();
  });

  it('names each breed in the tab title, has thumb-sized gallery arrows, and Back on an opened breed goes to the list', async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    // Opened directly, as from a QR code: there is no step back inside the app.
    await page.goto(`${server.url}/breeds/ABY`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Abyssinian');
    await expect.poll(() => page.title()).toBe('Abyssinian · PurrFect Show');
    await page.locator('.gallery-controls').waitFor();
    expect(await smallTargets(page, '.gallery-controls')).toEqual([]);
    expect(await smallTargets(page, 'main > .back-button')).toEqual([]);
    await page.getByRole('button', { name: '← Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/breeds');
    await expect.poll(() => page.title()).toBe('Breeds · PurrFect Show');

    // From the list, Back is one step back, and another breed has its own title.
    await page.locator('.breed-card', { hasText: 'Bengal' }).first().click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Bengal');
    await expect.poll(() => page.title()).toBe('Bengal · PurrFect Show');
    await page.getByRole('button', { name: '← Back' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/breeds');
    // It went back in history rather than adding /breeds again: forward returns to Bengal.
    await page.goForward();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/breeds/BEN');
    await page.close();
  });

  it("paints the name and a skeleton from index.html before the app's JavaScript runs, within the CSP", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    // A first visit whose scripts have not arrived yet.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${server.url}/breeds`);
    const brand = page.locator('#root .boot .brand');
    expect(await brand.innerText()).toBe('PurrFect Show');
    expect(await brand.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(109, 40, 217)');
    expect(await page.locator('#root .boot-cards > div').first().isVisible()).toBe(true);
    // The header's place is the real header's: nothing shifts when the app replaces it.
    const bootHeader = await page.locator('#root .boot .site-header').boundingBox();
    await page.unroute('**/*.js');
    await page.reload();
    await expect.poll(() => page.locator('.breed-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.boot').count()).toBe(0);
    expect((await page.locator('.site-header').boundingBox())!.height).toBe(bootHeader!.height);
    expect(violations).toEqual([]);
    await page.close();
  });
});

// The PWA in Chromium: install criteria, a repeat visit served by the worker, the offline shell, a vote sent by the service worker's
// Background Sync with no page open, and the "new version" prompt, for the module worker and the classic one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORTS } from './app-page.ts';
import { CLASSIC_SERVICE_WORKER_FILE, OUTBOX_SYNC_TAG, SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';
import type { VoteItem } from '../src/data/outbox/types.ts';
import {
  dispatchSync,
  getFromStore,
  hasAppDb,
  launchProfile,
  openNonAppPage,
  putIntoStore,
  waitForController,
  waitForSecondPhase,
  watchNetwork,
  type Profile,
  type PwaServer,
} from './pwa-helpers.ts';
import { useShow } from './fixture.ts';

const DB_NAME = 'purrfect-show';
const SYNC_TAG = OUTBOX_SYNC_TAG;

interface ManifestIcon {
  src: string;
  sizes: string;
  purpose?: string;
}

describe('progressive web app', () => {
  let app: PwaServer;
  let url: string;
  let browser: Browser;
  // Each test and block below opens its own persistent profile (only those are installable), but for the
  // repeat visit, which a visitor's browser makes installed or not, in the worker's Chromium.
  useShow({ distCopy: true }, (show) => {
    app = show.pwa;
    url = app.server.url;
    browser = show.browser;
  });

  it('serves a repeat visit from the worker: not one byte of the shell from the network', async () => {
    const ctx = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await ctx.newPage();
    await page.goto(`${url}/`);
    await waitForController(page);
    // The first visit ends with the second phase (the floor plan's page and Leaflet) cached.
    await waitForSecondPhase(page, url);
    const watch = watchNetwork(ctx, url);
    try {
      for (const path of ['/', '/breeds', '/breeds/ABY']) {
        await page.goto(`${url}${path}`, { waitUntil: 'load' });
        await page.locator('#root h1').first().waitFor();
      }
      await watch.settle();
    } finally {
      watch.stop();
      await ctx.close();
    }
    // The shell is the app's own files: HTML, JS, CSS, fonts, manifest, icons. The API, pictures and the
    // worker's own update check may go to the network.
    expect(watch.use.requests.shell).toEqual([]);
    expect(watch.use.bytes.shell).toBe(0);
  });

  describe('installed and offline', () => {
    let profile: Profile;
    let page: Page;
    beforeAll(async () => {
      profile = await launchProfile();
      page = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
      await page.goto(`${url}/`);
      await waitForController(page);
    });
    afterAll(async () => {
      await profile?.close();
    });

    it('meets the install criteria with a complete manifest', async () => {
      const cdp = await profile.ctx.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url: manifestUrl, errors, data } = await cdp.send('Page.getAppManifest');
      await cdp.detach();
      expect(manifestUrl).toBe(`${url}/manifest.webmanifest`);
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!) as Record<string, unknown> & { icons: ManifestIcon[] };
      expect(manifest).toMatchObject({
        name: 'PurrFect Show',
        short_name: 'PurrFect',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#6d28d9',
        background_color: '#faf7ff',
      });
      const sizes = manifest.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
      for (const icon of manifest.icons) {
        const res = await page.request.get(new URL(icon.src, manifestUrl).href);
        expect(res.headers()['content-type']).toBe('image/png');
      }
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${url}/${SERVICE_WORKER_FILE}`);
    });

    it('caches storage images and never the API', async () => {
      const { rows } = await app.server.db.query<{ path: string }>('select overview_image as path from public.breeds order by id limit 1');
      const image = `${url}/storage/v1/object/public/images/${rows[0]!.path}`;
      const loadImage = (src: string) =>
        page.evaluate(
          (s) =>
            new Promise<number>((resolve) => {
              const img = new Image();
              img.onload = () => resolve(img.naturalWidth);
              img.onerror = () => resolve(0);
              img.src = s;
            }),
          src,
        );
      // Past the HTTP and memory caches: only the worker's 'images' cache can answer offline.
      const fetchBytes = (src: string) =>
        page.evaluate(
          (s) =>
            fetch(s, { cache: 'no-store' }).then(
              async (r) => (r.ok ? (await r.blob()).size : 0),
              () => 0,
            ),
          src,
        );
      expect(await loadImage(image)).toBeGreaterThan(0);
      await expect.poll(() => page.evaluate(async () => (await (await caches.open('images')).keys()).map((r) => r.url))).toContain(image);

      await page.evaluate((u) => fetch(`${u}/rest/v1/breeds?select=id&limit=1`).then((r) => r.status), url);
      const cachedUrls = await page.evaluate(async () => {
        const all: string[] = [];
        for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) all.push(req.url);
        return all;
      });
      expect(cachedUrls.filter((u) => /\/(rest|auth|functions)\/v1\//.test(u))).toEqual([]);

      await profile.ctx.setOffline(true);
      try {
        expect(await fetchBytes(image)).toBeGreaterThan(0);
        expect(await fetchBytes(`${url}/storage/v1/object/public/images/never-loaded.svg`)).toBe(0);
      } finally {
        await profile.ctx.setOffline(false);
      }
    });

    it('opens the shell offline, on reload and on a deep link', async () => {
      await profile.ctx.setOffline(true);
      try {
        await page.reload();
        await expect.poll(() => page.locator('h1').first().textContent({ timeout: 2_000 })).toBe('Welcome to PurrFect Show');
        expect(await page.evaluate(() => navigator.onLine)).toBe(false);

        const res = await page.goto(`${url}/breeds/ABY`);
        expect(res!.status()).toBe(200);
        expect(res!.fromServiceWorker()).toBe(true);
        // The app itself renders at the deep link (whatever the screen shows offline).
        await page.locator('#root h1').first().waitFor({ timeout: 10_000 });
        expect(new URL(page.url()).pathname).toBe('/breeds/ABY');
        // The app's own title, naming the screen ("Abyssinian · PurrFect Show" once the mirror answers).
        expect(await page.title()).toMatch(/(^| · )PurrFect Show$/);
      } finally {
        await profile.ctx.setOffline(false);
      }
    });
  });

  it('sends a queued vote through Background Sync with no page open, exactly once', async () => {
    const profile = await launchProfile();
    try {
      const appPage = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
      await appPage.goto(`${url}/`);
      await waitForController(appPage);
      await appPage.close();
      // CDP needs a page; about:blank is not a client of the app's origin.
      const cdpPage = await profile.ctx.newPage();

      // The app creates its database on start; if it has not, the worker's Dexie does on a first sync.
      const writer = await openNonAppPage(profile.ctx, url);
      const created = await hasAppDb(writer, DB_NAME);
      await writer.close();
      if (!created) await dispatchSync(cdpPage, url, SYNC_TAG);
      const probe = await openNonAppPage(profile.ctx, url);
      await expect.poll(() => hasAppDb(probe, DB_NAME), { timeout: 15_000 }).toBe(true);
      await probe.close();

      const [event] = (await app.server.db.query<{ id: number }>('select id from public.events order by end_date desc limit 1')).rows;
      const vote: VoteItem = {
        id: randomUUID(),
        kind: 'vote',
        payload: {
          event_id: Number(event!.id),
          first_name: 'Sync',
          last_name: 'Worker',
          email: `sync-${Date.now()}@example.com`,
          phone: null,
          catalog_number: '12',
        },
        status: 'queued',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: Date.now(),
        sendingSince: null,
        sentAt: null,
      };
      const store = await openNonAppPage(profile.ctx, url);
      await putIntoStore(store, DB_NAME, 'outbox', vote);
      await store.close();

      const rows = async () => (await app.server.db.query<{ id: string }>('select id from public.visitor_choice where id = $1', [vote.id])).rows.length;
      expect(await rows()).toBe(0);
      await dispatchSync(cdpPage, url, SYNC_TAG);
      await expect.poll(rows, { timeout: 30_000, interval: 250 }).toBe(1);

      // The outbox knows it was delivered, so another sync sends nothing twice.
      const check = await openNonAppPage(profile.ctx, url);
      await expect.poll(async () => (await getFromStore<VoteItem>(check, DB_NAME, 'outbox', vote.id))?.status).toBe('sent');
      await check.close();
      await dispatchSync(cdpPage, url, SYNC_TAG);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await rows()).toBe(1);
    } finally {
      await profile.close();
    }
  });

  it('waits for Reload before a new version takes over', async () => {
    const profile = await launchProfile();
    try {
      const page = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
      await page.goto(`${url}/`);
      await waitForController(page);
      const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

      app.publishNewServiceWorker();
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration!.update();
      });
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: 20_000 });
      // registerType 'prompt': the new worker waits; the old one still controls the page.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(firstWorker);

      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await page.locator('h1').first().waitFor();
      expect(await prompt.count()).toBe(0);
    } finally {
      await profile.close();
    }
  });
  it("keeps a classic worker (an earlier build's install, or a browser refusing a module) and updates it", async () => {
    const profile = await launchProfile();
    try {
      const page = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
      // A browser that refuses the module worker gets the classic one.
      const restore = app.withhold(SERVICE_WORKER_FILE);
      await page.goto(`${url}/`);
      await waitForController(page);
      restore();
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(`${url}/${CLASSIC_SERVICE_WORKER_FILE}`);

      // Controlled by the classic worker, as an install of an earlier build is, the page keeps it: a module
      // script at its URL would fail the registration's classic update checks.
      await page.reload();
      await page.locator('h1').first().waitFor();
      app.publishNewServiceWorker();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: 20_000 });
      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      const registration = await page.evaluate(async () => {
        const r = (await navigator.serviceWorker.getRegistration())!;
        return { active: r.active?.scriptURL, installing: r.installing?.scriptURL ?? null };
      });
      expect(registration).toEqual({ active: `${url}/${CLASSIC_SERVICE_WORKER_FILE}`, installing: null });
    } finally {
      await profile.close();
    }
  });
});

// The second phase (shared/precache.ts): Leaflet and the floor plan's page are out of the critical precache a
// first visit waits for, fetched by the service worker once the phone is offline-ready, and served from its
// own cache with the network gone; "Ready for the hall" saves the floor plan's picture. On localhost and on
// the hall's HTTPS name; and a phone updating from a build that precached them downloads none of it again.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { precacheUrls, secondPhaseUrls } from '../bench/size.ts';
import { FLOOR_PLAN_SOURCE_DIR, type ManifestChunk } from '../shared/precache.ts';
import { IMAGE_CACHE, SECOND_PHASE_CACHE } from '../shared/sw-protocol.ts';
import type { VenueServer } from '../server/start.ts';
import { createTestCa, issueCertificate, writeCertificateFiles } from '../tests/helpers/test-ca.ts';
import { DIST_DIR, hallFlags } from './browser.ts';
import { HALL_NAME, useShow } from './fixture.ts';
import { getAllFromStore, secondPhaseFiles, waitForController, waitForSecondPhase, type Profile, type PwaServer } from './pwa-helpers.ts';

const manifest = JSON.parse(readFileSync(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
/** Whether this build has the floor plan's page (src/features/floor-plan/). */
const hasFloorPlanPage = Object.keys(manifest).some((key) => key.startsWith(FLOOR_PLAN_SOURCE_DIR));

const leafletScript = (origin: string) => {
  const file = secondPhaseFiles(origin).find((u) => /\/assets\/leaflet-[\w-]+\.js$/.test(u));
  if (!file) throw new Error(`No Leaflet chunk in the second phase: ${secondPhaseFiles(origin).join(', ')}`);
  return file;
};

/** The URLs each of the origin's caches holds, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });

/** Imports a module in the page; true when it loaded and ran. Records whether the worker answered it. */
async function importInPage(page: Page, url: string): Promise<{ loaded: boolean; fromServiceWorker: boolean | null }> {
  let fromServiceWorker: boolean | null = null;
  const onResponse = (r: { url(): string; fromServiceWorker(): boolean }) => {
    if (r.url() === url) fromServiceWorker = r.fromServiceWorker();
  };
  page.on('response', onResponse);
  try {
    // As a string: the test's own transform would rewrite an import() written here.
    const loaded = (await page.evaluate(`import(${JSON.stringify(url)}).then(() => true, () => false)`)) as boolean;
    return { loaded, fromServiceWorker };
  } finally {
    page.off('response', onResponse);
  }
}

/** The checks both origins run: the list, the caches, and the import with the network gone. */
function secondPhaseChecks(show: () => { profile: Profile; page: Page; site: string; server: VenueServer }): void {
  it('leaves Leaflet out of the critical precache, and caches it once the phone is offline-ready', async () => {
    const { page, site } = show();
    const leaflet = leafletScript(site);
    // The worker's critical list (what a first visit waits for) names no second-phase file.
    const critical = precacheUrls(DIST_DIR).map((u) => new URL(u, `${site}/`).href);
    expect(critical.filter((u) => secondPhaseFiles(site).includes(u))).toEqual([]);
    expect(secondPhaseFiles(site)).toContain(leaflet);
    expect(secondPhaseFiles(site).some((u) => /\/assets\/leaflet-[\w-]+\.css$/.test(u))).toBe(true);

    await waitForSecondPhase(page, site);
    const caches = await cachedUrls(page);
    const precache = Object.entries(caches).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
    expect(precache.length).toBe(critical.length);
    expect(precache.filter((u) => secondPhaseFiles(site).includes(u))).toEqual([]);
    expect([...(caches[SECOND_PHASE_CACHE] ?? [])].sort()).toEqual([...secondPhaseFiles(site)].sort());
    // And the show on now's plan picture (the demo hall's), through the worker's picture cache.
    const { rows } = await show().server.db.query<{ image_url: string }>(
      `select f.image_url from public.floor_plans f join public.events e on e.id = f.event_id where e.end_date >= current_date order by e.start_date, e.name limit 1`,
    );
    expect(rows).toHaveLength(1);
    await expect
      .poll(async () => (await cachedUrls(page))[IMAGE_CACHE] ?? [], { timeout: 15_000 })
      .toContain(`${site}/storage/v1/object/public/images/${rows[0]!.image_url}`);
  });

  it('loads the Leaflet chunk from the worker’s cache with the network gone', async () => {
    const { profile, page, site } = show();
    // A new document: the module was never imported in it, so the request goes out (to the worker).
    await page.goto(`${site}/breeds`);
    await profile.ctx.setOffline(true);
    try {
      expect(await importInPage(page, leafletScript(site))).toEqual({ loaded: true, fromServiceWorker: true });
      const css = secondPhaseFiles(site).find((u) => u.endsWith('.css'))!;
      expect(
        await page.evaluate(
          (u) =>
            fetch(u).then(
              (r) => r.status,
              () => 0,
            ),
          css,
        ),
      ).toBe(200);
    } finally {
      await profile.ctx.setOffline(false);
    }
  });

  it.runIf(hasFloorPlanPage)('opens the floor plan with the network gone, never opened before: its chunks, Leaflet and its picture', async () => {
    const { profile, page, site } = show();
    await profile.ctx.setOffline(true);
    try {
      await page.goto(`${site}/floor-plan`);
      // The page marks it once its picture has loaded and its places are drawn.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('floor-plan-rendered').length), { timeout: 20_000 }).toBe(1);
    } finally {
      await profile.ctx.setOffline(false);
    }
  });

  it('caches a second-phase file a page loads online before the worker fetched it', async () => {
    const { page, site } = show();
    const leaflet = leafletScript(site);
    await page.evaluate(({ cacheName, url }) => caches.open(cacheName).then((c) => c.delete(url)), { cacheName: SECOND_PHASE_CACHE, url: leaflet });
    await page.goto(`${site}/breeds`);
    expect(await importInPage(page, leaflet)).toMatchObject({ loaded: true });
    await expect.poll(async () => (await cachedUrls(page))[SECOND_PHASE_CACHE]).toContain(leaflet);
  });
}

describe('the second phase on localhost', () => {
  let profile: Profile;
  let page: Page;
  let server: VenueServer;
  useShow({ browser: 'profile', page: { waitFor: ['controller', 'synced'] } }, (s) => ({ profile, page, server } = s));
  secondPhaseChecks(() => ({ profile, page, server, site: server.url }));

  it('"Ready for the hall" saves the floor plan’s picture, which then shows offline', async () => {
    // A plan picture no other row of the show names: only the plan can bring it into the list.
    const path = 'plans/e2e-hall.svg';
    await server.db.query(
      `with o as (insert into storage.objects (bucket_id, name, metadata) values ('images', $1, '{"mimetype": "image/svg+xml"}'::jsonb) returning id)
       insert into storage.object_data (object_id, data) select id, convert_to($2, 'UTF8') from o`,
      [path, '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="600"><rect width="1000" height="600" fill="#eee"/></svg>'],
    );
    // On an event without a plan; or, where the seed gave every event one, on the first plan.
    const added = await server.db.query(
      `insert into public.floor_plans (event_id, image_url, width, height, description)
       select id, $1, 1000, 600, 'The hall' from public.events where id not in (select event_id from public.floor_plans) order by id limit 1
       returning id`,
      [path],
    );
    if (added.rows.length === 0) {
      await server.db.query(`update public.floor_plans set image_url = $1, updated_at = now() where id = (select min(id) from public.floor_plans)`, [path]);
    }
    const picture = `${server.url}/storage/v1/object/public/images/${path}`;
    await page.goto(`${server.url}/`);
    // The plan's row reaches the mirror with a pull (the indicator, pressed).
    await page.locator('.sync-indicator').click();
    await expect
      .poll(async () => (await getAllFromStore<{ image_url: string }>(page, 'purrfect-show', 'floor_plans')).map((p) => p.image_url), { timeout: 30_000 })
      .toContain(path);
    await page.evaluate((name) => caches.delete(name), IMAGE_CACHE);

    await page.locator('summary', { hasText: 'Ready for the hall' }).click();
    const panel = page.getByRole('region', { name: 'Ready for the hall' });
    await panel.getByRole('button', { name: 'Save all pictures' }).click();
    // The plans' pictures come first: the plan's is saved long before the show's 700 others, so the visitor
    // may stop there (saving them all is e2e/offline-pictures.test.ts's).
    await expect.poll(async () => (await cachedUrls(page))[IMAGE_CACHE] ?? [], { timeout: 30_000, interval: 100 }).toContain(picture);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^Stopped after \d+ pictures\./);

    await profile.ctx.setOffline(true);
    try {
      const bytes = await page.evaluate(
        (u) =>
          fetch(u, { cache: 'no-store' }).then(
            async (r) => (r.ok ? (await r.blob()).size : 0),
            () => 0,
          ),
        picture,
      );
      expect(bytes).toBeGreaterThan(0);
    } finally {
      await profile.ctx.setOffline(false);
    }
  }, 90_000);
});

describe(`the second phase at ${HALL_NAME} over HTTPS`, () => {
  let certDir: string;
  let ca: Awaited<ReturnType<typeof createTestCa>>;
  let files: ReturnType<typeof writeCertificateFiles>;
  let profile: Profile;
  let page: Page;
  let server: VenueServer;
  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'purrfect-second-phase-'));
    ca = await createTestCa();
    files = writeCertificateFiles(certDir, await issueCertificate(ca, { hosts: [HALL_NAME] }));
  });
  afterAll(() => {
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });
  useShow(
    {
      env: () => ({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, SITE_URL: `https://${HALL_NAME}:0` }),
      browser: 'profile',
      profileFlags: () => hallFlags(HALL_NAME, ca.spkiSha256),
      page: { path: null },
    },
    (s) => ({ profile, page, server } = s),
  );
  // The hall's name, not the server's loopback address: the origin the phone's worker is registered for.
  beforeAll(async () => {
    await page.goto(`${server.config.siteUrl}/`);
    await waitForController(page);
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
  });
  secondPhaseChecks(() => ({ profile, page, server, site: server.config.siteUrl }));
});

describe('an update from a build that precached Leaflet', () => {
  let app: PwaServer;
  let page: Page;
  useShow({ distCopy: true, browser: 'profile', page: { waitFor: ['controller', 'synced'] } }, (s) => ({ pwa: app, page } = s));

  it('copies the second phase out of the earlier precache: the update downloads none of it again', async () => {
    const site = app.server.url;
    const files = secondPhaseFiles(site);
    await waitForSecondPhase(page, site);
    // As an earlier build left it: the second phase's files in the precache, and no second-phase cache.
    const precacheName = await page.evaluate(
      async ({ from, files }) => {
        const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'))!;
        const [source, precache] = await Promise.all([caches.open(from), caches.open(name)]);
        for (const file of files) await precache.put(file, (await source.match(file))!);
        await caches.delete(from);
        return name;
      },
      { from: SECOND_PHASE_CACHE, files },
    );
    // The server has them no more, nor the browser's HTTP cache: only the earlier precache can give them to the new version.
    const restore = secondPhaseUrls(DIST_DIR).map((file) => app.withhold(file));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    try {
      app.publishNewServiceWorker();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await prompt.waitFor({ timeout: 20_000 });
      await Promise.all([page.waitForEvent('load', { timeout: 20_000 }), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect.poll(async () => [...((await cachedUrls(page))[SECOND_PHASE_CACHE] ?? [])].sort(), { timeout: 20_000 }).toEqual([...files].sort());
      // The new version's activation dropped them from the precache, which lists them no more.
      const precache = (await cachedUrls(page))[precacheName] ?? [];
      expect(precache.filter((u) => files.includes(u))).toEqual([]);
    } finally {
      restore.forEach((put) => put());
    }
  });
});

// The breeder list and a cattery's page (map, labels, litters, Back) at phone and desktop sizes, online and offline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { catterySlug } from '../shared/paths.ts';
import { DIST_DIR } from './browser.ts';
import { openSyncedApp, screenshot, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

interface Sample {
  id: number;
  name: string;
  city: string;
  country: string;
  website: string;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  registry: string;
  abbreviation: string;
  since: number;
  labels: number;
  litters: number;
  images: number;
  latitude: number;
  longitude: number;
}

/** Today in this machine's time zone, which the browser shares. */
function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const enGb = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
};

let server: VenueServer;
let browser: Browser;
useShow({}, (show) => ({ server, browser } = show));
let sample: Sample;
let sampleLabels: { name: string; issued_date: string; expiration_date: string }[];
let catteryCount: number;

beforeAll(async () => {
  // A cattery with a registry, quality labels (at least one expired, if any is) and litters.
  const found = await server.db.query<Sample>(
    `select c.id, c.name, c.city, c.country, c.website, c.email, c.phone, c.first_name, c.last_name,
            o.name as registry, o.abbreviation,
            (select min(extract(year from b.certification_date::date))::int from public.cattery_has_breed b where b.cattery_id = c.id) as since,
            (select count(*)::int from public.cattery_has_quality_label q where q.cattery_id = c.id) as labels,
            (select count(*)::int from public.litters l where l.cattery_id = c.id) as litters,
            coalesce(array_length(c.detail_images, 1), 0) as images, c.latitude::float8 as latitude, c.longitude::float8 as longitude
       from public.catteries c join public.organizations o on o.id = c.organization_id
      where c.latitude is not null and c.longitude is not null and o.abbreviation is not null
      order by (select count(*) from public.cattery_has_quality_label q where q.cattery_id = c.id and q.expiration_date < current_date) > 0 desc,
               (select count(*) from public.cattery_has_quality_label q where q.cattery_id = c.id) desc,
               (select count(*) from public.litters l where l.cattery_id = c.id) desc, c.id
      limit 1`,
  );
  sample = found.rows[0]!;
  const labels = await server.db.query<{ name: string; issued_date: string; expiration_date: string }>(
    `select ql.name, q.issued_date::text as issued_date, q.expiration_date::text as expiration_date
       from public.cattery_has_quality_label q join public.quality_labels ql on ql.id = q.quality_label_id
      where q.cattery_id = $1 order by ql.name`,
    [sample.id],
  );
  sampleLabels = labels.rows;
  catteryCount = (await server.db.query<{ n: number }>('select count(*)::int as n from public.catteries')).rows[0]!.n;
});

it('keeps leaflet out of the first route’s JavaScript', () => {
  const manifest = JSON.parse(readFileSync(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit('index.html');
  expect(seen.size).toBeGreaterThan(0);
  for (const key of seen) {
    const code = readFileSync(join(DIST_DIR, manifest[key]!.file), 'utf8');
    expect(code.includes('leaflet-zoom-animated'), `${manifest[key]!.file} holds leaflet`).toBe(false);
  }
  // …and it is in a chunk of its own, loaded on demand.
  const leafletChunks = Object.values(manifest).filter((m) => m.file.endsWith('.js') && readFileSync(join(DIST_DIR, m.file), 'utf8').includes('leaflet-zoom-animated'));
  expect(leafletChunks).toHaveLength(1);
});

describe.each(['phone', 'desktop'] as ViewportName[])('breeder screens on a %s', (viewport) => {
  let page: Page;
  const slug = () => catterySlug(sample.name);

  beforeAll(async () => {
    page = await openSyncedApp(browser, server, viewport);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('lists every cattery as a card with place, website, certified-since year and a View Cattery link', async () => {
    await page.goto(`${server.url}/breeders`);
    await expect.poll(() => page.locator('.cattery-card').count()).toBe(catteryCount);
    expect(catteryCount).toBeGreaterThanOrEqual(60);
    const card = page.locator('.cattery-card').filter({ has: page.getByRole('heading', { name: sample.name, exact: true }) });
    expect(await card.count()).toBe(1);
    const text = await card.textContent();
    expect(text).toContain(`${sample.city}, ${sample.country}`);
    expect(text).toContain(`Certified since ${sample.since}`);
    expect(await card.getByRole('link', { name: sample.website }).getAttribute('href')).toMatch(/^https:\/\//);
    expect(await card.getByRole('link', { name: 'View Cattery' }).getAttribute('href')).toBe(`/catteries/${slug()}?returnUrl=/breeders`);
    // Verified badges appear on verified catteries only.
    const verified = (await server.db.query<{ n: number }>('select count(*)::int as n from public.catteries where is_verified')).rows[0]!.n;
    expect(await page.locator('.cattery-card .verified-badge').count()).toBe(verified);
    await screenshot(page, 'breeders', viewport);
  });

  it('shows a cattery with registry, contact links, map, labels, cats and litters', async () => {
    await page.goto(`${server.url}/catteries/${slug()}?returnUrl=/breeders`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(sample.name);
    expect(await page.locator('.cattery-registry').textContent()).toContain(`${sample.registry} (${sample.abbreviation})`);
    const contact = page.locator('.contact-list');
    expect(await contact.textContent()).toContain(`${sample.first_name} ${sample.last_name}`);
    expect(await contact.getByRole('link', { name: sample.email }).getAttribute('href')).toBe(`mailto:${sample.email}`);
    expect(await contact.getByRole('link', { name: sample.phone }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
    expect(await page.getByRole('heading', { name: 'About Us' }).count()).toBe(1);

    // No maps key: no map at all (no tiles, no zoom buttons), the address as text and Open in Maps links.
    const location = page.getByRole('region', { name: 'Location' });
    const directions = location.getByRole('region', { name: `Directions to ${sample.name}` });
    await expect
      .poll(() => directions.getByRole('link', { name: 'Open in Maps' }).getAttribute('href'))
      .toMatch(new RegExp(`^geo:${sample.latitude},${sample.longitude}\\?q=${sample.latitude},${sample.longitude}\\(`));
    expect(await directions.getByRole('link', { name: 'Open in OpenStreetMap' }).getAttribute('href')).toBe(
      `https://www.openstreetmap.org/?mlat=${sample.latitude}&mlon=${sample.longitude}#map=15/${sample.latitude}/${sample.longitude}`,
    );
    expect(await directions.locator('.show-map-address').textContent()).toContain(`${sample.city}, ${sample.country}`);
    expect(await location.locator('.leaflet-container, img').count()).toBe(0);
    expect(await location.getByRole('button', { name: /zoom/i }).count()).toBe(0);
    const open = await directions.getByRole('link', { name: 'Open in Maps' }).boundingBox();
    expect(open!.height).toBeGreaterThanOrEqual(44);

    // Quality labels with en-GB dates; expired ones are marked.
    const labels = page.locator('.quality-label');
    expect(await labels.count()).toBe(sample.labels);
    const today = todayIso();
    expect(await page.locator('.quality-label.is-expired').count()).toBe(sampleLabels.filter((l) => l.expiration_date < today).length);
    for (const label of sampleLabels) {
      const item = labels.filter({ has: page.getByRole('heading', { name: label.name, exact: true }) });
      const itemText = await item.textContent();
      expect(itemText).toContain(enGb(label.issued_date));
      expect(itemText).toContain(enGb(label.expiration_date));
      expect(await item.getByRole('link', { name: /View certificate/ }).getAttribute('href')).toMatch(/^https:\/\//);
    }

    // Every demo cattery has two to four cat pictures.
    expect(sample.images).toBeGreaterThan(0);
    const cats = page.getByRole('region', { name: `${sample.name} cat` });
    expect(await cats.locator('[aria-live="polite"]').textContent()).toBe(`1 / ${sample.images}`);
    await cats.getByRole('button', { name: 'Previous image' }).click();
    expect(await cats.locator('[aria-live="polite"]').textContent()).toBe(`${sample.images} / ${sample.images}`);

    const rows = page.locator('.litters-table tbody tr');
    expect(await rows.count()).toBe(sample.litters);
    expect(await rows.first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await rows.first().textContent()).toMatch(/\d+ \(\d+ available\)/);
    await screenshot(page, 'cattery', viewport);

    const link = rows.first().getByRole('link', { name: /View litter/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/litters\/\d+$/);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
  });

  it('goes Back to returnUrl, else to /breeds, and never off the app', async () => {
    for (const [query, expected] of [
      ['?returnUrl=/breeders', '/breeders'],
      ['', '/breeds'],
      ['?returnUrl=//evil.example/x', '/breeds'],
    ] as const) {
      await page.goto(`${server.url}/catteries/${slug()}${query}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(sample.name);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => new URL(page.url()).pathname, { message: query }).toBe(expected);
      expect(new URL(page.url()).origin).toBe(server.url);
    }
  });

  it('says "Cattery not found" for an unknown name', async () => {
    await page.goto(`${server.url}/catteries/no-such-cattery-anywhere`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Cattery not found');
  });

  it('lists the breeders and shows a cattery’s address and Open in Maps with the network off', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.context().setOffline(true);
    try {
      await page.goto(`${server.url}/breeders`);
      await page.reload();
      await expect.poll(() => page.locator('.cattery-card').count()).toBe(catteryCount);
      await page.goto(`${server.url}/catteries/${slug()}`);
      const directions = page.getByRole('region', { name: `Directions to ${sample.name}` });
      await expect.poll(() => directions.getByRole('link', { name: 'Open in Maps' }).count(), { timeout: 15_000 }).toBe(1);
    } finally {
      await page.context().setOffline(false);
    }
  });
});

// The demo show's generated pictures, served from public storage, render in a real browser.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { useShow } from './fixture.ts';

describe('demo pictures', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));

  it('renders breed, cattery, litter, event and advertiser pictures at their sizes', async () => {
    const q = async (sql: string) => (await server.db.query<{ path: string }>(sql)).rows.map((r) => r.path);
    const paths = [
      ...(await q(`select overview_image as path from public.breeds order by breed_name limit 3`)),
      ...(await q(`select profile_image_url as path from public.catteries order by id limit 2`)),
      ...(await q(`select image_url as path from public.litter_images order by id limit 2`)),
      ...(await q(`select event_picture_url as path from public.events order by id limit 1`)),
      ...(await q(`select company_logo_url as path from public.advertisers where company_logo_url is not null limit 1`)),
    ];
    expect(paths).toHaveLength(9);
    const root = `${server.url}/storage/v1/object/public/images`;
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const sizes = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map(
            (src) =>
              new Promise<[string, number, number]>((resolve) => {
                const img = new Image();
                img.onload = () => resolve([src, img.naturalWidth, img.naturalHeight]);
                img.onerror = () => resolve([src, 0, 0]);
                img.src = src;
              }),
          ),
        ),
      paths.map((p) => `${root}/${p}`),
    );
    for (const [src, w, h] of sizes) {
      expect(w, src).toBeGreaterThan(0);
      expect(h, src).toBeGreaterThan(0);
    }
    // SPEC §9: breed cards are 428×240 (drawn at twice that), galleries 800×480.
    expect(sizes[0]!.slice(1)).toEqual([856, 480]);
    await page.close();
  });
});

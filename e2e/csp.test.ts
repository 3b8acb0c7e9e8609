// The app runs under its Content-Security-Policy: every screen, the lazy map, and the service worker's
// offline shell, with zero violations.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CSP_FILE } from '../shared/csp.ts';
import { catterySlug } from '../shared/paths.ts';
import { DIST_DIR } from './browser.ts';
import { useShow } from './fixture.ts';
import { waitForController, type Profile, type PwaServer } from './pwa-helpers.ts';

/** Records every CSP violation (event and console line) of the pages of a context. */
async function watchViolations(ctx: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await ctx.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  ctx.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith('[csp-violation]') || /Content Security Policy/i.test(text)) violations.push(`${msg.page()?.url()}: ${text}`);
  });
  return violations;
}

describe('Content-Security-Policy', () => {
  let pwa: PwaServer;
  let profile: Profile;
  let page: Page;
  let violations: string[];
  let origin: string;
  const header = readFileSync(join(DIST_DIR, CSP_FILE), 'utf8').trim();

  useShow({ distCopy: true, browser: 'profile', page: { path: null, prepare: async (ctx) => void (violations = await watchViolations(ctx)) } }, (show) => {
    ({ pwa, profile, page } = show);
    origin = pwa.server.url;
  });

  it('is in the build as a meta element and sent as a header with frame-ancestors', async () => {
    const res = await page.goto(`${origin}/`);
    expect(res!.headers()['content-security-policy']).toBe(header);
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toContain('unsafe-');
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(`${meta}; frame-ancestors 'none'`).toBe(header);
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
    await waitForController(page);
  });

  it('runs every screen with zero violations', async () => {
    const {
      rows: [ids],
    } = await pwa.server.db.query<{ breed: string; cattery: string; litter: string; event: string; advertiser: string }>(
      `select (select universal_breed_abbreviation from public.breeds order by id limit 1) as breed,
              (select c.name from public.catteries c where c.latitude is not null order by c.id limit 1) as cattery,
              (select id::text from public.litters order by id limit 1) as litter,
              (select id::text from public.events order by start_date limit 1) as event,
              (select id::text from public.advertisers where company_logo_url is not null order by id limit 1) as advertiser`,
    );
    const screens: [string, string][] = [
      ['/', '.home, main'],
      ['/breeds', '.breed-card'],
      [`/breeds/${ids!.breed}`, 'h1'],
      ['/breeders', '.cattery-card'],
      // Without a maps key (this build) the location is its address and Open in Maps links, no leaflet.
      [`/catteries/${catterySlug(ids!.cattery)}`, '.show-map-open'],
      ['/kittens', 'main h1'],
      [`/litters/${ids!.litter}`, 'main h1'],
      ['/events', 'main h1'],
      [`/events/${ids!.event}`, 'main h1'],
      ['/schedule', 'main h1'],
      ['/pet-products', '.advertiser-card'],
      [`/pet-products/${ids!.advertiser}`, 'main h1'],
      ['/visitors-choice', 'form'],
      ['/breed-finder-quiz', 'main h1'],
      ['/login', 'form'],
      ['/register', 'form'],
      ['/about', 'main h1'],
      ['/contact', 'main h1'],
      ['/privacy', 'main h1'],
      ['/terms', 'main h1'],
      ['/glossary', 'main h1'],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${origin}${path}`);
      await page.locator(ready).first().waitFor({ timeout: 15_000 });
      // Images load lazily: bring every one into view so each is requested under the policy.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('keeps the policy in the service worker’s offline shell', async () => {
    await profile.ctx.setOffline(true);
    try {
      const res = await page.goto(`${origin}/breeds`);
      expect(res!.fromServiceWorker()).toBe(true);
      await page.locator('.breed-card').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(1);
      // A script the policy does not allow is refused in the offline shell too.
      const blocked = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true });
            const script = document.createElement('script');
            script.textContent = 'window.__inline = 1';
            document.head.append(script);
          }),
      );
      expect(blocked).toBe('script-src-elem');
      expect(await page.evaluate(() => (window as { __inline?: number }).__inline)).toBeUndefined();
    } finally {
      await profile.ctx.setOffline(false);
    }
    // The deliberate inline script above is the only violation (reported once per policy: meta and header).
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.filter((v) => !v.includes('script-src-elem') && !/inline script/i.test(v))).toEqual([]);
  });
});

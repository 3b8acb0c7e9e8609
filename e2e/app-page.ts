// Opens the app with its mirror synced, at a phone or desktop size, and saves screenshots as artifacts.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Where e2e screenshots go (git-ignored); a person can look at every screen after a run. */
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');
/**
 * Screenshots only when asked for (E2E_SCREENSHOTS=1): some 70 full-page PNGs cost a 2-CPU CI box much of
 * the e2e phase's time, and nobody looks at them there.
 */
const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1';

/** A new page at the given size with the first mirror complete (the app reads only from IndexedDB). */
export async function openSyncedApp(browser: Browser, server: VenueServer, viewport: ViewportName): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
  // Accepting cookies up front keeps the banner out of screenshots; the shell tests cover the banner.
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
    timeout: 30_000,
  });
  return page;
}

export async function screenshot(page: Page, name: string, viewport: ViewportName, { fullPage = true } = {}): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage });
}

/** Fills the Visitor's Choice form as a visitor does and submits it. */
export async function castVote(page: Page, email: string, catalog = '17', name = { first: 'Ada', last: 'Lovelace' }): Promise<void> {
  await page.getByLabel('First name *').fill(name.first);
  await page.getByLabel('Last name *').fill(name.last);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Catalog number *').fill(catalog);
  await page.getByRole('button', { name: 'Submit vote' }).click();
}

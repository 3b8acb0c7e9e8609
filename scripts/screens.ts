// `npm run screens`: every route of SPEC §2 at phone (390×844) and desktop (1280×800) size in Chromium, as
// PNGs plus one contact sheet (test-results/screens/index.html) to look at before resolving a UI issue.
// `npm run screens -- --dark` shoots the dark theme (the system setting) into test-results/screens-dark/.
// It serves the built app (building it first when dist/ is missing) from a venue server over the seeded demo show.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../shared/paths.ts';
import { DIST_DIR, launchBrowser, startAppServer } from '../e2e/browser.ts';
import type { VenueServer } from '../server/start.ts';

const DARK = process.argv.includes('--dark');
const OUT_DIR = DARK ? 'test-results/screens-dark' : 'test-results/screens';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
/** Long pages are cut after this many screens: the sheet is for looking, not for scrolling 60,000 px. */
const MAX_SCREENS_PER_SHOT = 3;
const SETTLE_TIMEOUT_MS = 15_000;

interface Screen {
  name: string;
  path: string;
}

/** One of each route, with ids taken from the seeded show so every detail page has content. */
async function screensOf(server: VenueServer): Promise<Screen[]> {
  const one = async <T>(sql: string): Promise<T> => {
    const row = (await server.db.query<{ v: T }>(sql)).rows[0];
    if (!row) throw new Error(`The seeded show has no row for: ${sql}`);
    return row.v;
  };
  const breed = await one<string>(`select universal_breed_abbreviation as v from public.breeds order by breed_name limit 1`);
  const cattery = await one<string>(
    `select c.name as v from public.catteries c where exists (select 1 from public.litters l where l.cattery_id = c.id) order by c.name limit 1`,
  );
  const litter = await one<number>(`select id as v from public.litters order by id limit 1`);
  const event = await one<number>(`select id as v from public.events order by start_date desc limit 1`);
  const advertiser = await one<number>(`select id as v from public.advertisers order by id limit 1`);
  return [
    { name: 'home', path: '/' },
    { name: 'breeds', path: '/breeds' },
    { name: 'breed', path: paths.breed(breed) },
    { name: 'kittens', path: '/kittens' },
    { name: 'breed-finder-quiz', path: '/breed-finder-quiz' },
    { name: 'breeders', path: '/breeders' },
    { name: 'cattery', path: paths.cattery(cattery, '/breeders') },
    { name: 'litter', path: paths.litter(litter) },
    { name: 'events', path: '/events' },
    { name: 'event', path: paths.event(event) },
    { name: 'schedule', path: '/schedule' },
    { name: 'my-show', path: '/my-show' },
    { name: 'visitors-choice', path: '/visitors-choice' },
    { name: 'pet-products', path: '/pet-products' },
    { name: 'pet-product', path: paths.advertiser(advertiser) },
    { name: 'search', path: '/search?q=maine' },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'forgot-password', path: '/forgot-password' },
    { name: 'reset-password', path: '/reset-password' },
    { name: 'profile', path: '/profile' },
    { name: 'settings', path: '/settings' },
    { name: 'activate-account', path: '/activate-account?token=not-a-real-token' },
    { name: 'about', path: '/about' },
    { name: 'contact', path: '/contact' },
    { name: 'privacy', path: '/privacy' },
    { name: 'terms', path: '/terms' },
    { name: 'not-found', path: '/no-such-page' },
  ];
}

interface Shot {
  screen: Screen;
  size: (typeof SIZES)[number];
  file: string;
  /** The page scrolls sideways: a layout bug at this width. */
  overflowX: boolean;
  cut: boolean;
}

/** Waits for the screen's data: no "Loading…" state left, then a beat for pictures and fonts. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('.spinner') && !/Loading…/.test(document.body.innerText), undefined, { timeout: SETTLE_TIMEOUT_MS })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Scrolls through the part to be shot so lazy pictures load, as they would for a visitor scrolling down. */
async function loadLazyPictures(page: Page, height: number, step: number): Promise<void> {
  for (let y = step; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

async function shoot(page: Page, screen: Screen, size: (typeof SIZES)[number], origin: string): Promise<Shot> {
  await page.goto(`${origin}${screen.path}`);
  await settle(page);
  const { scrollWidth, scrollHeight } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
  }));
  const file = `${screen.name}-${size.name}.png`;
  const height = Math.min(scrollHeight, size.height * MAX_SCREENS_PER_SHOT);
  await loadLazyPictures(page, height, size.height);
  await page.screenshot({ path: join(OUT_DIR, file), fullPage: true, clip: { x: 0, y: 0, width: size.width, height } });
  return { screen, size, file, overflowX: scrollWidth > size.width, cut: scrollHeight > height };
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function contactSheet(shots: Shot[]): string {
  const rows = [...new Set(shots.map((s) => s.screen))].map((screen) => {
    const figures = shots
      .filter((s) => s.screen === screen)
      .map((s) => {
        const notes = [s.overflowX && '<strong class="bad">scrolls sideways</strong>', s.cut && `cut after ${MAX_SCREENS_PER_SHOT} screens`].filter(Boolean);
        return `<figure class="${s.size.name}"><a href="${s.file}"><img src="${s.file}" alt="${escapeHtml(screen.path)} at ${s.size.width}×${s.size.height}" loading="lazy"></a>
<figcaption>${s.size.name} ${s.size.width}×${s.size.height}${notes.length ? ` · ${notes.join(' · ')}` : ''}</figcaption></figure>`;
      })
      .join('\n');
    return `<section><h2>${escapeHtml(screen.name)} <code>${escapeHtml(screen.path)}</code></h2><div class="row">${figures}</div></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PurrFect Show: every route at phone and desktop size</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; background: #f4f1fa; color: #1f1530; }
section { margin-bottom: 1.5rem; }
h2 { font-size: 1rem; margin: 0 0 0.4rem; }
.row { display: flex; gap: 1rem; align-items: flex-start; }
figure { margin: 0; background: #fff; padding: 0.4rem; border-radius: 0.4rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); }
figure img { display: block; border: 1px solid #ddd; }
figure.phone img { width: 195px; }
figure.desktop img { width: 640px; }
.bad { color: #b91c1c; }
</style></head><body>
<h1>Every route at phone and desktop size${DARK ? ', dark theme' : ''}</h1>
<p>${new Date().toISOString()} · ${shots.length} screenshots · first ${MAX_SCREENS_PER_SHOT} screens of each page · click a thumbnail for the full picture.</p>
${rows.join('\n')}
</body></html>
`;
}

async function main(): Promise<void> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    console.log(`No build in ${DIST_DIR}/: building it first.`);
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('The build failed.');
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startAppServer();
  let browser: Browser | undefined;
  try {
    const screens = await screensOf(server);
    browser = await launchBrowser();
    const shots: Shot[] = [];
    for (const size of SIZES) {
      // One visitor per size: the first page mirrors the show, later ones read it like a returning visitor.
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: DARK ? 'dark' : 'light' });
      const page = await context.newPage();
      for (const screen of screens) {
        shots.push(await shoot(page, screen, size, server.url));
        // The first-time visitor sees the cookie banner on home; after that it is closed, as a visitor would.
        if (screen.name === 'home')
          await page
            .getByRole('button', { name: 'Close' })
            .first()
            .click()
            .catch(() => undefined);
        console.log(`${size.name} ${screen.path}`);
      }
      await context.close();
    }
    writeFileSync(join(OUT_DIR, 'index.html'), contactSheet(shots));
    const sideways = shots.filter((s) => s.overflowX).map((s) => `${s.screen.path} (${s.size.name})`);
    console.log(`Wrote ${shots.length} screenshots and ${OUT_DIR}/index.html.`);
    if (sideways.length) console.log(`Scrolls sideways: ${sideways.join(', ')}`);
  } finally {
    await browser?.close();
    await server.close();
  }
}

await main();

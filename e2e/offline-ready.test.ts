// The phone safe to walk into a dead zone (src/app/offline-ready.ts): a fresh phone opens the app online, and
// at the moment the page marks 'offline-ready' it says so in words; with the network gone at once, every
// critical screen opens by a full page load (the worker serves the shell and the chunks) with its real
// content from the mirror, and a vote is queued. A second-phase screen whose files have not arrived says so
// in words. The second phase is refused here from the start, so nothing a critical screen needs can come
// from it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { paths } from '../shared/paths.ts';
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';
import { SEARCH_TEXTS } from '../src/features/search/search-texts.ts';
import { QUIZ_QUESTIONS } from '../src/lib/quiz.ts';
import { CATALOGUE_TEXTS } from '../src/ui/catalogue-texts.ts';
import { GLOSSARY_KINDS, GLOSSARY_TEXTS } from '../src/ui/glossary-texts.ts';
import { JUDGING_TEXTS } from '../src/ui/judging-texts.ts';
import { MY_SHOW_TEXTS, starAddText, starRemoveText } from '../src/ui/my-show-texts.ts';
import { OFFLINE_READY_MARK, OFFLINE_READY_TEXTS } from '../src/ui/offline-ready-texts.ts';
import { castVote, screenshot } from './app-page.ts';
import { useShow } from './fixture.ts';
import { secondPhaseFiles } from './pwa-helpers.ts';

/** What of the demo show the screens are opened on, read from the server. */
interface Picks {
  cattery: string;
  litterId: number;
  event: { id: number; name: string };
  cat: { eventId: number; number: string; name: string };
  advertiser: { id: number; name: string };
  session: { title: string };
}

const one = async <T>(server: VenueServer, sql: string): Promise<T> => {
  const { rows } = await server.db.query<T>(sql);
  if (!rows[0]) throw new Error(`The demo show has no row for: ${sql}`);
  return rows[0];
};

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('offline-ready: every critical screen opens at once with the network gone', () => {
  let server: VenueServer;
  let page: Page;
  let ctx: BrowserContext;
  let picks: Picks;
  /** Requests of the app's own files that went past the worker once offline (each one a file it lacked). */
  const pastTheWorker: string[] = [];

  // A fresh phone: the test opens the first page itself, so it sees the moment happen.
  useShow({ browser: 'profile', page: { viewport: 'phone', path: null } }, (show) => {
    ({ server, page } = show);
    ctx = page.context();
  });

  beforeAll(async () => {
    const cattery = await one<{ name: string }>(server, 'select name from public.catteries where description is not null order by name limit 1');
    const litter = await one<{ id: number }>(server, 'select id::int from public.litters order by id limit 1');
    const event = await one<{ id: number; name: string }>(server, `select id::int, name from public.events where name like 'PurrFect Show%' order by start_date limit 1`);
    const cat = await one<{ event_id: number; catalogue_number: string; name: string }>(
      server,
      `select e.event_id::int, e.catalogue_number, e.name from public.catalogue_entries e where not e.absent and e.event_id = ${event.id} order by e.id limit 1`,
    );
    const advertiser = await one<{ id: number; company_name: string }>(server, 'select id::int, company_name from public.advertisers order by id limit 1');
    const session = await one<{ title: string }>(
      server,
      `select title from public.event_schedule where event_id = ${event.id} order by schedule_date, start_time, id limit 1`,
    );
    picks = {
      cattery: cattery.name,
      litterId: litter.id,
      event,
      cat: { eventId: cat.event_id, number: cat.catalogue_number, name: cat.name },
      advertiser: { id: advertiser.id, name: advertiser.company_name },
      session,
    };
  });

  /** The state every critical screen must be in: its heading, no loading state, no error, offline in words. */
  async function expectScreen(path: string, heading: string | RegExp, content: (page: Page) => Promise<unknown>): Promise<void> {
    await page.goto(`${server.url}${path}`);
    const h1 = page.locator('main h1').first();
    if (typeof heading === 'string') await expect.poll(() => h1.textContent(), { message: `${path}: its heading` }).toBe(heading);
    else await expect.poll(() => h1.textContent(), { message: `${path}: its heading` }).toMatch(heading);
    await content(page);
    expect(await page.locator('main .state-loading').count(), `${path}: still loading`).toBe(0);
    expect(await page.locator('main .error-box').count(), `${path}: an error`).toBe(0);
    expect(await page.getByRole('heading', { name: OFFLINE_READY_TEXTS.notArrivedHeading }).count(), `${path}: not on the phone`).toBe(0);
    await expect.poll(() => page.locator('.sync-indicator').textContent(), { message: `${path}: the header's state` }).toMatch(/^Offline/);
    expect(await noSidewaysScroll(page), `${path}: sideways scroll`).toBe(true);
  }

  const atLeastOne = (selector: string, message: string) => (p: Page) => expect.poll(() => p.locator(selector).count(), { message }).toBeGreaterThan(0);

  it('says "Ready for offline use" at the moment, and then opens every critical screen with the network gone', async () => {
    const origin = server.url;
    const secondPhase = new Set(secondPhaseFiles(origin));
    expect(secondPhase.size).toBeGreaterThan(0);
    // The second phase never arrives: the worker's fetch of it (after the mark) and any page's fail.
    await ctx.route(
      (url) => secondPhase.has(url.href),
      (route) => route.abort('internetdisconnected'),
    );

    await page.goto(`${origin}/`);
    await expect
      .poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, OFFLINE_READY_MARK), { timeout: 60_000, message: 'the offline-ready mark' })
      .toBe(1);
    // At the moment, in words: a polite status in the header.
    const notice = page.getByRole('banner').getByRole('status').filter({ hasText: OFFLINE_READY_TEXTS.ready });
    await expect.poll(() => notice.count(), { message: 'the words at the moment' }).toBe(1);
    expect(await notice.textContent()).toBe(OFFLINE_READY_TEXTS.ready);
    expect(await notice.isVisible()).toBe(true);
    await screenshot(page, 'offline-ready-notice', 'phone', { fullPage: false });

    // At once: the network gone, and anything that still tries to go past the worker refused and recorded.
    await ctx.setOffline(true);
    await ctx.route(
      (url) => url.origin === origin,
      (route: Route) => {
        const url = new URL(route.request().url());
        const apiOrPicture = /^\/(rest|auth|functions|realtime|storage)\/v1\//.test(url.pathname);
        const updateCheck = [SERVICE_WORKER_FILE, CLASSIC_SERVICE_WORKER_FILE].some((f) => url.pathname === `/${f}`);
        // The browser fetches the web app manifest itself, not through the page's worker; no screen needs it.
        const manifest = url.pathname === '/manifest.webmanifest';
        if (!apiOrPicture && !updateCheck && !manifest && !secondPhase.has(url.href)) pastTheWorker.push(url.pathname);
        return route.abort('internetdisconnected');
      },
    );

    await expectScreen('/', 'Welcome to PurrFect Show', atLeastOne('.tile-image', 'home: the tiles’ pictures from the mirror'));
    // On a later page the moment is reached again, and not said again: the header keeps its own words.
    expect(await page.locator('.offline-ready-notice').textContent()).toBe('');

    await expectScreen('/breeds', 'Cat Breeds', async (p) => {
      await expect.poll(() => p.locator('.breed-card h2').count()).toBeGreaterThanOrEqual(40);
      expect(await p.locator('.breed-card h2').first().textContent()).toBe('Abyssinian');
    });
    await expectScreen(paths.breed('ABY'), 'Abyssinian', (p) => expect.poll(() => p.getByRole('heading', { name: 'About the Breed' }).count()).toBe(1));
    await expectScreen('/breeders', 'Certified Breeders', atLeastOne('.cattery-card', 'breeders: the catteries'));
    await expectScreen(paths.cattery(picks.cattery), picks.cattery, (p) => expect.poll(() => p.getByRole('heading', { name: 'About Us' }).count()).toBe(1));
    await expectScreen('/kittens', 'Find Your Purr-fect Match!', atLeastOne('.litter-card', 'kittens: the litters'));
    await expectScreen(paths.litter(picks.litterId), / litter$/, (p) => expect.poll(() => p.locator('.kitten-count').count()).toBe(2));
    await expectScreen('/events', 'Upcoming Events', atLeastOne('.event-card', 'events: the events'));
    await expectScreen(paths.event(picks.event.id), picks.event.name, atLeastOne('.event-session, .session', 'event: its programme'));
    await expectScreen('/schedule', 'Schedule', atLeastOne('.session', 'schedule: the sessions'));
    await expectScreen(paths.catalogue(), CATALOGUE_TEXTS.heading, atLeastOne('.catalogue-entry', 'catalogue: the cats'));
    await expectScreen(paths.catalogueEntry(picks.cat.eventId, picks.cat.number), picks.cat.name, async () => undefined);
    await expectScreen('/search', SEARCH_TEXTS.heading, async (p) => {
      await p.getByRole('combobox', { name: SEARCH_TEXTS.label }).fill('maine');
      await expect.poll(() => p.locator('.search-results').getAttribute('data-query')).toBe('maine');
      await expect.poll(() => p.locator('[role="option"] .search-result-label').allTextContents()).toContain('Maine Coon');
    });
    await expectScreen(paths.rings(), JUDGING_TEXTS.ringsHeading, atLeastOne('.ring-card', 'rings: the rings of the show on now'));
    await expectScreen(paths.results(), JUDGING_TEXTS.resultsHeading, atLeastOne('.results-group', 'results: the published results'));
    await expectScreen('/breed-finder-quiz', 'Breed Finder Quiz', (p) => expect.poll(() => p.locator('.quiz-question h2').textContent()).toBe(QUIZ_QUESTIONS[0]!.text));
    await expectScreen('/pet-products', 'Pet Products', atLeastOne('.advertiser-card', 'pet products: the advertisers'));
    await expectScreen(paths.advertiser(picks.advertiser.id), picks.advertiser.name, (p) =>
      expect.poll(() => p.getByRole('heading', { name: 'Available Vouchers and Discounts' }).count()).toBe(1),
    );
    await expectScreen(paths.glossary(), GLOSSARY_TEXTS.heading, (p) => expect.poll(() => p.locator('main h2').count()).toBe(GLOSSARY_KINDS.length));
    await expectScreen('/about', 'About PurrFect Show', atLeastOne('main h2', '/about: its sections'));

    // My show: a session starred offline is listed there.
    await expectScreen(paths.event(picks.event.id), picks.event.name, async (p) => {
      await p
        .getByRole('button', { name: starAddText(picks.session.title) })
        .first()
        .click();
      await expect
        .poll(() =>
          p
            .getByRole('button', { name: starRemoveText(picks.session.title) })
            .first()
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
    });
    await expectScreen('/my-show', MY_SHOW_TEXTS.heading, (p) =>
      expect
        .poll(() => p.getByRole('region', { name: MY_SHOW_TEXTS.sessions }).getByRole('link').allTextContents())
        .toContainEqual(expect.stringContaining(picks.session.title)),
    );

    // The vote: cast offline, queued in the outbox, its state in words on the screen and in the header.
    await expectScreen('/visitors-choice', "Visitor's Choice", (p) => expect.poll(() => p.locator('.vote-event').textContent()).toContain(picks.event.name));
    await castVote(page, `offline.ready.${Date.now()}@example.com`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Your vote is saved');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Queued' }).textContent()).toBe('Queued — will send when you are back online');
    expect(await page.getByRole('button', { name: '1 waiting to send' }).count()).toBe(1);

    // A second-phase screen whose files never arrived says so in words (the legal pages are read online, by few).
    for (const path of ['/login', paths.floorPlan(), '/privacy', '/terms', '/contact']) {
      await page.goto(`${origin}${path}`);
      await expect.poll(() => page.locator('main h1').textContent(), { message: `${path}: not on the phone yet` }).toBe(OFFLINE_READY_TEXTS.notArrivedHeading);
      expect(await page.getByRole('alert').filter({ hasText: OFFLINE_READY_TEXTS.notArrived }).count()).toBe(1);
      expect(await noSidewaysScroll(page)).toBe(true);
    }

    // "Ready for the hall" says it whenever it is opened.
    await page.locator('summary', { hasText: 'Ready for the hall' }).click();
    await expect.poll(() => page.locator('.ready-for-hall .offline-use').textContent()).toBe(`${OFFLINE_READY_TEXTS.ready}. ${OFFLINE_READY_TEXTS.readyDetail}`);
    await screenshot(page, 'offline-ready-hall', 'phone');

    // Every file of the critical screens came from the worker.
    expect(pastTheWorker).toEqual([]);
    await ctx.setOffline(false);
  }, 180_000);
});

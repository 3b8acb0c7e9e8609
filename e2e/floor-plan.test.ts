// The visitor's floor plan on a phone and a desktop: /floor-plan draws the show on now's plan (its picture
// loaded, not a grey box; a ring judging now says so in words), "Show on the floor plan" from a cat, an
// advertiser and a session each opens it on the right place and says so, the list finds a row by a pen and
// opens its panel, a show without a plan says so; no sideways scroll, axe clean in both themes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { locatePen } from '../shared/floor-plan.ts';
import { paths } from '../shared/paths.ts';
import { activeEvent } from '../shared/schedule.ts';
import { placeInSentence, placeName } from '../src/ui/floor-plan/hall.ts';
import { FLOOR_PLAN_TEXTS as T } from '../src/ui/floor-plan-texts.ts';
import { openSyncedApp, screenshot, VIEWPORTS, type ViewportName } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

interface PlaceRow {
  id: number;
  kind: 'ring' | 'benching' | 'stand' | 'facility' | 'area';
  facility: null;
  label: string;
  location: string | null;
  pens: string | null;
  advertiser_id: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The show on now, as the app picks it (the demo's running event, whose hall the seed draws). */
async function activeEventId(server: VenueServer): Promise<number> {
  const { rows } = await server.db.query<{ id: number; name: string; start_date: string; end_date: string; time_zone: string | null }>(
    `select id::int as id, name, start_date::text as start_date, end_date::text as end_date, time_zone from public.events`,
  );
  return activeEvent(rows, new Date())!.id;
}

/** One session of the ring runs now (at the venue), so the plan has a ring judging now to show. */
async function judgeNow(server: VenueServer, eventId: number, location: string): Promise<string> {
  const { rows } = await server.db.query<{ title: string }>(
    `with venue as (select (now() at time zone coalesce(time_zone, 'Europe/Amsterdam')) as t from public.events where id = $1),
          s as (select id from public.event_schedule where event_id = $1 and location = $2 order by id limit 1)
     update public.event_schedule e set schedule_date = venue.t::date, status = 'scheduled',
            start_time = greatest(venue.t::time - interval '30 minutes', time '00:00'), end_time = least(venue.t::time + interval '30 minutes', time '23:59')
       from venue, s where e.id = s.id returning e.title`,
    [eventId, location],
  );
  return rows[0]!.title;
}

async function expectNoAxeViolations(page: Page, screen: string) {
  const { light, dark } = await runAxeInBothSchemes(page);
  const violations = [...light, ...dark];
  expect(violations, formatViolations(screen, violations)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Waits for the plan's picture; its natural width proves a picture arrived, not a grey box. */
async function pictureLoaded(page: Page): Promise<number> {
  await page.locator('.plan-frame[data-picture="loaded"]').waitFor({ timeout: 20_000 });
  return page.locator('img.plan-picture').evaluate((img) => (img as HTMLImageElement).naturalWidth);
}

const status = (page: Page) => page.locator('.floor-plan-status');

describe('the floor plan', () => {
  let server: VenueServer;
  let browser: Browser;
  let eventId: number;
  let places: PlaceRow[];
  let ringNow: PlaceRow;
  let sessionNow: string;
  useShow({}, (show) => ({ server, browser } = show));

  beforeAll(async () => {
    eventId = await activeEventId(server);
    places = (
      await server.db.query<PlaceRow>(
        `select p.id::int as id, p.kind, p.facility, p.label, p.location, p.pens, p.advertiser_id::int as advertiser_id, p.x, p.y, p.width, p.height
           from public.places p join public.floor_plans f on f.id = p.floor_plan_id where f.event_id = $1 order by p.id`,
        [eventId],
      )
    ).rows;
    ringNow = places.find((p) => p.kind === 'ring')!;
    // The stand the advertiser test opens has its hours (the page shows them).
    await server.db.query(`update public.advertisers set opening_hours = coalesce(opening_hours, 'Sat–Sun 10:00–17:00') where id = $1`, [
      places.find((p) => p.kind === 'stand')!.advertiser_id,
    ]);
    sessionNow = await judgeNow(server, eventId, ringNow.location!);
  });

  describe.each(['phone', 'desktop'] as ViewportName[])('on a %s', (viewport) => {
    let page: Page;
    beforeAll(async () => {
      page = await openSyncedApp(browser, server, viewport);
    });

    it("draws the show on now's plan over its picture, a ring judging now says so, and the list holds every place", async () => {
      await page.goto(`${server.url}${paths.floorPlan()}`);
      await page.getByRole('heading', { name: T.heading, level: 1 }).waitFor();
      expect(await pictureLoaded(page)).toBeGreaterThan(0);
      expect(await page.locator('path.plan-place').count()).toBe(places.length);
      const label = page.locator('.plan-label', { hasText: ringNow.label }).first();
      expect(await label.textContent()).toBe(`${ringNow.label}${T.judgingNow}`);
      expect(await page.evaluate(() => performance.getEntriesByName('floor-plan-rendered').length)).toBe(1);
      expect(await page.locator('.floor-plan-count').textContent()).toBe(T.count(places.length, places.length));
      for (const kind of new Set(places.map((p) => p.kind))) await page.getByRole('heading', { name: T.kinds[kind], level: 3 }).waitFor();
      // The ring's line in the list says it in words too.
      const list = page.getByRole('region', { name: T.listHeading });
      expect(await list.getByRole('button', { name: new RegExp(`^${ringNow.label}`) }).textContent()).toContain(T.judgingNow);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, '/floor-plan');
      await screenshot(page, 'floor-plan', viewport);
    });

    it('tapping a ring opens its panel: the session on now, linked to the schedule', async () => {
      // The tap goes to the label itself: at a phone's fitted zoom a neighbouring ring's label can lie over
      // part of it, and which ring has a session now depends on the hour the test runs.
      await page.locator('.plan-label', { hasText: ringNow.label }).first().dispatchEvent('click');
      const panel = page.getByRole('region', { name: placeName({ ...ringNow, facility: null }) });
      await panel.waitFor();
      expect(await panel.getByText(T.judgingNow).count()).toBe(1);
      const now = panel.getByRole('link', { name: new RegExp(sessionNow.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
      expect(await now.getAttribute('href')).toMatch(new RegExp(`^/events/${eventId}#session-\\d+$`));

      // A keyboard reaches the places on the plan too: Enter on a stand's label opens its panel.
      const stand = places.find((p) => p.kind === 'stand')!;
      await page.locator('.plan-label', { hasText: stand.label }).first().focus();
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: placeName({ ...stand, facility: null }) }).waitFor();
    });

    it('finds a benching row by a pen in the list, and its panel lists the pen and its cat', async () => {
      const { rows } = await server.db.query<{ pen: string; name: string; catalogue_number: string }>(
        `select pen, name, catalogue_number from public.catalogue_entries where event_id = $1 and pen ~ '^[A-Z]+[0-9]+$' order by id limit 1`,
        [eventId],
      );
      const cat = rows[0]!;
      await page.goto(`${server.url}${paths.floorPlan()}`);
      await page.getByLabel(T.searchLabel).fill(cat.pen.toLowerCase());
      const list = page.getByRole('region', { name: T.listHeading });
      await expect.poll(() => list.locator('.floor-plan-place').count()).toBe(1);
      const row = locatePen(places, cat.pen)!.row;
      expect(await list.locator('.floor-plan-place-label').textContent()).toBe(row.label);
      await list.locator('.floor-plan-place').click();
      const panel = page.getByRole('region', { name: placeName({ ...row, facility: null }) });
      await panel.waitFor();
      // The panel's heading takes focus: a keyboard or screen reader goes on from there.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('floor-plan-panel-heading');
      expect(await panel.getByRole('link', { name: `${cat.catalogue_number} · ${cat.name}` }).getAttribute('href')).toBe(
        paths.catalogueEntry(eventId, cat.catalogue_number),
      );
      // An advertiser's name finds its stand, whatever the case.
      const stand = places.find((p) => p.kind === 'stand')!;
      const { rows: named } = await server.db.query<{ company_name: string }>(`select company_name from public.advertisers where id = $1`, [stand.advertiser_id]);
      await page.getByLabel(T.searchLabel).fill(named[0]!.company_name.toUpperCase());
      await expect.poll(() => list.locator('.floor-plan-place-label').allTextContents()).toEqual([stand.label]);
      await page.getByLabel(T.searchLabel).fill('zzzz');
      await list.getByText(T.noMatches).waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'floor-plan-row', viewport);
    });

    it("a cat's page opens the plan on its pen's row: highlighted and said in words", async () => {
      const { rows } = await server.db.query<{ pen: string; catalogue_number: string }>(
        `select pen, catalogue_number from public.catalogue_entries where event_id = $1 and pen ~ '^[A-Z]+[0-9]+$' order by id desc limit 1`,
        [eventId],
      );
      const cat = rows[0]!;
      await page.goto(`${server.url}${paths.catalogueEntry(eventId, cat.catalogue_number)}`);
      await page.getByRole('link', { name: T.showOnPlan }).click();
      await page.waitForURL(`**${paths.floorPlan(eventId, { pens: [cat.pen] })}`);
      const row = locatePen(places, cat.pen)!.row;
      await expect.poll(() => status(page).textContent()).toBe(T.penIn(cat.pen, placeInSentence({ ...row, facility: null })));
      expect(await status(page).getAttribute('role')).toBe('status');
      expect(await pictureLoaded(page)).toBeGreaterThan(0);
      // The row's label and the pen's own, both outlined.
      expect(await page.locator('.plan-label.is-highlighted').allTextContents()).toEqual([row.label, `Pen ${cat.pen}`]);
      expect(await page.locator('path.plan-pen.is-highlighted').count()).toBe(1);
      expect(await page.locator('.floor-plan-pens li.is-highlighted').textContent()).toContain(`Pen ${cat.pen}`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await expectNoAxeViolations(page, '/floor-plan?pen=');
      await screenshot(page, 'floor-plan-pen', viewport);
    });

    it("an advertiser's page shows its stand and hours and opens the plan on its stand", async () => {
      const stand = places.find((p) => p.kind === 'stand')!;
      const { rows } = await server.db.query<{ company_name: string; opening_hours: string }>(
        `select company_name, opening_hours from public.advertisers where id = $1`,
        [stand.advertiser_id],
      );
      const advertiser = rows[0]!;
      await page.goto(`${server.url}${paths.advertiser(stand.advertiser_id!)}`);
      const section = page.getByRole('region', { name: T.atTheShow });
      await section.waitFor();
      expect(await section.textContent()).toContain(advertiser.opening_hours);
      await section.getByRole('link', { name: T.showOnPlan }).click();
      await page.waitForURL(`**${paths.floorPlan(eventId, { place: stand.id })}`);
      await expect.poll(() => status(page).textContent()).toBe(T.standOf(advertiser.company_name, placeName({ ...stand, facility: null })));
      expect(await page.locator('.plan-label.is-highlighted').textContent()).toBe(stand.label);
      const panel = page.getByRole('region', { name: placeName({ ...stand, facility: null }) });
      expect(await panel.getByRole('link', { name: advertiser.company_name }).getAttribute('href')).toBe(paths.advertiser(stand.advertiser_id!));
    });

    it("a schedule session opens the plan on its ring; the event page links the event's plan", async () => {
      await page.goto(`${server.url}/schedule`);
      await page
        .getByRole('link', { name: T.showOnPlanLabel(ringNow.location!) })
        .first()
        .click();
      await page.waitForURL(`**${paths.floorPlan(eventId, { place: ringNow.id })}`);
      await expect.poll(() => status(page).textContent()).toBe(T.highlighted(ringNow.label));
      expect(await page.locator('.plan-label.is-highlighted').textContent()).toBe(`${ringNow.label}${T.judgingNow}`);

      await page.goto(`${server.url}${paths.event(eventId)}`);
      await page.getByRole('link', { name: T.showOnPlan, exact: true }).click();
      await page.waitForURL(`**${paths.floorPlan(eventId)}`);
      expect(await pictureLoaded(page)).toBeGreaterThan(0);
    });
  });

  it("a cattery page opens the plan on its cats' pens at the show on now", async () => {
    const { rows } = await server.db.query<{ name: string; pens: string[] }>(
      `select c.name, array_agg(e.pen order by e.catalogue_number) as pens from public.catalogue_entries e join public.catteries c on c.id = e.cattery_id
        where e.event_id = $1 and e.pen is not null group by c.id, c.name order by count(*) desc, c.id limit 1`,
      [eventId],
    );
    const cattery = rows[0]!;
    const page = await openSyncedApp(browser, server, 'phone');
    await page.goto(`${server.url}${paths.cattery(cattery.name)}`);
    // Read with the cattery, in one render: the section and its plan link are there the moment the heading
    // is, so they never push the page down afterwards.
    const linkWithHeading = await page.waitForFunction(
      ({ name, link }) =>
        document.querySelector('h1')?.textContent === name ? ([...document.querySelectorAll('main a')].some((a) => a.textContent === link) ? 'link' : 'no link') : false,
      { name: cattery.name, link: T.showOnPlan },
    );
    expect(await linkWithHeading.jsonValue()).toBe('link');
    await page.getByRole('link', { name: T.showOnPlan }).click();
    await page.waitForURL(/\/floor-plan\/\d+\?pen=/);
    // Every pen of the cattery, in the link's order (the catalogue's), each said with its row.
    const linked = new URL(page.url()).searchParams.get('pen')!.split(',');
    expect([...linked].sort()).toEqual([...new Set(cattery.pens)].sort());
    const lines = linked.map((pen) => T.penIn(pen, placeInSentence({ ...locatePen(places, pen)!.row, facility: null })));
    await expect.poll(() => status(page).textContent()).toBe(lines.join(' '));
    expect(await pictureLoaded(page)).toBeGreaterThan(0);
    expect(await page.locator('path.plan-pen.is-highlighted').count()).toBe(new Set(cattery.pens).size);
    await page.close();
  });

  it("says so when the plan's picture cannot be fetched, and the list still holds every place", async () => {
    const { rows } = await server.db.query<{ image_url: string }>(`select image_url from public.floor_plans where event_id = $1`, [eventId]);
    // Refused before the first page opens: once offline-ready, the service worker fetches the plan's picture
    // of its own accord (the second phase), and the context's route sees the worker's fetches too.
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.route(`**/${rows[0]!.image_url}`, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    await page.goto(`${server.url}${paths.floorPlan()}`);
    await page.getByText(T.pictureFailed).waitFor();
    expect(await page.locator('.floor-plan-count').textContent()).toBe(T.count(places.length, places.length));
    await context.close();
  });

  it('gives a screen too narrow for a plan the list alone, and says why', async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    await page.setViewportSize({ width: 280, height: 653 });
    await page.goto(`${server.url}${paths.floorPlan()}`);
    await page.getByText(T.tooSmall).waitFor();
    expect(await page.locator('.plan-map').count()).toBe(0);
    expect(await page.locator('.floor-plan-count').textContent()).toBe(T.count(places.length, places.length));
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.close();
  });

  it('says so for a show with no floor plan', async () => {
    const { rows } = await server.db.query<{ id: number }>(
      `select e.id::int as id from public.events e where not exists (select 1 from public.floor_plans f where f.event_id = e.id) order by e.id limit 1`,
    );
    const page = await openSyncedApp(browser, server, 'phone');
    await page.goto(`${server.url}${paths.floorPlan(rows[0]!.id)}`);
    await page.getByText(T.noPlan).waitFor();
    // Nothing of the plan is drawn, and Leaflet is not even loaded.
    expect(await page.locator('.plan-map').count()).toBe(0);
    await page.close();
  });
});

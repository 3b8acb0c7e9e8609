// The show catalogue on a phone and a desktop: /catalogue lists the demo show's cats by section and breed, a
// typed number jumps to its cat, a cat's page says "Absent" in words, its star lists it in My show with its pen,
// the header search finds it by number, and all of it works offline after one visit; no sideways scroll, axe
// clean in both themes. On a desktop, the eight header links each sit on one line at every width from 1,024 px.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { paths } from '../shared/paths.ts';
import { CATALOGUE_TEXTS } from '../src/ui/catalogue-texts.ts';
import { MY_SHOW_TEXTS, starAddText } from '../src/ui/my-show-texts.ts';
import { SEARCH_LINK_LABEL, SEARCH_TEXTS } from '../src/features/search/search-texts.ts';
import { screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

interface Cat {
  event_id: number;
  catalogue_number: string;
  name: string;
  pen: string | null;
  breed_name: string;
}

const pickCat = (server: VenueServer, where: string) =>
  server.db
    .query<Cat>(
      `select e.event_id::int as event_id, e.catalogue_number, e.name, e.pen, b.breed_name
         from public.catalogue_entries e join public.breeds b on b.id = e.breed_id
        where ${where} order by e.id limit 1`,
    )
    .then((r) => r.rows[0]!);

async function expectNoAxeViolations(page: Page, screen: string) {
  const { light, dark } = await runAxeInBothSchemes(page);
  const violations = [...light, ...dark];
  expect(violations, formatViolations(screen, violations)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the catalogue on a phone, offline after one visit', () => {
  let server: VenueServer;
  let page: Page;
  let present: Cat;
  let absent: Cat;
  let total: number;
  useShow({ browser: 'profile', page: { viewport: 'phone', waitFor: ['controller', 'synced'] } }, (show) => ({ server, page } = show));

  beforeAll(async () => {
    present = await pickCat(server, `not e.absent and e.pen is not null and e.catalogue_number ~ '^[0-9]+$' and e.catalogue_number::int > 9`);
    absent = await pickCat(server, 'e.absent');
    const { rows } = await server.db.query<{ n: number }>(`select count(*)::int as n from public.catalogue_entries where event_id = $1`, [present.event_id]);
    total = rows[0]!.n;
  });

  it('lists the show on now by section and breed, and jumps to a typed number', async () => {
    await page.goto(`${server.url}/catalogue`);
    await page.getByRole('heading', { name: CATALOGUE_TEXTS.heading, level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /cats$/ }).textContent()).toBe(CATALOGUE_TEXTS.count(total, total));
    // The first group's heading names its section and breed, as a printed catalogue does.
    expect(await page.locator('.catalogue-group-heading').first().textContent()).toMatch(/\S/);
    await page.getByLabel(CATALOGUE_TEXTS.searchLabel).fill(` 0${present.catalogue_number} `);
    const jump = page.getByRole('region', { name: CATALOGUE_TEXTS.numberFound(present.catalogue_number) });
    await jump.waitFor();
    expect(await jump.getByRole('link').textContent()).toContain(present.name);
    expect(await jump.getByRole('link').textContent()).toContain(CATALOGUE_TEXTS.pen(present.pen!));
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, '/catalogue with a number typed');
    await screenshot(page, 'catalogue-number', 'phone');

    await page.getByLabel(CATALOGUE_TEXTS.searchLabel).fill('99999');
    await page.getByText(CATALOGUE_TEXTS.numberMissing('99999')).waitFor();
  });

  it("opens a cat's page; an absent cat says so in words; the star lists the cat in My show with its pen", async () => {
    await page.goto(`${server.url}${paths.catalogueEntry(absent.event_id, absent.catalogue_number)}`);
    await page.getByRole('heading', { name: absent.name, level: 1 }).waitFor();
    await page.getByText(CATALOGUE_TEXTS.absentExplained).waitFor();
    await page.getByRole('link', { name: CATALOGUE_TEXTS.backToCatalogue }).click();
    await page.getByLabel(CATALOGUE_TEXTS.searchLabel).fill(absent.catalogue_number);
    // The catalogue line says "Absent" too, in words.
    expect(await page.getByRole('region', { name: CATALOGUE_TEXTS.numberFound(absent.catalogue_number) }).textContent()).toContain(CATALOGUE_TEXTS.absent);

    await page.goto(`${server.url}${paths.catalogueEntry(present.event_id, present.catalogue_number)}`);
    await page.getByRole('heading', { name: present.name, level: 1 }).waitFor();
    const facts = await page.locator('.catalogue-facts').textContent();
    expect(facts).toContain(present.breed_name);
    expect(facts).toContain(present.pen);
    expect(await page.getByRole('link', { name: present.breed_name }).getAttribute('href')).toMatch(/^\/breeds\//);
    // The show takes votes: the button opens Visitor's Choice with the number filled in.
    expect(await page.getByRole('link', { name: CATALOGUE_TEXTS.voteForThisCat }).getAttribute('href')).toBe(paths.visitorsChoice(present.catalogue_number));
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, "a cat's page");
    await screenshot(page, 'catalogue-cat', 'phone');

    await page.getByRole('button', { name: starAddText(present.name) }).click();
    await page.getByRole('button', { name: `Remove ${present.name} from My show` }).waitFor();
    await page.goto(`${server.url}/my-show`);
    const cats = page.getByRole('region', { name: MY_SHOW_TEXTS.cats });
    await cats.waitFor();
    const line = await cats.getByRole('link').first().textContent();
    expect(line).toContain(MY_SHOW_TEXTS.catOf(present.catalogue_number, present.name));
    expect(line).toContain(CATALOGUE_TEXTS.pen(present.pen!));

    // "Vote for this cat": Visitor's Choice with the number filled in and the cat named beside it.
    await page.goto(`${server.url}${paths.catalogueEntry(present.event_id, present.catalogue_number)}`);
    await page.getByRole('link', { name: CATALOGUE_TEXTS.voteForThisCat }).click();
    await page.waitForURL(`**${paths.visitorsChoice(present.catalogue_number)}`);
    expect(await page.getByLabel('Catalog number *').inputValue()).toBe(present.catalogue_number);
    await page.locator('#vote-cat').getByText(present.name).waitFor();
    expect(await page.getByRole('link', { name: CATALOGUE_TEXTS.findToVote }).getAttribute('href')).toBe(paths.catalogue(present.event_id));
  });

  it("a breed page says how many of the breed's cats are on show, with the page's first content, and links to them", async () => {
    const { rows } = await server.db.query<{ abbreviation: string; n: number }>(
      `select b.universal_breed_abbreviation as abbreviation, count(*)::int as n from public.catalogue_entries e join public.breeds b on b.id = e.breed_id
        where e.event_id = $1 and b.breed_name = $2 group by 1`,
      [present.event_id, present.breed_name],
    );
    const { abbreviation, n } = rows[0]!;
    await page.goto(`${server.url}${paths.breed(abbreviation)}`);
    // Read with the breed, in one render: the line is there the moment the heading is, so it never pushes the
    // page's tiles down afterwards (Lighthouse counted that shift).
    const lineWithHeading = await page.waitForFunction(
      (name) => (document.querySelector('h1')?.textContent === name ? (document.querySelector('.breed-on-show')?.textContent ?? 'no line') : false),
      present.breed_name,
    );
    const eventName = await server.db.query<{ name: string }>('select name from public.events where id = $1', [present.event_id]).then((r) => r.rows[0]!.name);
    expect(await lineWithHeading.jsonValue()).toBe(
      `${CATALOGUE_TEXTS.breedOnShow(n, present.breed_name, eventName)} ${CATALOGUE_TEXTS.breedOnShowLink(present.breed_name)}`,
    );
    await page.getByRole('link', { name: CATALOGUE_TEXTS.breedOnShowLink(present.breed_name) }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /cats$/ }).textContent()).toBe(CATALOGUE_TEXTS.count(n, total));
  });

  it('finds a cat by its number from the header search', async () => {
    await page.goto(`${server.url}/breeds`);
    await page.getByRole('link', { name: SEARCH_LINK_LABEL }).click();
    await page.getByRole('combobox').fill(present.catalogue_number);
    const option = page.getByRole('option', { name: new RegExp(`^${present.catalogue_number} · `) }).first();
    await option.waitFor();
    expect(await page.getByRole('listbox', { name: SEARCH_TEXTS.resultsLabel }).locator('.search-group-heading').first().textContent()).toContain(
      SEARCH_TEXTS.groups.entry,
    );
    await option.click();
    await page.waitForURL(`**${paths.catalogueEntry(present.event_id, present.catalogue_number)}`);
    await page.getByRole('heading', { name: present.name, level: 1 }).waitFor();
  });

  it('works with the network gone: the list, the search, a cat and its page', async () => {
    const ctx = page.context();
    await ctx.setOffline(true);
    try {
      await page.goto(`${server.url}/catalogue`);
      await page.getByRole('heading', { name: CATALOGUE_TEXTS.heading, level: 1 }).waitFor();
      const word = present.name.split(' ').at(-1)!;
      await page.getByLabel(CATALOGUE_TEXTS.searchLabel).fill(word.toUpperCase());
      await page.locator('.catalogue-groups').getByRole('link').filter({ hasText: present.name }).first().click();
      await page.getByRole('heading', { name: present.name, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(paths.catalogueEntry(present.event_id, present.catalogue_number));
    } finally {
      await ctx.setOffline(false);
    }
  });
});

describe('the catalogue and the header on a desktop', () => {
  let server: VenueServer;
  let page: Page;
  useShow({ page: { viewport: 'desktop' } }, (show) => ({ server, page } = show));

  it('lists the catalogue with no sideways scroll and no axe violations', async () => {
    await page.goto(`${server.url}/catalogue`);
    await page.locator('.catalogue-entries').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, '/catalogue on a desktop');
    await screenshot(page, 'catalogue', 'desktop', { fullPage: false });
  });

  it('keeps every header link on one line, beside the others, at every width from 1,024 px', async () => {
    for (const width of [1024, 1100, 1280, 1359, 1360, 1600]) {
      await page.setViewportSize({ width, height: 800 });
      const links = await page.locator('nav[aria-label="Main"] a').evaluateAll((as) =>
        as.map((a) => {
          const box = a.getBoundingClientRect();
          return { text: a.textContent, top: Math.round(box.top), height: Math.round(box.height), lines: a.getClientRects().length, right: box.right };
        }),
      );
      expect(links.map((l) => l.text)).toContain('Catalogue');
      expect(new Set(links.map((l) => l.top)).size, `links on one row at ${width} px`).toBe(1);
      // One line of text each: a 44 px target, not two lines of 24 px.
      expect(
        links.every((l) => l.height === 44 && l.lines === 1),
        `one line each at ${width} px: ${JSON.stringify(links)}`,
      ).toBe(true);
      const account = await page.locator('.site-header > .sign-in, .site-header > .account-menu').boundingBox();
      expect(links.at(-1)!.right, `the links clear the account at ${width} px`).toBeLessThanOrEqual(account!.x);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });
});

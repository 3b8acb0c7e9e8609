// The glossary on a phone: every kind of word under its heading, the filter, an entry opened from its
// anchor (/glossary#cacib), a cat's page whose title links to its entry, and the page offline after one
// visit (it is in the critical precache); no sideways scroll, axe clean in both themes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { paths } from '../shared/paths.ts';
import { filterGlossary } from '../src/ui/glossary-match.ts';
import { GLOSSARY, GLOSSARY_KINDS, GLOSSARY_TEXTS as T } from '../src/ui/glossary-texts.ts';
import { screenshot, VIEWPORTS } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

async function expectNoAxeViolations(page: Page, screen: string) {
  const { light, dark } = await runAxeInBothSchemes(page);
  const violations = [...light, ...dark];
  expect(violations, formatViolations(screen, violations)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
/** The terms the page shows now, in page order. */
const shownTerms = (page: Page) => page.locator('.glossary-entry dt dfn').allTextContents();

describe('the glossary on a phone, offline after one visit', () => {
  let server: VenueServer;
  let page: Page;
  useShow({ page: { viewport: 'phone', waitFor: ['controller', 'synced'] } }, (show) => ({ server, page } = show));

  let titled: { event_id: number; catalogue_number: string; name: string };
  beforeAll(async () => {
    const { rows } = await server.db.query<typeof titled>(
      `select event_id::int as event_id, catalogue_number, name from public.catalogue_entries where name ~ '^(CH|IC|GIC) ' order by id limit 1`,
    );
    titled = rows[0]!;
  });

  it('lists every term under its kind, and the filter narrows them', async () => {
    await page.goto(`${server.url}${paths.glossary()}`);
    await page.getByRole('heading', { name: T.heading, level: 1 }).waitFor();
    expect(await page.title()).toBe(`${T.title} · PurrFect Show`);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /terms$/ })
        .textContent(),
    ).toBe(T.count(GLOSSARY.length, GLOSSARY.length));
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(GLOSSARY_KINDS.map((k) => T.kinds[k].heading));
    expect(await shownTerms(page)).toEqual(GLOSSARY_KINDS.flatMap((k) => GLOSSARY.filter((e) => e.kind === k).map((e) => e.term)));
    // A term is a definition list's term, what it stands for is in its <abbr>.
    const cacib = page.locator('#cacib');
    expect(await cacib.locator('dt abbr').getAttribute('title')).toBe(GLOSSARY.find((e) => e.id === 'cacib')!.name);
    expect(await cacib.locator('dd').getByRole('link').allTextContents()).toEqual(['FIFe', 'WCF']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, '/glossary');
    await screenshot(page, 'glossary', 'phone', { fullPage: false });

    const filter = page.getByLabel(T.filterLabel);
    await filter.fill('certificate');
    const expected = filterGlossary('certificate');
    expect(expected.length).toBeGreaterThan(1);
    await expect.poll(() => shownTerms(page)).toEqual(expected.map((e) => e.term));
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /terms$/ })
        .textContent(),
    ).toBe(T.count(expected.length, GLOSSARY.length));
    await filter.fill('TICA');
    await expect.poll(async () => (await shownTerms(page)).length).toBe(filterGlossary('TICA').length);
    expect(await shownTerms(page)).toContain('SGC');
    expect(await shownTerms(page)).not.toContain('CACIB');
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).not.toContain(T.kinds.certificate.heading);

    await filter.fill('zebra');
    await page.getByText(T.noMatches('zebra')).waitFor();
    expect(await shownTerms(page)).toEqual([]);
    await expectNoAxeViolations(page, '/glossary with no match');
    await page.getByRole('button', { name: T.clearFilter }).click();
    await expect.poll(() => shownTerms(page).then((t) => t.length)).toBe(GLOSSARY.length);
    expect(await filter.inputValue()).toBe('');
  });

  it('opens on the entry an anchor names, in view and focused', async () => {
    await page.goto(`${server.url}${paths.glossary('cacib')}`);
    await page.getByRole('heading', { name: T.heading, level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cacib');
    const box = (await page.locator('#cacib').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(VIEWPORTS.phone.height / 2);
    expect(await page.locator('#cacib').getAttribute('class')).toContain('is-linked');
  });

  it("links a title in a cat's name to its entry; the name reads as written", async () => {
    const title = titled.name.split(' ')[0]!;
    await page.goto(`${server.url}${paths.catalogueEntry(titled.event_id, titled.catalogue_number)}`);
    const heading = page.getByRole('heading', { name: titled.name, level: 1 });
    await heading.waitFor();
    const link = heading.getByRole('link');
    expect(await link.allTextContents()).toEqual([title]);
    expect(await link.getAttribute('href')).toBe(paths.glossary(title.toLowerCase()));
    expect(await link.locator('abbr').getAttribute('title')).toBe(GLOSSARY.find((e) => e.term === title)!.name);
    // The class is linked too ("5 International Champion": the words of the title it competes for).
    expect(await page.locator('.catalogue-facts .glossary-link').count()).toBeGreaterThan(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page, "a cat's page with a linked title");
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(paths.glossary(title.toLowerCase()));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(title.toLowerCase());
  });

  it('is in the menu, and opens with the network gone', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Glossary' }).click();
    await page.getByRole('heading', { name: T.heading, level: 1 }).waitFor();

    const ctx = page.context();
    await ctx.setOffline(true);
    try {
      await page.goto(`${server.url}${paths.glossary('nom')}`);
      await page.getByRole('heading', { name: T.heading, level: 1 }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('nom');
      await page.getByLabel(T.filterLabel).fill('best');
      await expect.poll(() => shownTerms(page)).toEqual(filterGlossary('best').map((e) => e.term));
    } finally {
      await ctx.setOffline(false);
    }
  });
});

// Search at phone size, offline: from the header on any page, "maine" finds the Maine
// Coon breed, its catteries and its litters in their groups; ↓ and Enter open a result; Escape closes;
// a query with no match suggests the quiz and the breed list; axe finds nothing with results shown.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { GROUP_CAP } from '../src/features/search/rank.ts';
import { SEARCH_LINK_LABEL, SEARCH_TEXTS } from '../src/features/search/search-texts.ts';
import { screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

describe('search from the header, offline, on a phone', () => {
  let server: VenueServer;
  let page: Page;
  /** The demo show's Maine Coon catteries and litters, from the server. */
  let mcoCatteries: string[];
  let mcoLitters: number;

  useShow({ page: { viewport: 'phone', waitFor: ['synced', 'controller'] } }, (show) => ({ server, page } = show));
  beforeAll(async () => {
    const catteries = await server.db.query<{ name: string }>(
      `select c.name from public.catteries c
         join public.cattery_has_breed chb on chb.cattery_id = c.id
         join public.breeds b on b.id = chb.breed_id
        where b.universal_breed_abbreviation = 'MCO'`,
    );
    mcoCatteries = catteries.rows.map((r) => r.name);
    const litters = await server.db.query<{ n: number }>(
      `select count(*)::int as n from public.litters l join public.breeds b on b.id = l.breed_id where b.universal_breed_abbreviation = 'MCO'`,
    );
    mcoLitters = litters.rows[0]!.n;
    await page.context().setOffline(true);
    await page.reload();
    await page.waitForFunction(() => /^Offline/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 15_000 });
  });

  const field = () => page.getByRole('combobox', { name: SEARCH_TEXTS.label });
  const group = (kind: keyof typeof SEARCH_TEXTS.groups) => page.getByRole('group', { name: new RegExp(`^${SEARCH_TEXTS.groups[kind]}\\b`) });
  const optionLabels = (kind: keyof typeof SEARCH_TEXTS.groups) => group(kind).locator('[role="option"] .search-result-label').allTextContents();
  /** Waits until the results on screen are those of the query typed. */
  const resultsFor = (query: string) => expect.poll(() => page.locator('.search-results').getAttribute('data-query')).toBe(query);

  async function openSearch(): Promise<void> {
    await page.getByRole('banner').getByRole('link', { name: SEARCH_LINK_LABEL, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(SEARCH_TEXTS.heading);
    // The field has focus: the visitor types at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
  }

  it('has the search link in the header of every page, with a thumb-sized target', async () => {
    for (const path of ['/', '/breeds', '/schedule']) {
      await page.goto(`${server.url}${path}`);
      const link = page.getByRole('banner').getByRole('link', { name: SEARCH_LINK_LABEL, exact: true });
      await expect.poll(() => link.count()).toBe(1);
      const box = (await link.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('finds "maine": the breed, its catteries and its litters in their groups, from the mirror', async () => {
    expect(mcoCatteries.length).toBeGreaterThan(0);
    expect(mcoLitters).toBeGreaterThan(0);
    await openSearch();
    await field().pressSequentially('maine');
    await resultsFor('maine');
    expect(await field().getAttribute('aria-expanded')).toBe('true');
    const groups = await page.locator('[role="listbox"] > [role="group"] > .search-group-heading').allTextContents();
    // The breed first, then the show's Maine Coons in the catalogue, then catteries and litters.
    expect(groups.slice(0, 4).map((g) => g.replace(/\s*\(.*\)$/, ''))).toEqual([
      SEARCH_TEXTS.groups.breed,
      SEARCH_TEXTS.groups.entry,
      SEARCH_TEXTS.groups.cattery,
      SEARCH_TEXTS.groups.litter,
    ]);
    expect((await optionLabels('breed'))[0]).toBe('Maine Coon');
    const catteries = await optionLabels('cattery');
    expect(catteries).toHaveLength(Math.min(GROUP_CAP, mcoCatteries.length));
    for (const name of catteries) expect(mcoCatteries).toContain(name);
    expect(await optionLabels('litter')).toEqual(Array(Math.min(GROUP_CAP, mcoLitters)).fill(SEARCH_TEXTS.litterOf('Maine Coon')));
    // "6 of N" after the heading when the group holds more than it shows, else nothing.
    expect(await group('litter').locator('.search-group-count').allTextContents()).toEqual(
      mcoLitters > GROUP_CAP ? [` (${SEARCH_TEXTS.shown(GROUP_CAP, mcoLitters)})`] : [],
    );
    await screenshot(page, 'search-maine', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('has no axe violations with results shown and a result active', async () => {
    await field().press('ArrowDown');
    const { light, dark } = await runAxeInBothSchemes(page); // both themes
    const violations = [...light, ...dark];
    expect(
      violations.map((v) => v.id),
      formatViolations('search with results (phone)', violations),
    ).toEqual([]);
  });

  it('moves the active result with the arrow keys and opens it with Enter; Back returns to the search', async () => {
    // The previous test made the first result (the breed) active; ↓ moves to the first cat, then on through
    // the cats to the first cattery.
    const firstCat = group('entry').getByRole('option').first();
    await field().press('ArrowDown');
    expect(await field().getAttribute('aria-activedescendant')).toBe(await firstCat.getAttribute('id'));
    const cats = await group('entry').getByRole('option').count();
    for (let i = 0; i < cats; i++) await field().press('ArrowDown');
    const firstCattery = group('cattery').getByRole('option').first();
    const activeId = await firstCattery.getAttribute('id');
    expect(await field().getAttribute('aria-activedescendant')).toBe(activeId);
    expect(await firstCattery.getAttribute('aria-selected')).toBe('true');
    const name = (await firstCattery.locator('.search-result-label').textContent())!;
    await field().press('ArrowUp');
    expect(await field().getAttribute('aria-activedescendant')).toBe(await group('entry').getByRole('option').last().getAttribute('id'));
    await field().press('ArrowDown');
    await field().press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe(name);
    expect(new URL(page.url()).pathname).toMatch(/^\/catteries\//);

    await page.goBack();
    await expect.poll(() => field().inputValue()).toBe('maine');
    await resultsFor('maine');
  });

  it('opens the breed with Enter after ↓, from a fresh search', async () => {
    await page.goto(`${server.url}/`);
    await openSearch();
    await field().pressSequentially('maine coon');
    await resultsFor('maine coon');
    await field().press('ArrowDown');
    await field().press('Enter');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Maine Coon');
    expect(new URL(page.url()).pathname).toBe('/breeds/MCO');
  });

  it('finds the same with any case and accents', async () => {
    await openSearch();
    await field().fill('SPHŸNX');
    await resultsFor('SPHŸNX');
    expect((await optionLabels('breed'))[0]).toBe('Sphynx');
    await field().fill('mco');
    await resultsFor('mco');
    expect((await optionLabels('breed'))[0]).toBe('Maine Coon');
  });

  it('says so when nothing matches, and suggests the quiz and the breed list', async () => {
    await field().fill('xyzzyq');
    await resultsFor('xyzzyq');
    const none = page.locator('.search-none');
    await expect
      .poll(() => none.textContent())
      .toBe(
        `${SEARCH_TEXTS.noMatches('xyzzyq')} ${SEARCH_TEXTS.tryBefore}${SEARCH_TEXTS.quizLink}${SEARCH_TEXTS.tryBetween}${SEARCH_TEXTS.breedsLink}${SEARCH_TEXTS.tryAfter}`,
      );
    expect(await field().getAttribute('aria-expanded')).toBe('false');
    expect(await none.getByRole('link', { name: SEARCH_TEXTS.quizLink }).getAttribute('href')).toBe('/breed-finder-quiz');
    expect(await none.getByRole('link', { name: SEARCH_TEXTS.breedsLink }).getAttribute('href')).toBe('/breeds');
    await screenshot(page, 'search-none', 'phone');
    const { light, dark } = await runAxeInBothSchemes(page); // both themes
    const violations = [...light, ...dark];
    expect(
      violations.map((v) => v.id),
      formatViolations('search without results (phone)', violations),
    ).toEqual([]);
  });

  it('closes with Escape, back to the page it was opened from', async () => {
    await page.goto(`${server.url}/schedule`);
    await openSearch();
    await field().press('Escape');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/schedule');
  });
});

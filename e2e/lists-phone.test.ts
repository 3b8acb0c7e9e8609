// The long lists on a phone: kittens and breeders filtered in the URL, sold-out litters
// only on request, a short first view, and Back to a list restoring its filters and scroll position.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { screenshot } from './app-page.ts';
import { useShow } from './fixture.ts';

let server: VenueServer;
let page: Page;
useShow({ page: { viewport: 'phone' } }, (show) => ({ server, page } = show));

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await server.db.query<T>(sql, params)).rows[0]!;
const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
const countText = () => page.locator('.list-count').textContent();

describe('kittens', () => {
  it('lists open litters only under "Available Litters", 20 at a time, with one tap to show the sold-out ones', async () => {
    const totals = await one<{ total: number; open: number; sold_out: number; kittens: number }>(
      `select count(*)::int as total,
              count(*) filter (where available_male_kittens + available_female_kittens > 0)::int as open,
              count(*) filter (where available_male_kittens + available_female_kittens = 0)::int as sold_out,
              sum(available_male_kittens + available_female_kittens)::int as kittens
         from public.litters`,
    );
    expect(totals.sold_out).toBeGreaterThan(0);
    expect(totals.open).toBeGreaterThan(20);
    await page.goto(`${server.url}/kittens`);
    await expect.poll(countText).toBe(`${totals.open} of ${totals.total} litters · ${totals.kittens} kittens available`);
    expect(await page.locator('.litter-card').count()).toBe(20);
    expect(await page.locator('.litter-card.is-sold-out').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sold-out Litters' }).count()).toBe(0);
    expect(await page.getByText(`Showing 20 of ${totals.open} litters`).count()).toBe(1);
    // The default view at 390 px was ~62,000 px tall.
    expect(await pageHeight()).toBeLessThan(15_000);
    await screenshot(page, 'lists-kittens', 'phone');

    await page.getByRole('button', { name: 'Show 20 more' }).click();
    await expect.poll(() => page.locator('.litter-card').count()).toBe(Math.min(40, totals.open));

    await page.getByLabel(`Show sold-out litters (${totals.sold_out})`).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('sold-out')).toBe('shown');
    await expect.poll(countText).toBe(`${totals.total} of ${totals.total} litters · ${totals.kittens} kittens available`);
    // Sold-out litters come after the open ones, under their own heading and never under "Available Litters".
    while ((await page.getByRole('button', { name: /^Show \d+ more$/ }).count()) > 0) await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
    await expect.poll(() => page.locator('.litter-card').count()).toBe(totals.total);
    const soldOutSection = page.locator('section', { has: page.getByRole('heading', { name: 'Sold-out Litters', exact: true }) });
    expect(await soldOutSection.locator('.litter-card').count()).toBe(totals.sold_out);
    expect(await soldOutSection.locator('.litter-card:not(.is-sold-out)').count()).toBe(0);
    const availableSection = page.locator('section', { has: page.getByRole('heading', { name: 'Available Litters', exact: true }) });
    expect(await availableSection.locator('.litter-card.is-sold-out').count()).toBe(0);

    await page.getByLabel(/^Show sold-out litters/).uncheck();
    await expect.poll(() => page.locator('.litter-card.is-sold-out').count()).toBe(0);
  });

  it('narrows the list by breed and sex, and Back from a litter keeps the filter and the scroll position', async () => {
    const breed = await one<{ breed_name: string; abbreviation: string; open: number; female: number }>(
      `select b.breed_name, b.universal_breed_abbreviation as abbreviation,
              count(*) filter (where l.available_male_kittens + l.available_female_kittens > 0)::int as open,
              count(*) filter (where l.available_female_kittens > 0)::int as female
         from public.litters l join public.breeds b on b.id = l.breed_id
        group by b.id order by open desc, b.id limit 1`,
    );
    const total = await one<{ n: number }>('select count(*)::int as n from public.litters');
    expect(breed.open).toBeGreaterThan(4);
    await page.goto(`${server.url}/kittens`);
    await page.getByLabel('Breed').selectOption({ label: breed.breed_name });
    await expect.poll(countText).toMatch(new RegExp(`^${breed.open} of ${total.n} litters · `));
    expect(new URL(page.url()).searchParams.get('breed')).toBe(breed.abbreviation);
    const titles = await page.locator('.litter-card h3').allTextContents();
    expect(titles.length).toBe(Math.min(20, breed.open));
    expect(new Set(titles)).toEqual(new Set([`${breed.breed_name} litter`]));

    await page.getByLabel('Sex').selectOption('female');
    await expect.poll(countText).toMatch(new RegExp(`^${breed.female} of ${total.n} litters · `));
    await page.getByLabel('Sex').selectOption('');
    await expect.poll(countText).toMatch(new RegExp(`^${breed.open} of ${total.n} litters · `));

    // Scroll to a card low in the list, open it, and come Back.
    const target = page.locator('.litter-card').nth(Math.min(19, breed.open) - 1);
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 1));
    await page.waitForTimeout(200);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(1_000);
    await target.locator('h3 a').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/litters\/\d+$/);
    await page.locator('main h1').first().waitFor();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/kittens');
    expect(new URL(page.url()).searchParams.get('breed')).toBe(breed.abbreviation);
    await expect.poll(() => page.getByLabel('Breed').inputValue()).toBe(breed.abbreviation);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 100);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolledTo + 100);
  });

  it('opens a shared link with its filters; a breed the list does not know means every breed', async () => {
    const male = await one<{ n: number; total: number }>(
      'select count(*) filter (where available_male_kittens > 0)::int as n, count(*)::int as total from public.litters',
    );
    await page.goto(`${server.url}/kittens?breed=ZZZ&sex=male`);
    await expect.poll(countText).toMatch(new RegExp(`^${male.n} of ${male.total} litters · `));
    expect(await page.getByLabel('Breed').inputValue()).toBe('');
    expect(await page.getByLabel('Sex').inputValue()).toBe('male');
  });
});

describe('breeders', () => {
  it('filters by country, names each cattery’s breeds, and shows a no-match state with Clear filters', async () => {
    const place = await one<{ country: string; n: number }>(
      `select country, count(*)::int as n from public.catteries where country is not null group by country order by n desc, country limit 1`,
    );
    const total = await one<{ n: number }>('select count(*)::int as n from public.catteries');
    await page.goto(`${server.url}/breeders`);
    await expect.poll(countText).toBe(`${total.n} of ${total.n} catteries`);
    // ~25,000 px before: compact cards on a phone (~14,400 px for the seed's catteries).
    expect(await pageHeight()).toBeLessThan(16_000);
    await screenshot(page, 'lists-breeders', 'phone');

    await page.getByLabel('Country').selectOption(place.country);
    await expect.poll(countText).toBe(`${place.n} of ${total.n} catteries`);
    expect(new URL(page.url()).searchParams.get('country')).toBe(place.country);
    const cards = page.locator('.cattery-card');
    expect(await cards.count()).toBe(place.n);
    for (const text of await page.locator('.cattery-card .cattery-place').allTextContents())
      expect(text.endsWith(`, ${place.country}`) || text === place.country).toBe(true);

    // Each card names its breeds, the primary one first.
    const rows = (
      await server.db.query<{ name: string; breeds: string[] }>(
        `select c.name, array_agg(b.breed_name order by h.is_primary_breed desc, b.breed_name collate "C") as breeds
           from public.catteries c join public.cattery_has_breed h on h.cattery_id = c.id join public.breeds b on b.id = h.breed_id
          where c.country = $1 group by c.id`,
        [place.country],
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const card = cards.filter({ has: page.getByRole('heading', { name: row.name, exact: true }) });
      expect(await card.locator('.cattery-breeds').textContent()).toBe(`${row.breeds.length === 1 ? 'Breed' : 'Breeds'}: ${row.breeds.join(', ')}`);
    }

    // A breed no cattery of that country keeps: nothing matches, and Clear filters brings every cattery back.
    const missing = await one<{ breed_name: string } | undefined>(
      `select b.breed_name from public.breeds b
        where exists (select 1 from public.cattery_has_breed h where h.breed_id = b.id)
          and not exists (select 1 from public.cattery_has_breed h join public.catteries c on c.id = h.cattery_id where h.breed_id = b.id and c.country = $1)
        order by b.breed_name limit 1`,
      [place.country],
    );
    expect(missing).toBeDefined();
    await page.getByLabel('Breed').selectOption({ label: missing!.breed_name });
    await expect.poll(countText).toBe(`0 of ${total.n} catteries`);
    await page.getByText('No breeders match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(countText).toBe(`${total.n} of ${total.n} catteries`);
    expect(new URL(page.url()).search).toBe('');
  });
});

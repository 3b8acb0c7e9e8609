// The show-floor promise: after one online visit the app works offline, and a vote cast offline
// arrives exactly once when the network returns.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from './browser.ts';
import { castVote } from './app-page.ts';

describe('offline after one visit', () => {
  let server: VenueServer;
  let ctx: BrowserContext;
  let page: Page;
  let profile: string;

  beforeAll(async () => {
    server = await startAppServer();
    profile = mkdtempSync(join(tmpdir(), 'purrfect-offline-'));
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${server.url}/`);
    // The service worker takes control, and the first mirror completes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelector('.sync-indicator')?.textContent?.startsWith('Synced'), undefined, {
      timeout: 30_000,
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await server?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it('shows home, the breed list, a breed detail and the schedule from the mirror with the network off', async () => {
    await ctx.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Welcome to PurrFect Show');
    await expect.poll(() => page.locator('.sync-indicator').textContent()).toMatch(/^Offline/);

    await page.goto(`${server.url}/breeds`);
    await expect.poll(() => page.locator('.breed-card h2').count()).toBeGreaterThanOrEqual(40);
    expect(await page.locator('.breed-card h2').first().textContent()).toBe('Abyssinian');

    await page.goto(`${server.url}/breeds/ABY`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Abyssinian');
    expect(await page.getByRole('heading', { name: 'About the Breed' }).count()).toBe(1);
    // Its certified breeders, from the mirror, in the page's code-unit order (the seed gives ABY some).
    const certified = await server.db.query<{ name: string }>(
      `select c.name from public.catteries c
         join public.cattery_has_breed chb on chb.cattery_id = c.id
         join public.breeds b on b.id = chb.breed_id
        where b.universal_breed_abbreviation = 'ABY'`,
    );
    const breeders = certified.rows.map((r) => r.name).sort();
    expect(breeders.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.breeder-links li a').allTextContents()).toEqual(breeders);

    await page.goto(`${server.url}/schedule`);
    await expect.poll(() => page.getByRole('heading', { name: 'Happening Now!' }).count()).toBe(1);
    await expect.poll(() => page.locator('.session').count()).toBeGreaterThan(0);
    await ctx.setOffline(false);
  });

  it('queues a vote cast offline and delivers it exactly once when the network returns', async () => {
    const email = `offline.voter.${Date.now()}@example.com`;
    await page.goto(`${server.url}/visitors-choice`);
    await ctx.setOffline(true);
    await castVote(page, email);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your vote is saved');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Queued' }).textContent()).toBe(
      'Queued — will send when you are back online',
    );
    // The header keeps it visible on every page until it is sent.
    await page.getByRole('button', { name: '1 waiting to send' }).click();
    expect(await page.getByRole('region', { name: 'Waiting to send' }).textContent()).toContain('Vote for catalog number 17');
    const before = await server.db.query('select id from public.visitor_choice where email = $1', [email]);
    expect(before.rows).toHaveLength(0);

    await ctx.setOffline(false);
    // Once delivered, the view becomes the thank-you of SPEC §2.
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Thank you for your vote!');
    expect(await page.getByText('Your choice has been recorded successfully.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /waiting to send/ }).count()).toBe(0);
    const after = await server.db.query('select id from public.visitor_choice where email = $1', [email]);
    expect(after.rows).toHaveLength(1);
  });

  it('shows the SPEC message on the form when the same e-mail votes again online', async () => {
    const email = `twice.${Date.now()}@example.com`;
    await page.goto(`${server.url}/visitors-choice`);
    for (const attempt of [1, 2]) {
      await castVote(page, email, String(attempt), { first: 'Grace', last: 'Hopper' });
      if (attempt === 1) {
        // Online, the thank-you comes as soon as the server has the vote.
        await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
        expect((await server.db.query('select id from public.visitor_choice where email = $1', [email])).rows).toHaveLength(1);
        await page.getByRole('button', { name: 'Submit another vote' }).click();
        expect(await page.getByLabel('First name *').inputValue()).toBe('');
        expect(await page.getByLabel('E-mail').inputValue()).toBe('');
      }
    }
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe(
      'This email address has already been used to vote in this event',
    );
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
  });
});

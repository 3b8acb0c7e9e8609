// The show-floor promise: after one online visit the app works offline, and a vote cast offline
// arrives exactly once when the network returns.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { castVote, screenshot } from './app-page.ts';
import { runAxe } from './axe.ts';
import { useShow } from './fixture.ts';

describe('offline after one visit', () => {
  let server: VenueServer;
  let ctx: BrowserContext;
  let page: Page;
  // The service worker takes control, and the first mirror completes; the cookie banner is left to ask.
  useShow({ browser: 'profile', page: { cookies: 'asked', waitFor: ['controller', 'synced'] } }, (show) => {
    ({ server, page } = show);
    ctx = page.context();
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
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Queued' }).textContent()).toBe('Queued — will send when you are back online');
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

  it('at phone size, opens the outbox panel inside the screen; a vote refused as a duplicate reads as not sent, and Dismiss removes it', async () => {
    const email = `dup.phone.${Date.now()}@example.com`;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${server.url}/visitors-choice`);
      await castVote(page, email, '5');
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
      await page.getByRole('button', { name: 'Submit another vote' }).click();

      // The same e-mail again, offline: saved, and waiting in the header.
      await ctx.setOffline(true);
      await castVote(page, email, '6');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Your vote is saved');
      const waitingBadge = page.getByRole('button', { name: '1 waiting to send', exact: true });
      await waitingBadge.click();
      const panel = page.getByRole('region', { name: 'Waiting to send' });
      await panel.waitFor();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(await panel.textContent()).toContain('Vote for catalog number 6');
      // Keyboard: the panel has focus; Escape closes it and gives focus back to the badge.
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      expect(await panel.count()).toBe(0);
      expect(await waitingBadge.evaluate((el) => el === document.activeElement)).toBe(true);

      // Back online the server refuses it for good: not sent, with SPEC's reason, and no longer "waiting".
      await ctx.setOffline(false);
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Your vote could not be recorded');
      const notSentBadge = page.getByRole('button', { name: '1 not sent', exact: true });
      await notSentBadge.waitFor();
      expect(await page.getByRole('button', { name: /waiting to send/ }).count()).toBe(0);
      await notSentBadge.click();
      const refused = page.getByRole('region', { name: 'Not sent' });
      expect(await refused.locator('.outbox-reason').textContent()).toBe('Not sent: This email address has already been used to vote in this event');
      expect(await refused.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      const refusedBox = (await refused.boundingBox())!;
      expect(refusedBox.x).toBeGreaterThanOrEqual(0);
      expect(refusedBox.x + refusedBox.width).toBeLessThanOrEqual(390);
      await screenshot(page, 'outbox-not-sent', 'phone', { fullPage: false });
      expect(await runAxe(page)).toEqual([]);

      await refused.getByRole('button', { name: 'Dismiss' }).click();
      await expect.poll(() => page.locator('.outbox-badge').count()).toBe(0);
      // Gone from the device; the delivered first vote stays as it was.
      const statuses = await page.evaluate(
        ([name, voter]) =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open(name);
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('outbox').objectStore('outbox').getAll();
              all.onsuccess = () => {
                const mine = (all.result as { status: string; payload: { email?: string } }[]).filter((i) => i.payload.email === voter);
                open.result.close();
                resolve(mine.map((i) => i.status));
              };
            };
          }),
        ['purrfect-show', email] as const,
      );
      expect(statuses).toEqual(['sent']);
    } finally {
      await ctx.setOffline(false);
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('shows the SPEC message on the form when the same e-mail votes again online', async () => {
    const email = `twice.${Date.now()}@example.com`;
    await page.goto(`${server.url}/visitors-choice`);
    await castVote(page, email, '1', { first: 'Grace', last: 'Hopper' });
    // Online, the thank-you comes as soon as the server has the vote.
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
    expect((await server.db.query('select id from public.visitor_choice where email = $1', [email])).rows).toHaveLength(1);
    await page.getByRole('button', { name: 'Submit another vote' }).click();
    expect(await page.getByLabel('First name *').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('');
    await castVote(page, email, '2', { first: 'Grace', last: 'Hopper' });
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toBe('This email address has already been used to vote in this event');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
  });
});

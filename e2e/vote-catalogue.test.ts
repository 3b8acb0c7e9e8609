// Voting by tapping (issue 33): "Vote for this cat" opens Visitor's Choice with the cat's number filled in
// and the cat shown; a typed number shows its cat, offline too; a number not in the event's catalogue is
// refused before sending. On a phone (390 × 844), with the file's own entries in the live event's catalogue.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { VOTE_MESSAGES } from '../shared/messages.ts';
import { paths } from '../shared/paths.ts';
import { activeEvent } from '../shared/schedule.ts';
import { client } from '../tests/helpers/server.ts';
import { castVote, openSyncedApp, screenshot } from './app-page.ts';
import { runAxe } from './axe.ts';
import { useShow } from './fixture.ts';
import { waitForController } from './pwa-helpers.ts';

/** Numbers far above the demo catalogue's blocks, so the file's entries are its own. */
const CATS = [
  { catalogue_number: '9871', name: 'GIC Amberlight’s Tiger Lily', pen: 'F21', absent: false },
  { catalogue_number: '9871A', name: 'Moonshadow Misty', pen: 'F22', absent: false },
  { catalogue_number: '9872', name: 'CH Northwind Snowdrop', pen: null, absent: true },
] as const;

describe('Visitor’s Choice with the show catalogue, on a phone', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let event: { id: number; name: string; start_date: string; end_date: string };
  let breedName: string;
  let page: Page;
  let ctx: BrowserContext;

  beforeAll(async () => {
    const service = client(server, 'service_role');
    // The event the form votes in: the one the events list shows first (the page's currentEvent()).
    const events = (await service.from('events').select('id, name, start_date, end_date, time_zone')).data!;
    event = activeEvent(events, new Date())!;
    const breed = (await service.from('breeds').select('id, breed_name').eq('universal_breed_abbreviation', 'MCO').single()).data!;
    breedName = breed.breed_name as string;
    const { error } = await service.from('catalogue_entries').insert(CATS.map((c) => ({ ...c, event_id: event.id, breed_id: breed.id, sex: 'female' })));
    expect(error).toBeNull();
    // sync_pull holds back rows younger than about a second: the phone's first mirror then has them.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    page = await openSyncedApp(browser, server, 'phone');
    ctx = page.context();
    await waitForController(page);
  });

  const numberField = () => page.getByLabel('Catalog number *');
  const shownCat = () => page.locator('#vote-cat').innerText();
  const votesBy = async (email: string) =>
    (await server.db.query<{ catalog_number: string; event_id: number }>('select catalog_number, event_id::int from public.visitor_choice where email = $1', [email]))
      .rows;

  it('opens with the number from "Vote for this cat", shows the cat, and records the vote once', async () => {
    await page.goto(`${server.url}${paths.visitorsChoice('9871A')}`);
    await expect.poll(() => numberField().inputValue()).toBe('9871A');
    await expect.poll(shownCat).toBe(`Moonshadow Misty\n${breedName} · Pen F22`);
    expect(await numberField().getAttribute('aria-describedby')).toBe('vote-cat');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'vote-catalogue-number', 'phone');

    const email = `tap.voter.${Date.now()}@example.com`;
    await page.getByLabel('First name *').fill('Ada');
    await page.getByLabel('Last name *').fill('Lovelace');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Submit vote' }).click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
    expect(await votesBy(email)).toEqual([{ catalog_number: '9871A', event_id: event.id }]);
    // Page and service worker both hold the outbox: give a second sender time, then count again.
    await page.reload();
    await expect.poll(() => page.locator('.sync-indicator').textContent(), { timeout: 15_000 }).toMatch(/^(Synced|Live)\b/);
    expect(await votesBy(email)).toHaveLength(1);
  });

  it('shows the cat a number names as it is typed, and refuses a number not in the catalogue before sending', async () => {
    await page.goto(`${server.url}${paths.visitorsChoice()}`);
    await numberField().fill('09871');
    await expect.poll(shownCat).toBe(`GIC Amberlight’s Tiger Lily\n${breedName} · Pen F21`);
    await numberField().fill('9872');
    await expect.poll(shownCat).toBe(`CH Northwind Snowdrop\n${breedName} · Absent`);

    const email = `typo.voter.${Date.now()}@example.com`;
    await castVote(page, email, '9879');
    expect(await shownCat()).toBe('');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(VOTE_MESSAGES.unknownEntry);
    expect(await numberField().getAttribute('aria-invalid')).toBe('true');
    expect(await numberField().getAttribute('aria-describedby')).toBe('vote-error');
    expect(await numberField().evaluate((el) => el === document.activeElement)).toBe(true);
    // Nothing was queued: the header has nothing waiting, and the server has no vote.
    expect(await page.getByRole('button', { name: /waiting to send|not sent/ }).count()).toBe(0);
    expect(await votesBy(email)).toEqual([]);
    await screenshot(page, 'vote-catalogue-unknown', 'phone');
  });

  it('shows the cat offline, from the phone’s copy of the catalogue', async () => {
    await ctx.setOffline(true);
    try {
      await page.goto(`${server.url}${paths.visitorsChoice()}`);
      await expect.poll(() => page.locator('.sync-indicator').textContent()).toMatch(/^Offline/);
      await numberField().fill('9871a');
      await expect.poll(shownCat).toBe(`Moonshadow Misty\n${breedName} · Pen F22`);
    } finally {
      await ctx.setOffline(false);
    }
  });

  it('dates the event as the events page does', async () => {
    await page.goto(`${server.url}/events`);
    const card = page.locator('.event-card').filter({ has: page.getByRole('heading', { name: event.name, exact: true }) });
    const onEvents = await card.locator('.event-dates time').innerText();
    await page.goto(`${server.url}${paths.visitorsChoice()}`);
    await expect.poll(() => page.locator('.vote-event strong').textContent()).toBe(event.name);
    expect(await page.locator('.vote-event time').innerText()).toBe(onEvents);
  });
});

// Home and Visitor's Choice on a phone: the home clock keeps the venue's time whatever zone the phone is
// set to, "Now at the show" says what is on, a signed-in visitor is not invited to register, and the vote
// names the event it goes to.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { DEMO_USER } from '../server/seed/index.ts';
import { zonedDateTime, zonedTimeToInstant } from '../shared/dates.ts';
import { openSyncedApp, screenshot, VIEWPORTS } from './app-page.ts';
import { useShow } from './fixture.ts';

const MINUTE_MS = 60_000;

describe('home and Visitor’s Choice on a phone', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let live: { id: number; name: string; time_zone: string };
  let best: { schedule_date: string; start_time: string };

  beforeAll(async () => {
    live = (await server.db.query<typeof live>(`select id::int, name, time_zone from public.events where name like 'PurrFect Show%'`)).rows[0]!;
    best = (
      await server.db.query<typeof best>(
        `select schedule_date::text, start_time::text from public.event_schedule where event_id = $1 and title = 'Best in Show' order by schedule_date limit 1`,
        [live.id],
      )
    ).rows[0]!;
  });

  it('shows the venue’s time on the clock with the phone in another zone, and what is on now at the show', async () => {
    // Kiritimati is UTC+14: at 16:10 at the venue the phone shows 05:10 the next day.
    const phoneZone = 'Pacific/Kiritimati';
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, timezoneId: phoneZone });
    try {
      await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const during = new Date(zonedTimeToInstant(best.schedule_date, best.start_time, live.time_zone).getTime() + 10 * MINUTE_MS);
      expect(zonedDateTime(during, phoneZone).time.slice(0, 5)).not.toBe('16:10');
      await page.clock.setFixedTime(during);
      await page.goto(`${server.url}/`);

      const tile = page.locator('.tile').filter({ hasText: 'Event Schedule' });
      await expect.poll(() => tile.getByRole('img').getAttribute('aria-label')).toBe(`Clock showing 16:10 at the venue (${live.time_zone})`);
      expect(await tile.locator('.tile-clock-zone').textContent()).toBe(`Time at the venue (${live.time_zone})`);

      // The first session on at 16:10, by start time, and how many are on.
      const on = (
        await server.db.query<{ title: string; start_time: string; end_time: string; location: string }>(
          `select title, start_time::text, end_time::text, location from public.event_schedule
            where event_id = $1 and schedule_date = $2 and start_time <= '16:10' and end_time >= '16:10' order by start_time, end_time, id`,
          [live.id, best.schedule_date],
        )
      ).rows;
      expect(on.map((s) => s.title)).toContain('Best in Show');
      const strip = page.getByRole('region', { name: `Now at ${live.name}` });
      const onNow = strip.locator('.show-now-group').first();
      expect(await onNow.locator('h3').textContent()).toBe(on.length > 1 ? `On now (${on.length})` : 'On now');
      expect(await onNow.locator('.show-now-title').textContent()).toBe(on[0]!.title);
      expect(await onNow.locator('.show-now-when').textContent()).toBe(`${on[0]!.start_time.slice(0, 5)}–${on[0]!.end_time.slice(0, 5)} · ${on[0]!.location}`);
      expect(await strip.locator('.show-now-group h3').nth(1).textContent()).toMatch(/^Up next/);
      expect(await strip.getByRole('link', { name: 'See the full schedule' }).getAttribute('href')).toBe('/schedule');

      // Signed out: the invitation to register, with a link.
      expect(await page.locator('.hero').getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
      await screenshot(page, 'home-now-at-show', 'phone');
    } finally {
      await page.close();
    }
  });

  it('does not invite a signed-in visitor to register, and the vote names the event it goes to', async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    try {
      await page.goto(`${server.url}/login`);
      await page.getByLabel('E-mail').fill(DEMO_USER.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(`${server.url}/`);
      const hero = page.locator('.hero');
      await expect.poll(() => hero.locator('p').first().textContent()).toBe('Your coupons are in your profile, ready to show at the exhibitors’ stands.');
      expect(await hero.getByText(/register/i).count()).toBe(0);
      expect(await hero.getByRole('link', { name: 'your profile' }).getAttribute('href')).toBe('/profile');
      await screenshot(page, 'home-signed-in', 'phone');

      await page.goto(`${server.url}/visitors-choice`);
      await expect.poll(() => page.locator('.vote-event').textContent()).toMatch(new RegExp(`^You are voting in ${live.name} \\(.+\\)$`));
      await screenshot(page, 'visitors-choice-event', 'phone');
    } finally {
      await page.close();
    }
  });
});

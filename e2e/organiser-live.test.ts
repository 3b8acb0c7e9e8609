// The organiser runs the show live, in two browser contexts: an organiser delays a ring by
// 30 minutes and posts a notice in /organiser; a visitor's phone, already synced, shows the moved sessions
// and the notice after its next sync, and still shows them offline. A change the organiser makes while
// offline waits in the outbox and is sent exactly once when the network returns. The console's schedule
// opens on today, the days before it folded.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { formatScheduleDay, zonedDateTime } from '../shared/dates.ts';
import { foldedDaySummary } from '../src/features/organiser/group-sessions.ts';
import { createVisitor, VISITOR_PASSWORD } from '../tests/helpers/fuzz-accounts.ts';
import { screenshot, SCREENSHOT_DIR, VIEWPORTS } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';
import { launchProfile, type Profile } from './pwa-helpers.ts';

const AUTH_STORAGE_KEY = 'sb-127-auth-token';
const WATERMARK_WAIT_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Session {
  id: number;
  title: string;
  start_time: string;
  end_time: string;
  status: string;
}

describe('the organiser runs the show live', () => {
  let server: VenueServer;
  let browser: Browser;
  let visitorCtx: BrowserContext;
  let visitor: Page;
  let organiser: Page;
  let profile: Profile;
  let eventId: number;
  let day: string;
  let ring: string;
  let sessions: Session[];
  const notice = 'Best in Show moved to 16:30, main ring';

  const ringSessions = async (): Promise<Session[]> =>
    (
      await server.db.query<Session>(
        `select id::int as id, title, start_time::text, end_time::text, status from public.event_schedule
          where event_id = $1 and schedule_date = $2 and location = $3 order by start_time, id`,
        [eventId, day, ring],
      )
    ).rows;

  useShow({}, (show) => ({ server, browser } = show));
  beforeAll(async () => {
    // The running event's last day (never before the venue's today) and a ring with two sessions there.
    const { rows } = await server.db.query<{ event_id: number; day: string; location: string }>(
      `select e.id::int as event_id, e.end_date::text as day, s.location
         from public.events e join public.event_schedule s on s.event_id = e.id and s.schedule_date = e.end_date
        where e.end_date >= current_date and s.location like 'Ring %'
        group by e.id, e.start_date, e.name, e.end_date, s.location
       having count(*) >= 2 and max(s.end_time) < '22:00'
        order by e.start_date, e.name, s.location limit 1`,
    );
    ({ event_id: eventId, day, location: ring } = rows[0]!);
    sessions = await ringSessions();

    // An organiser: a verified account given the role before it signs in (the token carries app_metadata).
    const account = await createVisitor(server, 'organiser');
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      account.id,
    ]);
    const organiserCtx = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await organiserCtx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    organiser = await organiserCtx.newPage();
    await organiser.goto(`${server.url}/login`);
    await organiser
      .getByLabel(/^e-?mail\b/i)
      .first()
      .fill(account.email);
    await organiser
      .getByLabel(/^password\b/i)
      .first()
      .fill(VISITOR_PASSWORD);
    await organiser.getByRole('button', { name: /^sign in$/i }).click();
    await organiser.waitForFunction((key) => localStorage.getItem(key) !== null, AUTH_STORAGE_KEY, { timeout: 15_000 });

    // The visitor's phone: installed (service worker in control) and synced before anything changes.
    profile = await launchProfile();
    visitorCtx = profile.ctx;
    await visitorCtx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    visitor = visitorCtx.pages()[0] ?? (await visitorCtx.newPage());
    await visitor.setViewportSize(VIEWPORTS.phone);
    await visitor.goto(`${server.url}/`);
    await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await visitor.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
  });

  afterAll(async () => {
    await profile?.close();
  });

  /**
   * The live schedule opens on today at the venue: each day before it folded under its summary line, today's
   * open. Prints the page's height and how far down today starts, folded and with every day open (as the
   * console was before it folded them), at the phone's size.
   */
  const expectTodayFirst = async () => {
    const { rows: zoneRows } = await server.db.query<{ time_zone: string }>('select time_zone from public.events where id = $1', [eventId]);
    const today = zonedDateTime(new Date(), zoneRows[0]!.time_zone).date;
    const { rows: days } = await server.db.query<{ day: string; n: number }>(
      'select schedule_date::text as day, count(*)::int as n from public.event_schedule where event_id = $1 group by schedule_date order by schedule_date',
      [eventId],
    );
    const over = days.filter((d) => d.day < today);
    expect(over.length).toBeGreaterThan(0);
    const folded = organiser.locator('details.console-day');
    expect(await folded.evaluateAll((els) => els.map((e) => [(e as HTMLDetailsElement).open, e.querySelector('summary')!.textContent]))).toEqual(
      over.map((d) => [false, foldedDaySummary(formatScheduleDay(d.day), d.n)]),
    );
    const todayHeading = organiser.getByRole('heading', { name: formatScheduleDay(today), level: 3, exact: true });
    expect(await todayHeading.isVisible()).toBe(true);
    const measure = () =>
      organiser.evaluate(
        (id) => ({ page: document.documentElement.scrollHeight, today: Math.round(document.getElementById(id)!.getBoundingClientRect().top + window.scrollY) }),
        `console-day-${today}`,
      );
    const asFolded = await measure();
    await folded.evaluateAll((els) => els.forEach((e) => ((e as HTMLDetailsElement).open = true)));
    const allOpen = await measure();
    await folded.evaluateAll((els) => els.forEach((e) => ((e as HTMLDetailsElement).open = false)));
    console.log(
      `organiser console at ${VIEWPORTS.phone.width}x${VIEWPORTS.phone.height}: page ${asFolded.page} px folded, ${allOpen.page} px with every day open; today starts at ${asFolded.today} px folded, ${allOpen.today} px open`,
    );
    expect(asFolded.today).toBeLessThan(allOpen.today);
  };

  const changeState = (text: string) => organiser.locator('.console-change').filter({ hasText: text }).locator('.console-change-state');

  it('the organiser delays a ring by 30 minutes and posts a notice; the synced phone shows both, online and offline', { timeout: 180_000 }, async () => {
    // The way in: the account menu names the console for an organiser (a visitor's menu does not).
    await organiser.goto(`${server.url}/`);
    await organiser.getByRole('button', { name: /^Account menu for / }).click();
    await organiser.getByRole('menuitem', { name: 'Organiser console' }).click();
    await expect.poll(() => organiser.locator('h1').textContent()).toBe('Organiser console');
    expect(new URL(organiser.url()).pathname).toBe('/organiser');
    const nav = organiser.getByRole('navigation', { name: 'Organiser console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Live schedule', 'Ring side', 'Visitor’s Choice results', 'Coupon report', 'Pen cards', 'Floor plan']);

    const place = organiser.getByRole('region', { name: `${ring}, ${formatScheduleDay(day)}` });
    await place.getByLabel(`Delay all of ${ring} that day by (minutes)`).fill('30');
    await place.getByRole('button', { name: `Delay ${ring}` }).click();
    const label = `Delay ${ring} on ${formatScheduleDay(day)} by 30 min (${sessions.length} sessions)`;
    await expect.poll(() => organiser.getByRole('group', { name: 'Confirm the change' }).textContent()).toContain(`${label}?`);
    await organiser.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => changeState(label).textContent(), { timeout: 15_000 }).toBe('Sent');

    const plus30 = (t: string) => {
      const [h, m] = t.split(':').map(Number);
      const total = h! * 60 + m! + 30;
      return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
    };
    expect((await ringSessions()).map((s) => [s.start_time, s.end_time])).toEqual(sessions.map((s) => [plus30(s.start_time), plus30(s.end_time)]));

    await organiser.getByLabel(/^Notice \(one line/).fill(notice);
    await organiser.getByRole('button', { name: 'Post notice' }).click();
    await organiser.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => changeState(`Post the notice “${notice}”`).textContent(), { timeout: 15_000 }).toBe('Sent');
    // The console's own mirror catches up: the ring's sessions say where they were, the notice is listed.
    await expect
      .poll(() => place.locator('.session-moved').allTextContents(), { timeout: 15_000 })
      .toEqual(sessions.map((s) => `Moved from ${s.start_time.slice(0, 5)}`));
    await expect.poll(() => organiser.locator('.console-notice-text').allTextContents()).toEqual([notice]);
    await screenshot(organiser, 'organiser-console', 'desktop');
    // In the light and the dark theme.
    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(organiser))) {
      expect(violations, formatViolations(`/organiser (${scheme})`, violations)).toEqual([]);
    }
    // Usable on a phone: nothing wider than the screen, and the ring's controls in view when scrolled to.
    await organiser.setViewportSize(VIEWPORTS.phone);
    expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await place.scrollIntoViewIfNeeded();
    await organiser.screenshot({ path: join(SCREENSHOT_DIR, 'organiser-console-ring-phone.png') });
    await expectTodayFirst();
    await organiser.setViewportSize(VIEWPORTS.desktop);

    // The phone's next sync (here: the app starting again) brings the changes.
    await sleep(WATERMARK_WAIT_MS);
    await visitor.reload();
    await visitor.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
    const expectOnPhone = async () => {
      await expect.poll(() => visitor.getByRole('status').filter({ hasText: notice }).count(), { timeout: 15_000 }).toBe(1);
      await visitor.goto(`${server.url}/schedule?event=${eventId}&location=${encodeURIComponent(ring)}`);
      await expect.poll(() => visitor.locator('h1').textContent()).toBe('Schedule');
      await expect.poll(() => visitor.getByRole('status').filter({ hasText: notice }).textContent()).toBe(notice);
      const rows = visitor.locator('.session').filter({ hasText: /Moved from/ });
      await expect.poll(() => rows.locator('.session-moved').allTextContents()).toEqual(sessions.map((s) => `Moved from ${s.start_time.slice(0, 5)}`));
      await rows.first().scrollIntoViewIfNeeded();
      await visitor.screenshot({ path: join(SCREENSHOT_DIR, 'visitor-schedule-moved-phone.png') });
      expect(await rows.locator('.session-time-range').allTextContents()).toEqual(
        sessions.map((s) => `${plus30(s.start_time).slice(0, 5)}–${plus30(s.end_time).slice(0, 5)}`),
      );
      await visitor.goto(`${server.url}/events/${eventId}`);
      await expect.poll(() => visitor.locator('.event-session .session-moved').allTextContents()).toEqual(sessions.map((s) => `Moved from ${s.start_time.slice(0, 5)}`));
    };
    await expect.poll(() => visitor.locator('h1').first().textContent()).toBe('Welcome to PurrFect Show');
    await visitor.screenshot({ path: join(SCREENSHOT_DIR, 'visitor-home-notice-phone.png') });
    await expectOnPhone();

    // Offline: the mirror still has them.
    await visitorCtx.setOffline(true);
    await visitor.goto(`${server.url}/`);
    await expect.poll(() => visitor.locator('.sync-indicator').textContent()).toMatch(/^Offline/);
    await expectOnPhone();
    await visitorCtx.setOffline(false);
  });

  it("the organiser's change made offline waits, then is sent exactly once when back online", { timeout: 120_000 }, async () => {
    const target = sessions[0]!;
    const opsBefore = (await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations')).rows[0]!.n;
    await organiser.context().setOffline(true);
    // Sessions repeat their titles on each day: the row is the one in this ring on this day.
    const place = organiser.getByRole('region', { name: `${ring}, ${formatScheduleDay(day)}` });
    const row = place.locator('.console-session').filter({ has: organiser.getByText(target.title, { exact: true }) });
    await row.getByRole('button', { name: 'Cancel session' }).click();
    await organiser.getByRole('button', { name: 'Confirm', exact: true }).click();
    const label = `Cancel “${target.title}” (${plus30short(target.start_time)})`;
    await expect.poll(() => changeState(label).textContent()).toBe('Waiting to send');
    await sleep(2_000);
    expect((await ringSessions())[0]!.status).toBe('scheduled');

    await organiser.context().setOffline(false);
    await expect.poll(() => changeState(label).textContent(), { timeout: 30_000 }).toBe('Sent');
    expect((await ringSessions())[0]!.status).toBe('cancelled');
    expect((await server.db.query<{ n: number }>('select count(*)::int as n from public.organiser_operations')).rows[0]!.n).toBe(opsBefore + 1);
    // The console shows it cancelled, in words, once its mirror has the row.
    await expect.poll(() => row.locator('.session-cancelled').textContent(), { timeout: 15_000 }).toBe('Cancelled');
  });
});

function plus30short(t: string): string {
  const [h, m] = t.split(':').map(Number);
  const total = h! * 60 + m! + 30;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

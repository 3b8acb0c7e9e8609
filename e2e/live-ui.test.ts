// What the visitor sees when the mirror changes under an open screen: a session changed or
// cancelled by the show (the service role, as the organiser console's RPCs) is tagged "Just changed" /
// "Just cancelled" and lit up for a moment, said once to screen readers, then the tags go; a new notice
// shows at once. Here the phone learns of the change by the visitor pressing the sync indicator.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { formatTime } from '../shared/dates.ts';
import { JUST_CANCELLED_TEXT, JUST_CHANGED_TEXT } from '../shared/live-schedule.ts';
import { sessionAnchor } from '../shared/paths.ts';
import { client } from '../tests/helpers/server.ts';
import { openSyncedApp, screenshot, VIEWPORTS, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

/** sync_pull holds back rows younger than about a second (the late-commit guard). */
const GUARD_WAIT_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Session {
  id: number;
  title: string;
  schedule_date: string;
  start_time: string;
  end_time: string;
  location: string | null;
}

describe('a screen listing sessions, when the show changes them', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let eventId: number;
  let sessions: Session[];

  beforeAll(async () => {
    // The running (or next) event's last day, with at least four sessions that end well before midnight.
    const { rows } = await server.db.query<{ event_id: number; day: string }>(
      `select e.id::int as event_id, e.end_date::text as day
         from public.events e join public.event_schedule s on s.event_id = e.id and s.schedule_date = e.end_date
        where e.end_date >= current_date
        group by e.id, e.start_date, e.end_date
       having count(*) >= 4 and max(s.end_time) < '22:00'
        order by e.start_date, e.id limit 1`,
    );
    eventId = rows[0]!.event_id;
    sessions = (
      await server.db.query<Session>(
        `select id::int as id, title, schedule_date::text, start_time::text, end_time::text, location
           from public.event_schedule where event_id = $1 and schedule_date = $2 order by start_time, id`,
        [eventId, rows[0]!.day],
      )
    ).rows;
  });

  const service = () => client(server, 'service_role');
  const later = (s: Session, minutes: number) => {
    const at = (t: string) => {
      const [h, m] = t.split(':').map(Number);
      const total = h! * 60 + m! + minutes;
      return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
    };
    return { id: s.id, action: 'set', schedule_date: s.schedule_date, start_time: at(s.start_time), end_time: at(s.end_time), location: s.location };
  };
  const change = async (changes: object[]) => {
    const { error } = await service().rpc('organiser_change_sessions', { p_op: randomUUID(), p_changes: changes });
    expect(error).toBeNull();
  };
  /** The visitor presses the sync indicator once the change is past the late-commit guard. */
  const syncNow = async (page: Page) => {
    await sleep(GUARD_WAIT_MS);
    await page.locator('.sync-indicator').click();
  };
  const tags = (page: Page) => page.locator('.session-just').allInnerTexts();
  const announced = (page: Page) => page.locator('main .visually-hidden[aria-live="polite"]').innerText();
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const smallTargets = (page: Page) =>
    page
      .locator('main a, main button, main select, .site-header button')
      .evaluateAll((els) =>
        els.filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80)),
      );

  it('the event page: a moved and a cancelled session are tagged for a moment, said once; a new notice shows at once', { timeout: 120_000 }, async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    await page.goto(`${server.url}/events/${eventId}`);
    const row = (s: Session) => page.locator(`#${sessionAnchor(s.id)}`);
    await row(sessions[0]!).waitFor();
    // Nothing is marked at first: the rows were there when the screen rendered.
    expect(await tags(page)).toEqual([]);
    expect(await announced(page)).toBe('');

    const [moved, cancelled] = [sessions[0]!, sessions[1]!];
    const notice = `Ring ${Date.now() % 1000} runs 15 minutes late`;
    await change([later(moved, 15), { id: cancelled.id, action: 'cancel' }]);
    expect((await service().rpc('organiser_post_notice', { p_op: randomUUID(), p_event_id: eventId, p_message: notice, p_ends_at: null })).error).toBeNull();
    await syncNow(page);

    await expect.poll(() => tags(page), { timeout: 15_000 }).toEqual([JUST_CHANGED_TEXT, JUST_CANCELLED_TEXT]);
    expect(await row(moved).locator('.session-just').innerText()).toBe('Just changed');
    expect(await row(cancelled).locator('.session-just').innerText()).toBe('Just cancelled');
    expect(await page.locator('.is-just-changed').count()).toBe(2);
    expect(await row(moved).locator('.session-time-range').innerText()).toBe(`${formatTime(later(moved, 15).start_time)}–${formatTime(later(moved, 15).end_time)}`);
    expect(await announced(page)).toBe(
      `Just changed: ${moved.title}, ${formatTime(later(moved, 15).start_time)}. Just cancelled: ${cancelled.title}, ${formatTime(cancelled.start_time)}.`,
    );
    // The notice came with the same pull, without a reload.
    expect(await page.getByRole('status', { name: 'Notices from the organisers' }).innerText()).toBe(notice);
    // One polite region says it; the rows themselves are not live regions.
    expect(await page.locator('main [aria-live="polite"]').filter({ hasText: 'Just' }).count()).toBe(1);
    await row(moved).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'live-ui-event-just-changed', 'phone', { fullPage: false });
    expect(await noSidewaysScroll(page)).toBe(0);
    expect(await smallTargets(page)).toEqual([]);

    // A moment later the tags and the glow go; the changes themselves stay ("Moved from", "Cancelled").
    await expect.poll(() => tags(page), { timeout: 12_000, interval: 250 }).toEqual([]);
    expect(await page.locator('.is-just-changed').count()).toBe(0);
    expect(await announced(page)).toBe('');
    expect(await row(cancelled).locator('.session-cancelled').innerText()).toBe('Cancelled');
    expect(await row(moved).locator('.session-moved').innerText()).toBe(`Moved from ${formatTime(moved.start_time)}`);
    await page.close();
  });

  for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
    it(
      `/schedule at ${VIEWPORTS[viewport].width} px: a changed session is tagged, and lit without motion when the visitor asks for less`,
      { timeout: 120_000 },
      async () => {
        const page = await openSyncedApp(browser, server, viewport);
        await page.emulateMedia({ reducedMotion: viewport === 'phone' ? 'reduce' : 'no-preference' });
        await page.goto(`${server.url}/schedule?event=${eventId}`);
        const target = sessions[viewport === 'phone' ? 3 : 2]!;
        // The session in its day's list (a title can recur on other days, and in "Happening Now!").
        const item = page
          .locator('.schedule-day')
          .filter({ has: page.locator(`#schedule-day-${target.schedule_date}`) })
          .locator('.session')
          .filter({ hasText: target.title });
        await item.waitFor();
        expect(await tags(page)).toEqual([]);

        await change([later(target, 5)]);
        await syncNow(page);
        await expect.poll(() => item.locator('.session-just').allInnerTexts(), { timeout: 15_000 }).toEqual(['Just changed']);
        expect(await announced(page)).toBe(`Just changed: ${target.title}, ${formatTime(later(target, 5).start_time)}.`);
        const animation = await item.locator(':scope > a').evaluate((a) => getComputedStyle(a).animationName);
        expect(animation).toBe(viewport === 'phone' ? 'none' : 'just-changed');
        await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshot(page, 'live-ui-schedule-just-changed', viewport, { fullPage: false });
        expect(await noSidewaysScroll(page)).toBe(0);
        expect(await smallTargets(page)).toEqual([]);
        await expect.poll(() => tags(page), { timeout: 12_000, interval: 250 }).toEqual([]);
        await page.close();
      },
    );
  }
});

// "Add to calendar" and Share at phone size in real Chromium: the session's .ics
// download parsed by ical.js, the copy-link fallback with its spoken confirmation, the QR code as a
// labelled SVG, axe with the QR code open, and no sideways scroll.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { zonedTimeToInstant } from '../shared/dates.ts';
import type { ScheduleSession } from '../shared/schedule.ts';
import { CALENDAR_TEXTS, SHARE_TEXTS } from '../src/lib/share-texts.ts';
import { sessionUid } from '../shared/ics.ts';
import { screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

type SessionRow = ScheduleSession & { title: string; location: string | null; time_zone: string; event_name: string };

describe('add to calendar and share, at phone size', () => {
  let server: VenueServer;
  let page: Page;
  let session: SessionRow;
  let breed: string;
  useShow({ page: { viewport: 'phone', context: { acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] } } }, (show) => ({ server, page } = show));

  const rows = async <T>(sql: string) => (await server.db.query<T & Record<string, unknown>>(sql)).rows as T[];
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  beforeAll(async () => {
    session = (
      await rows<SessionRow>(
        `select s.id::int, s.event_id::int, s.schedule_date::text, s.start_time::text, s.end_time::text, s.title, s.location,
                e.time_zone, e.name as event_name
           from public.event_schedule s join public.events e on e.id = s.event_id
          where e.name like 'PurrFect Show%' order by s.schedule_date, s.start_time, s.id limit 1`,
      )
    )[0]!;
    breed = (await rows<{ abbr: string }>(`select universal_breed_abbreviation as abbr from public.breeds order by breed_name limit 1`))[0]!.abbr;
  });

  it('"Add to calendar" on an event page session downloads an .ics that holds that session', async () => {
    await page.goto(`${server.url}/events/${session.event_id}`);
    const row = page.locator(`#session-${session.id}`);
    await row.waitFor();
    const button = row.getByRole('button', { name: CALENDAR_TEXTS.addSessionLabel(session.title) });
    expect(await button.textContent()).toBe(CALENDAR_TEXTS.addSession);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
    const text = await readFile((await download.path())!, 'utf8');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const ev = new ICAL.Event(events[0]);
    expect(ev.uid).toBe(sessionUid(session.id));
    expect(ev.summary).toBe(session.title);
    expect(ev.location).toBe(session.location);
    expect(ev.startDate.toJSDate().toISOString()).toBe(zonedTimeToInstant(session.schedule_date, session.start_time, session.time_zone).toISOString());
    expect(ev.endDate.toJSDate().toISOString()).toBe(zonedTimeToInstant(session.schedule_date, session.end_time, session.time_zone).toISOString());
    expect(events[0]!.getFirstPropertyValue('url')).toBe(`${server.url}/events/${session.event_id}#session-${session.id}`);
    expect((events[0]!.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-600);

    // The whole event's programme: every session of the event, each once.
    const [all] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: CALENDAR_TEXTS.addEvent }).click()]);
    const allEvents = new ICAL.Component(ICAL.parse(await readFile((await all.path())!, 'utf8'))).getAllSubcomponents('vevent');
    const count = (await rows<{ n: number }>(`select count(*)::int as n from public.event_schedule where event_id = ${Number(session.event_id)}`))[0]!.n;
    expect(allEvents).toHaveLength(count);
    expect(allEvents.map((e) => e.getFirstPropertyValue('uid'))).toContain(sessionUid(session.id));
    await expect.poll(() => page.getByRole('status').filter({ hasText: CALENDAR_TEXTS.saved }).count()).toBe(1);
    expect(await noSidewaysScroll()).toBe(true);
    await screenshot(page, 'event-calendar-share', 'phone');
    const { light, dark } = await runAxeInBothSchemes(page); // both themes
    const violations = [...light, ...dark];
    expect(violations, formatViolations('event page with its calendar and share buttons', violations)).toEqual([]);
  });

  it('/schedule rows have their own "Add to calendar" button', async () => {
    await page.goto(`${server.url}/schedule?event=all`);
    await page.locator('.session').first().waitFor();
    expect(
      await page
        .locator('.session .session-actions')
        .getByRole('button', { name: /^Add to calendar: / })
        .count(),
    ).toBeGreaterThan(0);
    expect(await noSidewaysScroll()).toBe(true);
  });

  it('Share on a breed page falls back to copying the link, says "Link copied", and shows a labelled QR code', async () => {
    const url = `${server.url}/breeds/${encodeURIComponent(breed)}`;
    await page.goto(url);
    await page.locator('h1').waitFor();
    // Headless Chromium on Linux has no share sheet, so the button offers the clipboard.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: SHARE_TEXTS.copyLink }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: SHARE_TEXTS.copied }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const toggle = page.getByRole('button', { name: SHARE_TEXTS.showQr });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const qr = page.getByRole('img', { name: SHARE_TEXTS.qrLabel(url) });
    await qr.waitFor();
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await page.getByRole('button', { name: SHARE_TEXTS.hideQr }).getAttribute('aria-expanded')).toBe('true');
    expect(await noSidewaysScroll()).toBe(true);
    await screenshot(page, 'breed-share-qr', 'phone');
    const { light, dark } = await runAxeInBothSchemes(page); // both themes
    const violations = [...light, ...dark];
    expect(violations, formatViolations('breed page with the QR code open', violations)).toEqual([]);

    // Keyboard: the toggle closes it again from the keyboard.
    await page.getByRole('button', { name: SHARE_TEXTS.hideQr }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => qr.count()).toBe(0);
  });
});

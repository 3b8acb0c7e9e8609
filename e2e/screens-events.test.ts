// Kittens, litters, events and the schedule in a real browser, at phone and desktop size, read from
// the mirror: loaded and not-found states, the schedule under a fixed clock in the venue's zone, offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { addDaysToDate, formatDateEnGb, formatScheduleDay, zonedDateTime, zonedTimeToInstant } from '../shared/dates.ts';
import type { ScheduleSession } from '../shared/schedule.ts';
import { openSyncedApp, screenshot, VIEWPORTS, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';
import { CALENDAR_TEXTS, SHARE_TEXTS } from '../src/lib/share-texts.ts';
import { starAddText } from '../src/ui/my-show-texts.ts';

const MINUTE_MS = 60_000;
/** Day headings as Node and Chromium may punctuate them ("Saturday, 21 November 2026" or without the comma). */
const day = (date: string) => formatScheduleDay(date).replace(',', '');
const days = (texts: string[]) => texts.map((t) => t.replace(',', ''));

interface EventRow {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  city: string;
  country: string;
  venue_name: string;
  street_address: string;
  postal_code: string;
  expected_attendance: number;
  time_zone: string;
}
type SessionRow = ScheduleSession & { title: string; description: string; location: string };
interface LitterRow {
  id: number;
  date_of_birth: string;
  cattery: string;
  sire: string;
  dam: string;
  num_male_kittens: number;
  num_female_kittens: number;
  available_male_kittens: number;
  available_female_kittens: number;
  images: number;
}

describe('kittens, litters, events and schedule screens', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let events: EventRow[];
  let live: EventRow;
  let liveSessions: SessionRow[];

  const rows = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params)).rows as T[];
  const litterRow = async (where: string) =>
    (
      await rows<LitterRow>(
        `select l.id::int, l.date_of_birth::text, c.name as cattery, l.sire, l.dam, l.num_male_kittens, l.num_female_kittens,
                l.available_male_kittens, l.available_female_kittens,
                (select count(*)::int from public.litter_images i where i.litter_id = l.id) as images
           from public.litters l join public.catteries c on c.id = l.cattery_id
          where ${where} order by l.date_of_birth desc, l.id desc limit 1`,
      )
    )[0]!;

  beforeAll(async () => {
    events = await rows<EventRow>(
      `select id::int, name, start_date::text, end_date::text, city, country, venue_name, street_address, postal_code,
              expected_attendance, time_zone
         from public.events order by start_date, name`,
    );
    live = events.find((e) => e.name.startsWith('PurrFect Show'))!;
    liveSessions = await rows<SessionRow>(
      `select id::int, event_id::int, schedule_date::text, start_time::text, end_time::text, title, description, location
         from public.event_schedule where event_id = $1 order by schedule_date, start_time, id`,
      [live.id],
    );
  });

  describe.each(Object.keys(VIEWPORTS) as ViewportName[])('on a %s', (viewport) => {
    let page: Page;
    const go = (path: string) => page.goto(`${server.url}${path}`);
    beforeAll(async () => {
      page = await openSyncedApp(browser, server, viewport);
    });
    afterAll(async () => {
      await page?.close();
    });

    it('/kittens: the quiz hero and the open litters, newest first, 20 at a time, with cattery and sire/dam', async () => {
      await go('/kittens');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Find Your Purr-fect Match!');
      expect(await page.getByRole('link', { name: 'Take the Breed Finder Quiz' }).getAttribute('href')).toBe('/breed-finder-quiz');
      await expect.poll(() => page.getByRole('heading', { name: 'Available Litters' }).count()).toBe(1);
      const open = 'l.available_male_kittens + l.available_female_kittens > 0';
      const { total, litters, kittens } = (
        await rows<{ total: number; litters: number; kittens: number }>(
          `select (select count(*)::int from public.litters) as total, count(*)::int as litters,
                  sum(available_male_kittens + available_female_kittens)::int as kittens
             from public.litters l where ${open}`,
        )
      )[0]!;
      // Sold-out litters are hidden until asked for; the list shows 20 at a time.
      await expect.poll(() => page.locator('.litter-card').count()).toBe(Math.min(litters, 20));

      const newest = await litterRow(open);
      const first = page.locator('.litter-card').first();
      expect(await first.locator('.litter-born').textContent()).toBe(`Born ${formatDateEnGb(newest.date_of_birth)}`);
      const cattery = first.getByRole('link', { name: newest.cattery });
      expect(await cattery.getAttribute('href')).toMatch(/^\/catteries\/[a-z0-9-]+\?returnUrl=\/kittens$/);
      expect(await first.locator('.litter-parents').textContent()).toBe(`Sire${newest.sire}Dam${newest.dam}`);
      expect(await page.locator('.list-count').textContent()).toBe(`${litters} of ${total} litters · ${kittens} kittens available`);
      expect(await page.locator('.litter-card .litter-badge-sold-out').count()).toBe(0);
      await screenshot(page, 'kittens', viewport);
    });

    it('/litters/{id}: cattery link, birth date, counts with availability, parents and gallery', async () => {
      const litter = await litterRow('l.available_male_kittens > 0 and l.num_female_kittens > 0');
      // The list shows 20 at a time, so the litter is opened by its address (a shared link).
      await go(`/litters/${litter.id}`);
      await expect.poll(() => page.locator('h1').textContent()).toMatch(/ litter$/);
      const facts = page.locator('.litter-facts');
      expect(await facts.getByRole('link', { name: litter.cattery }).getAttribute('href')).toMatch(
        new RegExp(`^/catteries/[a-z0-9-]+\\?returnUrl=/litters/${litter.id}$`),
      );
      expect(await facts.locator('time').textContent()).toBe(formatDateEnGb(litter.date_of_birth));
      const counts = await page.locator('.kitten-count').allTextContents();
      expect(counts[0]).toBe(`Male kittens${litter.num_male_kittens}${litter.available_male_kittens} available`);
      expect(counts[1]).toBe(
        `Female kittens${litter.num_female_kittens}${litter.available_female_kittens === 0 ? 'Sold out' : `${litter.available_female_kittens} available`}`,
      );
      expect(await page.locator('.litter-parent figcaption').allTextContents()).toEqual([`Sire${litter.sire}`, `Dam${litter.dam}`]);
      expect(await page.locator('.litter-parent img').count()).toBe(2);
      const gallery = page.getByRole('region', { name: 'Litter picture' });
      expect(await gallery.locator('[aria-live]').textContent()).toBe(`1 / ${litter.images}`);
      await screenshot(page, 'litter', viewport);

      const soldOut = await litterRow('l.available_male_kittens = 0 and l.available_female_kittens = 0');
      await go(`/litters/${soldOut.id}`);
      await expect.poll(() => page.locator('.litter-sold-out-banner').textContent()).toBe('Sold out: every kitten in this litter has found a home.');
      await screenshot(page, 'litter-sold-out', viewport);
    });

    it('/litters/{id}: "Litter not found" for an id that is not there', async () => {
      for (const id of ['999999', 'abc']) {
        await go(`/litters/${id}`);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Litter not found');
      }
    });

    it('/events: events not yet ended at their venue, soonest first, with More Details links', async () => {
      await go('/events');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Upcoming Events');
      const now = new Date();
      const expected = events.filter((e) => e.end_date >= zonedDateTime(now, e.time_zone).date);
      expect(expected.length).toBeLessThan(events.length);
      await expect.poll(() => page.locator('.event-card h2').allTextContents()).toEqual(expected.map((e) => e.name));
      const card = page.locator('.event-card').filter({ hasText: live.name });
      expect(await card.locator('.event-place').textContent()).toBe(`${live.city}, ${live.country}`);
      expect(await card.locator('.event-attendance').textContent()).toMatch(/^Expected attendance: 9[,.\s ]?500$/);
      expect(await card.locator('.event-dates').textContent()).toContain(' – ');
      expect(await card.locator('.event-description').textContent()).toMatch(/championship judging/);
      expect(await card.locator('img').count()).toBe(1);
      const more = card.getByRole('link', { name: 'More Details' });
      expect(await more.textContent()).toBe('More Details');
      expect(await more.getAttribute('href')).toBe(`/events/${live.id}`);
      await screenshot(page, 'events', viewport);
    });

    it('/events/{id}: picture, dates, location block, map, and the schedule grouped by day', async () => {
      await go('/events');
      await page.locator('.event-card').filter({ hasText: live.name }).getByRole('link', { name: 'More Details' }).click();
      await page.waitForURL(`**/events/${live.id}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(live.name);
      expect(await page.locator('.event-detail img.hero-image').count()).toBe(1);
      expect(await page.locator('.event-facts').textContent()).toMatch(/Dates.+ – .+Expected attendance9[,.\s ]?500 visitors/);

      const location = page.getByRole('region', { name: 'Location' });
      expect(await location.locator('address span').allTextContents()).toEqual([live.venue_name, live.street_address, `${live.postal_code} ${live.city}`, live.country]);
      // No maps key: no map, the address above and Open in Maps links (the phone's app, or the web).
      const directions = location.getByRole('region', { name: `Directions to ${live.venue_name}` });
      expect(await directions.getByRole('link', { name: 'Open in Maps' }).getAttribute('href')).toMatch(/^geo:-?\d+(\.\d+)?,-?\d+(\.\d+)?\?q=/);
      expect(await directions.getByRole('link', { name: 'Open in OpenStreetMap' }).getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
      expect(await location.locator('.leaflet-container').count()).toBe(0);
      expect(await location.getByRole('button', { name: /zoom/i }).count()).toBe(0);

      const schedule = page.getByRole('region', { name: 'Schedule', exact: true });
      const dates = [...new Set(liveSessions.map((s) => s.schedule_date))];
      expect(dates).toHaveLength(3);
      expect(days(await schedule.locator('h3').allTextContents())).toEqual(dates.map(day));
      expect(await schedule.locator('.event-session').count()).toBe(liveSessions.length);
      const firstDay = schedule.locator('.event-day').first();
      expect(await firstDay.locator('.event-session').count()).toBe(liveSessions.filter((s) => s.schedule_date === dates[0]).length);
      const first = liveSessions[0]!;
      expect(await firstDay.locator('.event-session').first().textContent()).toBe(
        // Then the row's own buttons: its star (icon and label), Add to calendar, and "Copy link"
        // (headless Chromium has no share sheet).
        `${first.start_time.slice(0, 5)}–${first.end_time.slice(0, 5)}${first.title}${first.description}${first.location}☆${starAddText(first.title)}${CALENDAR_TEXTS.addSession}${SHARE_TEXTS.copyLink}`,
      );
      await screenshot(page, 'event', viewport);
    });

    it('/events/{id}: "Event not found" for an id that is not there', async () => {
      for (const id of ['999999', 'x1']) {
        await go(`/events/${id}`);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Event not found');
      }
    });

    it('/schedule: the three sections and the clock', async () => {
      await go('/schedule');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Schedule');
      for (const name of ['Happening Now!', 'Up Next', 'Day by day']) {
        // The sections render once the live query over the mirror answers, just after the heading.
        await expect.poll(() => page.getByRole('heading', { name, exact: true }).count(), { message: name }).toBe(1);
      }
      await expect.poll(() => page.locator('.schedule-clock time').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await screenshot(page, 'schedule', viewport);
    });

    it('still lists litters and events offline after the visit', async () => {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await page.context().setOffline(true);
      try {
        await go('/kittens');
        await page.reload();
        await expect.poll(() => page.locator('.litter-card').count()).toBeGreaterThan(0);
        await go('/events');
        await page.reload();
        await expect.poll(() => page.locator('.event-card').count()).toBeGreaterThan(0);
      } finally {
        await page.context().setOffline(false);
      }
    });

    // Last: a fixed clock stays on the page for good.
    it('/schedule under a fixed clock: a live session is Happening Now!, and the empty texts show when nothing is on', async () => {
      const best = liveSessions.find((s) => s.title === 'Best in Show')!;
      const during = new Date(zonedTimeToInstant(best.schedule_date, best.start_time, live.time_zone).getTime() + 10 * MINUTE_MS);
      await page.clock.setFixedTime(during);
      await go('/schedule');
      const nowSection = page.getByRole('region', { name: 'Happening Now!' });
      await expect.poll(() => nowSection.locator('.session-title').allTextContents()).toContain('Best in Show');
      expect(await nowSection.getByRole('link').filter({ hasText: 'Best in Show' }).getAttribute('href')).toBe(`/events/${live.id}#session-${best.id}`);
      const next = await page.getByRole('region', { name: 'Up Next' }).locator('.session-time').allTextContents();
      expect(next.length).toBeGreaterThan(0);
      expect(next.every((t) => t.startsWith('17:00'))).toBe(true);
      const upcoming = page.getByRole('region', { name: 'Day by day' });
      expect(days([(await upcoming.locator('h3').first().textContent())!])).toEqual([day(best.schedule_date)]);
      // The clock shows the venue's time, and the zone is named unless the browser is in it; sessions
      // of later events in other zones name theirs.
      expect(await page.locator('.schedule-clock time').textContent()).toBe('16:10:00');
      const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const note = page.locator('.schedule-zone-note');
      expect(await note.allTextContents()).toEqual(browserZone === live.time_zone ? [] : [`Times are in ${live.time_zone} time (your device is set to ${browserZone}).`]);
      expect(await nowSection.locator('.session-zone').count()).toBe(0);
      await screenshot(page, 'schedule-happening-now', viewport);
      // All events, one tap away: sessions of later events in other zones name theirs.
      await page.getByRole('group', { name: 'Event' }).getByRole('button', { name: 'All events' }).click();
      const london = events.find((e) => e.time_zone === 'Europe/London')!;
      await expect.poll(() => upcoming.locator('.session').filter({ hasText: london.name }).first().locator('.session-zone').textContent()).toBe('Europe/London time');

      // The day after the live event: nothing on or next, later events still listed by day.
      await page.clock.setFixedTime(zonedTimeToInstant(addDaysToDate(live.end_date, 1), '12:00', live.time_zone));
      await go('/schedule');
      await expect.poll(() => page.getByRole('region', { name: 'Happening Now!' }).textContent()).toBe('Happening Now!No events at this moment');
      expect(await page.getByRole('region', { name: 'Up Next' }).textContent()).toBe('Up NextNo upcoming events in the next 2 hours');
      expect(await upcoming.locator('.schedule-day').count()).toBeGreaterThan(0);

      // After the last event: all three empty texts.
      const last = events.at(-1)!;
      await page.clock.setFixedTime(zonedTimeToInstant(addDaysToDate(last.end_date, 2), '12:00', last.time_zone));
      await go('/schedule');
      await expect.poll(() => upcoming.textContent()).toBe('Day by dayNo upcoming events found');
      expect(await page.getByRole('region', { name: 'Happening Now!' }).textContent()).toBe('Happening Now!No events at this moment');
      expect(await page.getByRole('region', { name: 'Up Next' }).textContent()).toBe('Up NextNo upcoming events in the next 2 hours');
      await screenshot(page, 'schedule-empty', viewport);
      // And /events, at that moment, has nothing left to show.
      await go('/events');
      await expect.poll(() => page.locator('.state-empty').textContent()).toBe('No events found');
    });
  });

  it('/schedule on a phone: the running event first, ended sessions say Ended, a now line, a location filter, links to the programme', async () => {
    const page = await openSyncedApp(browser, server, 'phone');
    try {
      const best = liveSessions.find((s) => s.title === 'Best in Show')!;
      const at = (time: string) => zonedTimeToInstant(best.schedule_date, time, live.time_zone).getTime();
      const during = new Date(at(best.start_time) + 10 * MINUTE_MS);
      await page.clock.setFixedTime(during);
      await page.goto(`${server.url}/schedule`);

      // The running event is chosen; the others are one tap away.
      const chooser = page.getByRole('group', { name: 'Event' });
      await expect.poll(() => chooser.getByRole('button', { pressed: true }).textContent()).toContain(live.name);
      expect(await chooser.getByRole('button', { pressed: false }).count()).toBeGreaterThan(0);
      expect(await page.locator('.schedule-showing').textContent()).toBe(`Showing ${live.name}`);
      const hrefs = (where: Locator) => where.locator('.session > a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      const all = await hrefs(page.locator('main'));
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((h) => h.startsWith(`/events/${live.id}#session-`))).toBe(true);

      // Today: the sessions over by 16:10 are listed as "Ended", in words; those on now and next are not repeated.
      const today = page.locator('.schedule-day').filter({ has: page.locator(`time[datetime="${best.schedule_date}"]`) });
      const ended = liveSessions.filter((s) => s.schedule_date === best.schedule_date && at(s.end_time) < during.getTime());
      expect(ended.length).toBeGreaterThan(0);
      expect(await today.locator('.session.is-ended').count()).toBe(ended.length);
      expect(await today.locator('.session.is-ended .session-ended').allTextContents()).toEqual(ended.map(() => 'Ended'));
      const onTop = [...(await hrefs(page.getByRole('region', { name: 'Happening Now!' }))), ...(await hrefs(page.getByRole('region', { name: 'Up Next' })))];
      expect(onTop).toContain(`/events/${live.id}#session-${best.id}`);
      const dayList = await hrefs(page.getByRole('region', { name: 'Day by day' }));
      expect(dayList.filter((h) => onTop.includes(h))).toEqual([]);

      // The now line, and Jump to now brings it into view with focus.
      const line = page.locator('#schedule-now-line');
      expect(await line.locator('.schedule-now-line-label').textContent()).toBe('Now, 16:10');
      await page.getByRole('button', { name: 'Jump to now' }).click();
      await expect.poll(() => line.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect
        .poll(async () => {
          const box = (await line.boundingBox())!;
          return box.y > 0 && box.y + box.height < 844;
        })
        .toBe(true);
      await screenshot(page, 'schedule-now-line', 'phone');

      // One location only.
      await page.getByLabel('Location').selectOption('Main Ring');
      await expect.poll(() => page.locator('.schedule-showing').textContent()).toBe(`Showing ${live.name}, Main Ring only`);
      const locations = await page.locator('main .session-location').allTextContents();
      // Best in Show is on the show's first day: every Main Ring session is listed, in Now, Up Next or by day.
      expect(locations.length).toBe(liveSessions.filter((s) => s.location === 'Main Ring').length);
      expect(new Set(locations)).toEqual(new Set(['Main Ring']));
      expect(new URL(page.url()).searchParams.get('location')).toBe('Main Ring');

      // A session links to its place in the event's programme, not the top of the page.
      const later = page.getByRole('region', { name: 'Day by day' }).locator('.session:not(.is-ended) > a').last();
      const href = (await later.getAttribute('href'))!;
      const anchor = href.split('#')[1]!;
      await later.click();
      await page.waitForURL(`**${href}`);
      const target = page.locator(`#${anchor}`);
      await expect.poll(() => target.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
      expect(await target.getAttribute('class')).toContain('is-linked');
      const box = (await target.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThan(844);
      await screenshot(page, 'event-session-anchor', 'phone');
    } finally {
      await page.close();
    }
  });

  it('classifies in the venue zone when the phone is set to a zone on another date', async () => {
    // Kiritimati is UTC+14: at 16:10 in Amsterdam the phone already shows the next day.
    const phoneZone = 'Pacific/Kiritimati';
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, timezoneId: phoneZone });
    try {
      await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });
      const best = liveSessions.find((s) => s.title === 'Best in Show')!;
      const during = new Date(zonedTimeToInstant(best.schedule_date, best.start_time, live.time_zone).getTime() + 10 * MINUTE_MS);
      expect(zonedDateTime(during, phoneZone).date).not.toBe(best.schedule_date);
      await page.clock.setFixedTime(during);
      await page.goto(`${server.url}/schedule`);
      const nowSection = page.getByRole('region', { name: 'Happening Now!' });
      await expect.poll(() => nowSection.locator('.session-title').allTextContents()).toContain('Best in Show');
      // One event shown (the running one): its zone, and no other zones to mark.
      expect(await page.locator('.schedule-zone-note').textContent()).toBe(`Times are in ${live.time_zone} time (your device is set to ${phoneZone}).`);
      expect(await page.locator('.schedule-clock').textContent()).toBe(`16:10:00 at the venue (${live.time_zone})`);

      await page.goto(`${server.url}/events/${live.id}`);
      await expect.poll(() => page.locator('.event-zone-note').textContent()).toBe(`Times are in ${live.time_zone} time (your device is set to ${phoneZone}).`);
      await screenshot(page, 'schedule-other-zone', 'phone');
    } finally {
      await page.close();
    }
  });
});

// My show at phone size: stars on a session, a litter and a cattery stay on the
// phone (their own IndexedDB database), /my-show lists them offline, and a starred litter the show
// deletes stays listed as "No longer in the show"; "Add all my sessions" saves them as an .ics file,
// offline. axe: zero violations, empty and filled, in both themes.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { catterySlug } from '../shared/paths.ts';
import { zonedDateTime } from '../shared/dates.ts';
import { sessionUid } from '../shared/ics.ts';
import { CALENDAR_TEXTS } from '../src/lib/share-texts.ts';
import { REMINDERS_ON_KEY } from '../src/features/my-show/reminder-setting.ts';
import { MY_SHOW_TEXTS, REMINDER_TEXTS, SUBSCRIPTION_TEXTS, starAddText, starRemoveText } from '../src/ui/my-show-texts.ts';
import { VIEWPORTS, screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';
import { recordNotifications, shownNotifications } from './notifications.ts';
import type { Profile } from './pwa-helpers.ts';

interface Picked {
  session_id: string;
  session_title: string;
  event_id: string;
  litter_id: string;
  cattery: string;
}

const synced = (page: Page) =>
  page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });

async function expectNoAxeViolations(page: Page, screen: string) {
  const { light, dark } = await runAxeInBothSchemes(page); // both themes
  const violations = [...light, ...dark];
  expect(violations, formatViolations(screen, violations)).toEqual([]);
}

describe('My show at phone size', () => {
  let server: VenueServer;
  let profile: Profile;
  let page: Page;
  let picked: Picked;
  useShow({ browser: 'profile', page: { viewport: 'phone', waitFor: ['controller', 'synced'] } }, (show) => ({ server, profile, page } = show));

  beforeAll(async () => {
    const { rows } = await server.db.query<Picked>(
      `select s.id::text as session_id, s.title as session_title, s.event_id::text as event_id,
              (select l.id::text from public.litters l order by l.id limit 1) as litter_id,
              (select c.name from public.catteries c order by c.id desc limit 1) as cattery
         from public.event_schedule s order by s.id limit 1`,
    );
    picked = rows[0]!;
  });

  it('explains the star when nothing is starred, with zero axe violations', async () => {
    await page.goto(`${server.url}/my-show`);
    await expect.poll(() => page.getByRole('heading', { name: MY_SHOW_TEXTS.emptyTitle }).count()).toBe(1);
    expect(await page.locator('.my-show-empty p').textContent()).toBe(MY_SHOW_TEXTS.empty);
    // The navigation leads here.
    expect(await page.locator('nav[aria-label="Main"] a[href="/my-show"]').count()).toBe(1);
    await screenshot(page, 'my-show-empty', 'phone');
    await expectNoAxeViolations(page, '/my-show (empty)');
  });

  it('stars a session, a litter and a cattery with toggle buttons', async () => {
    await page.goto(`${server.url}/events/${picked.event_id}`);
    const sessionStar = page.locator(`#session-${picked.session_id}`).getByRole('button', { name: starAddText(picked.session_title) });
    await sessionStar.click();
    const sessionStarred = page.locator(`#session-${picked.session_id}`).getByRole('button', { name: starRemoveText(picked.session_title) });
    await expect.poll(() => sessionStarred.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.url}/litters/${picked.litter_id}`);
    const litterStar = page.getByRole('button', { name: /^Add .+ to My show$/ });
    await expect.poll(() => litterStar.getAttribute('aria-pressed')).toBe('false');
    // Keyboard: focus and Space press it.
    await litterStar.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('button', { name: /^Remove .+ from My show$/ }).getAttribute('aria-pressed')).toBe('true');
    const litterTitle = (await page.title()).split(' | ')[0]!;

    await page.goto(`${server.url}/catteries/${catterySlug(picked.cattery)}`);
    await page.getByRole('button', { name: starAddText(picked.cattery) }).click();
    await expect.poll(() => page.getByRole('button', { name: starRemoveText(picked.cattery) }).getAttribute('aria-pressed')).toBe('true');
    // A star's tap target is at least 44 px high.
    const box = await page.getByRole('button', { name: starRemoveText(picked.cattery) }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(litterTitle).toMatch(/litter/);
  });

  it('lists them after an offline reload, each linking to its page, with zero axe violations', async () => {
    await page.goto(`${server.url}/my-show`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await profile.ctx.setOffline(true);
    await page.reload();
    await expect.poll(() => page.locator('.sync-indicator').textContent()).toMatch(/^Offline/);
    const sessions = page.getByRole('region', { name: MY_SHOW_TEXTS.sessions });
    await expect.poll(() => sessions.getByRole('link').first().textContent(), { timeout: 15_000 }).toContain(picked.session_title);
    expect(await sessions.getByRole('link').first().getAttribute('href')).toBe(`/events/${picked.event_id}#session-${picked.session_id}`);
    const litters = page.getByRole('region', { name: MY_SHOW_TEXTS.litters });
    expect(await litters.getByRole('link').first().getAttribute('href')).toBe(`/litters/${picked.litter_id}`);
    expect(await litters.locator('.my-show-availability').textContent()).toMatch(/available|Sold out/);
    const catteries = page.getByRole('region', { name: MY_SHOW_TEXTS.catteries });
    expect(await catteries.getByRole('link').first().textContent()).toContain(picked.cattery);
    // "Add all my sessions", offline: an iCalendar file of the starred session, read by a real parser.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: CALENDAR_TEXTS.addMySessions }).click()]);
    const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.summary])).toEqual([[sessionUid(picked.session_id), picked.session_title]]);
    await expect.poll(() => page.locator('.my-show-calendar [role="status"]').textContent()).toBe(CALENDAR_TEXTS.saved);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'my-show-filled', 'phone');
    await expectNoAxeViolations(page, '/my-show (filled)');
    await profile.ctx.setOffline(false);
  });

  it('offers a calendar subscription naming the starred session: the webcal link, its https address parsed, the copy button', async () => {
    await page.goto(`${server.url}/my-show`);
    const section = page.getByRole('region', { name: SUBSCRIPTION_TEXTS.heading });
    const link = section.getByRole('link', { name: SUBSCRIPTION_TEXTS.subscribe });
    const feed = `${server.url}/functions/v1/calendar?sessions=${picked.session_id}`;
    await expect.poll(() => link.getAttribute('href')).toBe(feed.replace(/^http:/, 'webcal:'));
    expect(await section.locator('p').allTextContents()).toEqual([SUBSCRIPTION_TEXTS.explain, '', SUBSCRIPTION_TEXTS.starredChanges]);
    // What the phone's calendar gets at that address (no key), read by a real parser.
    const res = await fetch(feed, { signal: AbortSignal.timeout(10_000) });
    const events = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect([res.status, events.map((e) => [e.uid, e.summary])]).toEqual([200, [[sessionUid(picked.session_id), picked.session_title]]]);

    await profile.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await section.getByRole('button', { name: SUBSCRIPTION_TEXTS.copy }).click();
    await expect.poll(() => section.getByRole('status').textContent()).toBe(SUBSCRIPTION_TEXTS.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feed);
    // Subscribed on this phone to another list of sessions: the page says to subscribe again.
    expect(await section.getByText(SUBSCRIPTION_TEXTS.changedSince).count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('my-show-calendar-feed', `${location.origin}/functions/v1/calendar?sessions=1,2`));
    await page.reload();
    await expect.poll(() => section.getByText(SUBSCRIPTION_TEXTS.changedSince).count()).toBe(1);
    await screenshot(page, 'my-show-subscription', 'phone');
    await expectNoAxeViolations(page, '/my-show (subscribed to another list)');
  });

  // One retry: in two full CI runs (of many) the system notification never appeared, though the banner did
  // and the page logged nothing; what the page saw is printed then (below), and the retry starts from scratch.
  it('reminds of a starred session 10 minutes before it starts, and notifies only once turned on by a press', { retry: 1 }, async () => {
    const logged: string[] = [];
    page.on('console', (m) => void (m.type() !== 'log' && logged.push(`${m.type()}: ${m.text()}`)));
    // From scratch (a retry too): the browser's default permission and the setting off.
    await profile.ctx.clearPermissions();
    await page.goto(`${server.url}/my-show`);
    await page.evaluate((key) => localStorage.removeItem(key), REMINDERS_ON_KEY);
    await page.reload();
    await synced(page);
    // Never asked unprompted: the permission is still the browser's default.
    expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
    await profile.ctx.grantPermissions(['notifications'], { origin: server.url });
    await recordNotifications(profile.ctx);
    await page.getByRole('button', { name: REMINDER_TEXTS.turnOn }).click();
    await expect.poll(() => page.locator('.my-show-reminders p').textContent()).toBe(REMINDER_TEXTS.on);

    // A session at the venue starting in 5 minutes.
    const {
      rows: [ev],
    } = await server.db.query<{ time_zone: string }>('select time_zone from public.events where id = $1', [picked.event_id]);
    const start = zonedDateTime(Date.now() + 5 * 60_000, ev!.time_zone);
    const end = zonedDateTime(Date.now() + 35 * 60_000, ev!.time_zone);
    const title = `Reminder check ${Date.now()}`;
    const {
      rows: [added],
    } = await server.db.query<{ id: string }>(
      `insert into public.event_schedule (event_id, schedule_date, start_time, end_time, title, location)
       values ($1, $2, $3, $4, $5, 'Ring 9') returning id::text`,
      [picked.event_id, start.date, start.time.slice(0, 5), end.date === start.date ? end.time.slice(0, 5) : '23:59', title],
    );
    await page.goto(`${server.url}/events/${picked.event_id}`);
    const star = page.locator(`#session-${added!.id}`).getByRole('button', { name: starAddText(title) });
    await star.waitFor({ timeout: 30_000 });
    await star.click();
    await expect
      .poll(() =>
        page
          .locator(`#session-${added!.id}`)
          .getByRole('button', { name: starRemoveText(title) })
          .count(),
      )
      .toBe(1);
    // Reminders run on every page (their own chunk, after the first screen): here at once, on the event page.
    const reminder = page.getByRole('region', { name: `${REMINDER_TEXTS.label}: ${title}` });
    await expect
      .poll(() => reminder.locator('p').textContent(), { timeout: 20_000 })
      .toBe(`${REMINDER_TEXTS.label}: ${REMINDER_TEXTS.banner(title, start.time.slice(0, 5), 'Ring 9')}`);
    expect(await page.locator('.session-reminders').getAttribute('aria-live')).toBe('polite');
    // Through the service worker: on a loaded machine it answers in seconds, not one. Exactly one for this
    // session.
    try {
      await expect
        .poll(async () => (await shownNotifications(page)).map(([shown]) => shown).filter((shown) => shown === REMINDER_TEXTS.notificationTitle(title)), {
          timeout: 15_000,
        })
        .toEqual([REMINDER_TEXTS.notificationTitle(title)]);
    } catch (e) {
      const seen = await page.evaluate(async (key) => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          permission: Notification.permission,
          setting: localStorage.getItem(key),
          controller: navigator.serviceWorker.controller?.state ?? null,
          active: registration?.active?.state ?? null,
          waiting: registration?.waiting?.state ?? null,
          installing: registration?.installing?.state ?? null,
          listed: registration ? (await registration.getNotifications()).map((n) => n.title) : null,
          // session-reminders.tsx's steps: notify → worker-ready → shown, or not-notified-<standing>.
          marks: performance.getEntriesByType('mark').flatMap((m) => (m.name.startsWith('reminders:') ? [m.name] : [])),
        };
      }, REMINDERS_ON_KEY);
      const message = `No notification of "${title}"; the page logged: ${JSON.stringify(logged)}; it saw ${JSON.stringify(seen)}`;
      console.warn(message);
      throw new Error(message, { cause: e });
    }
    await reminder.getByRole('button', { name: REMINDER_TEXTS.dismiss }).click();
    expect(await reminder.count()).toBe(0);
    // Once per session: not again after a reload, nor on My show.
    await page.reload();
    await page.locator(`#session-${added!.id}`).waitFor();
    await page.goto(`${server.url}/my-show`);
    await page.getByRole('region', { name: MY_SHOW_TEXTS.sessions }).locator('.my-show-item-title', { hasText: title }).waitFor();
    await page.waitForTimeout(3_000);
    expect(await page.locator('.session-reminder').count()).toBe(0);
  });

  it('keeps a starred litter the show deletes, as "No longer in the show", until it is removed', async () => {
    await page.goto(`${server.url}/my-show`);
    await synced(page);
    await server.db.query('delete from public.litters where id = $1', [picked.litter_id]);
    const litters = page.getByRole('region', { name: MY_SHOW_TEXTS.litters });
    // The deletion arrives by sync; the row stays, named, without a link to a page that is gone.
    await expect.poll(() => litters.locator('.my-show-gone').textContent(), { timeout: 60_000 }).toBe(MY_SHOW_TEXTS.gone);
    expect(await litters.getByRole('link').count()).toBe(0);
    expect(await litters.locator('.my-show-item-title').textContent()).toMatch(/litter/);
    await screenshot(page, 'my-show-gone', 'phone');
    await expectNoAxeViolations(page, '/my-show (a row gone)');
    await litters.getByRole('button', { name: /^Remove .+ from My show$/ }).click();
    await expect.poll(() => page.getByRole('region', { name: MY_SHOW_TEXTS.litters }).count()).toBe(0);
    // The other stars are untouched.
    expect(await page.getByRole('region', { name: MY_SHOW_TEXTS.catteries }).count()).toBe(1);
  });
});

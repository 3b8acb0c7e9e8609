// Visitors follow the judging on a phone (390 × 844), the ring side played server-side through ring_side with
// the service-role key: an open /rings shows a new call within seconds; a starred cat's page shows its call and
// a published result, and whatever screen is open raises the notice for the starred cat (and not for an
// unstarred one), with a system notification where reminders are on; /results groups by ring and award;
// offline, /rings and /results show the last known state "as of" the last pull; axe clean, no sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../server/start.ts';
import { clockAt } from '../src/lib/judging.ts';
import { REMINDERS_ON_KEY } from '../src/features/my-show/reminder-setting.ts';
import { JUDGING_TEXTS as T } from '../src/ui/judging-texts.ts';
import { starAddText, starRemoveText } from '../src/ui/my-show-texts.ts';
import { client } from '../tests/helpers/server.ts';
import { screenshot, VIEWPORTS } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';
import { recordNotifications, shownNotifications } from './notifications.ts';
import type { Profile } from './pwa-helpers.ts';

/** "Within seconds": the live show's poke and one pull, on a loaded test machine. */
const LIVE_WITHIN_MS = 10_000;

interface Cat {
  number: string;
  name: string;
}

async function expectNoAxeViolations(page: Page, screen: string) {
  const { light, dark } = await runAxeInBothSchemes(page);
  const violations = [...light, ...dark];
  expect(violations, formatViolations(screen, violations)).toEqual([]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('visitors follow the judging', () => {
  let server: VenueServer;
  let profile: Profile;
  let page: Page;
  let service: SupabaseClient;
  let eventId: number;
  let zone: string;
  let cats: Cat[];
  useShow({ browser: 'profile', page: { viewport: 'phone', waitFor: ['controller', 'synced'] } }, (show) => ({ server, profile, page } = show));

  /** What a ring clerk does, sent as the ring side sends it; refusals fail the test in words. */
  const act = async (action: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const { data, error } = await service.rpc('ring_side', { p_op: crypto.randomUUID(), p_event_id: eventId, p_action: action });
    if (error) throw new Error(`ring_side ${JSON.stringify(action)}: ${error.message}`);
    return data as Record<string, unknown>;
  };
  const calledAt = async (callId: unknown, column: 'called_at' | 'status_at') =>
    (await server.db.query<{ at: string }>(`select to_json(${column}) #>> '{}' as at from public.ring_calls where id = $1`, [callId])).rows[0]!.at;
  const line = (cat: Cat) => `${cat.number} ${cat.name}`;

  beforeAll(async () => {
    service = client(server, 'service_role');
    // The demo show judges too (server/seed/show-judging.ts): these tests start from its catalogue and rings
    // with no call or result yet, so what the screens show is what each test did (phones receive the removals).
    await server.db.query('delete from public.ring_calls');
    await server.db.query('delete from public.results');
    // The demo show's running event, its catalogue and its rings ("Ring 1" …).
    const { rows } = await server.db.query<{ event_id: number; time_zone: string }>(
      `select e.id::int as event_id, e.time_zone from public.events e
        where exists (select 1 from public.catalogue_entries c where c.event_id = e.id) order by e.start_date, e.id limit 1`,
    );
    ({ event_id: eventId, time_zone: zone } = rows[0]!);
    cats = (
      await server.db.query<Cat>('select catalogue_number as number, name from public.catalogue_entries where event_id = $1 and not absent order by id limit 6', [
        eventId,
      ])
    ).rows;
  });

  afterAll(async () => {
    await profile?.ctx.setOffline(false);
  });

  it("an open /rings shows a new call within seconds: the cats' numbers and names, linked, and the call's state in words", { timeout: 90_000 }, async () => {
    await page.goto(`${server.url}/rings/${eventId}`);
    const ring = page.getByRole('region', { name: 'Ring 1', exact: true });
    await expect.poll(() => ring.locator('p').first().textContent(), { timeout: 20_000 }).toBe(T.nobodyCalled);

    const called = cats.slice(0, 3);
    const sentAt = Date.now();
    const { call_id: callId } = await act({ type: 'call', ring: 'Ring 1', label: 'Shorthair kittens', numbers: called.map((c) => c.number) });
    await expect.poll(() => ring.locator('.ring-call-cats a').allTextContents(), { timeout: LIVE_WITHIN_MS }).toEqual(called.map(line));
    console.info(`[rings] a call shown on the open /rings ${Date.now() - sentAt} ms after it was made`);
    expect(await ring.locator('.ring-call-cats a').first().getAttribute('href')).toBe(`/catalogue/${eventId}/${encodeURIComponent(called[0]!.number)}`);
    expect(await ring.locator('.ring-call-state').textContent()).toBe(
      `${T.callState('called', clockAt(await calledAt(callId, 'called_at'), zone))} · Shorthair kittens · ${T.callCats(3)}`,
    );

    await act({ type: 'call_status', call_id: callId, status: 'judging' });
    const judgingSince = T.callState('judging', clockAt(await calledAt(callId, 'status_at'), zone));
    await expect.poll(() => ring.locator('.ring-call-state strong').textContent(), { timeout: LIVE_WITHIN_MS }).toBe(judgingSince);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'rings', 'phone');
    await expectNoAxeViolations(page, '/rings');
  });

  it(
    'a starred cat called and placed: a notice on whatever screen is open (not for an unstarred cat), a system notification, and its page shows both',
    { timeout: 120_000 },
    async () => {
      const [starred, unstarred] = [cats[3]!, cats[4]!];
      // Reminders turned on earlier (My show asked, the visitor allowed): the ring notices notify with the same permission.
      await profile.ctx.grantPermissions(['notifications'], { origin: server.url });
      await recordNotifications(profile.ctx);
      await page.evaluate((key) => localStorage.setItem(key, 'on'), REMINDERS_ON_KEY);

      await page.goto(`${server.url}/catalogue/${eventId}/${starred.number}`);
      await page.getByRole('button', { name: starAddText(starred.name) }).click();
      await page.getByRole('button', { name: starRemoveText(starred.name) }).waitFor();
      // Another screen: the notices follow the visitor everywhere.
      await page.goto(`${server.url}/breeds`);
      await page.locator('main h1').waitFor();

      await act({ type: 'call', ring: 'Ring 3', numbers: [unstarred.number] });
      await act({ type: 'call', ring: 'Ring 2', numbers: [starred.number] });
      const notices = page.locator('.ring-notice');
      await expect.poll(() => notices.locator('p').allTextContents(), { timeout: LIVE_WITHIN_MS }).toEqual([T.noticeCalled(starred.number, starred.name, 'Ring 2')]);
      expect(await page.locator('.ring-notices').getAttribute('aria-live')).toBe('polite');
      expect(await notices.getByRole('link').getAttribute('href')).toBe(`/catalogue/${eventId}/${starred.number}`);
      await expect
        .poll(() => shownNotifications(page), { timeout: 15_000 })
        .toContainEqual([T.notificationCallTitle, T.noticeCalled(starred.number, starred.name, 'Ring 2')]);
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'ring-notice', 'phone');
      await expectNoAxeViolations(page, 'a ring notice on /breeds');

      // Dismissed, and not told again for the same call in the same state (a reload included).
      await notices.getByRole('button', { name: new RegExp(`^${T.noticeDismiss}`) }).click();
      expect(await notices.count()).toBe(0);
      await page.reload();
      await page.locator('main h1').waitFor();

      // Placed: a final with both cats, published; the notice names the starred one only.
      await act({ type: 'final', ring: 'Ring 2', award: 'Best Kitten', judge: 'Anna Berg', numbers: [starred.number, unstarred.number] });
      await act({ type: 'publish', ring: 'Ring 2', award: 'Best Kitten' });
      const placed = T.noticeResult(starred.number, starred.name, { award: 'Best Kitten', kind: 'judging', place: 1, ring: 'Ring 2' });
      await expect.poll(() => notices.locator('p').allTextContents(), { timeout: LIVE_WITHIN_MS }).toEqual([placed]);
      await expect.poll(() => shownNotifications(page), { timeout: 15_000 }).toContainEqual([T.notificationResultTitle, placed]);

      // The notice's link opens the cat's page: its call and its award, in words.
      await notices.getByRole('link', { name: placed }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/catalogue/${eventId}/${starred.number}`);
      const callId = (
        await server.db.query<{ id: number }>(`select id::int from public.ring_calls where event_id = $1 and $2 = any(catalogue_numbers)`, [eventId, starred.number])
      ).rows[0]!.id;
      const calls = page.getByRole('region', { name: T.catCallsHeading });
      await expect.poll(() => calls.getByRole('listitem').allTextContents()).toEqual([T.catCall('Ring 2', 'called', clockAt(await calledAt(callId, 'called_at'), zone))]);
      const awards = page.getByRole('region', { name: T.catAwardsHeading });
      expect(await awards.getByRole('listitem').allTextContents()).toEqual(['1st, Best Kitten — Ring 2, judge Anna Berg']);
      expect(await awards.getByRole('link').getAttribute('href')).toBe(`/results/${eventId}#results-ring-2`);
      expect(await noSidewaysScroll(page)).toBe(true);
      await screenshot(page, 'cat-judging', 'phone');
      await expectNoAxeViolations(page, "a cat's page with its call and award");

      // The catalogue's line says it in words.
      await page.goto(`${server.url}/catalogue/${eventId}`);
      const catLine = page.locator('.catalogue-entry').filter({ has: page.locator('.catalogue-number', { hasText: new RegExp(`^${starred.number}$`) }) });
      await expect.poll(() => catLine.locator('.catalogue-mark').allTextContents()).toEqual([T.markCalled('Ring 2'), T.markPlaced]);
    },
  );

  it("/results: the show's awards first, then each ring, in place order with each cat linked; desktop too", { timeout: 90_000 }, async () => {
    await act({ type: 'final', ring: null, award: 'Best in Show', numbers: [cats[5]!.number] });
    await act({ type: 'publish', ring: null, award: null });
    await page.goto(`${server.url}/results/${eventId}`);
    const show = page.getByRole('region', { name: T.showAwards });
    await expect.poll(() => show.locator('.results-cat').allTextContents(), { timeout: LIVE_WITHIN_MS }).toEqual([line(cats[5]!)]);
    expect(await show.locator('.results-place').allTextContents()).toEqual(['1st']);
    const ring2 = page.getByRole('region', { name: 'Ring 2', exact: true });
    expect(await ring2.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Best Kitten']);
    expect(await ring2.locator('.results-place').allTextContents()).toEqual(['1st', '2nd']);
    expect(await ring2.locator('.results-cat').allTextContents()).toEqual([line(cats[3]!), line(cats[4]!)]);
    expect(await ring2.locator('.results-cat').first().getAttribute('href')).toBe(`/catalogue/${eventId}/${cats[3]!.number}`);
    expect(await page.locator('.results-group h2').allTextContents()).toEqual([T.showAwards, 'Ring 2']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'results', 'phone');
    await expectNoAxeViolations(page, '/results');

    await page.setViewportSize(VIEWPORTS.desktop);
    for (const path of [`/results/${eventId}`, `/rings/${eventId}`]) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.judging-age').waitFor();
      expect(await noSidewaysScroll(page), path).toBe(true);
      await screenshot(page, path.split('/')[1]!, 'desktop');
    }
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('offline, /rings and /results show the last known state with its age: "as of" the last pull', { timeout: 90_000 }, async () => {
    await page.goto(`${server.url}/rings/${eventId}`);
    await page.locator('.ring-call-cats a').first().waitFor();
    const before = Date.now();
    await profile.ctx.setOffline(true);
    // The last pull's time on the venue's clock: the minutes from a while before going offline.
    const recent = new Set(Array.from({ length: 31 }, (_, m) => clockAt(before - m * 60_000, zone)));
    const age = page.locator('.judging-age');
    await expect.poll(() => age.textContent()).toMatch(/^Offline: the last known state, as of \d\d:\d\d$/);
    expect(recent.has((await age.textContent())!.slice(-5))).toBe(true);
    expect(await page.getByRole('region', { name: 'Ring 1', exact: true }).locator('.ring-call-cats a').count()).toBe(3);

    // Opened offline from the menu: the results still there, with their age.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Results' }).click();
    await expect.poll(() => age.textContent()).toMatch(/^Offline: the last known state, as of \d\d:\d\d$/);
    expect(await page.locator('.results-group h2').allTextContents()).toEqual([T.showAwards, 'Ring 2']);
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, 'results-offline', 'phone');

    // A reload offline (the service worker serves the app): the age still comes from the last pull saved.
    await page.goto(`${server.url}/rings/${eventId}`);
    await expect.poll(() => age.textContent(), { timeout: 20_000 }).toMatch(/^Offline: the last known state, as of \d\d:\d\d$/);
    expect(recent.has((await age.textContent())!.slice(-5))).toBe(true);
    await expectNoAxeViolations(page, '/rings offline');
    await profile.ctx.setOffline(false);
  });
});

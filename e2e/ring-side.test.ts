// The ring-side screen on a clerk's phone (390×844): a ring clerk (made with `npm run organiser --
// add-clerk`'s function) calls a run of the demo catalogue's shorthairs to a ring by typing a range, sees
// each cat's name as they type, marks the call judging, records a final of three cats in place order and
// publishes it; a visitor's phone has the call and then the published places in its mirror within seconds.
// Then the clerk's Wi-Fi drops: another group is called and marked done on this phone alone, and once the
// network returns the server holds each action once. Axe-clean in both themes, no sideways scroll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { runOrganiserCommand } from '../server/organiser-cli.ts';
import { DEMO_SERVICE_ROLE_KEY } from '../server/config.ts';
import { compareCatalogueNumbers } from '../shared/catalogue.ts';
import { compareText } from '../shared/compare.ts';
import { parseNumberList, shortNumbers } from '../shared/number-list.ts';
import { paths } from '../shared/paths.ts';
import type { RingCall, ShowResult } from '../shared/row-schemas.ts';
import { activeEvent, upcomingEvents } from '../shared/schedule.ts';
import { CALL_STATUS_TEXT, RING_CLERKS_TEXTS, RING_SIDE_TEXTS as T } from '../src/features/organiser/ring-side-texts.ts';
import { DB_NAME } from '../src/data/db.ts';
import { createVisitor, VISITOR_PASSWORD } from '../tests/helpers/fuzz-accounts.ts';
import { VIEWPORTS, screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';
import { getAllFromStore, waitForController } from './pwa-helpers.ts';

const AUTH_STORAGE_KEY = 'sb-127-auth-token';
/** A call or a result must reach the other phone by the live path, well before the periodic pull (a minute). */
const LIVE_DEADLINE_MS = 15_000;

describe('the ring-side screen on a clerk’s phone', () => {
  let server: VenueServer;
  let browser: Browser;
  let eventId: number;
  let ring: string;
  let catalogue: string[];
  let names: Map<string, string>;
  let clerkEmail: string;
  const contexts: BrowserContext[] = [];

  useShow({}, (show) => ({ server, browser } = show));

  beforeAll(async () => {
    // The demo show judges too (server/seed/show-judging.ts): these tests start from its catalogue and rings
    // with no call or result yet, so each test's rows are the ones it made.
    await server.db.query('delete from public.ring_calls');
    await server.db.query('delete from public.results');
    // The event the screen opens on (the one running now, else the next) and its first ring.
    const events = (
      await server.db.query<{ id: number; name: string; start_date: string; end_date: string; time_zone: string | null }>(
        'select id::int as id, name, start_date::text, end_date::text, time_zone from public.events',
      )
    ).rows;
    eventId = activeEvent(upcomingEvents(events, new Date()), new Date())!.id;
    // The screen opens on the first of the rings the floor plan draws (the entrance holds sessions too).
    const locations = (
      await server.db.query<{ location: string; drawn: boolean }>(
        `select distinct s.location, exists (select 1 from public.floor_plans f join public.places p on p.floor_plan_id = f.id
                                              where f.event_id = s.event_id and p.kind = 'ring' and lower(btrim(p.location)) = lower(btrim(s.location))) as drawn
           from public.event_schedule s where s.event_id = $1 and s.location is not null`,
        [eventId],
      )
    ).rows;
    ring = locations.sort((a, b) => Number(b.drawn) - Number(a.drawn) || compareText(a.location, b.location))[0]!.location;
    expect(locations.filter((l) => l.drawn).length).toBeGreaterThan(0);
    const entries = (
      await server.db.query<{ number: string; name: string }>('select catalogue_number as number, name from public.catalogue_entries where event_id = $1', [eventId])
    ).rows;
    catalogue = entries.map((e) => e.number).sort(compareCatalogueNumbers);
    names = new Map(entries.map((e) => [e.number, e.name]));

    // A registered account, made a ring clerk by the organiser command's own function.
    const account = await createVisitor(server, 'clerk');
    clerkEmail = account.email;
    const out: string[] = [];
    const code = await runOrganiserCommand(
      ['add-clerk', clerkEmail],
      { SUPABASE_URL: server.url, SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY },
      { out: (l) => out.push(l), err: (l) => out.push(l) },
    );
    expect([code, out]).toEqual([0, [expect.stringContaining(`${clerkEmail} is now a ring clerk.`)]]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  /** Six cats in a row of the shorthair championship from 251 (late entries come along), typed as a range. */
  function groupFrom(first: number): { typed: string; numbers: string[] } {
    const start = catalogue.findIndex((n) => Number.parseInt(n, 10) >= first && /^\d+$/.test(n));
    const plain = catalogue.slice(start).filter((n) => /^\d+$/.test(n));
    const typed = `${plain[0]!}-${plain[5]!}`;
    return { typed, numbers: parseNumberList(typed, catalogue).numbers };
  }

  const waitLive = (page: Page) =>
    page.waitForFunction(() => document.querySelector('.sync-indicator .sync-label')?.textContent === 'Live', undefined, { timeout: 30_000 });

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${server.url}/login`);
    await page
      .getByLabel(/^e-?mail\b/i)
      .first()
      .fill(email);
    await page
      .getByLabel(/^password\b/i)
      .first()
      .fill(VISITOR_PASSWORD);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, AUTH_STORAGE_KEY, { timeout: 15_000 });
  }

  async function clerkPhone(): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await browser.newContext({ viewport: VIEWPORTS.phone });
    contexts.push(ctx);
    await ctx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    const page = await ctx.newPage();
    await signIn(page, clerkEmail);
    // The app is installed on the clerk's phone: its worker sees the console's files load.
    await waitForController(page);
    // The console itself is the organisers': a clerk is offered the ring-side screen there.
    await page.goto(`${server.url}/organiser`);
    await page.getByRole('link', { name: T.openRingSide }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(T.title);
    expect(new URL(page.url()).pathname).toBe(paths.ringSide);
    await waitLive(page);
    return { ctx, page };
  }

  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const callCard = (page: Page, words: string) =>
    region(page, T.callsTitle(ring))
      .locator('.ring-call')
      .filter({ has: page.locator('.ring-call-numbers', { hasText: words }) });
  const serverCalls = async () =>
    (
      await server.db.query<{ numbers: string[]; status: string; label: string | null }>(
        'select catalogue_numbers as numbers, status, label from public.ring_calls where event_id = $1 order by id',
        [eventId],
      )
    ).rows;
  const ringSideOps = async () =>
    (await server.db.query<{ n: number }>(`select count(*)::int as n from public.organiser_operations where kind = 'ring_side'`)).rows[0]!.n;

  it(
    'calls a range, marks it judging, records and publishes a final; a visitor’s phone has it within seconds; offline actions arrive once',
    { timeout: 300_000 },
    async () => {
      const { ctx, page } = await clerkPhone();
      await page.getByLabel(T.ringLabel, { exact: true }).selectOption(ring);

      // A visitor's phone, open on the first cat's page.
      const group = groupFrom(251);
      const visitorCtx = await browser.newContext({ viewport: VIEWPORTS.phone });
      contexts.push(visitorCtx);
      const visitor = await visitorCtx.newPage();
      await visitor.goto(`${server.url}${paths.catalogueEntry(eventId, group.numbers[0]!)}`);
      await waitLive(visitor);

      // Typing: each cat's name shows; a number the catalogue lacks is said in words, and nothing is sent.
      const call = region(page, T.callTitle);
      const numbers = call.getByLabel(T.numbersLabel);
      await numbers.fill(`${group.typed}, 9999`);
      await expect.poll(() => call.locator('.console-error').textContent()).toBe("No cat numbered 9999 is in this show's catalogue.");
      await call.getByRole('button', { name: T.call, exact: true }).click();
      expect(await serverCalls()).toEqual([]);
      await call.scrollIntoViewIfNeeded();
      await screenshot(page, 'ring-side-unknown-number', 'phone', { fullPage: false });
      await numbers.fill(group.typed);
      await expect.poll(() => call.locator('.ring-cats .ring-cat-name').allTextContents()).toEqual(group.numbers.map((n) => names.get(n)));
      expect(await call.locator('.console-error').count()).toBe(0);
      await call.getByLabel(T.callLabelLabel).fill('Shorthair championship');
      await call.getByRole('button', { name: T.call, exact: true }).click();

      const words = shortNumbers(group.numbers, catalogue);
      const card = callCard(page, words);
      await expect.poll(() => card.locator('.ring-sending').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
      expect(await card.locator('.ring-state').textContent()).toBe(CALL_STATUS_TEXT.called);
      expect(await serverCalls()).toEqual([{ numbers: group.numbers, status: 'called', label: 'Shorthair championship' }]);
      // The visitor's phone has the call in its mirror, by the live path.
      const visitorCalls = () => getAllFromStore<RingCall>(visitor, DB_NAME, 'ring_calls');
      await expect
        .poll(async () => (await visitorCalls()).map((c) => [c.ring, c.catalogue_numbers, c.status]), { timeout: LIVE_DEADLINE_MS })
        .toEqual([[ring, group.numbers, 'called']]);

      await card.getByRole('button', { name: T.judging, exact: true }).click();
      await expect.poll(() => card.locator('.ring-state').textContent()).toBe(CALL_STATUS_TEXT.judging);
      await expect.poll(() => card.locator('.ring-sending').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
      await expect.poll(async () => (await visitorCalls()).map((c) => c.status), { timeout: LIVE_DEADLINE_MS }).toEqual(['judging']);

      // A final of three cats, in place order (typed out of catalogue order): a draft until published.
      const placed = [group.numbers[2]!, group.numbers[0]!, group.numbers[4]!];
      const record = region(page, T.recordTitle);
      await record.getByLabel(T.awardLabel).fill('Best Shorthair Adult');
      await record.getByLabel(T.withPlaces).check();
      await record.getByLabel(T.judgeLabel).fill('Anna Judge');
      await record.getByLabel(T.numbersLabel).fill(placed.join(', '));
      await expect.poll(() => record.locator('.ring-cats .ring-cat-name').allTextContents()).toEqual(placed.map((n) => names.get(n)));
      await record.getByRole('button', { name: T.record, exact: true }).click();
      const draft = region(page, T.draftsTitle(ring)).locator('.ring-award').filter({ hasText: 'Best Shorthair Adult' });
      await expect.poll(() => draft.locator('.ring-cats li').allTextContents()).toEqual(placed.map((n, i) => `${T.place(i + 1)} ${n} ${names.get(n)!}`));
      await expect.poll(() => draft.locator('.ring-sending').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
      const results = async () =>
        (
          await server.db.query<{ number: string; place: number; published: boolean; judge: string }>(
            `select e.catalogue_number as number, r.place, r.published, r.judge from public.results r join public.catalogue_entries e on e.id = r.entry_id
            where r.event_id = $1 and r.award = 'Best Shorthair Adult' order by r.place`,
            [eventId],
          )
        ).rows;
      expect(await results()).toEqual(placed.map((number, i) => ({ number, place: i + 1, published: false, judge: 'Anna Judge' })));
      await screenshot(page, 'ring-side-draft', 'phone');

      await draft.getByRole('button', { name: T.publish, exact: true }).click();
      const published = region(page, T.publishedTitle(ring)).locator('.ring-award').filter({ hasText: 'Best Shorthair Adult' });
      await expect
        .poll(() => published.locator('.ring-cats li').allTextContents(), { timeout: LIVE_DEADLINE_MS })
        .toEqual(placed.map((n, i) => `${T.place(i + 1)} ${n} ${names.get(n)!}`));
      await expect.poll(async () => (await results()).map((r) => r.published)).toEqual([true, true, true]);
      const visitorResults = () => getAllFromStore<ShowResult>(visitor, DB_NAME, 'results');
      await expect
        .poll(async () => (await visitorResults()).map((r) => [r.award, r.place, r.ring]).sort(), { timeout: LIVE_DEADLINE_MS })
        .toEqual([
          ['Best Shorthair Adult', 1, ring],
          ['Best Shorthair Adult', 2, ring],
          ['Best Shorthair Adult', 3, ring],
        ]);

      // An award without places, corrected (the form fills itself in) and then withdrawn after a confirmation.
      const ex1 = async () =>
        (
          await server.db.query<{ number: string; place: number | null }>(
            `select e.catalogue_number as number, r.place from public.results r join public.catalogue_entries e on e.id = r.entry_id
            where r.event_id = $1 and r.award = 'EX1' order by e.catalogue_number`,
            [eventId],
          )
        ).rows;
      await record.getByLabel(T.awardLabel).fill('EX1');
      await record.getByLabel(T.withoutPlaces).check();
      await record.getByLabel(T.numbersLabel).fill(`${group.numbers[1]!} ${group.numbers[3]!}`);
      await record.getByRole('button', { name: T.record, exact: true }).click();
      const ex1Draft = region(page, T.draftsTitle(ring)).locator('.ring-award').filter({ hasText: 'EX1' });
      await expect.poll(() => ex1Draft.locator('.ring-sending').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
      expect(await ex1()).toEqual([
        { number: group.numbers[1], place: null },
        { number: group.numbers[3], place: null },
      ]);
      await ex1Draft.getByRole('button', { name: T.correct, exact: true }).click();
      await expect.poll(() => record.getByLabel(T.awardLabel).inputValue()).toBe('EX1');
      expect(await record.getByLabel(T.withoutPlaces).isChecked()).toBe(true);
      expect(await record.getByLabel(T.numbersLabel).inputValue()).toBe(`${group.numbers[1]!}, ${group.numbers[3]!}`);
      await record.getByLabel(T.numbersLabel).fill(group.numbers[3]!);
      await record.getByRole('button', { name: T.record, exact: true }).click();
      await expect.poll(() => ex1Draft.locator('.ring-cats .ring-cat-number').allTextContents()).toEqual([group.numbers[3]]);
      await expect.poll(ex1, { timeout: LIVE_DEADLINE_MS }).toEqual([{ number: group.numbers[3], place: null }]);
      await ex1Draft.getByRole('button', { name: T.withdraw, exact: true }).click();
      await expect.poll(() => ex1Draft.locator('.ring-confirm').textContent()).toContain(T.confirmWithdrawResult('EX1'));
      await ex1Draft.getByRole('button', { name: T.confirmYes }).click();
      await expect.poll(ex1, { timeout: LIVE_DEADLINE_MS }).toEqual([]);
      await expect.poll(() => region(page, T.draftsTitle(ring)).locator('.ring-award').count(), { timeout: LIVE_DEADLINE_MS }).toBe(0);

      // Usable and accessible on the phone, in both themes, with no sideways scroll.
      for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
        expect(violations, formatViolations(`/organiser/rings (${scheme})`, violations)).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await screenshot(page, 'ring-side', 'phone');

      // The Wi-Fi drops: the next group is called and marked done on this phone alone.
      const opsBefore = await ringSideOps();
      await ctx.setOffline(true);
      const next = groupFrom(Number.parseInt(group.numbers.at(-1)!, 10) + 1);
      await numbers.fill(next.typed);
      await call.getByRole('button', { name: T.call, exact: true }).click();
      const nextWords = shortNumbers(next.numbers, catalogue);
      const offlineCard = callCard(page, nextWords);
      await expect.poll(() => offlineCard.locator('.ring-sending').textContent()).toBe('Waiting to send');
      await offlineCard.getByRole('button', { name: T.done, exact: true }).click();
      await expect.poll(() => offlineCard.locator('.ring-state').textContent()).toBe(CALL_STATUS_TEXT.done);
      expect(await offlineCard.locator('.ring-sending').textContent()).toBe('Waiting to send');
      await expect.poll(() => region(page, T.draftsTitle(ring)).locator('.ring-note').textContent()).toBe(T.draftsOffline);
      expect((await serverCalls()).length).toBe(1);
      for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
        expect(violations, formatViolations(`/organiser/rings offline (${scheme})`, violations)).toEqual([]);
      }
      await screenshot(page, 'ring-side-offline', 'phone');
      // The phone slept and the browser reloads the screen, the Wi-Fi still gone: the console's files are
      // the ones this phone loaded (sw/routes.ts), and the two actions still wait in its outbox. The
      // browser's HTTP cache is emptied first: a phone's is small and soon evicted, the worker's is kept.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.reload();
      await expect.poll(() => callCard(page, nextWords).locator('.ring-sending').textContent(), { timeout: 30_000 }).toBe('Waiting to send');

      // Back online: both actions arrive, once each, in order.
      await ctx.setOffline(false);
      await expect.poll(() => callCard(page, nextWords).locator('.ring-sending').textContent(), { timeout: 30_000 }).toBe('Sent');
      await expect.poll(serverCalls, { timeout: LIVE_DEADLINE_MS }).toEqual([
        { numbers: group.numbers, status: 'judging', label: 'Shorthair championship' },
        { numbers: next.numbers, status: 'done', label: null },
      ]);
      expect(await ringSideOps()).toBe(opsBefore + 2);
      await expect
        .poll(async () => (await visitorCalls()).map((c) => [c.catalogue_numbers, c.status]).sort(), { timeout: LIVE_DEADLINE_MS })
        .toEqual([
          [group.numbers, 'judging'],
          [next.numbers, 'done'],
        ]);
      expect(await ringSideOps()).toBe(opsBefore + 2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    },
  );

  it('lets an organiser list, add and remove ring clerks in the console, online only', { timeout: 120_000 }, async () => {
    const C = RING_CLERKS_TEXTS;
    const [boss, helper] = await Promise.all([createVisitor(server, 'boss'), createVisitor(server, 'helper')]);
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [boss.id]);
    const ctx = await browser.newContext({ viewport: VIEWPORTS.phone });
    contexts.push(ctx);
    await ctx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    const page = await ctx.newPage();
    await signIn(page, boss.email);
    await page.goto(`${server.url}/organiser`);
    await waitLive(page);
    const section = region(page, C.title);
    await expect.poll(() => section.locator('.ring-clerks li span').allTextContents()).toEqual([clerkEmail]);

    const unknown = `nobody-${Date.now()}@example.com`;
    await section.getByLabel(C.emailLabel).fill(unknown);
    await section.getByRole('button', { name: C.add }).click();
    await expect.poll(() => section.locator('.console-error').textContent()).toBe(`No account is registered with ${unknown}. They sign up in the app first.`);

    await section.getByLabel(C.emailLabel).fill(helper.email);
    await section.getByRole('button', { name: C.add }).click();
    await expect.poll(() => section.locator('.ring-said').textContent()).toBe(C.added(helper.email));
    await expect.poll(() => section.locator('.ring-clerks li span').allTextContents()).toEqual([clerkEmail, helper.email].sort());
    const role = async () =>
      (await server.db.query<{ role: string | null }>(`select raw_app_meta_data ->> 'show_role' as role from auth.users where id = $1`, [helper.id])).rows[0]!.role;
    expect(await role()).toBe('ring_clerk');

    await section.getByRole('button', { name: C.removeLabel(helper.email) }).click();
    await expect.poll(() => section.locator('.ring-said').textContent()).toBe(C.removed(helper.email));
    await expect.poll(() => section.locator('.ring-clerks li span').allTextContents()).toEqual([clerkEmail]);
    expect(await role()).toBeNull();
    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
      expect(violations, formatViolations(`/organiser ring clerks (${scheme})`, violations)).toEqual([]);
    }

    // Offline: said in words, and nothing can be changed.
    await ctx.setOffline(true);
    await expect.poll(() => section.locator('.ring-note').textContent()).toBe(C.offline);
    expect(await section.getByRole('button', { name: C.add }).isDisabled()).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'ring-clerks-offline', 'phone', { fullPage: false });
    await ctx.setOffline(false);
  });

  it('looks right on a desktop too', { timeout: 120_000 }, async () => {
    const ctx = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(ctx);
    await ctx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    const page = await ctx.newPage();
    await signIn(page, clerkEmail);
    await page.goto(`${server.url}${paths.ringSide}`);
    await waitLive(page);
    await expect.poll(() => page.getByLabel(T.ringLabel, { exact: true }).inputValue()).toBe(ring);
    await expect.poll(() => region(page, T.callsTitle(ring)).locator('.ring-call').count()).toBe(2);
    await screenshot(page, 'ring-side', 'desktop');
  });
});

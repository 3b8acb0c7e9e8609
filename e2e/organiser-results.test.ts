// The organiser's reports in Chromium: /organiser/results ranks the running event's votes and picks
// up new ones on its 10-second refresh, the prize-draw CSV downloads with the right rows, /organiser/coupons
// shows the counts, both fit a phone, and a visitor without the role is told so. A burst of votes for one
// number from one address is flagged in words, and the organiser voids it (and restores it) from the page. Once
// voting has closed the organiser publishes the Visitor's Choice winners (before, the button says why not yet).
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDateRange } from '../shared/dates.ts';
import { ORGANISER_MESSAGES } from '../shared/messages.ts';
import { VOTE_CONTACT_RETENTION_DAYS } from '../shared/vote-contacts.ts';
import type { VenueServer } from '../server/start.ts';
import { uniqueEmail } from '../tests/helpers/mailbox.ts';
import { client } from '../tests/helpers/server.ts';
import { VIEWPORTS, screenshot, type ViewportName } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

const PASSWORD = 'Whiskers#2026';

describe('organiser reports', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let organiserEmail: string;

  beforeAll(async () => {
    organiserEmail = await newAccount('organiser');
    // The role is set before the first sign-in, so the session's app_metadata carries it (the console's UX check).
    await server.db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"show_role":"organiser"}' where email = $1`, [organiserEmail]);
  });

  async function newAccount(prefix: string): Promise<string> {
    const email = uniqueEmail(prefix);
    const { error } = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: { first_name: prefix, last_name: 'Tester' } } });
    expect(error).toBeNull();
    return email;
  }

  /** Opens `path` signed out: the app asks for the sign-in and comes back. */
  async function openSignedIn(viewport: ViewportName, email: string, path: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport: VIEWPORTS[viewport], acceptDownloads: true });
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    await page.goto(`${server.url}${path}`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}${path}`);
    return page;
  }

  /** Votes as the app sends them (submit_votes), one call per phone. */
  async function castVotes(eventId: number, votes: { catalog: string; first?: string; email?: string | null; phone?: string | null }[]): Promise<void> {
    for (const v of votes) {
      const vote = {
        id: crypto.randomUUID(),
        event_id: eventId,
        first_name: v.first ?? 'Ada',
        last_name: 'Voter',
        email: v.email === undefined ? uniqueEmail('voter') : v.email,
        phone: v.phone ?? null,
        catalog_number: v.catalog,
      };
      const { data, error } = await client(server).rpc('submit_votes', { p_votes: [vote] });
      expect(error).toBeNull();
      expect(data).toEqual([{ id: vote.id, status: 'recorded' }]);
    }
  }

  const rows = (page: Page) => page.locator('.results-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));
  /** In the light and the dark theme. */
  async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
      expect(
        violations.map((v) => v.id),
        formatViolations(`${screen} (${scheme})`, violations),
      ).toEqual([]);
    }
  }
  const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
  /** Every link and button on the page's main area that is shorter than a thumb (44 px). */
  const smallTargets = (page: Page) =>
    page
      .locator('main a, main button, main select')
      .evaluateAll((els) =>
        els.filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80)),
      );

  it("ranks the running event's votes, shows a vote cast meanwhile after the refresh, and downloads the CSV", async () => {
    const page = await openSignedIn('desktop', organiserEmail, '/organiser/results');
    await expect.poll(() => page.locator('#results-event').count(), { timeout: 30_000 }).toBe(1);
    const eventId = Number(await page.locator('#results-event').inputValue());
    const event = (await client(server).from('events').select('name, start_date, end_date').eq('id', eventId).single()).data as {
      name: string;
      start_date: string;
      end_date: string;
    };
    // The page opens on the running event, the one visitors vote in.
    const running = (await client(server).from('events').select('id').gte('end_date', new Date().toISOString().slice(0, 10)).order('start_date').limit(1).single())
      .data as { id: number };
    expect(eventId).toBe(running.id);
    // Dates in the show's own order (SPEC §9, en-GB), whatever the browser's locale.
    const gb = (d: string) => d.split('-').reverse().join('/');
    const afterRetention = new Date(Date.parse(`${event.end_date}T00:00:00Z`) + (VOTE_CONTACT_RETENTION_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
    // A show's dates with the month in words, en-GB (shared/dates.ts): "28–30 Nov 2026", never 28/11.
    // Spaces compared as plain ones: the browser's ICU and Node's may differ in thin spaces around the dash.
    const plain = (text: string | null) => text?.replace(/\s/g, ' ');
    const range = plain(await page.locator('#results-event option:checked').textContent());
    expect(range).toBe(plain(`${event.name} (${formatDateRange(event.start_date, event.end_date, 'en-GB')})`));
    expect(range).toMatch(/\([^/]* [A-Z][a-z]{2} \d{4}\)$/);
    expect(await page.locator('.votes-download .report-note').textContent()).toContain(`removed on ${gb(afterRetention)};`);

    await castVotes(eventId, [{ catalog: '17' }, { catalog: '3', first: '=1+1' }, { catalog: '17', email: null, phone: '+31 6 5555 0101' }]);
    await expect
      .poll(() => rows(page), { timeout: 20_000 })
      .toEqual([
        ['1', '17', '2', '67%'],
        ['2', '3', '1', '33%'],
      ]);
    await expect.poll(() => page.locator('.results-table caption').textContent()).toBe(`${event.name}: 3 votes`);
    await expect.poll(() => page.locator('.report-status').textContent()).toMatch(/^Updated \d\d:\d\d:\d\d$/);
    const firstUpdate = await page.locator('.report-status').textContent();

    // Two more votes for 3 while the page is open: the next refresh (every 10 s) shows them.
    await castVotes(eventId, [{ catalog: '3' }, { catalog: '3' }]);
    await expect
      .poll(() => rows(page), { timeout: 25_000, interval: 500 })
      .toEqual([
        ['1', '3', '3', '60%'],
        ['2', '17', '2', '40%'],
      ]);
    expect(await page.locator('.results-table tfoot tr').evaluate((tr) => [...tr.children].map((c) => c.textContent))).toEqual(['', 'Total', '5', '100%']);
    expect(await page.locator('.report-status').textContent()).not.toBe(firstUpdate);
    await screenshot(page, 'organiser-results', 'desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download votes (CSV)' }).click()]);
    const safeName = event.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
    expect(download.suggestedFilename()).toBe(`votes-${safeName}-${event.start_date}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('cast_at,catalog_number,first_name,last_name,email,phone');
    expect(lines).toHaveLength(7);
    const cells = lines.slice(1, 6).map((l) => l.split(','));
    expect(cells.map((c) => c[0])).toEqual(cells.map(() => expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)));
    expect(cells.map((c) => c.slice(1, 4))).toEqual([
      ['17', 'Ada', 'Voter'],
      ['3', "'=1+1", 'Voter'],
      ['17', 'Ada', 'Voter'],
      ['3', 'Ada', 'Voter'],
      ['3', 'Ada', 'Voter'],
    ]);
    expect(cells[0]![4]).toMatch(/^voter\..+@example\.com$/);
    expect(cells[2]!.slice(4)).toEqual(['', "'+31 6 5555 0101"]);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Downloaded' }).textContent()).toBe(`Downloaded 5 votes as ${download.suggestedFilename()}`);

    // The hall Wi-Fi drops: the last results stay, and the page says the refresh failed, in words.
    await page.context().setOffline(true);
    await expect
      .poll(() => page.locator('.report-status').textContent(), { timeout: 25_000 })
      .toMatch(/^Could not refresh: the show server cannot be reached \(check the Wi-Fi\)\. Showing what was read at \d\d:\d\d:\d\d\.$/);
    expect((await rows(page)).length).toBe(2);
    await page.context().close();
  });

  it('flags a burst of votes for one number from one address, and voids and restores it from the page', async () => {
    const page = await openSignedIn('desktop', organiserEmail, '/organiser/results');
    await expect.poll(() => page.locator('.report-status').textContent(), { timeout: 30_000 }).toMatch(/^Updated /);
    const eventId = Number(await page.locator('#results-event').inputValue());
    const counted = Number((await page.locator('.results-table tfoot td.num').first().textContent()) ?? '0');
    // One client stuffs the poll: 60 votes for 52 in two calls of 30, with made-up numbered addresses.
    const tag = crypto.randomUUID().slice(0, 6);
    for (let call = 0; call < 2; call++) {
      const p_votes = Array.from({ length: 30 }, (_, i) => ({
        id: crypto.randomUUID(),
        event_id: eventId,
        first_name: 'Fan',
        last_name: 'Club',
        email: `fan${tag}x${call * 30 + i}@example.net`,
        phone: null,
        catalog_number: '52',
      }));
      const { data, error } = await client(server).rpc('submit_votes', { p_votes });
      expect(error).toBeNull();
      expect((data as { status: string }[]).every((r) => r.status === 'recorded')).toBe(true);
    }

    const checks = page.getByRole('region', { name: '60 votes flagged as a possible stuffed poll' });
    await expect.poll(() => checks.count(), { timeout: 25_000, interval: 500 }).toBe(1);
    const reasons = await checks.locator('.poll-reason').allTextContents();
    expect(reasons).toEqual([
      expect.stringMatching(/^60 votes for 52 from one address in (under a minute|1 minute)$/),
      `60 votes from one address with numbered e-mail addresses like fan${tag}x…@example.net`,
    ]);
    expect(await rows(page)).toContainEqual(['1', '5260 flagged', '60', expect.stringMatching(/%$/)]);
    expect(await page.locator('.results-table tfoot td.num').first().textContent()).toBe(String(counted + 60));
    await screenshot(page, 'organiser-results-flagged', 'desktop');

    // Void the burst: 52 is no longer counted, the page says so in words, the votes are kept.
    const burst = checks.getByRole('listitem').filter({ hasText: '60 votes for 52' });
    await burst.getByRole('button', { name: 'Void 60 votes' }).click();
    await expect.poll(() => checks.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Voided 60 votes for 52.');
    await expect.poll(() => page.locator('.results-table caption').textContent(), { timeout: 15_000 }).toMatch(/: \d+ votes counted, 60 voided \(not counted\)$/);
    expect(await page.locator('.results-table tfoot td.num').first().textContent()).toBe(String(counted));
    expect(await rows(page)).toContainEqual([expect.any(String), '5260 flagged, 60 voided', '0', '0%']);
    await expect.poll(() => burst.locator('.poll-state').textContent()).toBe('All voided: not counted.');
    expect(await page.locator('.report-note').filter({ hasText: 'The total counts every vote except the 60 votes voided' }).count()).toBe(1);
    expect(Number((await server.db.query<{ n: string }>(`select count(*)::text as n from public.visitor_choice where email like $1`, [`fan${tag}x%`])).rows[0]!.n)).toBe(
      60,
    );

    // Restore them from the keyboard, then void them again for the phone's look below.
    await burst.getByRole('button', { name: 'Restore 60 votes' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => checks.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Restored 60 votes for 52.');
    await expect.poll(() => page.locator('.results-table tfoot td.num').first().textContent(), { timeout: 15_000 }).toBe(String(counted + 60));
    await burst.getByRole('button', { name: 'Void 60 votes' }).click();
    await expect.poll(() => page.locator('.results-table tfoot td.num').first().textContent(), { timeout: 15_000 }).toBe(String(counted));

    // The prize draw's CSV leaves the voided votes out.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download votes (CSV)' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).not.toContain(`fan${tag}x`);
    expect(csv.split('\r\n').length - 2).toBe(counted);
    await page.context().close();
  });

  it('fits a phone: no sideways scroll, thumb-sized targets; the nav leads to the coupon report', async () => {
    const page = await openSignedIn('phone', organiserEmail, '/organiser/results');
    await expect.poll(() => page.locator('.report-status').textContent(), { timeout: 30_000 }).toMatch(/^Updated /);
    // The voided burst of the test above is on the page, with its Restore buttons.
    expect(await page.locator('.poll-checks').count()).toBe(1);
    await screenshot(page, 'organiser-results', 'phone');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(page)).toEqual([]);
    await expectNoAxeViolations(page, '/organiser/results');

    await page.getByRole('navigation', { name: 'Organiser console' }).getByRole('link', { name: 'Coupon report' }).click();
    await page.waitForURL(`${server.url}/organiser/coupons`);
    await expect.poll(() => page.title()).toBe('Coupon report · PurrFect Show');
    await expect.poll(() => page.locator('.coupon-table caption').textContent(), { timeout: 20_000 }).toMatch(/^Coupons issued: \d+$/);
    expect(await page.locator('.coupon-table thead th').allTextContents()).toEqual(['Advertiser', 'Discount', 'Rebate', 'Total']);
    expect(await page.locator('.coupon-table tfoot th').textContent()).toBe('Total');
    await screenshot(page, 'organiser-coupons', 'phone');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(page)).toEqual([]);
    await expectNoAxeViolations(page, '/organiser/coupons');
    expect(await page.getByRole('navigation', { name: 'Organiser console' }).getByRole('link', { name: 'Live schedule' }).getAttribute('href')).toBe('/organiser');
    await page.context().close();
  });

  it("publishes the Visitor's Choice winners once voting has closed, 1st to 3rd or as chosen, and publishes again in their place", async () => {
    // Before voting closes: the running event's button says in words why it is not available yet.
    const page = await openSignedIn('phone', organiserEmail, '/organiser/results');
    const publish = page.getByRole('button', { name: 'Publish the winners' });
    await expect.poll(() => publish.count(), { timeout: 30_000 }).toBe(1);
    expect(await publish.isDisabled()).toBe(true);
    const running = (
      await client(server)
        .from('events')
        .select('end_date, time_zone')
        .eq('id', Number(await page.locator('#results-event').inputValue()))
        .single()
    ).data as { end_date: string; time_zone: string };
    const dayAfter = new Date(Date.parse(`${running.end_date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(await page.getByRole('region', { name: 'Publish the winners' }).locator('.report-note').textContent()).toBe(
      `Not available yet: voting is still open until the end of ${dayAfter} (${running.time_zone}), the day after the show’s last day. The winners can be published once it has closed.`,
    );
    expect(await publish.getAttribute('aria-describedby')).toBe(
      await page.getByRole('region', { name: 'Publish the winners' }).locator('.report-note').getAttribute('id'),
    );

    // A show that ended last week, with its catalogue and its votes (cast while it ran).
    const ended = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const { rows: created } = await server.db.query<{ id: number }>(
      `insert into public.events (name, start_date, end_date, time_zone) values ('Closed Cat Show', $1, $1, 'Europe/Amsterdam') returning id`,
      [ended],
    );
    const eventId = created[0]!.id;
    await server.db.query(
      `insert into public.catalogue_entries (event_id, catalogue_number, name, breed_id, sex)
       select $1, n, name, (select min(id) from public.breeds), 'female' from (values ('52', 'Bella'), ('17', 'Max'), ('101', 'Odin'), ('8', 'Luna')) v(n, name)`,
      [eventId],
    );
    const votes = ['52', '52', '52', '17', '17', '101', '8'];
    await server.db.query(
      `insert into public.visitor_choice (event_id, first_name, last_name, email, catalog_number)
       select $1, 'Ada', 'Voter', 'closed-voter-' || i || '@example.com', n from unnest($2::text[]) with ordinality v(n, i)`,
      [eventId, votes],
    );
    await page.goto(`${server.url}/organiser/results?event=${eventId}`);
    // The new show reaches the page's event list through the mirror.
    await expect.poll(() => page.locator('#results-event').inputValue(), { timeout: 30_000 }).toBe(String(eventId));
    const section = page.getByRole('region', { name: 'Publish the winners' });
    await expect.poll(() => section.locator('.winners-published').textContent(), { timeout: 30_000 }).toBe('Nothing published yet.');
    expect(await publish.isDisabled()).toBe(false);
    expect(await section.getByLabel('Places to publish').inputValue()).toBe('3');
    expect(await section.locator('.report-note').textContent()).toMatch(/^Voting has closed\. /);

    await publish.click();
    // Cats with as many votes share a place; the counts stay on this page.
    await expect
      .poll(() => section.locator('.winners-published').textContent(), { timeout: 15_000 })
      .toBe('Published: 1st 52 Bella, 2nd 17 Max, 3rd 101 Odin, 3rd 8 Luna');
    const published = await client(server).from('results').select('*').eq('event_id', eventId).order('place');
    expect(published.data?.map((r: Record<string, unknown>) => [r.award, r.place, r.ring, r.published])).toEqual([
      ["Visitor's Choice", 1, null, true],
      ["Visitor's Choice", 2, null, true],
      ["Visitor's Choice", 3, null, true],
      ["Visitor's Choice", 3, null, true],
    ]);
    expect(Object.keys(published.data![0]!).some((k) => /vote|count/.test(k))).toBe(false);
    await screenshot(page, 'organiser-results-published', 'phone');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await smallTargets(page)).toEqual([]);
    await expectNoAxeViolations(page, '/organiser/results (published)');

    // Publishing again replaces what was published.
    await section.getByLabel('Places to publish').selectOption('1');
    await publish.click();
    await expect.poll(() => section.locator('.winners-published').textContent(), { timeout: 15_000 }).toBe('Published: 1st 52 Bella');
    expect((await client(server).from('results').select('place').eq('event_id', eventId)).data).toEqual([{ place: 1 }]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'organiser-results-published', 'desktop');
    await page.context().close();
  });

  it('tells a signed-in visitor without the role that the page is for organisers', async () => {
    const page = await openSignedIn('phone', await newAccount('visitor'), '/organiser/results');
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(ORGANISER_MESSAGES.notOrganiser);
    expect(await page.locator('.results-table, #results-event').count()).toBe(0);
    await page.context().close();
  });
});

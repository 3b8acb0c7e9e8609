// The console's catalogue and the pen cards. An organiser finds cat 52 by its number, marks it absent and
// moves it to another pen: each change is sent once, and reaches the organiser's phone and a visitor's
// phone open on the cat's page, live; a pen another cat holds is refused in words before anything is queued.
// The pen cards print four to an A4 page (the PDF Chromium makes of the print stylesheet), for one section
// or the whole show, and a card's QR code, decoded here, is the cat's address in the app.
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { normaliseCatalogueNumber } from '../shared/catalogue.ts';
import { paths } from '../shared/paths.ts';
import { penTakenText } from '../shared/pens.ts';
import { upcomingEvents } from '../shared/schedule.ts';
import { CATALOGUE_CONSOLE_TEXTS as T } from '../src/features/organiser/catalogue-console-texts.ts';
import { CATALOGUE_TEXTS } from '../src/ui/catalogue-texts.ts';
import { createVisitor, VISITOR_PASSWORD } from '../tests/helpers/fuzz-accounts.ts';
import { VIEWPORTS, screenshot, type ViewportName } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

const AUTH_STORAGE_KEY = 'sb-127-auth-token';
/** sync_pull holds back rows younger than about a second (the late-commit guard). */
const GUARD_WAIT_MS = 1_500;
/** A change must arrive by the live path, well before the periodic pull (a minute). */
const LIVE_DEADLINE_MS = 15_000;
/** An A4 page in PDF points (210 × 297 mm). */
const A4_POINTS = '595×842';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The test's own catalogue for the running event, whatever the demo seed holds: two sections, 52A a late entry. */
const ENTRIES = [
  { number: '50', name: 'Amberlight’s Saffron', section: 'Longhair kittens', pen: 'A15' },
  { number: '51', name: 'Moonshadow Misty', section: 'Longhair kittens', pen: 'A16' },
  { number: '52', name: 'GIC Amberlight’s Tiger Lily', section: 'Longhair kittens', pen: 'A17' },
  { number: '52A', name: 'Late Comer of Fernbrook', section: 'Longhair kittens', pen: 'A18' },
  { number: '53', name: 'CH Fernbrook Pepper', section: 'Longhair kittens', pen: 'B12' },
  { number: '101', name: 'GC Nordic Frost', section: 'Shorthair adults', pen: 'C1' },
  { number: '102', name: 'Velvet Paws Onyx', section: 'Shorthair adults', pen: 'C2' },
  { number: '103', name: 'Velvet Paws Ivory', section: 'Shorthair adults', pen: 'C3' },
  { number: '104', name: 'Quiet Meadow Sage', section: 'Shorthair adults', pen: null },
] as const;

interface EntryRow {
  id: number;
  catalogue_number: string;
  name: string;
  pen: string | null;
  absent: boolean;
}

describe('the organiser console: the catalogue and the pen cards', () => {
  let server: VenueServer;
  let browser: Browser;
  let eventId: number;
  let email: string;
  const contexts: BrowserContext[] = [];

  useShow({}, (show) => ({ server, browser } = show));

  const entry = async (number: string): Promise<EntryRow> =>
    (
      await server.db.query<EntryRow>(
        'select id::int as id, catalogue_number, name, pen, absent from public.catalogue_entries where event_id = $1 and catalogue_number = $2',
        [eventId, number],
      )
    ).rows[0]!;
  const operations = async () =>
    (await server.db.query<{ n: number }>(`select count(*)::int as n from public.organiser_operations where kind = 'change_entry'`)).rows[0]!.n;

  beforeAll(async () => {
    // The event the console chooses: the one running now, else the next.
    const events = (
      await server.db.query<{ id: number; name: string; start_date: string; end_date: string; time_zone: string | null }>(
        'select id::int as id, name, start_date::text, end_date::text, time_zone from public.events',
      )
    ).rows;
    eventId = upcomingEvents(events, new Date())[0]!.id;
    await server.db.query('delete from public.catalogue_entries where event_id = $1', [eventId]);
    const breeds = (await server.db.query<{ id: number }>('select id::int as id from public.breeds order by id limit 2')).rows.map((b) => b.id);
    for (const [i, e] of ENTRIES.entries()) {
      await server.db.query(
        `insert into public.catalogue_entries (event_id, catalogue_number, name, breed_id, colour, sex, class, section, pen)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [eventId, e.number, e.name, breeds[i % 2], i % 2 ? 'MCO n 22' : 'Blue tabby', i % 2 ? 'male' : 'female', i < 5 ? 'Kitten' : 'Open', e.section, e.pen],
      );
    }
    const account = await createVisitor(server, 'organiser');
    email = account.email;
    await server.db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "organiser"}' where id = $1`, [
      account.id,
    ]);
    await sleep(GUARD_WAIT_MS);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  /** The organiser, signed in on a device of the given size, at `path`, the mirror synced. */
  async function organiserOn(viewport: ViewportName, path: string, options: { deviceScaleFactor?: number } = {}): Promise<Page> {
    const ctx = await browser.newContext({ viewport: VIEWPORTS[viewport], ...options });
    contexts.push(ctx);
    await ctx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    const page = await ctx.newPage();
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
    await page.goto(`${server.url}${path}`);
    await waitLive(page);
    return page;
  }
  const waitLive = (page: Page) =>
    page.waitForFunction(() => document.querySelector('.sync-indicator .sync-label')?.textContent === 'Live', undefined, { timeout: 30_000 });
  const catalogueOf = (page: Page) => page.getByRole('region', { name: T.title, exact: true });
  const find = async (page: Page, typed: string) => {
    await catalogueOf(page).getByLabel(T.numberLabel).fill(typed);
    return catalogueOf(page).getByRole('article', { name: ENTRIES.find((e) => e.number === normaliseCatalogueNumber(typed))!.name });
  };
  const changeState = (page: Page, label: string) => page.locator('.console-change').filter({ hasText: label }).locator('.console-change-state');

  it('finds 52 by its number, marks it absent and moves its pen, live on two phones; a taken pen is refused in words', { timeout: 240_000 }, async () => {
    const desk = await organiserOn('desktop', '/organiser');
    const phone = await organiserOn('phone', '/organiser');
    // A visitor's phone, open on the cat's page (where its pen card's QR code leads): each change shows there live.
    const visitorCtx = await browser.newContext({ viewport: VIEWPORTS.phone });
    contexts.push(visitorCtx);
    const visitor = await visitorCtx.newPage();
    await visitor.goto(`${server.url}${paths.catalogueEntry(eventId, '52')}`);
    await waitLive(visitor);
    const cat = await entry('52');
    const onVisitorPhone = async () => ({
      absent: await visitor.locator('.catalogue-absent-note').allTextContents(),
      pen: await visitor
        .locator('.catalogue-facts div')
        .filter({ has: visitor.locator('dt', { hasText: CATALOGUE_TEXTS.facts.pen }) })
        .locator('dd')
        // The pen as written; a "Show on the floor plan" link follows it where the hall has the pen.
        .evaluate((dd) => dd.firstChild?.textContent ?? null),
    });
    await expect.poll(onVisitorPhone).toEqual({ absent: [], pen: 'A17' });

    // Typed as a visitor types it; a number the catalogue lacks says so.
    await catalogueOf(desk).getByLabel(T.numberLabel).fill('054');
    await expect.poll(() => catalogueOf(desk).locator('.console-entry-missing').textContent()).toBe(T.numberMissing('54'));
    const card = await find(desk, '52');
    const phoneCard = await find(phone, '052');
    for (const c of [card, phoneCard]) {
      await expect.poll(() => c.locator('.console-entry-state').textContent()).toBe(`${T.present} ${T.pen('A17')}`);
    }
    expect(await card.locator('.console-entry-number').textContent()).toBe('52');
    const late = await find(phone, '52a');
    await expect.poll(() => late.locator('.console-entry-number').textContent()).toBe('52A');
    await find(phone, '52');

    // Absent: confirmed in words, sent once, and the phones show it without a reload.
    const opsBefore = await operations();
    await card.getByRole('button', { name: T.markAbsent }).click();
    const absentLabel = T.markAbsentLabel(`52 ${cat.name}`);
    await expect.poll(() => desk.getByRole('group', { name: 'Confirm the change' }).textContent()).toContain(`${absentLabel}?`);
    await desk.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => changeState(desk, absentLabel).textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
    expect(await entry('52')).toMatchObject({ absent: true, pen: 'A17' });
    expect(await operations()).toBe(opsBefore + 1);
    await expect.poll(() => phoneCard.locator('.entry-mark').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe(T.absent);
    await expect.poll(onVisitorPhone, { timeout: LIVE_DEADLINE_MS }).toEqual({ absent: [CATALOGUE_TEXTS.absentExplained], pen: 'A17' });
    await expect.poll(() => card.locator('.entry-mark').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe(T.absent);
    expect(await card.getByRole('button', { name: T.markPresent }).count()).toBe(1);
    expect(await phone.locator('.sync-indicator .sync-label').textContent()).toBe('Live');

    // A pen another cat holds: refused here, in words, and nothing is queued.
    await card.getByLabel(T.penLabel).fill('b12');
    await card.getByRole('button', { name: T.move, exact: true }).click();
    const fiftyThree = await entry('53');
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(penTakenText('B12', fiftyThree));
    expect(await desk.getByRole('group', { name: 'Confirm the change' }).count()).toBe(0);
    await screenshot(desk, 'organiser-catalogue-taken-pen', 'desktop');

    // A free pen: moved, sent once, live on the phones in the pen's written form.
    await card.getByLabel(T.penLabel).fill(' c 7 ');
    await card.getByRole('button', { name: T.move, exact: true }).click();
    const moveLabel = T.moveLabel(`52 ${cat.name}`, 'C 7');
    await expect.poll(() => desk.getByRole('group', { name: 'Confirm the change' }).textContent()).toContain(`${moveLabel}?`);
    await desk.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => changeState(desk, moveLabel).textContent(), { timeout: LIVE_DEADLINE_MS }).toBe('Sent');
    expect(await entry('52')).toMatchObject({ absent: true, pen: 'C 7' });
    expect(await operations()).toBe(opsBefore + 2);
    await expect.poll(() => phoneCard.locator('.console-entry-pen').textContent(), { timeout: LIVE_DEADLINE_MS }).toBe(T.pen('C 7'));
    // The phone's pen field, opened on A17, follows the move too.
    expect(await phoneCard.getByLabel(T.penLabel).inputValue()).toBe('C 7');
    await expect.poll(onVisitorPhone, { timeout: LIVE_DEADLINE_MS }).toEqual({ absent: [CATALOGUE_TEXTS.absentExplained], pen: 'C 7' });
    expect(await visitor.locator('.sync-indicator .sync-label').textContent()).toBe('Live');

    // Usable and accessible at both sizes, in both themes.
    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(desk))) {
      expect(violations, formatViolations(`/organiser catalogue (${scheme})`, violations)).toEqual([]);
    }
    await phoneCard.scrollIntoViewIfNeeded();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(phone, 'organiser-catalogue', 'phone', { fullPage: false });
    await screenshot(desk, 'organiser-catalogue', 'desktop');
  });

  it('prints the pen cards four to an A4 page, for a section or the whole show; a card’s QR code is the cat’s address', { timeout: 180_000 }, async () => {
    const page = await organiserOn('desktop', '/organiser', { deviceScaleFactor: 2 });
    const nav = page.getByRole('navigation', { name: 'Organiser console' });
    await nav.getByRole('link', { name: 'Pen cards' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(T.penCards.title);
    expect(new URL(page.url()).pathname).toBe('/organiser/pen-cards');

    const section = page.getByLabel(T.penCards.sectionLabel);
    await expect.poll(() => section.locator('option').allTextContents()).toEqual([T.penCards.wholeShow, 'Longhair kittens', 'Shorthair adults']);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'cards' }).textContent()).toBe(T.penCards.count(9, 3));
    // Catalogue order, one card per entry, with what the card says.
    expect(await page.locator('.pen-card-number').allTextContents()).toEqual(ENTRIES.map((e) => e.number));
    const card = page.locator('.pen-card[data-number="52A"]');
    expect(await card.locator('.pen-card-name').textContent()).toBe('Late Comer of Fernbrook');
    expect(await card.locator('.pen-card-facts dd').allTextContents()).toEqual([expect.any(String), 'MCO n 22', 'Kitten', 'A18']);

    // The QR code, decoded from the pixels on screen, is the cat's absolute address in the app.
    const qr = card.locator('svg.qr-code');
    await qr.waitFor();
    const { data, info } = await sharp(await qr.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(`${server.url}${paths.catalogueEntry(eventId, '52A')}`);

    // Printed: the app's chrome and the controls stay off the paper, two by two cards fill each A4 page.
    const pdfPages = async () => {
      await page.waitForFunction(() => document.querySelectorAll('.pen-card svg.qr-code').length === document.querySelectorAll('.pen-card').length);
      const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
      // Each page's size in points, rounded: A4 is 595 × 842.
      return [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => `${Math.round(Number(m[1]))}×${Math.round(Number(m[2]))}`);
    };
    expect(await pdfPages()).toEqual(Array(3).fill(A4_POINTS));
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: T.penCards.print }).isVisible()).toBe(false);
    const layout = await page
      .locator('.pen-sheet')
      .first()
      .evaluate((sheet) => {
        const boxes = [...sheet.querySelectorAll('.pen-card')].map((c) => c.getBoundingClientRect());
        const mm = (px: number) => Math.round((px * 25.4) / 96);
        return {
          columns: new Set(boxes.map((b) => Math.round(b.left))).size,
          rows: new Set(boxes.map((b) => Math.round(b.top))).size,
          sheetHeightMm: mm(sheet.getBoundingClientRect().height),
        };
      });
    expect(layout).toEqual({ columns: 2, rows: 2, sheetHeightMm: 280 });
    await screenshot(page, 'pen-cards-print', 'desktop');
    // Back to no emulation: page.pdf() prints with print media unless screen is emulated.
    await page.emulateMedia({ media: null });

    // One section: its cards only, in as many pages as it needs.
    await section.selectOption('Longhair kittens');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'cards' }).textContent()).toBe(T.penCards.count(5, 2));
    expect(await page.locator('.pen-card-number').allTextContents()).toEqual(['50', '51', '52', '52A', '53']);
    expect(new URL(page.url()).searchParams.get('section')).toBe('Longhair kittens');
    expect(await pdfPages()).toEqual(Array(2).fill(A4_POINTS));
    await section.selectOption('Shorthair adults');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'cards' }).textContent()).toBe(T.penCards.count(4, 1));
    expect(await pdfPages()).toEqual([A4_POINTS]);

    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
      expect(violations, formatViolations(`/organiser/pen-cards (${scheme})`, violations)).toEqual([]);
    }
    await screenshot(page, 'pen-cards', 'desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'pen-cards', 'phone');
  });
});

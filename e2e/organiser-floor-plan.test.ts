// The console's floor-plan editor in a real browser. An organiser draws a place on the plan with the mouse,
// labels it, moves it with the mouse and with the keys, undoes; each change is sent once and arrives in a
// visitor's phone's mirror, live. On a tablet the same with a finger (touch events through the DevTools
// protocol: real pointer events of type touch), a deleted place undone comes back. Offline the change is
// kept and said so; a change the server refuses is said in its words and the drawing returns to what is
// stored. Usable at 390 × 844 (it says where drawing is easier), 1024 × 768 and on a desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { parsePens } from '../shared/floor-plan.ts';
import { upcomingEvents } from '../shared/schedule.ts';
import { FLOOR_PLAN_EDITOR_TEXTS as T } from '../src/features/organiser/floor-plan-editor-texts.ts';
import { DB_NAME } from '../src/data/db.ts';
import { client } from '../tests/helpers/server.ts';
import { createVisitor, VISITOR_PASSWORD } from '../tests/helpers/fuzz-accounts.ts';
import { VIEWPORTS, screenshot } from './app-page.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { useShow } from './fixture.ts';

const AUTH_STORAGE_KEY = 'sb-127-auth-token';
/** sync_pull holds back rows younger than about a second (the late-commit guard). */
const GUARD_WAIT_MS = 1_500;
/** A change must arrive by the live path, well before the periodic pull (a minute). */
const LIVE_DEADLINE_MS = 15_000;
const TABLET = { width: 1024, height: 768 };
const PLAN = { width: 1000, height: 600 };
/** A pointer lands on whole CSS pixels: a plan unit is about one. */
const SLACK = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PLAN.width} ${PLAN.height}" width="${PLAN.width}" height="${PLAN.height}">
<rect x="5" y="5" width="990" height="590" fill="#f8f5ee" stroke="#444" stroke-width="6"/>
<rect x="440" y="560" width="120" height="40" fill="#fff" stroke="#444" stroke-width="3"/></svg>`;

interface PlaceRow {
  id: number;
  kind: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

describe('the organiser console: the floor-plan editor', () => {
  let server: VenueServer;
  let browser: Browser;
  let eventId: number;
  let planId: number;
  let ring: string;
  let email: string;
  const contexts: BrowserContext[] = [];

  useShow({}, (show) => ({ server, browser } = show));

  const places = async (): Promise<PlaceRow[]> =>
    (await server.db.query<PlaceRow>('select id::int as id, kind, label, x, y, width, height from public.places where floor_plan_id = $1 order by id', [planId])).rows;
  const placeNamed = async (label: string) => (await places()).find((p) => p.label === label);
  const near = (a: number | undefined, b: number) => a !== undefined && Math.abs(a - b) <= SLACK;

  beforeAll(async () => {
    const events = (
      await server.db.query<{ id: number; name: string; start_date: string; end_date: string; time_zone: string | null }>(
        'select id::int as id, name, start_date::text, end_date::text, time_zone from public.events',
      )
    ).rows;
    eventId = upcomingEvents(events, new Date())[0]!.id;
    ring = (
      await server.db.query<{ location: string }>('select location from public.event_schedule where event_id = $1 and location is not null order by location limit 1', [
        eventId,
      ])
    ).rows[0]!.location;
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

  /** The test's own plan for the event the console chooses, in place of the demo hall: a clean hall to draw in. */
  async function ownPlan(): Promise<void> {
    const upload = await client(server, 'service_role')
      .storage.from('images')
      .upload('plans/e2e-hall.svg', new TextEncoder().encode(PLAN_SVG), { contentType: 'image/svg+xml', upsert: true });
    expect(upload.error).toBeNull();
    await server.db.query('delete from public.floor_plans where event_id = $1', [eventId]);
    planId = (
      await server.db.query<{ id: number }>(
        `insert into public.floor_plans (event_id, image_url, width, height, description)
         values ($1, 'plans/e2e-hall.svg', $2, $3, 'The hall: one room, the entrance in the middle of the bottom wall') returning id::int as id`,
        [eventId, PLAN.width, PLAN.height],
      )
    ).rows[0]!.id;
    await sleep(GUARD_WAIT_MS);
  }

  const waitLive = (page: Page) =>
    page.waitForFunction(() => document.querySelector('.sync-indicator .sync-label')?.textContent === 'Live', undefined, { timeout: 30_000 });

  async function newContext(options: BrowserContextOptions): Promise<BrowserContext> {
    const ctx = await browser.newContext(options);
    contexts.push(ctx);
    await ctx.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    return ctx;
  }

  /** The organiser, signed in on a device of the given kind, on the floor-plan editor, the mirror synced. */
  async function organiserOn(options: BrowserContextOptions): Promise<Page> {
    const page = await (await newContext(options)).newPage();
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
    await page.goto(`${server.url}/organiser/floor-plan`);
    await waitLive(page);
    await page.locator('.floor-plan-canvas svg').waitFor();
    return page;
  }

  /** A visitor's phone open on the app: its mirror receives the hall live. */
  async function visitorPhone(): Promise<Page> {
    const page = await (await newContext({ viewport: VIEWPORTS.phone })).newPage();
    await page.goto(`${server.url}/`);
    await waitLive(page);
    return page;
  }
  /** The places the visitor's mirror holds for the plan, read from its IndexedDB. */
  const mirrored = (page: Page) =>
    page.evaluate(
      ([name, plan]) =>
        new Promise<{ label: string; kind: string; x: number; y: number }[]>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('places').objectStore('places').getAll();
            all.onsuccess = () => {
              const rows = (all.result as { floor_plan_id: number; label: string; kind: string; x: number; y: number }[]).filter((p) => p.floor_plan_id === plan);
              open.result.close();
              resolve(rows.map(({ label, kind, x, y }) => ({ label, kind, x: Math.round(x), y: Math.round(y) })));
            };
          };
        }),
      [DB_NAME, planId] as const,
    );

  /** Screen coordinates of a point of the plan. */
  async function onScreen(page: Page, x: number, y: number) {
    await page.locator('.floor-plan-canvas svg').scrollIntoViewIfNeeded();
    const box = (await page.locator('.floor-plan-canvas svg').boundingBox())!;
    return { x: box.x + (x * box.width) / PLAN.width, y: box.y + (y * box.height) / PLAN.height };
  }
  async function mouseDrag(page: Page, from: [number, number], to: [number, number]) {
    const a = await onScreen(page, ...from);
    const b = await onScreen(page, ...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
  }
  /** A finger's drag: touch events through the DevTools protocol, which Chromium turns into pointer events of type touch. */
  async function touchDrag(page: Page, from: [number, number], to: [number, number]) {
    const cdp = await page.context().newCDPSession(page);
    const a = await onScreen(page, ...from);
    const b = await onScreen(page, ...to);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 }] });
    }
    // A finger rests before it is lifted: no fling, whose end would swallow the next tap.
    await sleep(150);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: b.x, y: b.y }] });
    await sleep(50);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
  const listButton = (page: Page, label: string, kind: keyof typeof T.kinds) =>
    page.getByRole('region', { name: T.placesTitle }).getByRole('button', { name: new RegExp(`^${T.placeButton(label, T.kinds[kind]).replace(/[()]/g, '\\$&')}`) });

  it(
    'shows the running event’s demo hall (its picture in words, every place) on a desktop and a tablet; an event without a plan says how to add one',
    { timeout: 120_000 },
    async () => {
      const hall = (
        await server.db.query<{ description: string; places: number; ring: string }>(
          `select f.description, (select count(*)::int from public.places p where p.floor_plan_id = f.id) as places,
                (select label from public.places p where p.floor_plan_id = f.id and kind = 'ring' order by label limit 1) as ring
           from public.floor_plans f where f.event_id = $1`,
          [eventId],
        )
      ).rows[0];
      expect(hall).toBeDefined();
      for (const [name, viewport] of [
        ['desktop', VIEWPORTS.desktop],
        ['tablet', TABLET],
      ] as const) {
        const page = await organiserOn({ viewport, hasTouch: name === 'tablet' });
        expect(await page.getByRole('img', { name: hall!.description }).count()).toBe(1);
        const list = page.getByRole('region', { name: T.placesTitle }).getByRole('button');
        await expect.poll(() => list.count()).toBe(hall!.places);
        await listButton(page, hall!.ring, 'ring').click();
        await expect.poll(() => page.getByLabel(T.form.location).inputValue()).toBe(hall!.ring);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(page, `organiser-floor-plan-demo-hall-${name}`, 'desktop', { fullPage: false });
      }

      // Another event, without a plan: said in words, with how to add one.
      const other = (
        await server.db.query<{ id: number; name: string; start_date: string; end_date: string; time_zone: string | null }>(
          'select id::int as id, name, start_date::text, end_date::text, time_zone from public.events where id not in (select event_id from public.floor_plans)',
        )
      ).rows;
      const planless = upcomingEvents(other, new Date())[0];
      expect(planless).toBeDefined();
      const page = await organiserOn({ viewport: VIEWPORTS.desktop });
      await page.getByLabel('Event').selectOption(String(planless!.id));
      await expect.poll(() => page.locator('.floor-plan-none').textContent()).toBe(T.noPlan(planless!.name));
      expect(await page.locator('.floor-plan-canvas').count()).toBe(0);
    },
  );

  it('draws, labels, moves (mouse and keys) and undoes a place; each change reaches a visitor’s phone live', { timeout: 240_000 }, async () => {
    await ownPlan();
    const desk = await organiserOn({ viewport: VIEWPORTS.desktop });
    const visitor = await visitorPhone();
    await expect.poll(() => desk.getByRole('region', { name: T.placesTitle }).textContent()).toContain(T.noPlaces);
    expect(await desk.getByRole('img', { name: 'The hall: one room, the entrance in the middle of the bottom wall' }).count()).toBe(1);

    // Drawn with the mouse: a new area, its label field focused for the name.
    await mouseDrag(desk, [100, 100], [300, 250]);
    await expect.poll(() => desk.evaluate(() => document.activeElement?.id)).toBe('place-label');
    await expect.poll(() => placeNamed(T.newLabel), { timeout: LIVE_DEADLINE_MS }).toMatchObject({ kind: 'area' });
    const drawn = (await placeNamed(T.newLabel))!;
    expect([near(drawn.x, 100), near(drawn.y, 100), near(drawn.width, 200), near(drawn.height, 150)]).toEqual([true, true, true, true]);

    await desk.getByLabel(T.form.label, { exact: true }).fill('Grooming area');
    await desk.getByRole('button', { name: T.form.save, exact: true }).click();
    await expect.poll(async () => (await places()).map((p) => p.label), { timeout: LIVE_DEADLINE_MS }).toEqual(['Grooming area']);
    await expect.poll(async () => (await mirrored(visitor)).map((p) => p.label), { timeout: LIVE_DEADLINE_MS }).toEqual(['Grooming area']);

    // Moved with the mouse by 200 × 100.
    await mouseDrag(desk, [200, 175], [400, 275]);
    await expect
      .poll(async () => near((await placeNamed('Grooming area'))?.x, 300) && near((await placeNamed('Grooming area'))?.y, 200), { timeout: LIVE_DEADLINE_MS })
      .toBe(true);
    const afterMouse = (await placeNamed('Grooming area'))!;

    // With the keys: Shift+→ twice is 2 × 50 units (ten steps of a two-hundredth of the plan), sent as one change.
    const shape = desk.locator('g.plan-place[data-place="Grooming area"]');
    await shape.focus();
    await desk.keyboard.press('Shift+ArrowRight');
    await desk.keyboard.press('Shift+ArrowRight');
    await desk.keyboard.press('ArrowDown');
    await expect.poll(async () => (await placeNamed('Grooming area'))?.x, { timeout: LIVE_DEADLINE_MS }).toBe(afterMouse.x + 100);
    expect((await placeNamed('Grooming area'))?.y).toBe(afterMouse.y + 5);
    await expect
      .poll(async () => (await mirrored(visitor)).find((p) => p.label === 'Grooming area')?.x, { timeout: LIVE_DEADLINE_MS })
      .toBe(Math.round(afterMouse.x + 100));

    // Ctrl+Z undoes the keys' move, the Undo button the mouse's, once more the label.
    await desk.keyboard.press('Control+z');
    await expect.poll(async () => (await placeNamed('Grooming area'))?.x, { timeout: LIVE_DEADLINE_MS }).toBe(afterMouse.x);
    await desk.getByRole('button', { name: T.undo, exact: true }).click();
    await expect.poll(async () => (await placeNamed('Grooming area'))?.x, { timeout: LIVE_DEADLINE_MS }).toBe(drawn.x);
    await desk.getByRole('button', { name: T.undo, exact: true }).click();
    await expect.poll(async () => (await places()).map((p) => [p.label, p.x, p.y]), { timeout: LIVE_DEADLINE_MS }).toEqual([[T.newLabel, drawn.x, drawn.y]]);
    await expect
      .poll(() => mirrored(visitor), { timeout: LIVE_DEADLINE_MS })
      .toEqual([{ label: T.newLabel, kind: 'area', x: Math.round(drawn.x), y: Math.round(drawn.y) }]);
    expect(await visitor.locator('.sync-indicator .sync-label').textContent()).toBe('Live');
    expect((await places()).length).toBe(1);

    for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(desk))) {
      expect(violations, formatViolations(`/organiser/floor-plan (${scheme})`, violations)).toEqual([]);
    }
    await listButton(desk, T.newLabel, 'area').click();
    await screenshot(desk, 'organiser-floor-plan', 'desktop');
  });

  it('keeps a change made offline and says so; a ring the server refuses is said in its words, and the drawing returns', { timeout: 180_000 }, async () => {
    const desk = await organiserOn({ viewport: VIEWPORTS.desktop });
    const [before] = await places();
    expect(before).toBeDefined();
    await listButton(desk, before!.label, before!.kind as keyof typeof T.kinds).click();
    await desk.getByLabel(T.form.kind).selectOption({ label: T.kinds.ring });
    await desk.getByLabel(T.form.label, { exact: true }).fill(ring);
    await desk.getByLabel(T.form.location).selectOption(ring);

    await desk.context().setOffline(true);
    await desk.getByRole('button', { name: T.form.save, exact: true }).click();
    await expect.poll(() => desk.locator('.floor-plan-state').textContent()).toBe(T.offline);
    // Drawn as asked meanwhile, marked as waiting; nothing stored yet.
    await expect.poll(() => listButton(desk, ring, 'ring').textContent()).toBe(`${T.placeButton(ring, T.kinds.ring)} · ${T.pending}`);
    expect(await places()).toEqual([before]);

    // Meanwhile the ring's sessions move elsewhere: the change the phone kept no longer fits the show.
    await server.db.query(`update public.event_schedule set location = location || ' (old)' where event_id = $1 and location = $2`, [eventId, ring]);
    try {
      await desk.context().setOffline(false);
      await desk.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(() => desk.getByRole('alert').allTextContents(), { timeout: LIVE_DEADLINE_MS })
        .toContain(`${T.notSaved(T.labels.change(ring), `No session of this show is held in "${ring}"`)} ${T.dismiss}`);
      // The drawing is what is stored again.
      await expect.poll(() => listButton(desk, before!.label, 'area').count()).toBe(1);
      expect(await listButton(desk, ring, 'ring').count()).toBe(0);
      expect(await places()).toEqual([before]);
      await desk.getByRole('button', { name: T.dismiss }).click();
      await expect.poll(() => desk.getByRole('alert').count()).toBe(0);
    } finally {
      await server.db.query(`update public.event_schedule set location = $2 where event_id = $1 and location = $2 || ' (old)'`, [eventId, ring]);
    }
  });

  it('on a tablet, with a finger: draws, moves, resizes, deletes and undoes the delete; the visitor’s phone follows', { timeout: 180_000 }, async () => {
    const tablet = await organiserOn({ viewport: TABLET, hasTouch: true });
    const visitor = await visitorPhone();
    await touchDrag(tablet, [600, 100], [800, 300]);
    await expect.poll(() => tablet.evaluate(() => document.activeElement?.id)).toBe('place-label');
    await tablet.getByLabel(T.form.label, { exact: true }).fill('Vet check');
    await tablet.getByLabel(T.form.kind).selectOption({ label: T.kinds.facility });
    await tablet.getByLabel(T.form.facility).selectOption({ label: T.facilities.vet_check });
    await tablet.getByRole('button', { name: T.form.save, exact: true }).tap();
    await expect.poll(() => placeNamed('Vet check'), { timeout: LIVE_DEADLINE_MS }).toMatchObject({ kind: 'facility' });
    const drawn = (await placeNamed('Vet check'))!;
    expect([near(drawn.x, 600), near(drawn.y, 100), near(drawn.width, 200), near(drawn.height, 200)]).toEqual([true, true, true, true]);

    await touchDrag(tablet, [700, 200], [650, 300]);
    await expect.poll(async () => near((await placeNamed('Vet check'))?.y, drawn.y + 100), { timeout: LIVE_DEADLINE_MS }).toBe(true);
    const shifted = (await placeNamed('Vet check'))!;
    // Resized by its bottom-right corner: 50 wider and 40 higher, its top left where it was.
    await touchDrag(tablet, [shifted.x + shifted.width, shifted.y + shifted.height], [shifted.x + shifted.width + 50, shifted.y + shifted.height + 40]);
    await expect
      .poll(
        async () => {
          const p = await placeNamed('Vet check');
          return [p?.x === shifted.x, p?.y === shifted.y, near(p?.width, shifted.width + 50), near(p?.height, shifted.height + 40)];
        },
        { timeout: LIVE_DEADLINE_MS },
      )
      .toEqual([true, true, true, true]);
    const moved = (await placeNamed('Vet check'))!;
    await screenshot(tablet, 'organiser-floor-plan-tablet', 'desktop', { fullPage: false });
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);

    // Deleted, then the delete undone: the place comes back (a new row, where it was).
    await tablet.getByRole('button', { name: T.form.delete }).tap();
    await expect.poll(() => placeNamed('Vet check'), { timeout: LIVE_DEADLINE_MS }).toBeUndefined();
    await tablet.getByRole('button', { name: T.undo, exact: true }).tap();
    await expect.poll(() => placeNamed('Vet check'), { timeout: LIVE_DEADLINE_MS }).toMatchObject({ kind: 'facility', x: moved.x, y: moved.y });
    expect((await placeNamed('Vet check'))!.id).not.toBe(moved.id);
    await expect
      .poll(async () => (await mirrored(visitor)).find((p) => p.label === 'Vet check'), { timeout: LIVE_DEADLINE_MS })
      .toEqual({ label: 'Vet check', kind: 'facility', x: Math.round(moved.x), y: Math.round(moved.y) });
  });

  it(
    'at 390 × 844: no sideways scroll, a place changed from its list and fields (a row’s pens checked), and it says where drawing is easier',
    { timeout: 120_000 },
    async () => {
      const phone = await organiserOn({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
      await expect.poll(() => phone.getByText(T.smallScreen).isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      const first = (await places())[0]!;
      await listButton(phone, first.label, first.kind as keyof typeof T.kinds)
        .first()
        .tap();
      await expect.poll(() => phone.getByLabel(T.form.label, { exact: true }).inputValue()).toBe(first.label);
      // A benching row: its pens checked as the import reads them, the problem said at the field.
      await phone.getByLabel(T.form.kind).selectOption({ label: T.kinds.benching });
      await phone.getByLabel(T.form.label, { exact: true }).fill('Row A');
      const pens = phone.getByLabel(T.form.pens);
      await pens.fill('A1-B20');
      await phone.getByRole('button', { name: T.form.save, exact: true }).tap();
      const wrong = parsePens('A1-B20');
      expect('error' in wrong).toBe(true);
      await expect.poll(() => phone.locator('.place-form [role="alert"]').allTextContents()).toEqual(['error' in wrong ? wrong.error : '']);
      expect(await pens.getAttribute('aria-invalid')).toBe('true');
      // Right pens, and a new left edge typed in its field: saved as typed.
      await pens.fill('A1-A20');
      await phone.getByLabel(T.form.x).fill('40');
      await phone.getByRole('button', { name: T.form.save, exact: true }).tap();
      await expect
        .poll(async () => (await places()).find((p) => p.id === first.id), { timeout: LIVE_DEADLINE_MS })
        .toMatchObject({ kind: 'benching', label: 'Row A', x: 40 });
      expect((await server.db.query<{ pens: string }>('select pens from public.places where id = $1', [first.id])).rows[0]?.pens).toBe('A1-A20');
      const small = await phone.evaluate(
        () =>
          [...document.querySelectorAll('.floor-plan-page button, .floor-plan-page input, .floor-plan-page select')]
            .filter((e) => (e as HTMLElement).offsetParent !== null)
            .map((e) => e.getBoundingClientRect())
            .filter((r) => r.height < 44).length,
      );
      expect(small).toBe(0);
      await screenshot(phone, 'organiser-floor-plan', 'phone');
    },
  );
});

// The live show in the browser: a page already open learns of a change through the poke and
// shows it without a reload and without anyone pressing sync; the header says "Live" while subscribed.
// With the websocket blocked, the header never says "Live", the page polls as before, and still converges.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { JUST_CHANGED_TEXT } from '../shared/live-schedule.ts';
import { sessionAnchor } from '../shared/paths.ts';
import { SYNC_INTERVAL_MS } from '../src/data/sync/triggers.ts';
import { client } from '../tests/helpers/server.ts';
import { VIEWPORTS } from './app-page.ts';
import { useShow } from './fixture.ts';

/**
 * The 3 s from commit to screen is a timing budget, gated by `npm run bench`'s live section (p95). Here the
 * change must arrive by the live path: well before the periodic pull (SYNC_INTERVAL_MS), with room for a
 * busy CI machine.
 */
const LIVE_DEADLINE_MS = 10_000;

interface Breed {
  id: number;
  breed_name: string;
  universal_breed_abbreviation: string;
}

describe('the live show in the browser', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let breed: Breed;

  beforeAll(async () => {
    breed = (await server.db.query<Breed>('select id::int as id, breed_name, universal_breed_abbreviation from public.breeds order by id limit 1')).rows[0]!;
  });

  const service = () => client(server, 'service_role');
  const indicator = (page: Page) => page.locator('.sync-indicator .sync-label').innerText();
  /** A phone with the app open on the breed, its mirror full; `blockSocket` refuses every realtime socket. */
  async function openBreed({ blockSocket = false, fakeClock = false } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    if (blockSocket) await context.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => ws.close({ code: 1011, reason: 'blocked by the test' }));
    const page = await context.newPage();
    if (fakeClock) await page.clock.install();
    await page.goto(`${server.url}/breeds/${encodeURIComponent(breed.universal_breed_abbreviation)}`);
    await page.getByRole('heading', { level: 1, name: breed.breed_name }).waitFor({ timeout: 30_000 });
    // A reload would lose this: the change must arrive in the same document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    return page;
  }
  const rename = async (name: string) => {
    const { error } = await service().from('breeds').update({ breed_name: name }).eq('id', breed.id);
    expect(error).toBeNull();
    breed.breed_name = name;
  };
  const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  it('shows a renamed breed on the open page within seconds, without a reload, and says "Live"', { timeout: 90_000 }, async () => {
    const page = await openBreed();
    await page.waitForFunction(() => document.querySelector('.sync-indicator .sync-label')?.textContent === 'Live', undefined, { timeout: 20_000 });
    expect(await page.locator('.sync-indicator').getAttribute('aria-label')).toBe('Live. Sync now');

    for (const round of [1, 2]) {
      const name = `${breed.breed_name.replace(/ \(live \d\)$/, '')} (live ${round})`;
      const committed = Date.now();
      await rename(name);
      await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: LIVE_DEADLINE_MS });
      console.log(`  live: rename ${round} on the page after ${Date.now() - committed} ms`);
    }
    expect(await sameDocument(page)).toBe(true);
    expect(await indicator(page)).toBe('Live');
    await page.context().close();
  });

  it('tags a session the organiser moves on an open event page, with nobody pressing sync', { timeout: 90_000 }, async () => {
    const { rows } = await server.db.query<{ id: number; event_id: number; schedule_date: string; start_time: string; end_time: string; location: string | null }>(
      `select s.id::int as id, s.event_id::int as event_id, s.schedule_date::text, s.start_time::text, s.end_time::text, s.location
         from public.event_schedule s join public.events e on e.id = s.event_id
        where e.end_date >= current_date and s.status = 'scheduled' and s.end_time < '22:00'
        order by e.start_date, s.schedule_date, s.start_time, s.id limit 1`,
    );
    const session = rows[0]!;
    const page = await openBreed();
    await page.goto(`${server.url}/events/${session.event_id}`);
    const row = page.locator(`#${sessionAnchor(session.id)}`);
    await row.waitFor();
    await page.waitForFunction(() => document.querySelector('.sync-indicator .sync-label')?.textContent === 'Live', undefined, { timeout: 20_000 });
    const later = (t: string) => `${String(Number(t.slice(0, 2)) + 1).padStart(2, '0')}${t.slice(2, 5)}:00`;
    const { error } = await service().rpc('organiser_change_sessions', {
      p_op: randomUUID(),
      p_changes: [
        {
          id: session.id,
          action: 'set',
          schedule_date: session.schedule_date,
          start_time: later(session.start_time),
          end_time: later(session.end_time),
          location: session.location,
        },
      ],
    });
    expect(error).toBeNull();
    await row.locator('.session-just').filter({ hasText: JUST_CHANGED_TEXT }).waitFor({ timeout: LIVE_DEADLINE_MS });
    await page.context().close();
  });

  it('with the websocket blocked, never says "Live", polls as before and still converges', { timeout: 90_000 }, async () => {
    const page = await openBreed({ blockSocket: true, fakeClock: true });
    await page.waitForFunction(() => /^Synced\b/.test(document.querySelector('.sync-indicator .sync-label')?.textContent ?? ''), undefined, { timeout: 20_000 });
    const name = `${breed.breed_name.replace(/ \(live \d\)$/, '')} (polled)`;
    await rename(name);
    // No poke comes; after the late-commit guard the change waits for the periodic pull, a minute on.
    await page.waitForTimeout(2_000);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe(name);
    expect(await indicator(page)).not.toBe('Live');
    await page.clock.fastForward(SYNC_INTERVAL_MS);
    await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
    expect(await sameDocument(page)).toBe(true);
    expect(await indicator(page)).not.toBe('Live');
    await page.context().close();
  });
});

// The hall over plain HTTP: a phone on the hall Wi-Fi that opens the venue server by its name without TLS
// gets no secure context (no service worker, no Web Locks, no crypto.randomUUID). The app says what it
// cannot do there, and the rest (browsing, voting) works. On localhost the same build says nothing.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { INSECURE_ORIGIN_NOTICE } from '../shared/messages.ts';
import type { VenueServer } from '../server/start.ts';
import { DRAIN_LOCK_NAME } from '../src/data/outbox/lock.ts';
import { formatViolations, runAxe } from './axe.ts';
import { castVote, screenshot, VIEWPORTS } from './app-page.ts';
import { HALL_NAME, useShow } from './fixture.ts';

describe('the hall over plain http://', () => {
  let server: VenueServer;
  let browser: Browser;
  let hall: string;
  // The worker's Chromium resolves the hall's name as the router would answer it: the name is the laptop.
  useShow({}, (show) => {
    ({ server, browser } = show);
    hall = server.url.replace('127.0.0.1', HALL_NAME);
  });

  /** A page that records uncaught errors, at phone size, with cookies accepted (the banner stays out of the way). */
  async function openPage(url: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // Chromium's own note that it ignores server/static.ts's COOP header off HTTPS: harmless, not the app's.
      if (m.type() === 'error' && !m.text().startsWith('The Cross-Origin-Opener-Policy header has been ignored')) errors.push(m.text());
    });
    await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    await page.goto(url);
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
    return { page, errors };
  }

  it('on the hall name: no secure context, the notice in words, and a vote arrives exactly once', async () => {
    const { page, errors } = await openPage(`${hall}/visitors-choice`);
    expect(
      await page.evaluate(() => ({
        secure: window.isSecureContext,
        randomUUID: typeof (crypto as Partial<Crypto>).randomUUID,
        locks: typeof (navigator as Partial<Navigator>).locks,
        serviceWorker: 'serviceWorker' in navigator,
      })),
    ).toEqual({ secure: false, randomUUID: 'undefined', locks: 'undefined', serviceWorker: false });

    const notice = page.getByRole('region', { name: INSECURE_ORIGIN_NOTICE.title });
    expect(await notice.getByRole('heading').textContent()).toBe(INSECURE_ORIGIN_NOTICE.title);
    expect(await notice.locator('p').textContent()).toBe(INSECURE_ORIGIN_NOTICE.body);
    expect(await notice.isVisible()).toBe(true);
    // Not an alert: it must not interrupt a screen reader or take the focus.
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'hall-http-notice', 'phone');

    // In the flow between header and content, no sideways scroll, a thumb-sized Dismiss.
    const layout = await page.evaluate(() => {
      const box = document.querySelector('.insecure-notice')!;
      return {
        position: getComputedStyle(box).position,
        noticeBottom: box.getBoundingClientRect().bottom,
        mainTop: document.getElementById('main')!.getBoundingClientRect().top,
        headerBottom: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
        noticeTop: box.getBoundingClientRect().top,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    expect(layout.position).toBe('static');
    expect(layout.noticeTop).toBeGreaterThanOrEqual(layout.headerBottom);
    expect(layout.noticeBottom).toBeLessThanOrEqual(layout.mainTop);
    expect(layout.overflow).toBe(0);
    const dismiss = (await notice.getByRole('button', { name: INSECURE_ORIGIN_NOTICE.dismiss }).boundingBox())!;
    expect(Math.min(dismiss.width, dismiss.height)).toBeGreaterThanOrEqual(44);
    expect(formatViolations('notice on the vote screen', await runAxe(page))).toBe('notice on the vote screen: 0 axe violation(s)');

    // A vote: its outbox id comes from getRandomValues, the tabs take turns through the localStorage lease.
    const email = `hall.http.${Date.now()}@example.com`;
    await castVote(page, email);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
    const votes = await server.db.query<{ id: string }>('select id from public.visitor_choice where email = $1', [email]);
    expect(votes.rows).toHaveLength(1);
    expect(votes.rows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The lease was given back, and the header still speaks in words.
    expect(await page.evaluate((key) => localStorage.getItem(key), `${DRAIN_LOCK_NAME}:lease`)).toBeNull();
    expect(await page.locator('.sync-indicator').textContent()).toMatch(/^(Synced |Live$)/);
    await page.waitForTimeout(500);
    expect((await server.db.query('select id from public.visitor_choice where email = $1', [email])).rows).toHaveLength(1);

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'hall-http-notice', 'desktop');

    // Dismissed, it stays away for this visit; the focus moves on to the content.
    await notice.getByRole('button', { name: INSECURE_ORIGIN_NOTICE.dismiss }).click();
    expect(await notice.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.reload();
    await page.locator('h1').first().waitFor();
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on localhost the same build is a secure context and shows no notice', async () => {
    const { page, errors } = await openPage(`${server.url}/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    expect(await page.locator('h1').first().textContent()).toBe('Welcome to PurrFect Show');
    expect(await page.locator('.insecure-notice').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

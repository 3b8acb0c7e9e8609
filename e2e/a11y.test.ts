// axe-core on every route and the states a visitor meets (menu overlay, cookie banner, account menu,
// forms with errors, quiz, outbox panel), at phone and desktop sizes, in the light and the dark theme
// (the system's setting): zero violations of WCAG 2.0/2.1 A and AA and axe's best practices, all impacts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER } from '../server/seed/index.ts';
import type { VenueServer } from '../server/start.ts';
import { catterySlug } from '../shared/paths.ts';
import { QUIZ_QUESTIONS } from '../src/lib/quiz.ts';
import { formatViolations, runAxeInBothSchemes } from './axe.ts';
import { castVote, VIEWPORTS, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

interface Ids {
  cattery: string;
  litter: string;
  event: string;
  advertiser: string;
}

describe('axe on every screen', () => {
  // One server and one browser for both sizes; each size gets its own page (and so its own mirror).
  let server: VenueServer;
  let browser: Browser;
  let ids: Ids;
  useShow({}, (show) => ({ server, browser } = show));

  beforeAll(async () => {
    const one = async (sql: string) => (await server.db.query<{ v: string }>(sql)).rows[0]!.v;
    ids = {
      cattery: catterySlug(await one('select name as v from public.catteries order by id limit 1')),
      litter: await one('select id::text as v from public.litters order by id limit 1'),
      event: await one('select id::text as v from public.events order by start_date limit 1'),
      // One with products, so the carousel and its thumbnails are scanned too.
      advertiser: await one(
        `select id::text as v from public.advertisers
          where company_logo_url is not null and product_images is not null
            and discount_voucher_enabled and rebate_voucher_enabled
          order by id limit 1`,
      ),
    };
  });

  describe.each(['phone', 'desktop'] as ViewportName[])('on a %s', (viewport) => {
    let page: Page;

    beforeAll(async () => {
      // Like openSyncedApp, but without accepting cookies: the banner stays up on every screen scanned.
      page = await browser.newPage({ viewport: VIEWPORTS[viewport] });
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
        timeout: 30_000,
      });
    });
    afterAll(async () => {
      await page?.close();
    });

    /** Client-side navigation (as a link would do): one page load for the whole file. */
    async function go(path: string): Promise<void> {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }

    /** Waits for the screen's heading and for every loading state to be gone. */
    async function ready(heading: string): Promise<void> {
      await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe(heading);
      await expect.poll(() => page.locator('.state-loading').count(), { timeout: 15_000 }).toBe(0);
    }

    /** Both themes on the same screen: the dark scan reuses the page, its data and its state. */
    async function expectNoViolations(screen: string): Promise<void> {
      for (const [scheme, violations] of Object.entries(await runAxeInBothSchemes(page))) {
        const report = formatViolations(`${screen} (${viewport}, ${scheme})`, violations);
        if (violations.length > 0) console.error(report);
        // Soft: one run reports every screen's violations, not just the first screen's.
        expect
          .soft(
            violations.map((v) => v.id),
            report,
          )
          .toEqual([]);
      }
    }

    /** The colours the page is painted with now: the root's background and text, and a button's. */
    const painted = () =>
      page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const button = document.querySelector('main .button, main button');
        return { background: root.backgroundColor, text: root.color, button: button ? getComputedStyle(button).backgroundColor : null };
      });

    it('home with the cookie banner', async () => {
      await ready('Welcome to PurrFect Show');
      await expect.poll(() => page.locator('.tile-image').count()).toBe(5);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      expect(await banner.count()).toBe(1);
      // The dark theme is really applied when the system asks for it (so the dark scans below scan it),
      // and the browser bar's colour follows.
      const light = await painted();
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = await painted();
      const bar = await page.evaluate(() =>
        [...document.querySelectorAll('meta[name="theme-color"]')]
          .filter((m) => matchMedia((m as HTMLMetaElement).media || 'all').matches)
          .map((m) => (m as HTMLMetaElement).content),
      );
      await page.emulateMedia({ colorScheme: 'light' });
      expect(light).toEqual({ background: 'rgb(250, 247, 255)', text: 'rgb(31, 21, 48)', button: 'rgb(109, 40, 217)' });
      expect(dark).toEqual({ background: 'rgb(20, 16, 28)', text: 'rgb(236, 230, 246)', button: 'rgb(196, 181, 253)' });
      expect(bar).toEqual(['#211a2e']);
      expect(await painted()).toEqual(light);
      await expectNoViolations('home');
      // The fixed banner covers the bottom of a phone screen; the other screens are scanned without it.
      await banner.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => banner.count()).toBe(0);
    });

    it.runIf(viewport === 'phone')('the menu overlay open', async () => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).waitFor();
      await expectNoViolations('menu overlay');
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    });

    it('breed list, breed detail and "Breed not found"', async () => {
      await go('/breeds');
      await ready('Cat Breeds');
      await expect.poll(() => page.locator('.breed-card').count()).toBe(44);
      await expectNoViolations('/breeds');

      await go('/breeds/ABY');
      await ready('Abyssinian');
      await page.locator('.gallery').waitFor();
      await expectNoViolations('/breeds/ABY');

      await go('/breeds/NOPE');
      await ready('Breed not found');
      await expectNoViolations('/breeds/NOPE');
    });

    it('kittens, a litter, the breeders and a cattery', async () => {
      await go('/kittens');
      await ready('Find Your Purr-fect Match!');
      await expectNoViolations('/kittens');

      await go(`/litters/${ids.litter}`);
      await expect.poll(() => page.locator('main h1').first().textContent()).toMatch(/litter$/i);
      await expect.poll(() => page.locator('.state-loading').count()).toBe(0);
      await expectNoViolations(`/litters/${ids.litter}`);

      await go('/breeders');
      await ready('Certified Breeders');
      await expect.poll(() => page.locator('.cattery-card').count()).toBeGreaterThan(0);
      await expectNoViolations('/breeders');

      await go(`/catteries/${ids.cattery}?returnUrl=/breeders`);
      await expect.poll(() => page.locator('main h1').first().textContent()).not.toBe('Certified Breeders');
      await page.locator('.show-map-open').first().waitFor({ timeout: 15_000 });
      await expectNoViolations(`/catteries/${ids.cattery}`);
    });

    it('events, an event and the schedule', async () => {
      await go('/events');
      await ready('Upcoming Events');
      await expectNoViolations('/events');

      await go(`/events/${ids.event}`);
      await expect.poll(() => page.locator('main h1').first().textContent()).not.toBe('Upcoming Events');
      await page.locator('.show-map-open').first().waitFor({ timeout: 15_000 });
      await expectNoViolations(`/events/${ids.event}`);

      await go('/schedule');
      await ready('Schedule');
      await expect.poll(() => page.locator('.session').count()).toBeGreaterThan(0);
      await expectNoViolations('/schedule');
    });

    it("the rings and the results, with the demo show's calls and results", async () => {
      await go('/rings');
      await ready('In the rings');
      await expect.poll(() => page.locator('.ring-card').count()).toBeGreaterThan(0);
      await expectNoViolations('/rings');

      await go('/results');
      await ready('Results');
      await page.locator('.judging-age').waitFor();
      await expectNoViolations('/results');
    });

    it('pet products and an advertiser with its products carousel', async () => {
      await go('/pet-products');
      await ready('Pet Products');
      await expect.poll(() => page.locator('.advertiser-card').count()).toBeGreaterThan(0);
      await expectNoViolations('/pet-products');

      await go(`/pet-products/${ids.advertiser}`);
      await expect.poll(() => page.locator('main h1').first().textContent()).not.toBe('Pet Products');
      await page.locator('.product-carousel').waitFor();
      await page.locator('.show-map-open').first().waitFor({ timeout: 15_000 });
      await expectNoViolations(`/pet-products/${ids.advertiser}`);
    });

    it('the quiz: a question with an answer chosen, and the results', async () => {
      await go('/breed-finder-quiz');
      await ready('Breed Finder Quiz');
      await page.getByRole('radio', { name: QUIZ_QUESTIONS[0]!.options[0]!.label }).check();
      await expectNoViolations('quiz question');

      for (const [i, q] of QUIZ_QUESTIONS.entries()) {
        await page.getByRole('radio', { name: q.options[1]!.label }).check();
        const last = i === QUIZ_QUESTIONS.length - 1;
        await page.getByRole('button', { name: last ? 'Show me my breed!' : 'Next', exact: true }).click();
      }
      await ready('Your Purr-fect Matches');
      await expect.poll(() => page.locator('.quiz-result').count()).toBe(10);
      await expectNoViolations('quiz results');
    });

    it('the vote form showing a validation error', async () => {
      await go('/visitors-choice');
      await ready("Visitor's Choice");
      await expectNoViolations('/visitors-choice');
      await page.getByRole('button', { name: 'Submit vote' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }).waitFor();
      await expectNoViolations('/visitors-choice with an error');
    });

    it('the static pages', async () => {
      for (const [path, heading] of [
        ['/about', 'About PurrFect Show'],
        ['/contact', 'Contact Us'],
        ['/privacy', 'Privacy Policy'],
        ['/terms', 'Terms of Use'],
        ['/glossary', 'Cat show glossary'],
      ] as const) {
        await go(path);
        await ready(heading);
        await expectNoViolations(path);
      }
    });

    it('the account screens signed out: register with errors and checklist, forgot, reset, activation', async () => {
      await go('/register');
      await ready('Create your account');
      await page.getByLabel('Password *', { exact: true }).fill('abc1');
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByText('First name is required', { exact: true }).waitFor();
      await expectNoViolations('/register with errors and the password checklist');

      await go('/forgot-password');
      await ready('Forgot your password?');
      await expectNoViolations('/forgot-password');

      await go('/reset-password');
      await ready('Reset your password');
      await expectNoViolations('/reset-password');

      await go('/activate-account?token=not-a-token');
      await ready('Activation Failed');
      await expectNoViolations('/activate-account (failed)');

      await go('/login');
      await ready('Sign in');
      await expectNoViolations('/login');
    });

    it('signed in: the account menu, /profile (read and edit) and /settings', async () => {
      await go('/login');
      await ready('Sign in');
      await page.getByLabel('E-mail').fill(DEMO_USER.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await ready('Welcome to PurrFect Show');
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('menu').waitFor();
      await expectNoViolations('account menu open');
      await page.keyboard.press('Escape');

      // The vouchers signed in, with a coupon sent and its QR card; then My coupons on /profile lists it.
      await go(`/pet-products/${ids.advertiser}`);
      // One coupon per advertiser and type for an account: the phone run takes the discount, the desktop the rebate.
      const kind = viewport === 'phone' ? 'discount' : 'rebate';
      const voucher = page.locator(`[data-voucher-action="${kind}"]`);
      await voucher.getByRole('button', { name: `Send me the ${kind} coupon` }).click({ timeout: 15_000 });
      await expect.poll(() => voucher.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Coupon sent to your email');
      await page.locator('.show-map-open').first().waitFor({ timeout: 15_000 });
      await expectNoViolations(`/pet-products/${ids.advertiser} signed in, coupon sent`);

      await go('/profile');
      await expect.poll(() => page.locator('.state-loading').count(), { timeout: 15_000 }).toBe(0);
      await page.locator('main h1').first().waitFor();
      await expectNoViolations('/profile');

      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByRole('form', { name: 'Edit profile' }).waitFor();
      await expectNoViolations('/profile edit form');

      await go('/settings');
      await expect.poll(() => page.getByRole('form', { name: 'Edit profile' }).count()).toBe(0);
      await page.locator('main h1').first().waitFor();
      await expectNoViolations('/settings');
    });

    it('a vote saved offline, with the outbox panel open', async () => {
      await go('/visitors-choice');
      await ready("Visitor's Choice");
      await page.context().setOffline(true);
      try {
        await castVote(page, `a11y.${viewport}.${Date.now()}@example.com`);
        await ready('Your vote is saved');
        await page.getByRole('button', { name: '1 waiting to send' }).click();
        await page.getByRole('region', { name: 'Waiting to send' }).waitFor();
        await expectNoViolations('vote saved offline, outbox panel open');
      } finally {
        await page.context().setOffline(false);
      }
    });

    it('the "not found" states of the detail pages', async () => {
      for (const [path, heading] of [
        ['/catteries/no-such-cattery', 'Cattery not found'],
        ['/litters/987654321', 'Litter not found'],
        ['/events/987654321', 'Event not found'],
        ['/pet-products/987654321', 'Advertiser not found'],
      ] as const) {
        await go(path);
        await ready(heading);
        await expectNoViolations(path);
      }
    });

    it('the fallback for an unknown route', async () => {
      await go('/no-such-page');
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Unexpected Application Error!');
      await expectNoViolations('unknown route');
    });
  });
});

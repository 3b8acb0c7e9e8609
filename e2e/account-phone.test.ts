// The visitor's own pages on a phone: /profile and /settings in one column, sign-out that sticks
// offline, the last known profile offline, and a plain "needs a connection" on the account forms.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '../shared/messages.ts';
import type { VenueServer } from '../server/start.ts';
import { uniqueEmail } from '../tests/helpers/mailbox.ts';
import { client } from '../tests/helpers/server.ts';
import { VIEWPORTS, screenshot } from './app-page.ts';
import { useShow } from './fixture.ts';

const PASSWORD = 'Whiskers#2026';
const SAVED_MARK = /^Saved on this phone — last updated /;

describe('account screens on a phone', () => {
  let server: VenueServer;
  // One phone for the file (its service worker takes seconds to install); each test signs in its own visitor.
  let ctx: BrowserContext;
  let page: Page;
  useShow(
    {
      page: {
        viewport: 'phone',
        // A step that hangs fails naming its locator, not as the test's timeout.
        prepare: async (_ctx, p) => p.setDefaultTimeout(15_000),
        waitFor: ['controller'],
      },
    },
    (show) => {
      ({ server, page } = show);
      ctx = page.context();
    },
  );

  afterEach(async () => {
    await ctx?.setOffline(false);
  });

  /** A visitor with a profile row; sign-in works before the e-mail is verified. */
  async function newVisitor(prefix: string, first = 'Ada', last = 'Lovelace'): Promise<string> {
    const email = uniqueEmail(prefix);
    const { error } = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: { first_name: first, last_name: last } } });
    expect(error).toBeNull();
    return email;
  }

  async function signIn(email: string): Promise<void> {
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
  }

  async function signOutFromMenu(): Promise<void> {
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);
  }

  const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
  const savedSessionKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.+-auth-token/.test(k)));

  /** Every editable input of the profile form: wide enough to read, and inside the screen. */
  async function expectRoomyInputs(page: Page): Promise<void> {
    const boxes = await page
      .locator('form[aria-label="Edit profile"] input')
      .evaluateAll((inputs) => inputs.map((i) => ({ id: i.id, ...i.getBoundingClientRect().toJSON() }) as { id: string; left: number; right: number; width: number }));
    expect(boxes.length).toBe(11);
    const width = VIEWPORTS.phone.width;
    for (const box of boxes) {
      expect(box.width, box.id).toBeGreaterThanOrEqual(260);
      expect(box.left, box.id).toBeGreaterThanOrEqual(0);
      expect(box.right, box.id).toBeLessThanOrEqual(width);
    }
  }

  it('stacks the profile and My coupons, wraps a long e-mail and keeps inputs at least 260 px wide', async () => {
    const email = await newVisitor('a.visitor.with.a.rather.long.address.at.the.show');
    await signIn(email);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Ada Lovelace');
    const empty = page.locator('.my-coupons p');
    await expect.poll(() => empty.textContent()).toBe("No coupons yet. Ask for one on an advertiser's page under Pet Products.");
    await screenshot(page, 'profile-long-email', 'phone');

    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const card = (await page.locator('.account-card').boundingBox())!;
    const coupons = (await page.locator('.my-coupons').boundingBox())!;
    // One column: My coupons below the card, both the width of the screen less its margins.
    expect(coupons.y).toBeGreaterThanOrEqual(card.y + card.height);
    expect(card.width).toBeGreaterThanOrEqual(340);
    expect(coupons.width).toBeGreaterThanOrEqual(340);
    // The empty state is one sentence in one paragraph: its link sits in the text's line, not in a column.
    const [paragraph, link] = await Promise.all([empty.boundingBox(), empty.getByRole('link', { name: 'Pet Products' }).boundingBox()]);
    expect(link!.height).toBeLessThan(paragraph!.height);
    expect(paragraph!.height).toBeLessThanOrEqual(3 * 24);
    const address = (await page.locator('.profile-details dd').first().boundingBox())!;
    expect(address.x + address.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expectRoomyInputs(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-edit', 'phone');

    await page.goto(`${server.url}/settings`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Ada Lovelace');
    expect(await page.locator('.my-coupons').count()).toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expectRoomyInputs(page);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-edit', 'phone');
  });

  it('forgets the session on sign-out, online (revoked on the server too) and offline, and a reload stays signed out', async () => {
    const email = await newVisitor('signout');

    // Online: the server revokes the session as well, so its refresh token is worthless.
    await signIn(email);
    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^sb-.+-auth-token$/.test(k));
      return (JSON.parse(localStorage.getItem(key!)!) as { refresh_token: string }).refresh_token;
    });
    await signOutFromMenu();
    expect(await savedSessionKeys(page)).toEqual([]);
    await expect
      .poll(async () => (await client(server).auth.refreshSession({ refresh_token: refreshToken })).error?.message ?? 'still valid')
      .toMatch(/Invalid Refresh Token/i);

    // Offline: the session is gone from the phone at once, whatever the network does.
    await signIn(email);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Ada Lovelace');
    await ctx.setOffline(true);
    await signOutFromMenu();
    await page.waitForURL(`${server.url}/`);
    expect(await savedSessionKeys(page)).toEqual([]);
    // The saved profile goes with the session: nothing of this visitor is shown to the next one.
    expect(
      await page.evaluate(
        () =>
          new Promise((resolve, reject) => {
            const open = indexedDB.open('purrfect-show');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const get = open.result.transaction('meta').objectStore('meta').get('saved-profile');
              get.onsuccess = () => resolve(get.result ?? null);
              get.onerror = () => reject(get.error);
            };
          }),
      ),
    ).toBeNull();

    // A reload offline, then online: /profile sends the visitor to sign in; no avatar comes back.
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/login?next=/profile`, { timeout: 10_000 });
    expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/login?next=/profile`, { timeout: 10_000 });
    expect(await page.getByRole('button', { name: /^Account menu for / }).count()).toBe(0);
  });

  it('shows the last known profile at once offline, marked as saved on this phone', async () => {
    const email = await newVisitor('offline.profile', 'Grace', 'Hopper');
    await signIn(email);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Grace Hopper');
    // Fresh from the server: no saved-data mark.
    await expect.poll(() => page.getByText(SAVED_MARK).count()).toBe(0);

    await ctx.setOffline(true);
    // "At once" is "before the server answers", whatever the machine's speed: the profile's request is held
    // unanswered while the saved copy must show, and fails as offline only after.
    const held: Route[] = [];
    await page.route('**/rest/v1/users?*', (route) => void held.push(route));
    await page.reload();
    await page.locator('.profile-view h2', { hasText: 'Grace Hopper' }).waitFor();
    // The page does ask the server (its request reaches the route a moment after it leaves, which on a
    // busy machine may be after the saved copy shows): held, it can only have been the saved copy.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('status').filter({ hasText: SAVED_MARK }).count()).toBe(1);
    // Released as offline; a request the page already gave up on (its own deadline) has nothing to release.
    await Promise.all(held.map((route) => route.abort('internetdisconnected').catch(() => undefined)));
    await page.unroute('**/rest/v1/users?*');
    expect(await page.getByText('Failed to load profile data').count()).toBe(0);
    await screenshot(page, 'profile-offline', 'phone');

    // Saving needs the server: the form says so plainly and keeps the visitor's typing.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByLabel('Last name *').fill('Hopper-Murray');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(ACCOUNT_MESSAGES.connectionNeeded);
    expect(await page.getByLabel('Last name *').inputValue()).toBe('Hopper-Murray');
  });

  it('says that signing in, registering and resetting a password need a connection', async () => {
    await page.goto(`${server.url}/login`);
    await ctx.setOffline(true);
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(ACCOUNT_MESSAGES.connectionNeeded);
    await screenshot(page, 'login-offline', 'phone');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form stays on screen until the reset screen's code has loaded, and it has an E-mail field
    // too: the reset form is found by its own button, so typing cannot land in the form being left.
    const resetForm = page.locator('form', { has: page.getByRole('button', { name: 'Send reset link' }) });
    await resetForm.getByLabel('E-mail').fill('someone@example.com');
    await resetForm.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(ACCOUNT_MESSAGES.connectionNeeded);

    await page.goto(`${server.url}/register`);
    await page.getByLabel('First name *').fill('Ada');
    await page.getByLabel('Last name *').fill('Lovelace');
    await page.getByLabel('E-mail *').fill(uniqueEmail('offline.register'));
    await page.getByLabel('Password *', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password *').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toBe(ACCOUNT_MESSAGES.connectionNeeded);
  });
});

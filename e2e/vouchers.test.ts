// Voucher coupons on /pet-products/{id} (SPEC §2 "Vouchers", §4, §6, §8, §9): anonymous visitors get a
// "Sign in" link; the signed-in demo visitor asks for a coupon through the outbox, gets exactly one e-mail
// per request and one coupon per voucher type, and keeps the coupon (code and QR code) on the device,
// offline too; asking again on a second phone shows the coupon already issued, with no second e-mail. An
// unverified visitor gets no button, but the reason and a new activation link.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER } from '../server/seed/index.ts';
import type { VenueServer } from '../server/start.ts';
import { formatDiscount, formatRebate } from '../shared/money.ts';
import { COUPON_MESSAGES } from '../shared/messages.ts';
import { testClient } from '../tests/helpers/client.ts';
import { mailsTo, uniqueEmail } from '../tests/helpers/mailbox.ts';
import { openSyncedApp, screenshot, VIEWPORTS } from './app-page.ts';
import { runAxe } from './axe.ts';
import { useShow } from './fixture.ts';

interface AdvertiserRow {
  id: string;
  company_name: string;
  discount: number;
  rebate: number;
}

/** supabase-js's storage key for a project at http://127.0.0.1:<port> ("sb-" + first host label + "-auth-token"). */
const AUTH_STORAGE_KEY = 'sb-127-auth-token';
const SENT = 'Coupon sent to your email';

describe('voucher coupons', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let advertiser: AdvertiserRow;

  beforeAll(async () => {
    const { rows } = await server.db.query<AdvertiserRow>(
      `select id::text, company_name, discount_voucher_amount::float8 as discount, rebate_voucher_percentage::float8 as rebate
         from public.advertisers
        where discount_voucher_enabled and rebate_voucher_enabled
          and discount_voucher_amount is not null and rebate_voucher_percentage is not null
        order by id limit 1`,
    );
    advertiser = rows[0]!;
    expect(advertiser).toBeDefined();
  });

  const couponMails = async () => (await mailsTo(server, DEMO_USER.email)).filter((m) => m.subject.includes(advertiser.company_name));

  /** Signs in through /login when it has an e-mail field, else with GoTrue's password grant and supabase-js's storage key. */
  async function signIn(page: Page, who: { email: string; password: string } = DEMO_USER): Promise<void> {
    await page.goto(`${server.url}/login`);
    await page.locator('main').first().waitFor();
    const email = page.getByLabel(/^e-?mail\b/i);
    if ((await email.count()) > 0) {
      try {
        await email.first().fill(who.email);
        await page
          .getByLabel(/^password\b/i)
          .first()
          .fill(who.password);
        await page.getByRole('button', { name: /^sign in$/i }).click();
        await page.waitForFunction((key) => localStorage.getItem(key) !== null, AUTH_STORAGE_KEY, { timeout: 15_000 });
        return;
      } catch {
        // The screen is still being built: fall through to the programmatic sign-in.
      }
    }
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as { expires_in: number; expires_at?: number };
    const stored = JSON.stringify({ ...session, expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, stored] as const);
    await page.reload();
  }

  const action = (page: Page, kind: 'discount' | 'rebate') => page.locator(`[data-voucher-action="${kind}"]`);
  const codeOf = async (page: Page, kind: 'discount' | 'rebate') => ((await action(page, kind).locator('.coupon-code').textContent()) ?? '').trim();
  const qrOf = (page: Page, kind: 'discount' | 'rebate', code: string) => action(page, kind).getByRole('img', { name: `QR code for coupon ${code}`, exact: true });

  async function openAdvertiser(page: Page): Promise<void> {
    await page.goto(`${server.url}/pet-products/${advertiser.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(advertiser.company_name);
  }

  it('links anonymous visitors to sign in, and sends, shows and keeps the coupon of a signed-in one (offline too)', { timeout: 180_000 }, async () => {
    const page = await openSyncedApp(browser, server, 'desktop');
    const ctx = page.context();
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

      // Anonymous: a "Sign in" link per enabled voucher, to /login, and no request button.
      await openAdvertiser(page);
      const signInLinks = page.locator('.voucher-list').getByRole('link', { name: 'Sign in', exact: true });
      await expect.poll(() => signInLinks.count()).toBe(2);
      for (const href of await signInLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
        expect(href).toBe(`/login?next=/pet-products/${advertiser.id}`);
      }
      expect(await page.getByRole('button', { name: /coupon/i }).count()).toBe(0);
      await screenshot(page, 'voucher-anonymous', 'desktop');

      await signIn(page);
      await openAdvertiser(page);
      const discountButton = action(page, 'discount').getByRole('button', { name: /^Send me (the|another) discount coupon$/ });
      await discountButton.waitFor({ timeout: 15_000 });
      expect(await page.locator('.voucher-list').getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
      expect(await couponMails()).toHaveLength(0);

      // Ask: through the outbox, acknowledged, one e-mail carrying the code the app shows.
      await discountButton.click();
      await expect.poll(() => action(page, 'discount').getByRole('status').textContent(), { timeout: 20_000 }).toBe(SENT);
      const code = await codeOf(page, 'discount');
      expect(code).toMatch(/^[A-Z0-9]{3}-DSC-\d{4}-\d{4}$/);
      expect(await action(page, 'discount').locator('.coupon-value').textContent()).toBe(`${formatDiscount(advertiser.discount)} off`);
      expect(await action(page, 'discount').textContent()).toMatch(/single use/i);
      await expect.poll(async () => (await couponMails()).length).toBe(1);
      const [mail] = await couponMails();
      expect(mail!.subject).toContain(advertiser.company_name);
      expect(mail!.text_body).toContain(code);
      expect(mail!.text_body).toContain(`${formatDiscount(advertiser.discount)} off`);
      await qrOf(page, 'discount', code).waitFor();
      expect(await qrOf(page, 'discount', code).evaluate((el) => el.tagName.toLowerCase())).toMatch(/^(svg|img)$/);
      await screenshot(page, 'voucher', 'desktop');

      // Offline reload: the coupon and its QR code come from IndexedDB and the precached chunks.
      await ctx.setOffline(true);
      await page.reload();
      await expect.poll(() => page.locator('h1').textContent()).toBe(advertiser.company_name);
      await expect.poll(() => codeOf(page, 'discount'), { timeout: 15_000 }).toBe(code);
      await qrOf(page, 'discount', code).waitFor();
      expect(await action(page, 'discount').getByRole('status').textContent()).toBe(SENT);

      // One coupon per advertiser and type: with the discount coupon sent there is nothing more to ask for.
      expect(await action(page, 'discount').getByRole('button').count()).toBe(0);

      // Ask offline for the rebate coupon, at phone size: saved, sent once the network is back ("15% off").
      await page.setViewportSize(VIEWPORTS.phone);
      await action(page, 'rebate').getByRole('button', { name: 'Send me the rebate coupon' }).click();
      await expect.poll(() => action(page, 'rebate').getByRole('status').textContent()).toMatch(/^Saved — will be sent when you are back online/);
      // The coupon already sent stays on screen meanwhile.
      expect(await codeOf(page, 'discount')).toBe(code);
      expect(await couponMails()).toHaveLength(1);

      await ctx.setOffline(false);
      await expect.poll(() => action(page, 'rebate').getByRole('status').textContent(), { timeout: 60_000, interval: 500 }).toBe(SENT);
      const rebateCode = await codeOf(page, 'rebate');
      expect(rebateCode).toMatch(/^[A-Z0-9]{3}-RBT-\d{4}-\d{4}$/);
      expect(await action(page, 'rebate').locator('.coupon-value').textContent()).toBe(`${formatRebate(advertiser.rebate)} off`);
      await qrOf(page, 'rebate', rebateCode).waitFor();
      await expect.poll(async () => (await couponMails()).length).toBe(2);
      expect((await couponMails()).some((m) => m.text_body.includes(rebateCode))).toBe(true);
      expect(await action(page, 'rebate').getByRole('button').count()).toBe(0);
      await screenshot(page, 'voucher', 'phone');
    } finally {
      await ctx.setOffline(false);
      await page.close();
    }
  });

  it('on a second phone, asking again for a coupon already sent shows that coupon and sends no second e-mail', { timeout: 120_000 }, async () => {
    const { rows } = await server.db.query<{ coupon_code: string }>(
      `select coupon_code from public.coupons where email = $1 and advertiser_id = $2 and coupon_type = 'discount' and status = 'sent'`,
      [DEMO_USER.email, advertiser.id],
    );
    const first = rows[0]?.coupon_code;
    expect(first).toMatch(/^[A-Z0-9]{3}-DSC-\d{4}-\d{4}$/);
    const mailsWithCode = async () => (await couponMails()).filter((m) => m.text_body.includes(first!)).length;
    expect(await mailsWithCode()).toBe(1);

    // A fresh browser profile: this phone has never asked, so it offers the button once.
    const page = await openSyncedApp(browser, server, 'phone');
    try {
      await signIn(page);
      await openAdvertiser(page);
      await action(page, 'discount').getByRole('button', { name: 'Send me the discount coupon' }).click({ timeout: 15_000 });
      await expect.poll(() => action(page, 'discount').getByRole('status').textContent(), { timeout: 20_000 }).toBe(SENT);
      expect(await codeOf(page, 'discount')).toBe(first);
      await qrOf(page, 'discount', first!).waitFor();
      // Sent is the last state: nothing more to ask for, and still the one e-mail.
      expect(await action(page, 'discount').getByRole('button').count()).toBe(0);
      expect(await action(page, 'discount').getByRole('alert').count()).toBe(0);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await mailsWithCode()).toBe(1);
      expect(
        await server.db
          .query(`select 1 from public.coupons where email = $1 and advertiser_id = $2 and coupon_type = 'discount'`, [DEMO_USER.email, advertiser.id])
          .then((r) => r.rows.length),
      ).toBe(1);
      await screenshot(page, 'voucher-second-phone', 'phone');
    } finally {
      await page.close();
    }
  });

  it('shows an unverified visitor why there is no coupon button and how to verify, and offers it once verified', { timeout: 120_000 }, async () => {
    const who = { email: uniqueEmail('unverified'), password: 'Whiskers#2026' };
    const signUp = await testClient(server.url, server.config.anonKey).auth.signUp({
      email: who.email,
      password: who.password,
      options: { data: { first_name: 'Una', last_name: 'Verified' } },
    });
    expect(signUp.error).toBeNull();
    const page = await openSyncedApp(browser, server, 'phone');
    try {
      await signIn(page, who);
      await openAdvertiser(page);
      const discount = action(page, 'discount');
      await discount.getByText(COUPON_MESSAGES.notVerified, { exact: true }).waitFor({ timeout: 15_000 });
      // Each voucher learns the account's state on its own (a disabled button until then): wait for both.
      await action(page, 'rebate').getByText(COUPON_MESSAGES.notVerified, { exact: true }).waitFor({ timeout: 15_000 });
      expect(await discount.getByRole('button', { name: /coupon/i }).count()).toBe(0);
      expect(
        await action(page, 'rebate')
          .getByRole('button', { name: /coupon/i })
          .count(),
      ).toBe(0);
      await screenshot(page, 'voucher-unverified', 'phone');
      expect(await runAxe(page)).toEqual([]);

      // How: a new activation link, to the account's own address.
      const verificationMails = async () => (await mailsTo(server, who.email)).filter((m) => m.subject === 'Verify your PurrFect Show account');
      const before = (await verificationMails()).length;
      await discount.getByRole('button', { name: 'Resend verification e-mail' }).click();
      await expect.poll(() => discount.getByRole('status').textContent(), { timeout: 15_000 }).toBe('Verification e-mail sent');
      await expect.poll(async () => (await verificationMails()).length).toBe(before + 1);
      expect((await mailsTo(server, who.email)).filter((m) => m.subject.includes('coupon'))).toHaveLength(0);

      // Verified (the link followed in the mail app), back on the page: the button is there.
      await server.db.query('update public.users set verified = true where email = $1', [who.email]);
      await page.reload();
      await action(page, 'discount').getByRole('button', { name: 'Send me the discount coupon' }).waitFor({ timeout: 15_000 });
      expect(await page.getByText(COUPON_MESSAGES.notVerified, { exact: true }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});

// Pet products (advertiser list and detail with vouchers and the product carousel) and the static
// pages, at phone and desktop sizes, read from the synced mirror; the list also offline.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { parseListText } from '../shared/list-text.ts';
import { formatDiscount, formatRebate } from '../shared/money.ts';
import { pairProducts } from '../src/lib/products.ts';
import { openSyncedApp, screenshot, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

interface AdvertiserRow {
  id: string;
  company_name: string;
  company_logo_url: string | null;
  product_images: unknown;
  product_descriptions: unknown;
  discount_voucher_enabled: boolean;
  discount: number | null;
  rebate_voucher_enabled: boolean;
  rebate: number | null;
}

const CONTACT_EMAIL = process.env.VITE_CONTACT_EMAIL || 'info@purrfect-show.example';

describe('pet products and static pages', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));
  let advertisers: AdvertiserRow[];

  beforeAll(async () => {
    advertisers = (
      await server.db.query<AdvertiserRow>(
        `select id::text, company_name, company_logo_url, product_images, product_descriptions,
                discount_voucher_enabled, discount_voucher_amount::float8 as discount,
                rebate_voucher_enabled, rebate_voucher_percentage::float8 as rebate
           from public.advertisers order by id`,
      )
    ).rows;
  });

  const counter = (page: Page) => page.locator('.product-counter').textContent();

  async function checkList(page: Page, viewport: ViewportName): Promise<void> {
    await page.goto(`${server.url}/pet-products`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pet Products');
    await expect.poll(() => page.locator('.advertiser-card').count()).toBe(advertisers.length);
    expect(advertisers.length).toBeGreaterThanOrEqual(20);

    const noLogo = advertisers.find((a) => a.company_logo_url === null)!;
    const card = page.locator(`a.advertiser-card[href="/pet-products/${noLogo.id}"]`);
    expect(await card.locator('h2').textContent()).toBe(noLogo.company_name);
    expect(await card.locator('.advertiser-logo-letter').textContent()).toBe(noLogo.company_name[0]!.toUpperCase());
    const withLogo = advertisers.find((a) => a.company_logo_url !== null)!;
    expect(await page.locator(`a[href="/pet-products/${withLogo.id}"] img.advertiser-logo`).getAttribute('alt')).toBe(`${withLogo.company_name} logo`);

    const discounts = advertisers.filter((a) => a.discount_voucher_enabled).length;
    const rebates = advertisers.filter((a) => a.rebate_voucher_enabled).length;
    expect(await page.locator('.advertiser-badge', { hasText: /^Discount Available$/ }).count()).toBe(discounts);
    expect(await page.locator('.advertiser-badge', { hasText: /^Rebate Available$/ }).count()).toBe(rebates);
    const neither = advertisers.find((a) => !a.discount_voucher_enabled && !a.rebate_voucher_enabled)!;
    expect(await page.locator(`a[href="/pet-products/${neither.id}"] .advertiser-badge`).count()).toBe(0);
    expect(await page.locator(`a[href="/pet-products/${neither.id}"] .advertiser-place`).textContent()).toMatch(/^[^,]+, [^,]+$/);
    await screenshot(page, 'pet-products', viewport);
  }

  async function checkCarousel(page: Page, viewport: ViewportName): Promise<void> {
    // Several pictured products and both vouchers.
    const a = advertisers.find((r) => {
      const slides = pairProducts(r.product_images, r.product_descriptions);
      return slides.length >= 3 && slides.every((s) => s.image && s.description) && r.discount_voucher_enabled && r.rebate_voucher_enabled;
    })!;
    expect(a).toBeDefined();
    const slides = pairProducts(a.product_images, a.product_descriptions);
    const n = slides.length;

    await page.goto(`${server.url}/pet-products`);
    await page.locator(`a[href="/pet-products/${a.id}"]`).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(a.company_name);
    expect(await page.getByRole('heading', { name: 'Available Vouchers and Discounts' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Introduction' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Products' }).count()).toBe(1);

    // Vouchers: dollars with two decimals, rebates as a percentage, and a slot for the request button.
    const discountText = await page.locator('.voucher-discount .voucher-offer').textContent();
    expect(discountText).toMatch(/^\$\d[\d,]*\.\d{2} off/);
    expect(discountText).toContain(formatDiscount(a.discount!));
    const rebateText = await page.locator('.voucher-rebate .voucher-offer').textContent();
    expect(rebateText).toMatch(/^\d+(\.\d+)?% rebate/);
    expect(rebateText).toContain(formatRebate(a.rebate!));
    expect(await page.locator('[data-voucher-action="discount"]').count()).toBe(1);
    expect(await page.locator('[data-voucher-action="rebate"]').count()).toBe(1);

    // The carousel: counter, wrap-around both ways, thumbnails, arrow keys.
    expect(await counter(page)).toBe(`1 / ${n}`);
    expect(await page.locator('.product-description').textContent()).toBe(slides[0]!.description);
    // Without a maps key the location is its address and an Open in Maps link (no map).
    await page.locator('.show-map-open').waitFor();
    await screenshot(page, 'pet-product', viewport);
    const next = page.getByRole('button', { name: 'Next product' });
    const previous = page.getByRole('button', { name: 'Previous product' });
    await next.click();
    expect(await counter(page)).toBe(`2 / ${n}`);
    expect(await page.locator('.product-description').textContent()).toBe(slides[1]!.description);
    for (let i = 2; i <= n; i++) await next.click();
    expect(await counter(page)).toBe(`1 / ${n}`);
    await previous.click();
    expect(await counter(page)).toBe(`${n} / ${n}`);
    await page.keyboard.press('ArrowRight');
    expect(await counter(page)).toBe(`1 / ${n}`);
    await page.keyboard.press('ArrowLeft');
    expect(await counter(page)).toBe(`${n} / ${n}`);
    await page.keyboard.press('ArrowLeft');
    expect(await counter(page)).toBe(`${n - 1} / ${n}`);

    const thumbnails = page.locator('.product-thumbnail');
    expect(await thumbnails.count()).toBe(n);
    await thumbnails.nth(1).click();
    expect(await counter(page)).toBe(`2 / ${n}`);
    expect(await thumbnails.nth(1).getAttribute('aria-current')).toBe('true');
    // Thumbnails are buttons: reachable and usable from the keyboard.
    await thumbnails.nth(2).focus();
    await page.keyboard.press('Enter');
    expect(await counter(page)).toBe(`3 / ${n}`);
  }

  async function checkMissingImage(page: Page, viewport: ViewportName): Promise<void> {
    // The seed has advertisers describing more products than they picture (in both stored forms).
    const short = advertisers.filter((r) => parseListText(r.product_images).length < parseListText(r.product_descriptions).length);
    expect(short.length).toBeGreaterThan(0);
    expect(short.some((r) => typeof r.product_images === 'string')).toBe(true);
    const a = short[0]!;
    const n = pairProducts(a.product_images, a.product_descriptions).length;
    await page.goto(`${server.url}/pet-products/${a.id}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(a.company_name);
    expect(await counter(page)).toBe(`1 / ${n}`);
    expect(await page.getByText('No image available').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous product' }).click();
    expect(await counter(page)).toBe(`${n} / ${n}`);
    expect(await page.locator('.product-no-image').textContent()).toBe('No image available');
    expect(await page.locator('.product-description').textContent()).toBe(parseListText(a.product_descriptions)[n - 1]);
    await screenshot(page, 'pet-product-no-image', viewport);

    await page.goto(`${server.url}/pet-products/987654321`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Advertiser not found');
    expect(await page.getByRole('link', { name: '← Back' }).getAttribute('href')).toBe('/pet-products');
    await screenshot(page, 'pet-product-not-found', viewport);
  }

  async function checkStaticPages(page: Page, viewport: ViewportName): Promise<void> {
    const pages = [
      ['about', 'About PurrFect Show', ['What is coming next']],
      ['contact', 'Contact Us', ['What to write to us about']],
      [
        'privacy',
        'Privacy Policy',
        [
          'Collection and use of information',
          'Data we collect',
          'Legal basis for processing',
          'Your rights',
          'Data retention',
          'Security',
          'International transfers',
          'Cookies and storage on your device',
          'Changes to this policy',
          'Contact',
        ],
      ],
      ['terms', 'Terms of Use', ['Copyright', 'Image rights', 'Availability', 'Liability disclaimer', 'Use of information', 'Modifications', 'Contact']],
    ] as const;
    for (const [path, title, sections] of pages) {
      await page.goto(`${server.url}/${path}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('main h2').allTextContents()).toEqual(expect.arrayContaining([...sections]));
      await screenshot(page, path, viewport);
    }
    await page.goto(`${server.url}/about`);
    await page.locator('h1').waitFor();
    const planned = await page.locator('main').textContent();
    for (const feature of ['More species', 'Additional breeds', 'Vendor information', 'Digital vouchers', 'Interactive features']) {
      expect(planned).toContain(feature);
    }
    await page.goto(`${server.url}/contact`);
    const mailbox = page.locator('main').getByRole('link', { name: CONTACT_EMAIL }).first();
    await mailbox.waitFor();
    expect(await mailbox.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
    await page.goto(`${server.url}/privacy`);
    await page.locator('h1').waitFor();
    const privacy = (await page.locator('main').textContent()) ?? '';
    for (const stored of ['IndexedDB', 'outbox', 'localStorage', 'cookie-consent', 'catalog number', 'coupon code']) {
      expect(privacy).toContain(stored);
    }
  }

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`lists advertisers, shows one with vouchers and its carousel, and the static pages (${viewport})`, async () => {
      const page = await openSyncedApp(browser, server, viewport);
      try {
        await checkList(page, viewport);
        await checkCarousel(page, viewport);
        await checkMissingImage(page, viewport);
        await checkStaticPages(page, viewport);

        // Offline after the visit: the list still comes from the mirror, the shell from the service worker.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
        await page.goto(`${server.url}/pet-products`);
        await page.locator('.advertiser-card').first().waitFor();
        await page.context().setOffline(true);
        await page.reload();
        await expect.poll(() => page.locator('.advertiser-card').count()).toBeGreaterThanOrEqual(20);
        await page.context().setOffline(false);
      } finally {
        await page.close();
      }
    });
  }
});

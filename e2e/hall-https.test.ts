// The hall set-up (docs/HALL-SETUP.md) in Chromium: a hall name resolved to the laptop and a
// trusted certificate for it make a secure origin, so the service worker controls the page, the app
// reloads offline, and a vote cast offline arrives exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { createTestCa, issueCertificate, writeCertificateFiles } from '../tests/helpers/test-ca.ts';
import { hallFlags } from './browser.ts';
import { HALL_NAME, useShow } from './fixture.ts';
import { waitForController, type Profile } from './pwa-helpers.ts';
import { castVote } from './app-page.ts';

const HALL = HALL_NAME;

describe(`the hall over HTTPS at ${HALL}`, () => {
  let certDir: string;
  let ca: Awaited<ReturnType<typeof createTestCa>>;
  let files: ReturnType<typeof writeCertificateFiles>;
  let server: VenueServer;
  let profile: Profile;
  let page: Page;
  let site: string;

  // The certificate first: the server serves it, and the phone's profile trusts its CA.
  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'purrfect-hall-'));
    ca = await createTestCa();
    files = writeCertificateFiles(certDir, await issueCertificate(ca, { hosts: [HALL] }));
  });
  afterAll(() => {
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });
  useShow(
    {
      env: () => ({ TLS_CERT_FILE: files.certFile, TLS_KEY_FILE: files.keyFile, SITE_URL: `https://${HALL}:0` }),
      browser: 'profile',
      // The phone trusts the CA, as a phone trusts a public one: the chain carries the CA's key.
      profileFlags: () => hallFlags(HALL, ca.spkiSha256),
      page: { cookies: 'asked', path: null },
    },
    (show) => {
      ({ server, profile, page } = show);
      site = server.config.siteUrl;
    },
  );

  it('is a secure origin whose service worker controls the page', async () => {
    expect(site).toMatch(/^https:\/\/show\.purrfect\.test:\d+$/);
    const response = await page.goto(`${site}/`);
    expect(response?.status()).toBe(200);
    expect(await response?.headerValue('strict-transport-security')).toBe('max-age=31536000');
    // A service worker never registers on a page with a certificate error: controlling it proves trust.
    await waitForController(page);
    expect(await page.evaluate(() => ({ secure: isSecureContext, origin: location.origin, uuid: typeof crypto.randomUUID }))).toEqual({
      secure: true,
      origin: site,
      uuid: 'function',
    });
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
  });

  it('reloads offline from the service worker and the mirror', async () => {
    await profile.ctx.setOffline(true);
    try {
      await page.goto(`${site}/breeds`);
      await expect.poll(() => page.locator('.breed-card h2').count()).toBeGreaterThanOrEqual(40);
      expect(await page.locator('.breed-card h2').first().textContent()).toBe('Abyssinian');
      await page.reload();
      await expect.poll(() => page.locator('.sync-indicator').textContent()).toMatch(/^Offline/);
      expect(await page.locator('.breed-card h2').first().textContent()).toBe('Abyssinian');
    } finally {
      await profile.ctx.setOffline(false);
    }
  });

  it('queues a vote cast offline and delivers it exactly once when the network returns', async () => {
    const email = `hall.voter.${Date.now()}@example.com`;
    const votes = async () => (await server.db.query('select id from public.visitor_choice where email = $1', [email])).rows.length;
    await page.goto(`${site}/visitors-choice`);
    await profile.ctx.setOffline(true);
    await castVote(page, email);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your vote is saved');
    expect(await votes()).toBe(0);

    await profile.ctx.setOffline(false);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Thank you for your vote!');
    expect(await votes()).toBe(1);
    // Page and service worker both hold the outbox: give a second sender time, then count again.
    await page.reload();
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
      timeout: 15_000,
    });
    expect(await votes()).toBe(1);
  });
});

// Account screens in a real browser: register → activation mail → activate → sign in → profile edit → sign
// out; the sign-in guard on /profile; password recovery through the mailed link; activation failures.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER } from '../server/seed/index.ts';
import type { VenueServer } from '../server/start.ts';
import { linkIn, mailsTo, uniqueEmail, type Mail } from '../tests/helpers/mailbox.ts';
import { client } from '../tests/helpers/server.ts';
import { openSyncedApp, screenshot, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

const PASSWORD = 'Whiskers#2026';

describe('account screens', () => {
  let server: VenueServer;
  let browser: Browser;
  useShow({}, (show) => ({ server, browser } = show));

  async function mailWith(email: string, subject: string): Promise<Mail> {
    let found: Mail | undefined;
    await expect.poll(async () => (found = (await mailsTo(server, email)).find((m) => m.subject === subject)), { timeout: 10_000 }).toBeDefined();
    return found!;
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function openAccountMenu(page: Page) {
    await page.getByRole('button', { name: /^Account menu for / }).click();
  }

  it('registers, activates from the mail, signs in, edits the profile and signs out', async () => {
    const page = await openSyncedApp(browser, server, 'desktop');
    await page.goto(`${server.url}/register`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create your account');
    await screenshot(page, 'register', 'desktop');

    // An empty submit shows each field's error, tied to its input.
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Password must be at least 8 characters',
      'You must accept the privacy policy',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByLabel('First name *').getAttribute('aria-describedby')).toBe('register-first_name-error');
    expect(await page.getByLabel('First name *').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-first_name');

    const email = uniqueEmail('register');
    await page.getByLabel('First name *').fill('Ada');
    await page.getByLabel('Middle name').fill('King');
    await page.getByLabel('Last name *').fill('Lovelace');
    await page.getByLabel('E-mail *').fill(email);
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByLabel('Street address').fill('12 St James Square');
    await page.getByLabel('Address line 2').fill('Flat 3');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('State / Province').fill('Greater London');
    await page.getByLabel('Postal code').fill('SW1Y 4JH');
    await page.getByLabel('Country').fill('United Kingdom');

    // The live checklist follows the typing.
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('Password *', { exact: true }).fill('whiskers');
    await expect.poll(() => checklist.locator('li.met').count()).toBe(2);
    await page.getByLabel('Password *', { exact: true }).fill(PASSWORD);
    await expect.poll(() => checklist.locator('li.met').count()).toBe(5);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('Password *', { exact: true }).getAttribute('type')).toBe('text');

    await page.getByLabel('Confirm password *').fill('Whiskers#2027');
    await page.getByRole('checkbox', { name: /privacy policy/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText("Passwords don't match", { exact: true }).count()).toBe(1);
    await page.getByLabel('Confirm password *').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Check your email');
    expect(await page.locator('main').textContent()).toContain('Your account has been created.');
    // Sign-up signed in for a moment; the visitor signs in after verifying.
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);

    // Asking again within a minute sends nothing, and says only what it says for any address (nothing to
    // tell whether this one has an account).
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Verification e-mail sent' }).count()).toBe(1);

    const mail = await mailWith(email, 'Verify your PurrFect Show account');
    const link = linkIn(mail, /https?:\/\/\S+\/activate-account\?token=[A-Za-z0-9]+/);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[A-Za-z0-9]{32}$/);

    await page.goto(link);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Account Activated!');
    expect(await page.getByRole('status').filter({ hasText: 'Redirecting' }).textContent()).toMatch(/Redirecting to sign in in \d seconds?/);
    await page.waitForURL(`${server.url}/login`, { timeout: 7_000 });

    await signIn(page, email, PASSWORD);
    await page.waitForURL(`${server.url}/`);
    await openAccountMenu(page);
    // SPEC §2's three entries: the organiser console is only in an organiser's menu.
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Profile', 'Settings', 'Sign out']);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Ada King Lovelace');
    expect(await page.locator('.badge').textContent()).toBe('Verified');
    const details = await page.locator('.profile-details').textContent();
    expect(details).toContain(email);
    expect(details).toContain('+44 20 7946 0000');
    expect(details).toContain('12 St James Square');
    expect(details).toContain('United Kingdom');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    expect(await page.getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText('Email cannot be changed').count()).toBe(1);
    await page.getByLabel('Last name *').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Last name is required').count()).toBe(1);
    await page.getByLabel('Last name *').fill('Byron');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Profile updated' }).textContent()).toBe('Profile updated successfully');
    expect(await page.locator('.profile-view h2').textContent()).toBe('Ada King Byron');
    const row = await server.db.query<{ last_name: string }>('select last_name from public.users where email = $1', [email]);
    expect(row.rows[0]?.last_name).toBe('Byron');
    await screenshot(page, 'profile', 'desktop');

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(1);
    await page.close();
  });

  it('sends an anonymous visitor from /profile to sign in and back', async () => {
    const page = await openSyncedApp(browser, server, 'desktop');
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(`${server.url}/login?next=/profile`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
    await screenshot(page, 'login', 'desktop');

    await signIn(page, DEMO_USER.email, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid login credentials');
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await page.waitForURL(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Demi Visitor');
    await page.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const email = uniqueEmail('recover');
    const signUp = await client(server).auth.signUp({ email, password: PASSWORD, options: { data: { first_name: 'Grace', last_name: 'Hopper' } } });
    expect(signUp.error).toBeNull();

    const page = await openSyncedApp(browser, server, 'desktop');
    // Without the recovery marker the page refuses.
    await page.goto(`${server.url}/reset-password`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid or expired password reset link. Please request a new one.');

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Forgot your password?');
    await page.getByLabel('E-mail').fill(email);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toBe('Check your email');
    expect(await page.locator('main').textContent()).toContain('A password reset link has been sent');

    const mail = await mailWith(email, 'Reset Your Password');
    const link = linkIn(mail, /https?:\/\/\S+\/auth\/v1\/verify\?\S+/);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await expect.poll(() => page.getByLabel('New password', { exact: true }).count(), { timeout: 10_000 }).toBe(1);

    const submit = page.getByRole('button', { name: 'Reset password' });
    const newPassword = 'Purring#2027';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await expect.poll(() => page.locator('.password-checklist li.met').count()).toBe(5);
    await page.getByLabel('Confirm new password').fill('Purring#2028');
    await expect.poll(() => page.getByText('Passwords do not match').count()).toBe(1);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Confirm new password').fill(newPassword);
    expect(await page.getByText('Passwords do not match').count()).toBe(0);
    await submit.click();

    await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Password reset successful');
    const shownAt = Date.now();
    await page.waitForURL(`${server.url}/login`, { timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    await signIn(page, email, PASSWORD);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid login credentials');
    await signIn(page, email, newPassword);
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });

  it('explains activation links without a token or with an unknown one', async () => {
    const page = await openSyncedApp(browser, server, 'desktop');
    await page.goto(`${server.url}/activate-account`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Activation Failed');
    expect(await page.getByRole('alert').textContent()).toBe('Invalid activation link. No token provided.');

    await page.goto(`${server.url}/activate-account?token=${'x'.repeat(32)}`);
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 10_000 }).toBe('Activation Failed');
    expect(await page.getByRole('alert').textContent()).toBe('Invalid or expired verification token');
    // The fallback offers a new verification e-mail; an unknown address is answered like a known one
    // (the server does not tell strangers which addresses have a profile).
    await page.getByLabel('E-mail').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'sent' }).textContent()).toBe('Verification e-mail sent');
    await page.close();
  });

  it.each<ViewportName>(['phone'])('renders register, login and profile at %s size', async (viewport) => {
    const page = await openSyncedApp(browser, server, viewport);
    await page.goto(`${server.url}/register`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Create your account');
    await screenshot(page, 'register', viewport);
    await page.goto(`${server.url}/login`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in');
    await screenshot(page, 'login', viewport);
    await signIn(page, DEMO_USER.email, DEMO_USER.password);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/profile`);
    await expect.poll(() => page.locator('.profile-view h2').textContent(), { timeout: 10_000 }).toBe('Demi Visitor');
    await screenshot(page, 'profile', viewport);
    await page.close();
  });
});

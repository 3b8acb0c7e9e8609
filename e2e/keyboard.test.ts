// Keyboard only, with visible focus: the skip link, the phone menu overlay, the breed gallery, the products
// carousel, the breed-finder quiz, and the sign-in and vote forms with their errors.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER } from '../server/seed/index.ts';
import type { VenueServer } from '../server/start.ts';
import { pairProducts } from '../src/lib/products.ts';
import { QUIZ_QUESTIONS } from '../src/lib/quiz.ts';
import { VOTE_MESSAGES } from '../shared/messages.ts';
import { VIEWPORTS } from './app-page.ts';
import { useShow } from './fixture.ts';

interface Focused {
  /** tag#id, for messages. */
  what: string;
  /** aria-label, else the label of an input, else the text. */
  name: string;
  role: string | null;
  inMain: boolean;
  focusVisible: boolean;
  /** An outline (style not none, width > 0) or a box-shadow on the element, or on a radio's label. */
  ring: boolean;
  /** Its centre is on screen and not covered by the sticky header, a banner or the overlay. */
  unobscured: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: 'body', name: '', role: null, inMain: false, focusVisible: false, ring: false, unobscured: false };
    const ringOf = (e: Element) => {
      const s = getComputedStyle(e);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    };
    const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? null) : null;
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + Math.min(r.height / 2, 20);
    const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    return {
      what: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`,
      name: (el.getAttribute('aria-label') ?? label?.textContent ?? el.textContent ?? '').trim(),
      role: el.getAttribute('role'),
      inMain: el.closest('#main') !== null,
      focusVisible: el.matches(':focus-visible'),
      ring: ringOf(el) || (label !== null && ringOf(label)),
      unobscured: hit !== null && (el.contains(hit) || (label?.contains(hit) ?? false)),
    };
  });
}

/** Presses a key and checks that what has focus now shows it. */
async function press(page: Page, key: string): Promise<Focused> {
  await page.keyboard.press(key);
  const f = await focused(page);
  expect(f.focusVisible, `${key} → ${f.what} "${f.name}" matches :focus-visible`).toBe(true);
  expect(f.ring, `${key} → ${f.what} "${f.name}" shows a focus ring`).toBe(true);
  expect(f.unobscured, `${key} → ${f.what} "${f.name}" is on screen and not covered`).toBe(true);
  return f;
}

/** Tabs (visible focus at every stop) until `want` holds; fails after `max` stops. */
async function tabTo(page: Page, want: (f: Focused) => boolean, max = 40, key = 'Tab'): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    const f = await press(page, key);
    if (want(f)) return f;
    seen.push(`${f.what} "${f.name}"`);
  }
  throw new Error(`not reached in ${max} presses of ${key}; passed ${seen.join(', ')}`);
}

const named = (name: string) => (f: Focused) => f.name === name;

describe('keyboard only, with visible focus', () => {
  let server: VenueServer;
  let page: Page;
  useShow({ page: { viewport: 'phone' } }, (show) => ({ server, page } = show));

  /** Loads a screen and enters it the way a keyboard user does: Tab to the skip link, Enter. */
  async function open(path: string, heading: string | RegExp): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toMatch(heading);
    await expect.poll(() => page.locator('.state-loading').count(), { timeout: 15_000 }).toBe(0);
    const skip = await press(page, 'Tab');
    expect(skip.name).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  }

  it('on a phone: the skip link, then the menu overlay as a modal', async () => {
    await open('/', 'Welcome to PurrFect Show');
    // From the skip target, Tab continues inside the page content.
    expect((await press(page, 'Tab')).inMain).toBe(true);

    await page.goto(`${server.url}/`);
    await page.locator('main h1').waitFor();
    const toggle = await tabTo(page, named('Menu'));
    expect(toggle.inMain).toBe(false);
    const overlayLinks = () => page.getByRole('navigation', { name: 'Menu' }).getByRole('link').allTextContents();

    // Enter opens; focus stays on the toggle, now "Close menu"; the page behind is inert.
    await page.keyboard.press('Enter');
    expect(await overlayLinks()).toEqual([
      'Breeds',
      'Kittens',
      'Breeders',
      'Catalogue',
      'Pet Products',
      "Visitor's Choice",
      'Schedule',
      'Floor plan',
      'Rings',
      'Results',
      'My show',
      'Glossary',
    ]);
    expect((await focused(page)).name).toBe('Close menu');
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => (document.getElementById('main') as HTMLElement & { inert: boolean }).inert)).toBe(true);

    // Tab moves through the twelve links (SPEC's six, Catalogue, Floor plan, Rings, Results, My show and Glossary) and wraps to the toggle; Shift+Tab goes back round.
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) stops.push((await press(page, 'Tab')).name);
    expect(stops).toEqual([
      'Breeds',
      'Kittens',
      'Breeders',
      'Catalogue',
      'Pet Products',
      "Visitor's Choice",
      'Schedule',
      'Floor plan',
      'Rings',
      'Results',
      'My show',
      'Glossary',
    ]);
    expect((await press(page, 'Tab')).name).toBe('Close menu');
    expect((await press(page, 'Shift+Tab')).name).toBe('Glossary');
    expect((await press(page, 'Shift+Tab')).name).toBe('My show');
    expect((await press(page, 'Shift+Tab')).name).toBe('Results');

    // Escape closes it and focus returns to the toggle.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    const back = await focused(page);
    expect([back.name, back.focusVisible, back.ring]).toEqual(['Menu', true, true]);
    expect(await page.evaluate(() => (document.getElementById('main') as HTMLElement & { inert: boolean }).inert)).toBe(false);

    // Space opens it too; following a link closes it and puts focus on the new page's content.
    await page.keyboard.press('Space');
    expect(await overlayLinks()).toHaveLength(12);
    await press(page, 'Tab');
    expect((await press(page, 'Tab')).name).toBe('Kittens');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/kittens');
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
    // The URL changes before the lazy route commits, and focus moves when it does.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('the breed gallery: ←/→ change the picture and the counter, wrapping at both ends', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await open('/breeds/MCO', 'Maine Coon');
    const gallery = await tabTo(page, (f) => f.role === null && f.name === 'Maine Coon picture' && f.what.startsWith('section'));
    expect(gallery.inMain).toBe(true);
    const counter = () => page.locator('.gallery [aria-live="polite"]').textContent();
    const picture = () => page.locator('.gallery-image').getAttribute('alt');
    expect(await counter()).toBe('1 / 4');
    await page.keyboard.press('ArrowRight');
    expect([await counter(), await picture()]).toEqual(['2 / 4', 'Maine Coon picture 2 of 4']);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect([await counter(), await picture()]).toEqual(['4 / 4', 'Maine Coon picture 4 of 4']);
    await page.keyboard.press('ArrowRight');
    expect(await counter()).toBe('1 / 4');
    // The buttons work from the keyboard as well.
    await press(page, 'Tab');
    expect((await press(page, 'Tab')).name).toBe('Next image');
    await page.keyboard.press('Enter');
    expect(await counter()).toBe('2 / 4');
    expect((await press(page, 'Shift+Tab')).name).toBe('Previous image');
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    expect(await counter()).toBe('4 / 4');
  });

  it('the products carousel of an advertiser: buttons, arrow keys and thumbnails', async () => {
    const { rows } = await server.db.query<{ id: string; company_name: string; product_images: unknown; product_descriptions: unknown }>(
      'select id::text, company_name, product_images, product_descriptions from public.advertisers order by id',
    );
    const a = rows.find((r) => {
      const slides = pairProducts(r.product_images, r.product_descriptions);
      return slides.length >= 3 && slides.every((s) => s.image !== null);
    })!;
    const n = pairProducts(a.product_images, a.product_descriptions).length;
    await open(`/pet-products/${a.id}`, a.company_name);
    const counter = () => page.locator('.product-counter').textContent();
    expect(await counter()).toBe(`1 / ${n}`);

    await tabTo(page, named('Next product'));
    await page.keyboard.press('Enter');
    expect(await counter()).toBe(`2 / ${n}`);
    expect((await press(page, 'Shift+Tab')).name).toBe('Previous product');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await counter()).toBe(`${n} / ${n}`);
    await page.keyboard.press('ArrowRight');
    expect(await counter()).toBe(`1 / ${n}`);
    await page.keyboard.press('ArrowLeft');
    expect(await counter()).toBe(`${n} / ${n}`);

    // Thumbnails follow the buttons; the third one shows product 3.
    await press(page, 'Tab');
    await press(page, 'Tab');
    await press(page, 'Tab');
    const third = await press(page, 'Tab');
    expect(third.name).toMatch(/^Show product 3\b/);
    await page.keyboard.press('Enter');
    expect(await counter()).toBe(`3 / ${n}`);
    expect(await page.locator('.product-thumbnail').nth(2).getAttribute('aria-current')).toBe('true');
  });

  it('the breed-finder quiz answered and submitted by keyboard only', async () => {
    await open('/breed-finder-quiz', 'Breed Finder Quiz');
    const heading = () => page.evaluate(() => document.activeElement?.textContent);
    for (const [i, q] of QUIZ_QUESTIONS.entries()) {
      // First question: Tab from the skip target to its first option; later ones: focus is on the new
      // question's heading, and one Tab reaches the first option.
      const focusedHeading = i === 0 ? q.text : await heading();
      expect(focusedHeading).toBe(q.text);
      const firstOption = i === 0 ? await tabTo(page, (f) => f.name === q.options[0]!.label) : await press(page, 'Tab');
      expect(firstOption.name).toBe(q.options[0]!.label);
      // ↓ moves to the second option and chooses it, as radio groups do.
      await page.keyboard.press('ArrowDown');
      const chosen = await focused(page);
      expect([chosen.name, chosen.focusVisible, chosen.ring]).toEqual([q.options[1]!.label, true, true]);
      expect(await page.locator('.quiz-option:has(input:checked)').textContent()).toBe(q.options[1]!.label);
      expect((await press(page, 'Tab')).name).toBe('Back');
      const last = i === QUIZ_QUESTIONS.length - 1;
      expect((await press(page, 'Tab')).name).toBe(last ? 'Show me my breed!' : 'Next');
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.locator('.quiz-result').count()).toBe(10);
    expect(await heading()).toBe('Your Purr-fect Matches');
    const firstResult = await press(page, 'Tab');
    expect(firstResult.name).toBe(await page.locator('.quiz-result-name').first().textContent());
    await tabTo(page, named('Restart Quiz'));
    await page.keyboard.press('Enter');
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[0]!.text);
  });

  it('signing in: Tab and type, Enter; a refusal is announced and focus stays on the form', async () => {
    await open('/login', 'Sign in');
    expect((await tabTo(page, named('E-mail'))).what).toBe('input#login-email');
    await page.keyboard.type(DEMO_USER.email);
    expect((await press(page, 'Tab')).what).toBe('input#login-password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Invalid login credentials');
    const after = await focused(page);
    expect([after.what, after.focusVisible, after.ring]).toEqual(['input#login-password', true, true]);

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    // The account menu: Enter opens on the first item, arrows move and wrap, Escape returns to the avatar.
    await tabTo(page, (f) => f.name.startsWith('Account menu for '), 20, 'Shift+Tab');
    await page.keyboard.press('Enter');
    expect((await focused(page)).name).toBe('Profile');
    expect((await press(page, 'ArrowDown')).name).toBe('Settings');
    expect((await press(page, 'ArrowUp')).name).toBe('Profile');
    expect((await press(page, 'ArrowUp')).name).toBe('Sign out');
    const closed = await press(page, 'Escape');
    expect(closed.name).toMatch(/^Account menu for /);
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('the vote form: errors are announced and focus goes to the field to fix', async () => {
    await open('/visitors-choice', "Visitor's Choice");
    const alert = page.getByRole('alert');
    expect((await tabTo(page, named('First name *'))).what).toBe('input#vote-first_name');
    await page.keyboard.type('Ada');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.textContent()).toBe(VOTE_MESSAGES.required);
    const missing = await focused(page);
    expect([missing.what, missing.focusVisible, missing.ring]).toEqual(['input#vote-last_name', true, true]);
    expect(await page.locator('#vote-last_name').getAttribute('aria-describedby')).toBe('vote-error');
    expect(await page.locator('#vote-last_name').getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.type('Lovelace');
    await press(page, 'Tab');
    await press(page, 'Tab');
    expect((await press(page, 'Tab')).what).toBe('input#vote-catalog_number');
    await page.keyboard.type('17');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.textContent()).toBe(VOTE_MESSAGES.contact);
    expect((await focused(page)).what).toBe('input#vote-email');

    await page.keyboard.type('ada@');
    await page.keyboard.press('Enter');
    await expect.poll(() => alert.textContent()).toBe(VOTE_MESSAGES.email);
    expect((await focused(page)).what).toBe('input#vote-email');

    await page.keyboard.type(`keyboard.${Date.now()}.example`);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').textContent(), { timeout: 10_000 }).toBe('Thank you for your vote!');
    // The thank-you replaces the form: its heading takes focus, and Tab reaches "Submit another vote".
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Thank you for your vote!');
    expect((await press(page, 'Tab')).name).toBe('Submit another vote');
  });
});

// Hostile catalogue text is rendered inert on every screen: rows whose text fields hold HTML and script
// and whose URL fields hold javascript: and data: URLs reach the app through sync_pull like any other.
// The page runs with its CSP bypassed, so what is tested is the app's own rendering, not the policy.
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { breedTraitScores } from '../shared/breed-traits.ts';
import { QUIZ_QUESTIONS, QUIZ_RESULT_LIMIT, rankBreeds, type QuizAnswers } from '../src/lib/quiz.ts';
import { catterySlug } from '../shared/paths.ts';
import type { Breed } from '../shared/row-schemas.ts';
import { VIEWPORTS } from './app-page.ts';
import { client } from '../tests/helpers/server.ts';
import { useShow } from './fixture.ts';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload=window.__xss=1>';
const JS_URL = 'javascript:window.__xss=1';
const DATA_URL = 'data:text/html,<script>window.__xss=1</script>';

const BREED_NAME = `Hostile ${IMG} Breed`;
const CATTERY_NAME = `${SCRIPT} Hostile Cattery`;
const LABEL_NAME = `Label ${SVG}`;
const EVENT_NAME = `Hostile ${SVG} Show`;
const SESSION_TITLE = `Session ${IMG}`;
const COMPANY = `Hostile ${SCRIPT} Pet Food`;
const PRODUCT = `Kibble ${IMG}`;

/** A date in the venue's zone, `days` from today. */
const venueDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

async function insert<T extends { id: number }>(db: SupabaseClient, table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

/** What must never be in the page: the payload's elements, its effect, and live javascript:/data: links. */
async function inertness(page: Page) {
  return page.evaluate(() => ({
    xss: (window as { __xss?: unknown }).__xss,
    injected: [...document.querySelectorAll('img[src="x"], [onerror], [onload], iframe, object, embed, body script, body style')].map((e) => e.outerHTML.slice(0, 80)),
    links: [...document.querySelectorAll<HTMLElement>('a[href], area[href], form[action], [formaction]')]
      .map((e) => e.getAttribute('href') ?? e.getAttribute('action') ?? e.getAttribute('formaction') ?? '')
      .filter((href) => {
        if (!/^(https?:\/\/|mailto:|tel:|geo:|\/(?!\/)|#)/i.test(href.trim())) return true;
        // An http(s) link must also be a real URL (not "https://javascript:…").
        return /^https?:/i.test(href.trim()) && !URL.canParse(href);
      }),
    frames: document.querySelectorAll('img[src^="javascript:" i], img[src^="data:text" i]').length,
  }));
}

describe('hostile catalogue text', () => {
  let server: VenueServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  useShow({}, (show) => ({ server, browser } = show));
  const dialogs: string[] = [];
  let ids: { breed: Breed; cattery: number; litter: number; event: number; advertiser: number };

  beforeAll(async () => {
    // The real supabase-js client with the service-role key (DEMO_SERVICE_ROLE_KEY), as an importer would.
    const service = client(server, 'service_role');

    const registry = await insert(service, 'organizations', { name: `Registry ${IMG}`, abbreviation: SVG, description: SCRIPT });
    const breed = await insert<Breed>(service, 'breeds', {
      breed_name: BREED_NAME,
      universal_breed_abbreviation: 'XSS1',
      overview_image: JS_URL,
      detail_images: `{"${DATA_URL.replace(/"/g, '\\"')}","${JS_URL}"}`,
      // A vocabulary the quiz reads, so the breed can top its results.
      activity_level: 'Very Active',
      coat_length: 'Long',
      body_type: 'Large, Slender',
      habitat: 'Outdoor',
      shedding_level: 'Substantial',
      vocality: 'Loud',
      independence_level: 'Very Dependent',
      grooming_level: `High ${IMG}`,
      life_expectancy: `12 ${SVG}`,
      colors: `Red ${SCRIPT}`,
      about: `About ${IMG} and ${SCRIPT}`,
      temperament: `Temperament ${SVG}`,
      health_and_development: `Health ${IMG}`,
      health_challenges: `Challenges ${SCRIPT}`,
      health_tests: `Tests ${SVG}`,
    });
    const cattery = await insert(service, 'catteries', {
      name: CATTERY_NAME,
      profile_image_url: JS_URL,
      city: `City ${IMG}`,
      country: `Country ${SVG}`,
      street_address: `Street ${SCRIPT}`,
      postal_code: '1234 AB',
      website: JS_URL,
      website_url: DATA_URL,
      email: '"><svg/onload=window.__xss=1>@evil.example',
      phone: `+31 ${IMG}`,
      first_name: `First ${SVG}`,
      last_name: `Last ${IMG}`,
      description: `Description ${IMG} ${SCRIPT} ${SVG}`,
      is_verified: true,
      detail_images: [DATA_URL, JS_URL],
      organization_id: registry.id,
    });
    await insert(service, 'cattery_has_breed', {
      cattery_id: cattery.id,
      breed_id: breed.id,
      certification_url: JS_URL,
      certification_date: '2019-05-01',
      is_primary_breed: true,
    });
    const labels = [
      await insert(service, 'quality_labels', { name: LABEL_NAME, description: `Label text ${IMG}` }),
      await insert(service, 'quality_labels', { name: `Second label ${SCRIPT}`, description: SVG }),
    ];
    await insert(service, 'cattery_has_quality_label', { cattery_id: cattery.id, quality_label_id: labels[0]!.id, certificate_url: JS_URL, issued_date: '2024-01-01' });
    await insert(service, 'cattery_has_quality_label', { cattery_id: cattery.id, quality_label_id: labels[1]!.id, certificate_url: DATA_URL });
    const litter = await insert(service, 'litters', {
      cattery_id: cattery.id,
      breed_id: breed.id,
      date_of_birth: venueDate(-20),
      num_male_kittens: 2,
      num_female_kittens: 2,
      available_male_kittens: 1,
      available_female_kittens: 1,
      litter_image_url: JS_URL,
      sire: `Sire ${IMG}`,
      dam: `Dam ${SCRIPT}`,
      sire_picture_url: DATA_URL,
      dam_picture_url: JS_URL,
    });
    await insert(service, 'litter_images', { litter_id: litter.id, image_url: DATA_URL });
    const event = await insert(service, 'events', {
      name: EVENT_NAME,
      start_date: venueDate(0),
      end_date: venueDate(2),
      city: `Ghent ${IMG}`,
      country: `Belgium ${SCRIPT}`,
      venue_name: `Hall ${SVG}`,
      street_address: `Street ${IMG}`,
      postal_code: '9000',
      description: `Event ${SCRIPT} ${IMG}`,
      event_picture_url: DATA_URL,
    });
    await insert(service, 'event_schedule', {
      event_id: event.id,
      schedule_date: venueDate(1),
      start_time: '10:00',
      end_time: '11:00',
      title: SESSION_TITLE,
      description: `Session text ${SCRIPT}`,
      location: `Ring ${SVG}`,
    });
    const advertiser = await insert(service, 'advertisers', {
      company_name: COMPANY,
      company_logo_url: DATA_URL,
      website: JS_URL,
      street_address: `Street ${SVG}`,
      city: `Town ${IMG}`,
      postal_code: '1000',
      country: `Land ${SCRIPT}`,
      intro_text: `Intro ${IMG} ${SCRIPT}`,
      product_images: [JS_URL, DATA_URL],
      product_descriptions: [PRODUCT, `Treats ${SVG}`],
      discount_voucher_enabled: true,
      discount_voucher_amount: 5,
      rebate_voucher_enabled: true,
      rebate_voucher_percentage: 10,
    });
    ids = { breed, cattery: cattery.id, litter: litter.id, event: event.id, advertiser: advertiser.id };
    ctx = await browser.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
    await ctx.addInitScript(() => {
      localStorage.setItem('cookie-consent', 'true');
      // Home shows one random breed and cattery picture: always the last row, the hostile one.
      Math.random = () => 0.999999;
    });
    page = await ctx.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });
  });

  /** Opens a screen, waits for `ready`, and checks it shows `texts` literally and nothing ran or linked. */
  async function expectShownInert(path: string, ready: string, texts: string[]): Promise<void> {
    if (path !== '') await page.goto(`${server.url}${path}`);
    await page.locator(ready).first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const body = await page.locator('body').innerText();
    for (const text of texts) expect(body, `${path} shows ${text}`).toContain(text);
    expect(await inertness(page), path).toEqual({ xss: undefined, injected: [], links: [], frames: 0 });
    expect(dialogs).toEqual([]);
  }

  it('shows the hostile breed literally on the home tiles, the breed list and its page', async () => {
    await expectShownInert('/', '.tile-image', []);
    // The pictures' paths are javascript: URLs, so the placeholders carry the names (as attributes only).
    const names = () => page.locator('.tile-image').evaluateAll((els) => els.map((e) => e.getAttribute('alt') ?? e.getAttribute('aria-label')));
    // The breed tile names the breed; the cattery's name is on its tile (and on Visitor's Choice's cat).
    await expect
      .poll(async () => (await names()).filter((n) => n === BREED_NAME || n === `A cat of ${CATTERY_NAME}`).slice(0, 2))
      .toEqual([BREED_NAME, `A cat of ${CATTERY_NAME}`]);
    await expectShownInert('/breeds', '.breed-card', [BREED_NAME]);
    await expectShownInert('/breeds/XSS1', 'h1', [BREED_NAME, `About ${IMG} and ${SCRIPT}`, `Temperament ${SVG}`, `Challenges ${SCRIPT}`, CATTERY_NAME]);
    expect(await page.locator('h1').textContent()).toBe(BREED_NAME);
  });

  it('shows the hostile cattery literally in the breeders list and on its page, with no live bad links', async () => {
    await expectShownInert('/breeders', '.cattery-card', [CATTERY_NAME, `City ${IMG}, Country ${SVG}`]);
    const card = page.locator('.cattery-card', { hasText: CATTERY_NAME });
    expect(await card.locator('h2').textContent()).toBe(CATTERY_NAME);

    await expectShownInert(`/catteries/${catterySlug(CATTERY_NAME)}?returnUrl=/breeders`, 'h1', [
      CATTERY_NAME,
      `Description ${IMG} ${SCRIPT} ${SVG}`,
      LABEL_NAME,
      `Street ${SCRIPT}`,
      '"><svg/onload=window.__xss=1>@evil.example',
      BREED_NAME,
    ]);
    expect(await page.locator('h1').textContent()).toBe(CATTERY_NAME);
    // Neither certificate link becomes a link; the website shows as text only.
    expect(await page.getByRole('link', { name: /View certificate/ }).count()).toBe(0);
    expect(await page.locator('.cattery-website').textContent()).toBe(JS_URL);
    expect(await page.getByRole('link', { name: /xss/ }).evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
      'mailto:"><svg/onload=window.__xss=1>@evil.example',
      // The phone link keeps digits and the plus only.
      'tel:+311',
    ]);
  });

  it('shows the hostile litter literally on /kittens and its page', async () => {
    await expectShownInert('/kittens', '.litter-card', [CATTERY_NAME, BREED_NAME]);
    await expectShownInert(`/litters/${ids.litter}`, 'h1', [`Sire ${IMG}`, `Dam ${SCRIPT}`, CATTERY_NAME]);
  });

  it('shows the hostile event and session literally on /events, its page and /schedule', async () => {
    await expectShownInert('/events', '.event-card, main h1', [EVENT_NAME, `Ghent ${IMG}, Belgium ${SCRIPT}`]);
    await expectShownInert(`/events/${ids.event}`, 'h1', [EVENT_NAME, `Event ${SCRIPT} ${IMG}`, `Hall ${SVG}`]);
    // The schedule opens on the running show; the hostile event is one tap away (?event=).
    await expectShownInert(`/schedule?event=${ids.event}`, '.session', [SESSION_TITLE, `Ring ${SVG}`]);
  });

  it('shows the hostile advertiser, its products and vouchers literally, website not as a live link', async () => {
    await expectShownInert('/pet-products', '.advertiser-card', [COMPANY]);
    await expectShownInert(`/pet-products/${ids.advertiser}`, 'h1', [COMPANY, `Intro ${IMG} ${SCRIPT}`, PRODUCT, `Town ${IMG}`, JS_URL]);
    expect(await page.locator('h1').textContent()).toBe(COMPANY);
    expect(await page.getByRole('link', { name: /xss/ }).count()).toBe(0);
    // The carousel's other product is one click away.
    await page.getByRole('button', { name: 'Next product', exact: true }).click();
    await expectShownInert('', 'h1', [`Treats ${SVG}`]);
  });

  it('shows the hostile breed literally in the quiz results', async () => {
    const scores = breedTraitScores(ids.breed);
    const answers = Object.fromEntries(QUIZ_QUESTIONS.map((q) => [q.trait, scores[q.trait]!])) as QuizAnswers;
    const { rows } = await server.db.query<Breed>('select * from public.breeds');
    expect(
      rankBreeds(rows, answers)
        .slice(0, QUIZ_RESULT_LIMIT)
        .map((r) => r.breed.breed_name),
    ).toContain(BREED_NAME);

    await page.goto(`${server.url}/breed-finder-quiz`);
    for (const [i, q] of QUIZ_QUESTIONS.entries()) {
      await page.getByRole('radio', { name: q.options.find((o) => o.value === answers[q.trait])!.label }).check();
      const last = i === QUIZ_QUESTIONS.length - 1;
      await page.getByRole('button', { name: last ? 'Show me my breed!' : 'Next', exact: true }).click();
    }
    await expectShownInert('', '.quiz-result', [BREED_NAME, `About ${IMG} and ${SCRIPT}`.slice(0, 40)]);
    expect(await page.locator('.quiz-result-name').allTextContents()).toContain(BREED_NAME);
  });
});

// The breed-finder quiz at phone and desktop sizes: stepping, saved answers, and the ranked results.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import type { Breed } from '../shared/row-schemas.ts';
import { QUIZ_QUESTIONS, rankBreeds, type QuizAnswers } from '../src/lib/quiz.ts';
import { screenshot, type ViewportName } from './app-page.ts';
import { useShow } from './fixture.ts';

/** The option picked on each question, as an index into its options. */
const PICKS = [3, 1, 0, 1, 0, 1, 1, 2] as const;
const ANSWERS: QuizAnswers = Object.fromEntries(QUIZ_QUESTIONS.map((q, i) => [q.trait, q.options[PICKS[i]!]!.value]));
const optionLabel = (step: number, pick: number) => QUIZ_QUESTIONS[step]!.options[pick]!.label;

describe.each(['phone', 'desktop'] as ViewportName[])('breed-finder quiz on a %s', (viewport) => {
  let server: VenueServer;
  let page: Page;
  useShow({ page: { viewport } }, (show) => ({ server, page } = show));

  const heading = () => page.locator('.quiz-question h2').textContent();
  const nextButton = () => page.getByRole('button', { name: 'Next', exact: true });
  const step = (n: number) => page.getByRole('button', { name: `Question ${n}`, exact: true });
  const checkedLabel = () => page.locator('.quiz-option:has(input:checked)').allTextContents();

  async function openQuiz(): Promise<void> {
    await page.goto(`${server.url}/breed-finder-quiz`);
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[0]!.text);
  }

  async function answerAll(): Promise<void> {
    for (const [i, q] of QUIZ_QUESTIONS.entries()) {
      expect(await heading()).toBe(q.text);
      await page.getByRole('radio', { name: optionLabel(i, PICKS[i]!) }).check();
      const last = i === QUIZ_QUESTIONS.length - 1;
      await page.getByRole('button', { name: last ? 'Show me my breed!' : 'Next', exact: true }).click();
      if (!last) await expect.poll(heading).toBe(QUIZ_QUESTIONS[i + 1]!.text);
    }
    await expect.poll(() => page.locator('.quiz-result').count()).toBe(10);
  }

  it('enables Next only once an option is chosen, and later steps stay disabled', async () => {
    await openQuiz();
    expect(await nextButton().isDisabled()).toBe(true);
    expect(await step(1).isEnabled()).toBe(true);
    for (let n = 2; n <= 8; n++) expect(await step(n).isDisabled(), `step ${n}`).toBe(true);
    expect(await page.getByRole('group', { name: new RegExp(QUIZ_QUESTIONS[0]!.text.replace('?', '\\?')) }).count()).toBe(1);

    await page.getByRole('radio', { name: optionLabel(0, 3) }).check();
    expect(await nextButton().isEnabled()).toBe(true);
    await screenshot(page, 'quiz', viewport);
    await nextButton().click();
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[1]!.text);
    expect(await nextButton().isDisabled()).toBe(true);
    expect(await step(2).getAttribute('aria-current')).toBe('step');
    expect(await step(3).isDisabled()).toBe(true);
  });

  it('pre-selects the saved answer when going back, by Back or by the step indicator', async () => {
    await page.getByRole('radio', { name: optionLabel(1, 1) }).check();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[0]!.text);
    expect(await checkedLabel()).toEqual([optionLabel(0, 3)]);
    expect(await nextButton().isEnabled()).toBe(true);
    // Only the current and earlier steps are clickable: from question 1, step 2 is disabled again.
    expect(await step(2).isDisabled()).toBe(true);

    await nextButton().click();
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[1]!.text);
    expect(await checkedLabel()).toEqual([optionLabel(1, 1)]);
    await step(1).click();
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[0]!.text);
    expect(await checkedLabel()).toEqual([optionLabel(0, 3)]);
  });

  it('selects options with the keyboard', async () => {
    await openQuiz();
    await page.getByRole('radio', { name: optionLabel(0, 0) }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: optionLabel(0, 1) }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[1]!.text);
  });

  it('goes to /kittens on Back from the first question', async () => {
    await openQuiz();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/kittens');
  });

  it('ranks the top 10 breeds exactly as rankBreeds does over the server breeds', async () => {
    const breeds = (await server.db.query<Breed>('select * from public.breeds')).rows;
    const expected = rankBreeds(breeds, ANSWERS);
    expect(expected).toHaveLength(10);

    await openQuiz();
    await answerAll();
    expect(await page.locator('.quiz-result-name').allTextContents()).toEqual(expected.map((m) => m.breed.breed_name));
    expect(await page.locator('.quiz-match').allTextContents()).toEqual(expected.map((m) => `${m.percentage}% match`));
    expect(await page.locator('.quiz-snippet').first().textContent()).toBe(expected[0]!.snippet);
    expect(await page.locator('.quiz-result-name').first().getAttribute('href')).toBe(`/breeds/${expected[0]!.breed.universal_breed_abbreviation}`);
    const traits = await page.locator('.quiz-result').first().locator('.quiz-traits dt').allTextContents();
    expect(traits).toEqual(['Activity', 'Grooming', 'Vocality']);
    await screenshot(page, 'quiz-results', viewport);
  });

  it('says how many kittens of each result breed are available now', async () => {
    const counts = new Map(
      (
        await server.db.query<{ breed_id: number; available: number }>(
          'select breed_id, sum(available_male_kittens + available_female_kittens)::int as available from public.litters where breed_id is not null group by breed_id',
        )
      ).rows.map((r) => [r.breed_id, Number(r.available)]),
    );
    const breeds = (await server.db.query<Breed>('select * from public.breeds')).rows;
    const expected = rankBreeds(breeds, ANSWERS).map((m) => counts.get(m.breed.id) ?? 0);
    const lines = await page.locator('.quiz-kittens').allTextContents();
    expect(lines).toEqual(expected.map((n) => (n === 0 ? 'No kittens available right now' : `${n} ${n === 1 ? 'kitten' : 'kittens'} available now — see litters`)));
    // The demo show has kittens of at least one result breed: that line links to the litters.
    const withKittens = expected.findIndex((n) => n > 0);
    expect(withKittens).toBeGreaterThanOrEqual(0);
    const link = page.locator('.quiz-kittens').nth(withKittens).getByRole('link', { name: 'see litters' });
    expect(await link.getAttribute('href')).toBe('/kittens');
  });

  it('restarts at question 1 with nothing selected', async () => {
    await page.getByRole('button', { name: 'Restart Quiz' }).click();
    await expect.poll(heading).toBe(QUIZ_QUESTIONS[0]!.text);
    expect(await checkedLabel()).toEqual([]);
    expect(await nextButton().isDisabled()).toBe(true);
    expect(await step(2).isDisabled()).toBe(true);
  });

  it('goes to /breeds with View All Breeds', async () => {
    await answerAll();
    await page.getByRole('link', { name: 'View All Breeds' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/breeds');
  });
});

// A full device, simulated in Chromium: IndexedDB writes to chosen stores throw QuotaExceededError. The
// shell says so, the queued vote stays in the outbox and is delivered exactly once; a vote that cannot
// even be queued gets a message on the form.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { DB_NAME } from '../src/data/db.ts';
import { MIRROR_TABLES } from '../shared/mirror-tables.ts';
import { OUTBOX_QUOTA_MESSAGE } from '../src/data/outbox/outbox.ts';
import type { OutboxItem } from '../src/data/outbox/types.ts';
import { QUOTA_MESSAGE } from '../src/data/sync/engine.ts';
import { castVote } from './app-page.ts';
import { useShow } from './fixture.ts';
import { getAllFromStore, getFromStore } from './pwa-helpers.ts';

declare global {
  /** Object stores whose writes fail as on a full device (in the page and in the sync worker). */
  var __storageFull: string[] | undefined;
  var __quotaSimulated: boolean | undefined;
}

/**
 * Runs in the page before the app, and in the sync worker (which writes the mirror): put/add on a "full"
 * store throw, as Chromium does when the quota is hit.
 */
function simulateQuota(): void {
  if (globalThis.__quotaSimulated) return;
  globalThis.__quotaSimulated = true;
  const proto = IDBObjectStore.prototype;
  for (const method of ['add', 'put'] as const) {
    const original = proto[method];
    proto[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
      if (globalThis.__storageFull?.includes(this.name)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  }
}

/** Fills the named stores in the page and in its workers (the mirror is written by the sync worker). */
const fill = (stores: readonly string[]) => async (page: Page) => {
  const set = (s: string[]) => {
    globalThis.__storageFull = s;
  };
  await page.evaluate(set, [...stores]);
  for (const worker of page.workers()) {
    await worker.evaluate(simulateQuota);
    await worker.evaluate(set, [...stores]);
  }
};
const fillMirror = fill(MIRROR_TABLES);
const fillOutbox = fill(['outbox']);
const makeRoom = fill([]);

/** Every row of a store of the app's database, with the raw IndexedDB API (no app code). */
const readStore = <T>(page: Page, store: string) => getAllFromStore<T>(page, DB_NAME, store);

describe('storage quota', () => {
  let server: VenueServer;
  let ctx: BrowserContext;
  let page: Page;
  useShow(
    {
      page: {
        viewport: 'desktop',
        // No service worker: the page alone syncs and drains, so the test decides when votes may leave.
        context: { serviceWorkers: 'block' },
        prepare: (context) => context.addInitScript(simulateQuota),
        path: '/visitors-choice',
      },
    },
    (show) => {
      ({ server, page } = show);
      ctx = page.context();
    },
  );

  const votesFor = async (email: string) => (await server.db.query<{ id: string }>('select id::text from public.visitor_choice where email = $1', [email])).rows;
  const synced = () => page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 30_000 });

  it('shows the message when a sync hits the quota, keeps the queued vote, and delivers it once with room', async () => {
    const email = `quota.voter.${Date.now()}@example.com`;
    await ctx.setOffline(true);
    await castVote(page, email, '21');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Your vote is saved');
    const voteId = (await readStore<OutboxItem>(page, 'outbox')).map((i) => i.id);
    expect(voteId).toHaveLength(1);
    const queued = await getFromStore<OutboxItem>(page, DB_NAME, 'outbox', voteId[0]!);
    // Waiting to go: a replay attempt offline may briefly mark it 'sending' before it fails back to 'queued'.
    expect(queued).toMatchObject({ kind: 'vote', status: expect.stringMatching(/^(queued|sending)$/), payload: { email, catalog_number: '21' } });

    // Something new on the server, so the next sync writes to the mirror — which is full. Votes cannot
    // leave yet either, so the vote is still waiting while the sync fails.
    await server.db.query('insert into public.organizations (name) values ($1)', ['Quota Test Registry']);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the sync watermark
    await ctx.route('**/rest/v1/rpc/submit_votes', (route) => route.abort('internetdisconnected'));
    // The mirror is pulled and written off the main thread, by the sync worker.
    expect(page.workers().map((w) => w.url())).toContainEqual(expect.stringMatching(/sync-worker-[\w-]+\.js$/));
    await fillMirror(page);
    expect(await page.locator('.storage-message').count()).toBe(0);
    await ctx.setOffline(false); // 'online': a sync and a drain

    const message = page.getByRole('alert').filter({ hasText: 'Not enough storage' });
    await expect.poll(() => message.textContent(), { timeout: 15_000 }).toBe(QUOTA_MESSAGE);
    expect(QUOTA_MESSAGE).toBe('Not enough storage on this device: the saved show data was cleared and will download again when there is room.');
    // The mirror was cleared; the outbox was not.
    expect(await readStore(page, 'breeds')).toEqual([]);
    const kept = await getFromStore<OutboxItem>(page, DB_NAME, 'outbox', voteId[0]!);
    expect(kept).toMatchObject({
      id: queued!.id,
      kind: 'vote',
      payload: queued!.payload,
      status: expect.stringMatching(/^(queued|sending)$/),
      createdAt: queued!.createdAt,
    });
    expect(await votesFor(email)).toHaveLength(0);
    // Still shown on another screen, until a sync completes, and only once: the emptied schedule says
    // only what it could not load.
    await page.getByRole('link', { name: 'Schedule' }).first().click();
    await expect.poll(() => page.locator('#main').getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Failed to fetch events');
    expect(await message.textContent()).toBe(QUOTA_MESSAGE);

    // Room again: the next sync completes and the message goes; the vote leaves once.
    await makeRoom(page);
    await ctx.unroute('**/rest/v1/rpc/submit_votes');
    await page.locator('.sync-indicator').click();
    await synced();
    await expect.poll(() => page.locator('.storage-message').count()).toBe(0);
    await expect.poll(() => votesFor(email), { timeout: 45_000 }).toHaveLength(1);
    await expect.poll(async () => (await getFromStore<OutboxItem>(page, DB_NAME, 'outbox', voteId[0]!))?.status, { timeout: 10_000 }).toBe('sent');
    const [row] = await votesFor(email);
    expect(row!.id).toBe(voteId[0]);
    // Another drain (the network returning) sends nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1_000);
    expect(await votesFor(email)).toHaveLength(1);
  });

  it('tells the visitor on the form when even the vote cannot be saved, and keeps what was queued', async () => {
    const first = `quota.first.${Date.now()}@example.com`;
    const email = `quota.full.${Date.now()}@example.com`;
    // Votes cannot leave for now, so the first one stays queued.
    await ctx.route('**/rest/v1/rpc/submit_votes', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.url}/visitors-choice`);
    await synced();
    await castVote(page, first, '18');
    // The form waits a few seconds for a live answer before it settles for "saved".
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Your vote is saved');
    const before = await readStore<OutboxItem>(page, 'outbox');
    // Only this test's vote counts: one left over by a failed first test would not make this one fail.
    const waiting = before.filter((i) => (i.status === 'queued' || i.status === 'sending') && i.kind === 'vote' && i.payload.email === first);
    expect(waiting).toHaveLength(1);

    await page.goto(`${server.url}/visitors-choice`);
    await synced();
    await fillOutbox(page);
    await castVote(page, email, '19');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(OUTBOX_QUOTA_MESSAGE);
    // The form keeps what was typed, so the visitor can send it once there is room.
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    // The queue holds exactly what it held (its retry bookkeeping may move on meanwhile).
    const queued = (items: OutboxItem[]) => items.map(({ id, kind, payload, createdAt }) => ({ id, kind, payload, createdAt }));
    expect(queued(await readStore<OutboxItem>(page, 'outbox'))).toEqual(queued(before));

    await makeRoom(page);
    await ctx.unroute('**/rest/v1/rpc/submit_votes');
    await page.getByRole('button', { name: 'Submit vote' }).click();
    await expect.poll(() => page.locator('h1').textContent(), { timeout: 15_000 }).toBe('Thank you for your vote!');
    await expect.poll(async () => (await votesFor(first)).length + (await votesFor(email)).length, { timeout: 45_000 }).toBe(2);
  });
});

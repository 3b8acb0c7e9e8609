// The outbox under faults, in real Chromium against the real venue server and the production build:
// 500 votes queued offline and replayed through dropped requests, lost answers, server restarts and tab
// reloads (exactly once, nothing left behind); then 200 queued votes over Venue Wi-Fi against the clock.
//
// Queueing: a few votes go through the Visitor's Choice form offline (the app's whole path: form,
// validation, enqueueVote, Background Sync registration). The bulk is made by the same enqueueVote here
// (zod-validated, and checked key by key against a form-queued item) and written into the page's
// IndexedDB: typing 500 forms would only measure the form.
//
// Time: the app's backoff (up to 30 s) is left as it is; what wakes the drain is the app's own triggers
// (the 'online' event, Background Sync, the reloads, its backoff timer).
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { DEMO_CATALOGUE_NUMBERS } from '../tests/helpers/demo-catalogue.ts';
import { launchBrowser, throttle } from './browser.ts';
import {
  assertSameShape,
  makeVoteItems,
  pendingOf,
  readItem,
  readOutbox,
  RestartableVenue,
  seededRandom,
  serverVotes,
  total,
  writeOutbox,
  type OutboxRow,
} from './outbox-queue.ts';
import type { BenchOptions, Report } from './report.ts';
import { sleep } from '../tests/helpers/time.ts';

const CHAOS_VOTES = 500;
const FORM_VOTES = 5;
const VENUE_VOTES = 200;
const DROP_RATE = 0.3;
const SEED = 7;
/** The chaos, by the number of submit_votes requests seen so far: restarts and reloads mid-drain. */
const CHAOS_PLAN: { afterRequests: number; action: 'restart' | 'reload' }[] = [
  { afterRequests: 2, action: 'restart' },
  { afterRequests: 4, action: 'reload' },
  { afterRequests: 7, action: 'restart' },
  { afterRequests: 10, action: 'reload' },
  { afterRequests: 13, action: 'restart' },
];
const SERVER_DOWN_MS = 700;
const DRAIN_LIMIT_MS = 150_000;
const isSubmitVotes = (url: string) => url.includes('/rest/v1/rpc/submit_votes');

export async function benchOutbox(report: Report, { distDir }: BenchOptions): Promise<void> {
  let t = performance.now();
  const venue = await RestartableVenue.start(distDir);
  const eventId = await venue.addTodaysEvent();
  console.log(`  venue server on PGlite (data directory, migrations, one event) up in ${secs(performance.now() - t)}`);
  const browser = await launchBrowser();
  try {
    const ctx = await browser.newContext();
    t = performance.now();
    const page = await chaosRun(report, ctx, venue, eventId);
    console.log(`  chaos run ${secs(performance.now() - t)}`);
    t = performance.now();
    // Same tab (its worker installed, its mirror synced): the first visit has its own budget elsewhere.
    await venueProfileRun(report, browser, ctx, page, venue, eventId);
    console.log(`  Venue Wi-Fi run ${secs(performance.now() - t)}`);
  } finally {
    await browser.close();
    await venue.close();
  }
}

/** First visit online: the worker controls the page and the mirror (the event) is in IndexedDB. */
async function openApp(ctx: BrowserContext, url: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${url}/visitors-choice`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, {
    timeout: 60_000,
  });
  return page;
}

async function voteThroughForm(page: Page, emailPrefix: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await page.getByLabel('First name *').fill('Form');
    await page.getByLabel('Last name *').fill(`Voter ${i}`);
    await page.getByLabel('E-mail').fill(`${emailPrefix}form-${i}@example.com`);
    await page.getByLabel('Catalog number *').fill(DEMO_CATALOGUE_NUMBERS[i % DEMO_CATALOGUE_NUMBERS.length]!);
    await page.getByRole('button', { name: 'Submit vote' }).click();
    await page
      .getByRole('heading', { name: 'Your vote is saved' })
      .waitFor({ timeout: 10_000 })
      .catch(async (e: unknown) => {
        // Say what the page showed instead, so a failed run can be understood from its log.
        const shown = await page
          .locator('main')
          .innerText()
          .catch(() => '(no main)');
        throw new Error(`vote ${i + 1} of ${count} through the form, at ${page.url()}: the page shows ${JSON.stringify(shown.slice(0, 400))}`, { cause: e });
      });
    await page.getByRole('button', { name: 'Submit another vote' }).click();
  }
}

/** What happened to the submit_votes requests while the faults were on. */
interface Wire {
  requests: number;
  droppedBefore: number;
  droppedAfter: number;
  /** Forwarded while the server was down (connection refused). */
  serverDown: number;
  /** Reached the server while the tab reloaded: committed, never answered. */
  cutByReload: number;
  answered: number;
  /** Per-vote answers of submit_votes. */
  statuses: Record<string, number>;
}

/**
 * Every request to the venue server goes through here while the faults are on, on a connection of its
 * own (a keep-alive socket would let a closing server go on answering, as a restarted one never does).
 */
class FaultyNetwork {
  faults = false;
  readonly wire: Wire = { requests: 0, droppedBefore: 0, droppedAfter: 0, serverDown: 0, cutByReload: 0, answered: 0, statuses: {} };
  private readonly random = seededRandom(SEED);
  private reloadArmed: ((reload: Promise<unknown>) => void) | null = null;

  constructor(private readonly page: () => Page | undefined) {}

  /** Reloads the tab while a submit_votes request is in flight (or plainly, when none comes within 5 s). */
  async reloadMidRequest(): Promise<void> {
    const reload = await Promise.race([new Promise<Promise<unknown>>((resolve) => (this.reloadArmed = resolve)), sleep(5_000).then(() => null)]);
    this.reloadArmed = null;
    await (reload ?? this.page()?.reload());
  }

  readonly handle = async (route: Route): Promise<void> => {
    if (!this.faults) return route.fallback();
    try {
      if (!isSubmitVotes(route.request().url())) {
        const response = await forward(route).catch(() => null);
        return await (response ? route.fulfill({ response }) : route.abort('connectionrefused'));
      }
      const wire = this.wire;
      wire.requests++;
      const page = this.page();
      if (this.reloadArmed && page) {
        // The tab goes away with this batch in flight; the server still gets and commits it.
        this.reloadArmed(page.reload());
        this.reloadArmed = null;
        await forward(route).then(
          () => wire.cutByReload++,
          () => wire.serverDown++,
        );
        return await route.abort('connectionreset');
      }
      const roll = this.random();
      if (roll < DROP_RATE / 2) {
        wire.droppedBefore++;
        return await route.abort('connectionreset');
      }
      const response = await forward(route).catch(() => null);
      if (!response) {
        wire.serverDown++;
        return await route.abort('connectionrefused');
      }
      if (roll < DROP_RATE) {
        // Committed on the server, the answer never arrives: the exactly-once case.
        wire.droppedAfter++;
        return await route.abort('connectionreset');
      }
      wire.answered++;
      const body: unknown = await response.json().catch(() => null);
      const answers = Array.isArray(body) ? (body as { status: string }[]).map((r) => r.status) : [`HTTP ${response.status()}`];
      for (const status of answers) wire.statuses[status] = (wire.statuses[status] ?? 0) + 1;
      await route.fulfill({ response });
    } catch {
      // The page went away under the route (a reload): the browser has cancelled the request.
    }
  };
}

/**
 * The request, sent from here. Without its conditional headers: this fetch is outside the browser's HTTP
 * cache, so a 304 handed back to the page would be an empty file instead of a revalidated one.
 */
const forward = async (route: Route) => {
  const { 'if-none-match': _etag, 'if-modified-since': _since, ...headers } = await route.request().allHeaders();
  return route.fetch({ timeout: 20_000, headers: { ...headers, connection: 'close' } });
};

async function chaosRun(report: Report, ctx: BrowserContext, venue: RestartableVenue, eventId: number): Promise<Page> {
  const prefix = `chaos.${Date.now().toString(36)}.`;
  const tab: { page?: Page } = {};
  const net = new FaultyNetwork(() => tab.page);
  const origin = new URL(venue.url).origin;
  // Pages and the service worker alike.
  await ctx.route((url) => url.origin === origin, net.handle);

  const setupStarted = performance.now();
  // The bulk is made while the first visit runs.
  const bulkMade = makeVoteItems(eventId, prefix, CHAOS_VOTES - FORM_VOTES);
  const page = (tab.page = await openApp(ctx, venue.url));
  await ctx.setOffline(true);
  await voteThroughForm(page, prefix, FORM_VOTES);
  const formItems = (await readOutbox(page)).filter((r) => r.email?.startsWith(prefix));
  // Offline the app has already tried once ('Could not reach the server'): waiting to be sent is what counts.
  if (formItems.length !== FORM_VOTES || formItems.some((r) => r.status !== 'queued' && r.status !== 'sending')) {
    throw new Error(`The form queued ${JSON.stringify(formItems)}`);
  }
  const sample = (await readItem(page, formItems[0]!.id))!;
  if (sample.payload.event_id !== eventId) throw new Error(`The form voted in event ${sample.payload.event_id}, not ${eventId}`);
  const bulk = await bulkMade;
  assertSameShape(bulk[0]!, sample);
  await writeOutbox(page, bulk);
  const ids = new Set([...formItems.map((r) => r.id), ...bulk.map((i) => i.id)]);
  const setupMs = performance.now() - setupStarted;
  const queuedOffline = total(pendingOf(await readOutbox(page), ids));
  const service = venue.serviceClient();
  const beforeOnline = (await serverVotes(service, [...ids], prefix)).byPrefix.length;

  // Online, with faults.
  net.faults = true;
  const started = performance.now();
  await ctx.setOffline(false);
  const events: string[] = [];
  let restarts = 0;
  let reloads = 0;
  let eventsWhilePending = 0;
  for (const step of CHAOS_PLAN) {
    while (net.wire.requests < step.afterRequests && performance.now() - started < DRAIN_LIMIT_MS) {
      if (total(pendingOf(await readOutbox(page), ids)) === 0) break;
      await sleep(50);
    }
    const pending = total(pendingOf(await readOutbox(page), ids));
    if (pending > 0) eventsWhilePending++;
    const at = net.wire.requests;
    const t = performance.now();
    let took: string;
    if (step.action === 'restart') {
      const { closeMs, startMs } = await venue.restart(SERVER_DOWN_MS);
      took = `close ${secs(closeMs)}, start ${secs(startMs)}`;
      restarts++;
    } else {
      await net.reloadMidRequest();
      took = secs(performance.now() - t);
      reloads++;
    }
    events.push(`${step.action} at request ${at} (${pending} pending; ${took})`);
  }

  // Bounded wait until the outbox has nothing of this run left to send.
  let rows: OutboxRow[];
  for (;;) {
    rows = await readOutbox(page);
    const pending = pendingOf(rows, ids);
    if (total(pending) === 0) break;
    if (performance.now() - started > DRAIN_LIMIT_MS) {
      const stuck = rows.filter((r) => ids.has(r.id) && r.status !== 'sent').slice(0, 3);
      throw new Error(`The outbox still holds ${JSON.stringify(pending)} of this run after ${DRAIN_LIMIT_MS / 1000} s; e.g. ${JSON.stringify(stuck)}`);
    }
    await sleep(200);
  }
  const wallMs = performance.now() - started;
  net.faults = false;
  await ctx.unrouteAll({ behavior: 'ignoreErrors' });

  const { byId, byPrefix } = await serverVotes(service, [...ids], prefix);
  const lost = [...ids].filter((id) => !byId.has(id)).length;
  const emails = new Set(byPrefix.map((r) => r.email.toLowerCase()));
  const extra = byPrefix.filter((r) => !ids.has(r.id)).length;
  const duplicated = byPrefix.length - emails.size + extra;
  const left = rows.filter((r) => ids.has(r.id) && r.status !== 'sent').length;
  const sent = rows.filter((r) => ids.has(r.id) && r.status === 'sent').length;
  const w = net.wire;

  report.exactly(
    'outbox chaos: votes queued offline',
    queuedOffline,
    '',
    CHAOS_VOTES,
    `${FORM_VOTES} through the form, ${CHAOS_VOTES - FORM_VOTES} made by enqueueVote; ${beforeOnline} on the server before going online; first visit and queueing ${secs(setupMs)}`,
  );
  report.exactly('outbox chaos: rows on the server for this run', byPrefix.length, '', CHAOS_VOTES);
  report.exactly('outbox chaos: votes lost', lost, '', 0);
  report.exactly('outbox chaos: votes duplicated (id or e-mail twice, or a new id)', duplicated, '', 0, `answers per vote: ${fmt(w.statuses)}`);
  report.exactly('outbox chaos: left pending/sending/failed in the outbox', left, '', 0, `${sent} marked sent`);
  report.exactly(
    'outbox chaos: server restarts and tab reloads while votes were pending',
    eventsWhilePending,
    '',
    CHAOS_PLAN.length,
    `${restarts} restarts (down ${SERVER_DOWN_MS} ms + start), ${reloads} reloads: ${events.join('; ')}`,
  );
  report.atMost(
    'outbox chaos: wall time from online to an empty outbox',
    Math.round(wallMs / 100) / 10,
    's',
    120,
    'timing',
    `submit_votes requests ${w.requests}: answered ${w.answered}, dropped before the server ${w.droppedBefore}, ` +
      `dropped after it committed ${w.droppedAfter}, cut by a reload ${w.cutByReload}, refused while down ${w.serverDown} ` +
      `(seed ${SEED}, drop rate ${DROP_RATE * 100}%)`,
  );
  return page;
}

/** 200 votes queued offline, then Venue Wi-Fi (page and worker): time until all are on the server. */
async function venueProfileRun(report: Report, browser: Browser, ctx: BrowserContext, page: Page, venue: RestartableVenue, eventId: number): Promise<void> {
  const prefix = `venue.${Date.now().toString(36)}.`;
  const items = await makeVoteItems(eventId, prefix, VENUE_VOTES);
  const ids = items.map((i) => i.id);
  let requests = 0;
  const count = (request: { url(): string }) => void (isSubmitVotes(request.url()) && requests++);
  ctx.on('request', count);
  // Throttle first: Playwright's offline toggle leaves a CDP throttle in place (docs/DESIGN.md §10).
  const throttled = await throttle(browser, page);
  try {
    await ctx.setOffline(true);
    await writeOutbox(page, items);
    const service = venue.serviceClient();
    const early = (await serverVotes(service, ids, prefix)).byId.size;

    const started = performance.now();
    await ctx.setOffline(false);
    let onServer = 0;
    while (performance.now() - started < 60_000) {
      onServer = (await serverVotes(service, ids, prefix)).byId.size;
      if (onServer >= VENUE_VOTES) break;
      await sleep(100);
    }
    const ms = performance.now() - started;
    const { byPrefix } = await serverVotes(service, ids, prefix);
    // The last answer may still be on its way back over the slow link.
    let pending = pendingOf(await readOutbox(page), new Set(ids));
    for (let i = 0; i < 50 && total(pending) > 0; i++) {
      await sleep(200);
      pending = pendingOf(await readOutbox(page), new Set(ids));
    }
    report.atMost(
      `outbox: ${VENUE_VOTES} queued votes reach the server on Venue Wi-Fi`,
      Math.round(ms / 100) / 10,
      's',
      10,
      'timing',
      `${requests} submit_votes requests; ${throttled.workers} service worker(s) throttled too; ${early} on the server while offline; ` +
        `outbox then: ${fmt(pending) || 'nothing pending'}`,
    );
    report.exactly(`outbox: rows on the server for the ${VENUE_VOTES} Venue Wi-Fi votes`, byPrefix.length, '', VENUE_VOTES);
  } finally {
    ctx.off('request', count);
    await throttled.stop();
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const fmt = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

// The floor plan: the demo plan's picture in bytes, and the time from navigation to the plan drawn over
// "Venue Wi-Fi" (page and service worker throttled), on a fresh phone opening the plan's link and after one
// visit to home (offline-ready, the second phase cached: shared/precache.ts). Its JavaScript is size's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '../e2e/app-page.ts';
import { startAppServer } from '../e2e/browser.ts';
import { waitForController, waitForSecondPhase } from '../e2e/pwa-helpers.ts';
import { FLOOR_PLAN_SOURCE_DIR, type ManifestChunk } from '../shared/precache.ts';
import { IMAGE_BUCKET } from '../shared/photos.ts';
import { launchBrowser, throttle, VENUE_WIFI } from './browser.ts';
import { medianOf, runsDetail } from './browser-helpers.ts';
import type { BenchOptions, Report } from './report.ts';

/** The demo plan's picture as stored (bytes). */
const PLAN_IMAGE_BUDGET_BYTES = 12_300;
const PLAN_IMAGE_REASON =
  "budget: the demo hall's generated SVG (server/seed/show-hall.ts) measured 12,225 B, rounded up; a plan drawn with more in it moves this with a reason";
/** The floor plan's page (src/features/floor-plan/). */
const PLAN_PATH = '/floor-plan';
/** The mark the page sets once its picture has loaded and its places are drawn. */
const RENDERED_MARK = 'floor-plan-rendered';
const RENDER_TIMEOUT_MS = 120_000;

/** ms from navigation start to the page's mark, waiting for it. */
async function untilRendered(page: Page): Promise<number> {
  const handle = await page.waitForFunction((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, RENDERED_MARK, {
    timeout: RENDER_TIMEOUT_MS,
    polling: 50,
  });
  return Math.round((await handle.jsonValue()) as number);
}

export async function benchFloorPlan(report: Report, { distDir, runs, ci }: BenchOptions): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const hasPage = Object.keys(manifest).some((key) => key.startsWith(FLOOR_PLAN_SOURCE_DIR));
  const server = await startAppServer(distDir);
  try {
    const { rows } = await server.db.query<{ image_url: string }>('select image_url from public.floor_plans order by id limit 1');
    const path = rows[0]?.image_url;
    if (!path) throw new Error('the demo show has no floor plan: its picture cannot be measured');
    const res = await fetch(`${server.url}/storage/v1/object/public/${IMAGE_BUCKET}/${path}`);
    if (!res.ok) throw new Error(`the demo plan's picture ${path} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const gzip = gzipSync(body, { level: 9 }).length;
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    report.atMost(
      `demo floor plan's picture (as stored)`,
      body.length,
      'B',
      PLAN_IMAGE_BUDGET_BYTES,
      'exact',
      `${path}, ${res.headers.get('content-type') ?? '?'}; ${gzip.toLocaleString('en-GB')} B gzip, ${brotli.toLocaleString('en-GB')} B brotli; ${PLAN_IMAGE_REASON}`,
    );

    // The render time is printed, never gated: under --ci, on a shared machine, it would cost a CI run
    // 40 s for a figure nobody may read as a budget.
    if (ci) {
      console.log('  time to first plan render: not under --ci (printed by npm run bench)');
      return;
    }
    if (!hasPage) {
      console.log(`  floor-plan page not in this build (no module of ${FLOOR_PLAN_SOURCE_DIR}): time to first plan render not measured`);
      return;
    }
    const browser = await launchBrowser();
    try {
      const fresh: number[] = [];
      const afterHome: number[] = [];
      for (let run = 0; run < runs; run++) {
        for (const [times, warm] of [
          [fresh, false],
          [afterHome, true],
        ] as const) {
          const ctx = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
          try {
            const page = await ctx.newPage();
            await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
            const throttled = await throttle(browser, page, VENUE_WIFI);
            try {
              if (warm) {
                await page.goto(`${server.url}/`);
                await waitForController(page);
                await waitForSecondPhase(page, server.url, RENDER_TIMEOUT_MS);
              }
              await page.goto(`${server.url}${PLAN_PATH}`, { waitUntil: 'commit' });
              times.push(await untilRendered(page));
            } finally {
              await throttled.stop();
            }
          } finally {
            await ctx.close();
          }
        }
      }
      const profile = `${VENUE_WIFI.latencyMs} ms RTT, ${(VENUE_WIFI.downloadBytesPerSecond * 8) / 1e6} Mbit/s down, page and service worker throttled, phone viewport`;
      report.atMost(
        `floor plan, Venue Wi-Fi, a fresh phone opening ${PLAN_PATH}: navigation → plan drawn (printed)`,
        medianOf(fresh),
        'ms',
        Number.POSITIVE_INFINITY,
        'timing',
        `${runsDetail(fresh, 'ms')}; to the page's performance mark '${RENDERED_MARK}' (picture loaded, places drawn); ${profile}; the first mirror and the plan's chunks on the way`,
      );
      report.atMost(
        `floor plan, Venue Wi-Fi, after one visit to home: navigation → plan drawn (printed)`,
        medianOf(afterHome),
        'ms',
        Number.POSITIVE_INFINITY,
        'timing',
        `${runsDetail(afterHome, 'ms')}; home first (offline-ready, the second phase cached), then ${PLAN_PATH}: its chunks from the worker's cache; ${profile}`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

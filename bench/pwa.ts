// The installed-app budgets: Chromium's own installability verdict (Lighthouse 12 has no PWA category),
// and the repeat visit the service worker serves: no shell bytes from the network, LCP within 1 s.
import type { Page } from 'playwright-core';
import { launchProfile, waitForController, waitForSecondPhase, watchNetwork, type NetworkUse } from '../e2e/pwa-helpers.ts';
import { launchBrowser, throttle, type NetworkProfile } from './browser.ts';
import { initScript, medianOf, runsDetail } from './browser-helpers.ts';
import { startAppServer } from '../e2e/browser.ts';
import type { BenchOptions, Report } from './report.ts';

/** Lighthouse's mobile network (simulated "Slow 4G"), applied for real to the page and its worker. */
const LIGHTHOUSE_MOBILE: NetworkProfile = {
  name: 'Lighthouse mobile',
  latencyMs: 150,
  downloadBytesPerSecond: (1.6384e6 * 0.9) / 8,
  uploadBytesPerSecond: (0.75e6 * 0.9) / 8,
};
/** Lighthouse's mid-range phone: 4× slower than this machine. */
const CPU_SLOWDOWN = 4;

const REPEAT_PAGES = ['/', '/breeds', '/breeds/ABY'] as const;

const synced = (page: Page) =>
  page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 60_000 });

export async function benchPwa(report: Report, { runs, distDir }: BenchOptions): Promise<void> {
  const server = await startAppServer(distDir);
  try {
    await installability(report, server.url);
    await repeatVisits(report, server.url, runs);
  } finally {
    await server.close();
  }
}

interface WebManifest {
  name?: string;
  display?: string;
  icons?: { src: string; sizes?: string; type?: string; purpose?: string }[];
}

/** Manifest rules Chromium and the stores look for, each failure in words. */
export function manifestProblems(m: WebManifest): string[] {
  const problems: string[] = [];
  if (!m.name?.trim()) problems.push('no name');
  if (m.display !== 'standalone') problems.push(`display is ${m.display ?? 'missing'}, not standalone`);
  const largest = Math.max(
    0,
    ...(m.icons ?? [])
      .filter((i) => !i.purpose || i.purpose.split(/\s+/).includes('any'))
      .flatMap((i) => (i.sizes ?? '').split(/\s+/))
      .map((s) => Number(/^(\d+)x\d+$/.exec(s)?.[1] ?? 0)),
  );
  if (largest < 144) problems.push(`largest "any" icon is ${largest} px (needs ≥ 144)`);
  return problems;
}

async function installability(report: Report, origin: string): Promise<void> {
  // A persistent profile: incognito contexts always answer "in-incognito" (docs/DESIGN.md §10).
  const profile = await launchProfile();
  try {
    const page = profile.ctx.pages()[0] ?? (await profile.ctx.newPage());
    await page.goto(`${origin}/`);
    await waitForController(page);
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    report.exactly('service worker controls the page after the first visit', controller ? 1 : 0, '', 1, controller ?? 'no controller');

    const cdp = await profile.ctx.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    report.exactly(
      'installability errors (Chromium Page.getInstallabilityErrors)',
      installabilityErrors.length,
      '',
      0,
      installabilityErrors.length
        ? installabilityErrors.map((e) => `${e.errorId}${e.errorArguments.map((a) => ` ${a.name}=${a.value}`).join('')}`).join('; ')
        : undefined,
    );
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    const problems = [
      ...errors.map((e) => `${e.critical ? 'critical' : 'warning'}: ${e.message}`),
      ...(data ? manifestProblems(JSON.parse(data) as WebManifest) : ['no manifest']),
    ];
    report.exactly(
      'web app manifest problems (name, display standalone, icon ≥ 144 px)',
      problems.length,
      '',
      0,
      problems.length ? problems.join('; ') : url.replace(origin, ''),
    );
    await cdp.detach();
  } finally {
    await profile.close();
  }
}

/** The page's final LCP, from an observer installed before its scripts run. */
const LCP_INIT = () => {
  const w = window as unknown as { __lcp?: { time: number; element: string } };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      const el = e.element;
      w.__lcp = { time: e.startTime, element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}` : '?' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function repeatVisits(report: Report, origin: string, runs: number): Promise<void> {
  const browser = await launchBrowser();
  const lcp = new Map<string, number[]>(REPEAT_PAGES.map((p) => [p, []]));
  const elements = new Map<string, string>();
  const totals: NetworkUse[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      try {
        const page = await ctx.newPage();
        await page.addInitScript(initScript(LCP_INIT));
        // The first visit: the worker installs, precaches the shell and takes control; the mirror fills.
        await page.goto(`${origin}/`);
        await waitForController(page);
        await synced(page);
        // … and once offline-ready the worker fetches the second phase (the floor plan's page, Leaflet).
        await waitForSecondPhase(page, origin);
        // Visit each page once more while controlled, so this run compares like with like.
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const throttled = await throttle(browser, page, LIGHTHOUSE_MOBILE);
        const watch = watchNetwork(ctx, origin);
        try {
          for (const path of REPEAT_PAGES) {
            await page.goto(`${origin}${path}`, { waitUntil: 'load' });
            // LCP settles once the mirror's pictures are painted; the page is idle by then.
            await page.waitForLoadState('networkidle');
            const entry = await page.evaluate(() => (window as unknown as { __lcp?: { time: number; element: string } }).__lcp);
            if (!entry) throw new Error(`No LCP entry on the repeat visit of ${path}`);
            lcp.get(path)!.push(Math.round(entry.time));
            elements.set(path, entry.element);
          }
          await watch.settle();
        } finally {
          watch.stop();
          await throttled.stop();
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
        }
        totals.push(watch.use);
      } finally {
        await ctx.close();
      }
    }
  } finally {
    await browser.close();
  }

  const last = totals[totals.length - 1]!;
  const shellBytes = Math.max(...totals.map((t) => t.bytes.shell));
  report.exactly(
    `repeat visit under the service worker (${REPEAT_PAGES.join(', ')}): shell bytes from the network`,
    shellBytes,
    'B',
    0,
    `shell = the app's own files (HTML, JS, CSS, fonts, manifest, icons); ` +
      (last.requests.shell.length ? `from the network: ${last.requests.shell.join(', ')}; ` : '') +
      `not counted: API ${last.requests.api.length} req ${last.bytes.api} B, show pictures ${last.requests.image.length} req ${last.bytes.image} B ` +
      `(first seen before the worker took control), service worker update check ${last.requests['worker update check'].length} req ${last.bytes['worker update check']} B`,
  );
  for (const path of REPEAT_PAGES) {
    const values = lcp.get(path)!;
    report.atMost(
      `repeat visit ${path}: LCP (Lighthouse mobile network + 4× CPU, real)`,
      medianOf(values),
      'ms',
      1_000,
      'timing',
      `${runsDetail(values, 'ms')}; element ${elements.get(path)}`,
    );
  }
}

// Lighthouse 12 (mobile, simulated throttling) on home, the breeds list, a breed page and the catalogue, as
// a first visitor gets them: Lighthouse resets storage before each run, so the app starts with an empty mirror
// and renders once its first sync from the venue server completes.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from '../e2e/browser.ts';
import type { BenchOptions, Report } from './report.ts';
import { medianOf, runsDetail } from './browser-helpers.ts';

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const LIGHTHOUSE_PAGES = [
  { path: '/', label: 'home' },
  { path: '/breeds', label: '/breeds' },
  { path: '/breeds/ABY', label: 'breed /breeds/ABY' },
  { path: '/catalogue', label: '/catalogue' },
] as const;

/** Each route's median performance score must reach this… */
export const ROUTE_PERFORMANCE_BUDGET = 0.95;
/** …and the median of the routes' medians this (issue 36). */
export const OVERALL_PERFORMANCE_BUDGET = 0.97;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** Audits that cost a category points, with the first offending items, so a reader can fix them. */
export function failingAudits(lhr: Lhr, category: string): string {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const failing = refs.map((ref) => ({ ref, audit: lhr.audits[ref.id] })).filter(({ ref, audit }) => ref.weight > 0 && audit && audit.score !== null && audit.score < 1);
  return failing
    .map(({ audit }) => {
      const items = ((audit!.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])
        .slice(0, 2)
        .map((item) => {
          const node = item.node as { selector?: string } | undefined;
          return node?.selector ?? (typeof item.url === 'string' ? item.url : typeof item.description === 'string' ? item.description : '');
        })
        .filter(Boolean);
      return `${audit!.id} "${audit!.title}"${items.length ? ` e.g. ${items.join('; ')}` : ''}`;
    })
    .join(' | ');
}

const num = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const score = (lhr: Lhr, category: string) => lhr.categories[category]?.score ?? Number.NaN;

export async function benchLighthouse(report: Report, { runs, distDir }: BenchOptions): Promise<void> {
  const server = await startAppServer(distDir);
  // Lighthouse drives its own Chrome over a debugging port; same binary and flags as the e2e tests.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
  const routeMedians: number[] = [];
  try {
    for (const { path, label } of LIGHTHOUSE_PAGES) {
      const lhrs: Lhr[] = [];
      // A run whose trace recording fails (e.g. NO_NAVSTART on a busy machine) is retried, at most twice.
      for (let i = 0, retries = 0; i < runs; i++) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
        if (result.lhr.runtimeError) {
          if (retries++ < 2) {
            i--;
            continue;
          }
          throw new Error(`Lighthouse on ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        }
        lhrs.push(result.lhr);
      }
      const perf = lhrs.map((l) => score(l, 'performance'));
      const lcp = lhrs.map((l) => num(l, 'largest-contentful-paint'));
      const tbt = lhrs.map((l) => num(l, 'total-blocking-time'));
      const cls = lhrs.map((l) => num(l, 'cumulative-layout-shift'));
      const fcp = lhrs.map((l) => num(l, 'first-contentful-paint'));
      const bytes = lhrs.map((l) => num(l, 'total-byte-weight'));
      const medianRun = lhrs[perf.indexOf([...perf].sort((a, b) => a - b)[Math.floor(perf.length / 2)]!)]!;
      const lcpElement =
        (medianRun.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined)?.items?.[0]
          ?.items?.[0]?.node?.selector ?? 'unknown';
      // Where the main thread went (Lighthouse multiplies observed CPU time by 4 for a mid-range phone).
      const bootup = ((medianRun.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)?.items ?? [])
        .slice(0, 3)
        .map((i) => `${i.url.replace(server.url, '')} ${Math.round(i.total)} ms`)
        .join(', ');
      routeMedians.push(medianOf(perf, 2));
      report.atLeast(
        `Lighthouse ${label}: performance score (mobile, simulated)`,
        medianOf(perf, 2),
        '',
        ROUTE_PERFORMANCE_BUDGET,
        'timing',
        `${runsDetail(perf, '', 2)}; FCP ${medianOf(fcp)} ms, TBT ${medianOf(tbt)} ms, ` +
          `${Math.round(medianOf(bytes) / 1024)} KiB transferred; main thread by script: ${bootup}; ` +
          `benchmarkIndex ${Math.round(medianRun.environment.benchmarkIndex)} (this machine's CPU at the time)`,
      );
      report.atMost(`Lighthouse ${label}: LCP (simulated)`, medianOf(lcp), 'ms', 2_500, 'timing', `${runsDetail(lcp, 'ms')}; element ${lcpElement}`);
      report.atMost(`Lighthouse ${label}: CLS`, medianOf(cls, 3), '', 0.02, 'timing', runsDetail(cls, '', 3));
      for (const [category, name] of [
        ['accessibility', 'accessibility'],
        ['best-practices', 'best practices'],
      ] as const) {
        // A deterministic score: the worst run counts, and its failing audits are named.
        const scores = lhrs.map((l) => score(l, category));
        const worst = Math.min(...scores);
        const worstRun = lhrs[scores.indexOf(worst)]!;
        report.exactly(`Lighthouse ${label}: ${name} score`, worst, '', 1, worst < 1 ? `failing: ${failingAudits(worstRun, category)}` : undefined);
      }
    }
    report.atLeast(
      `Lighthouse: median of the ${LIGHTHOUSE_PAGES.length} routes' performance medians`,
      medianOf(routeMedians, 2),
      '',
      OVERALL_PERFORMANCE_BUDGET,
      'timing',
      LIGHTHOUSE_PAGES.map(({ label }, i) => `${label} ${routeMedians[i]}`).join(', '),
    );
  } finally {
    chrome.kill();
    await server.close();
  }
}

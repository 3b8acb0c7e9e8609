// Chromium for the benchmarks, and the "Venue Wi-Fi" network profile applied to a page AND to the
// app's service worker (page-level emulation does not slow the worker's own fetches: docs/DESIGN.md §10).
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';

export { launchBrowser };

export interface NetworkProfile {
  name: string;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

/** Hall Wi-Fi as the benchmarks model it: 1.5 Mbit/s down, 0.75 Mbit/s up, 300 ms round trip. */
export const VENUE_WIFI: NetworkProfile = {
  name: 'Venue Wi-Fi',
  latencyMs: 300,
  downloadBytesPerSecond: 1.5e6 / 8,
  uploadBytesPerSecond: 0.75e6 / 8,
};

const conditions = (p: NetworkProfile) => ({
  offline: false,
  latency: p.latencyMs,
  downloadThroughput: p.downloadBytesPerSecond,
  uploadThroughput: p.uploadBytesPerSecond,
});

export interface Throttle {
  /** Service-worker targets throttled so far (0 until the app registers its worker). */
  readonly workers: number;
  stop(): Promise<void>;
}

/**
 * Throttles `page` now and every service worker of the browser as soon as it appears (polling the
 * browser's targets), until stop(). Set it up BEFORE the first navigation so the worker's precache
 * downloads under the same profile. `browser` must be a launched browser (not a persistent context).
 */
export async function throttle(browser: Browser, page: Page, profile: NetworkProfile = VENUE_WIFI): Promise<Throttle> {
  const pageCdp = await page.context().newCDPSession(page);
  await pageCdp.send('Network.enable');
  await pageCdp.send('Network.emulateNetworkConditions', conditions(profile));

  const browserCdp: CDPSession = await browser.newBrowserCDPSession();
  const throttled = new Set<string>();
  let messageId = 1;
  let stopped = false;
  const send = (sessionId: string, method: string, params: object) =>
    browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: messageId++, method, params }) });

  const sessions = new Map<string, string>();
  let lastReapply = 0;
  const attachWorkers = async () => {
    const { targetInfos } = await browserCdp.send('Target.getTargets');
    for (const t of targetInfos) {
      if (t.type !== 'service_worker' || throttled.has(t.targetId)) continue;
      throttled.add(t.targetId);
      const { sessionId } = await browserCdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
      sessions.set(t.targetId, sessionId);
      await send(sessionId, 'Network.enable', {});
      await send(sessionId, 'Network.emulateNetworkConditions', conditions(profile));
    }
    // Measured (bench/first-visit.ts): in about one first visit of three the worker's conditions were lost
    // right after its install began, and the rest of its precache downloaded unthrottled. Setting them
    // again every 200 ms bounds such a gap to one or two of its fetches.
    if (performance.now() - lastReapply < 200) return;
    lastReapply = performance.now();
    const live = new Set(targetInfos.map((t) => t.targetId));
    for (const [targetId, sessionId] of sessions) {
      if (!live.has(targetId)) sessions.delete(targetId);
      else await send(sessionId, 'Network.emulateNetworkConditions', conditions(profile)).catch(() => undefined);
    }
  };
  await attachWorkers();
  // Workers start (and restart after idling) at any time; keep watching.
  const poll = (async () => {
    while (!stopped) {
      await attachWorkers().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  return {
    get workers() {
      return throttled.size;
    },
    async stop() {
      stopped = true;
      await poll;
      await pageCdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }).catch(() => undefined);
      await pageCdp.detach().catch(() => undefined);
      await browserCdp.detach().catch(() => undefined);
    },
  };
}

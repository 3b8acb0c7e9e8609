import { chromium } from 'playwright-core';
import { loadConfig } from '../server/config.ts';
import { startVenueServer } from '../server/start.ts';
const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: 'dist' });
config.dataDir = null;
const server = await startVenueServer(config, { seed: true, scale: 10 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => /^(Synced|Live)\b/.test(document.querySelector('.sync-indicator')?.textContent ?? ''), undefined, { timeout: 180_000 });
  await page.goto(`${server.url}/catalogue`);
  const field = page.getByLabel('Find a cat');
  await field.waitFor();
  await page.waitForTimeout(1000);
  await field.click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing'] });
  for (const q of ['m', 'ma', 'mai']) {
    await page.keyboard.type(q.at(-1)!);
    await page.waitForFunction((q) => document.querySelector('.catalogue-results')?.getAttribute('data-query') === q, q);
    await page.waitForTimeout(300);
  }
  const buf = await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').at(-1)}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([n, d]) => `${d.toFixed(1)} ms ${n}`).join('\n'));
  const events = JSON.parse(buf.toString()).traceEvents as { name: string; dur?: number; ph: string }[];
  const sums = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.dur) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
  console.log([...sums].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([n, d]) => `${n}: ${d.toFixed(1)} ms`).join('\n'));
  console.log('dom nodes', await page.evaluate(() => document.querySelectorAll('*').length));
} finally {
  await browser.close();
  await server.close();
}

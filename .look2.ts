import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4610';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const css = process.argv[2] ?? '';
for (const w of [1024, 1200, 1359, 1360, 1440]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 300 }, bypassCSP: true });
  const page = await ctx.newPage();
  await page.goto(base + '/about');
  await page.waitForTimeout(1200);
  await page.addStyleTag({ content: css });
  const m = await page.evaluate(() => {
    const h = document.querySelector('.site-header')!;
    const parts = [...h.children].map((c) => `${c.className || c.tagName}:${Math.round(c.getBoundingClientRect().width)}`);
    const links = [...document.querySelectorAll('nav[aria-label="Main"] a')].map((a) => Math.round(a.getBoundingClientRect().width));
    return { sw: h.scrollWidth, cw: h.clientWidth, parts, links, heights: [...document.querySelectorAll('nav[aria-label="Main"] a')].map((a) => Math.round(a.getBoundingClientRect().height)) };
  });
  console.log(w, JSON.stringify(m));
  await page.screenshot({ path: `/tmp/look/h-${w}.png`, clip: { x: 0, y: 0, width: w, height: 80 } });
  await ctx.close();
}
await browser.close();

import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4610';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots: [string, number, number, string][] = [
  ['/catalogue', 390, 844, 'cat-phone'],
  ['/catalogue', 1280, 900, 'cat-desk'],
];
for (const [path, w, h, name] of shots) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
  await page.goto(base + path);
  await page.waitForSelector('.catalogue-entries', { timeout: 60000 });
  await page.screenshot({ path: `/tmp/look/${name}.png` });
  console.log(name, await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]));
  if (name === 'cat-phone') {
    await page.fill('#catalogue-query', '52a');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/look/cat-phone-52a.png` });
    await page.fill('#catalogue-query', 'maine');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/look/cat-phone-maine.png` });
    const first = page.locator('.catalogue-entry-link').first();
    await first.click();
    await page.waitForSelector('.catalogue-facts');
    await page.screenshot({ path: `/tmp/look/entry-phone.png`, fullPage: true });
    console.log('entry', page.url(), await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]));
  }
  await ctx.close();
}
for (const w of [1024, 1100, 1280, 1440]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: 300 } });
  const page = await ctx.newPage();
  await page.goto(base + '/about');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/look/header-${w}.png`, clip: { x: 0, y: 0, width: w, height: 80 } });
  console.log(w, await page.evaluate(() => [...document.querySelectorAll('nav[aria-label="Main"] a')].map((a) => Math.round(a.getBoundingClientRect().height)).join(',')));
  await ctx.close();
}
await browser.close();

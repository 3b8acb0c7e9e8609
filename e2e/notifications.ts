// The system notifications a page asked for and the browser accepted. Chromium's getNotifications()
// reconciles its store with what its display service reports, and on a loaded machine it can leave out a
// notification that showNotification() has just resolved (seen: resolved, then an empty list for 15 s). So
// each page of the context records every notification whose showNotification() resolved, in its tab's
// sessionStorage (a reload keeps it), and the tests read that record.
import type { BrowserContext, Page } from 'playwright-core';

const RECORD_KEY = 'e2e-notifications-shown';

/** From the context's next page load on: record each notification shown through a service worker registration. */
export async function recordNotifications(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript((key) => {
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = async function (this: ServiceWorkerRegistration, title, options) {
      await show.call(this, title, options);
      const shown: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      sessionStorage.setItem(key, JSON.stringify([...(Array.isArray(shown) ? shown : []), [title, options?.body ?? '']]));
    };
  }, RECORD_KEY);
}

/** The [title, body] of each notification shown in this tab since recording began, oldest first. */
export function shownNotifications(page: Page): Promise<[string, string][]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as [string, string][], RECORD_KEY);
}

// The set-up every e2e file shares: a venue server on a copy of the run's seeded PGlite serving the build,
// a Chromium to open it in, and (when asked) a page on the app; all of it goes when the file ends.
//
//   let server: VenueServer;
//   let page: Page;
//   useShow({ page: { viewport: 'phone' } }, (show) => ({ server, page } = show));
//   it('…', async () => { await page.goto(`${server.url}/breeds`); … });
//
// One Chromium serves every file a worker runs (vitest runs files one after another in a worker, and
// isolate: false keeps this module loaded): a file gets new contexts in it, and they close with the file,
// so no cookie, storage or service worker outlives it. A file that needs a persistent profile (an
// installable app, a trusted test CA) gets its own.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { VenueServer } from '../server/start.ts';
import { VIEWPORTS, type ViewportName } from './app-page.ts';
import { CHROMIUM_FLAGS, chromiumPath, startAppServer } from './browser.ts';
import { launchProfile, startServerOnDistCopy, waitForController, type Profile, type PwaServer } from './pwa-helpers.ts';

/** The hall's name in the hall tests; the shared Chromium resolves it to this machine, as the hall's router does. */
export const HALL_NAME = 'show.purrfect.test';

interface ShowPageOptions {
  /** The page's size (default: the browser's, 1280 × 720). */
  viewport?: ViewportName;
  /** More options for the page's context in the shared Chromium (downloads, permissions, service workers). */
  context?: BrowserContextOptions;
  /** The cookie banner: accepted before the app starts (default), or left to ask. */
  cookies?: 'accepted' | 'asked';
  /** Runs before the page opens (init scripts, listeners). */
  prepare?: (ctx: BrowserContext, page: Page) => Promise<unknown>;
  /** The path opened at once (default '/'); null opens nothing. */
  path?: string | null;
  /** What the opened page waits for: its service worker in control, the first mirror complete (default). */
  waitFor?: readonly ('controller' | 'synced')[];
}

export interface ShowOptions {
  /** The venue server's database: the demo show (default), or empty (`seed: false`). */
  seed?: boolean;
  /** Server settings over the tests' defaults (TLS files, SITE_URL, PUBLISHABLE_KEY, STATIC_DIR), read as the file starts. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Serves a private copy of the build that a test may republish (`show.pwa`). */
  distCopy?: boolean;
  /**
   * Where pages open: the worker's Chromium (default), a persistent profile of the file's own (`show.profile`):
   * only those are installable and honour --ignore-certificate-errors-spki-list; or none (the file opens its own).
   */
  browser?: 'shared' | 'profile' | 'none';
  /** More Chromium flags for the profile, read as the file starts. */
  profileFlags?: () => string[];
  /** Opens `show.page` once the server is up. */
  page?: ShowPageOptions;
  /** A new database (a new server, at a new address) for every test instead of one for the file. */
  database?: 'per-file' | 'per-test';
}

export interface Show {
  readonly server: VenueServer;
  /** The worker's Chromium; contexts and pages made in it close with the file. */
  readonly browser: Browser;
  /** The file's persistent profile (`browser: 'profile'`). */
  readonly profile: Profile;
  /** The page asked for with `page`. */
  readonly page: Page;
  /** The server over a private copy of the build (`distCopy`). */
  readonly pwa: PwaServer;
}

let sharedBrowser: Promise<Browser> | null = null;

/** The worker's Chromium, launched on first use (again if it went away); Playwright ends it with the worker. */
async function workerBrowser(): Promise<Browser> {
  const current = sharedBrowser && (await sharedBrowser.catch(() => null));
  if (current?.isConnected()) return current;
  sharedBrowser = chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${HALL_NAME} 127.0.0.1`],
  });
  return sharedBrowser;
}

const SYNCED = /^(Synced|Live)\b/;

/** Waits until the app's first mirror is complete (the sync indicator says Synced or Live). */
async function waitForSynced(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.sync-indicator')?.textContent ?? ''), SYNCED.source, { timeout });
}

/**
 * Registers the file's (or describe block's) set-up and tear-down. `bind` hands what was set up to the file's
 * variables once it is ready (and again after each new database); the returned handle reads it at any time.
 */
export function useShow(options: ShowOptions = {}, bind?: (show: Show) => void): Show {
  const state: Partial<{ server: VenueServer; pwa: PwaServer; browser: Browser; profile: Profile; page: Page }> = {};

  async function startServer(): Promise<void> {
    const env = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    if (options.distCopy) {
      state.pwa = await startServerOnDistCopy(env);
      state.server = state.pwa.server;
    } else {
      state.server = await startAppServer(undefined, env, { seed: options.seed ?? true });
    }
  }

  async function stopServer(): Promise<void> {
    await (state.pwa ?? state.server)?.close();
    state.pwa = undefined;
    state.server = undefined;
  }

  async function openPage(opts: ShowPageOptions): Promise<void> {
    const size = opts.viewport ? VIEWPORTS[opts.viewport] : undefined;
    let ctx: BrowserContext;
    let page: Page;
    if (state.profile) {
      ctx = state.profile.ctx;
      page = ctx.pages()[0] ?? (await ctx.newPage());
      if (size) await page.setViewportSize(size);
    } else {
      ctx = await state.browser!.newContext({ ...(size && { viewport: size }), ...opts.context });
      page = await ctx.newPage();
    }
    if ((opts.cookies ?? 'accepted') === 'accepted') await page.addInitScript(() => localStorage.setItem('cookie-consent', 'true'));
    await opts.prepare?.(ctx, page);
    state.page = page;
    const path = opts.path === undefined ? '/' : opts.path;
    if (path === null) return;
    await page.goto(`${state.server!.url}${path}`);
    const waits = opts.waitFor ?? ['synced'];
    if (waits.includes('controller')) await waitForController(page);
    if (waits.includes('synced')) await waitForSynced(page);
  }

  beforeAll(async () => {
    const [browser, profile] = await Promise.all([
      options.browser === 'profile' || options.browser === 'none' ? null : workerBrowser(),
      options.browser === 'profile' ? launchProfile(options.profileFlags?.() ?? []) : null,
      startServer(),
    ]);
    if (browser) state.browser = browser;
    if (profile) state.profile = profile;
    if (options.page) await openPage(options.page);
    bind?.(show);
  });

  if (options.database === 'per-test') {
    // The first test gets the file's server; every later one a new server on a new copy.
    let used = false;
    beforeEach(async () => {
      if (used) {
        await stopServer();
        await startServer();
        bind?.(show);
      }
      used = true;
    });
  }

  afterAll(async () => {
    await Promise.all((state.browser?.contexts() ?? []).map((ctx) => ctx.close()));
    await state.profile?.close();
    await stopServer();
  });

  const need = <K extends keyof typeof state>(key: K, option: string): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error(`show.${key} is not set up: pass ${option} to useShow() and use it inside a test or hook`);
    return value as NonNullable<(typeof state)[K]>;
  };
  const show: Show = {
    get server() {
      return need('server', 'nothing more');
    },
    get browser() {
      return need('browser', "browser: 'shared'");
    },
    get profile() {
      return need('profile', "browser: 'profile'");
    },
    get page() {
      return need('page', 'page: {…}');
    },
    get pwa() {
      return need('pwa', 'distCopy: true');
    },
  };
  return show;
}

// PWA e2e helpers: a server over a private copy of dist/ (so a test may publish a "new version"),
// a persistent Chromium profile (incognito contexts are never installable), service-worker control,
// Background Sync fired through CDP, and what of a visit reached the network past the worker.
import { appendFileSync, cpSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import type { VenueServer } from '../server/start.ts';
import { secondPhaseUrls } from '../bench/size.ts';
import { CLASSIC_SERVICE_WORKER_FILE, SECOND_PHASE_CACHE, SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';
import { CHROMIUM_FLAGS, DIST_DIR, chromiumPath, startAppServer } from './browser.ts';

export interface PwaServer {
  server: VenueServer;
  /** Appends a comment to the service workers' scripts: the next update check finds a new version. */
  publishNewServiceWorker(): void;
  /** Copies another build over the served one (old hashed assets stay, as on a real host). */
  publishBuild(dir: string): void;
  /** Stops serving one of the build's files (404) until the returned function puts it back. */
  withhold(file: string): () => void;
  close(): Promise<void>;
}

/** A venue server with the demo show over a private copy of the build; `env` adds settings. */
export async function startServerOnDistCopy(env: Record<string, string> = {}): Promise<PwaServer> {
  const staticDir = mkdtempSync(join(tmpdir(), 'purrfect-dist-'));
  cpSync(DIST_DIR, staticDir, { recursive: true });
  const server = await startAppServer(staticDir, env);
  return {
    server,
    publishNewServiceWorker: () => {
      for (const file of [SERVICE_WORKER_FILE, CLASSIC_SERVICE_WORKER_FILE]) appendFileSync(join(staticDir, file), `\n// new version ${Date.now()}\n`);
    },
    publishBuild: (dir) => cpSync(dir, staticDir, { recursive: true, force: true }),
    withhold(file) {
      const path = join(staticDir, file);
      renameSync(path, `${path}.withheld`);
      return () => renameSync(`${path}.withheld`, path);
    },
    async close() {
      await server.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

export interface Profile {
  ctx: BrowserContext;
  close(): Promise<void>;
}

/** A fresh persistent profile; `extraFlags` after CHROMIUM_FLAGS (e.g. browser.ts's hallFlags). */
export async function launchProfile(extraFlags: string[] = []): Promise<Profile> {
  const dir = mkdtempSync(join(tmpdir(), 'purrfect-profile-'));
  const ctx = await chromium.launchPersistentContext(dir, { executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...extraFlags] });
  return {
    ctx,
    async close() {
      await ctx.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until sw.js controls the page (clientsClaim), reloading once if it activated without claiming. */
export async function waitForController(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
  try {
    await controlled();
  } catch {
    await page.reload();
    await controlled();
  }
}

/** The second phase's files (shared/precache.ts) as absolute URLs at `origin`: the worker's own list in the build. */
export function secondPhaseFiles(origin: string, distDir: string = DIST_DIR): string[] {
  return secondPhaseUrls(distDir).map((u) => new URL(u, `${origin}/`).href);
}

/**
 * Waits until the worker has cached the second phase (the floor plan's page and Leaflet), which it fetches once
 * the phone is offline-ready: then the first visit is complete and a later one fetches no file of the app.
 */
export async function waitForSecondPhase(page: Page, origin: string, timeout = 30_000): Promise<void> {
  const files = secondPhaseFiles(origin);
  if (files.length === 0) throw new Error('The build lists no second phase: nothing to wait for');
  const held = () =>
    page.evaluate(async (cacheName) => ((await caches.has(cacheName)) ? (await (await caches.open(cacheName)).keys()).map((r) => r.url) : []), SECOND_PHASE_CACHE);
  const deadline = Date.now() + timeout;
  for (let cached = await held(); !files.every((f) => cached.includes(f)); cached = await held()) {
    if (Date.now() > deadline) throw new Error(`The second phase was not cached within ${timeout} ms: ${cached.length} of ${files.length} files`);
    await page.waitForTimeout(200);
  }
}

/**
 * Fires a Background Sync event at the origin's service worker, as Chromium does when the network
 * returns. `page` only carries the CDP session: an about:blank page is not one of the origin's clients.
 */
export async function dispatchSync(page: Page, origin: string, tag: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrationId = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No service worker registration for ${origin}`)), 10_000);
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const registration = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (!registration) return;
        clearTimeout(timer);
        resolve(registration.registrationId);
      });
      cdp.send('ServiceWorker.enable').catch(reject);
    });
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
  } finally {
    await cdp.detach();
  }
}

/** A window of the origin that is not the app (a backend URL the worker never answers with the shell). */
export async function openNonAppPage(ctx: BrowserContext, origin: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${origin}/rest/v1/`);
  return page;
}

/** Whether the app's IndexedDB database exists yet (the app or the worker's Dexie creates it). */
export function hasAppDb(page: Page, name: string): Promise<boolean> {
  return page.evaluate(async (n) => (await indexedDB.databases()).some((d) => d.name === n), name);
}

/** Puts one row into a store of an existing database, with the raw IndexedDB API (no app code). */
export async function putIntoStore(page: Page, dbName: string, store: string, row: unknown): Promise<void> {
  await page.evaluate(
    async ({ dbName, store, row }) => {
      if (!(await indexedDB.databases()).some((d) => d.name === dbName)) throw new Error(`No database ${dbName}`);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          tx.objectStore(store).put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { dbName, store, row },
  );
}

/** Reads one row by key with the raw IndexedDB API. */
export function getFromStore<T>(page: Page, dbName: string, store: string, key: string): Promise<T | undefined> {
  return page.evaluate(
    async ({ dbName, store, key }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        return await new Promise<T | undefined>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).get(key);
          req.onsuccess = () => resolve(req.result as T | undefined);
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    },
    { dbName, store, key },
  );
}

/** Every row of a store, with the raw IndexedDB API (no app code). */
export function getAllFromStore<T>(page: Page, dbName: string, store: string): Promise<T[]> {
  return page.evaluate(
    async ({ dbName, store }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        return await new Promise<T[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result as T[]);
          req.onerror = () => reject(req.error);
        });
      } finally {
        db.close();
      }
    },
    { dbName, store },
  );
}

/** Adds rows to a store of an existing database in one transaction, with the raw IndexedDB API. */
export async function addAllToStore(page: Page, dbName: string, store: string, rows: readonly unknown[]): Promise<void> {
  await page.evaluate(
    async ({ dbName, store, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(dbName);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          for (const row of rows) tx.objectStore(store).add(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      } finally {
        db.close();
      }
    },
    { dbName, store, rows: [...rows] },
  );
}

type Kind = 'shell' | 'api' | 'image' | 'worker update check';

/** What a URL of our origin is: the app's own files (the shell), the backend API, or show pictures. */
function kindOf(url: URL): Kind {
  if (/^\/(rest|auth|functions|realtime)\/v1\//.test(url.pathname)) return 'api';
  if (url.pathname.startsWith('/storage/v1/')) return 'image';
  if ([SERVICE_WORKER_FILE, CLASSIC_SERVICE_WORKER_FILE].some((file) => url.pathname === `/${file}`)) return 'worker update check';
  return 'shell';
}

export interface NetworkUse {
  bytes: Record<Kind, number>;
  requests: Record<Kind, string[]>;
}

/**
 * Records what reached the network: requests the page sent that the worker did not answer, plus every
 * fetch the worker itself made (a cache miss the worker passed on). Sizes are bytes on the wire (headers
 * + encoded body).
 */
export function watchNetwork(ctx: BrowserContext, origin: string): { use: NetworkUse; settle(): Promise<void>; stop(): void } {
  const use: NetworkUse = {
    bytes: { shell: 0, api: 0, image: 0, 'worker update check': 0 },
    requests: { shell: [], api: [], image: [], 'worker update check': [] },
  };
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const url = new URL(request.url());
        if (url.origin !== origin) return;
        const response = await request.response();
        const byWorker = request.serviceWorker() !== null;
        if (!byWorker && response?.fromServiceWorker()) return; // answered from the worker's caches
        const sizes = await request.sizes().catch(() => null);
        const kind = kindOf(url);
        use.bytes[kind] += sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
        use.requests[kind].push(`${byWorker ? 'worker→' : ''}${url.pathname}`);
      })().catch(() => undefined),
    );
  };
  ctx.on('requestfinished', onFinished);
  return {
    use,
    settle: async () => {
      await Promise.all(pending);
    },
    stop: () => ctx.off('requestfinished', onFinished),
  };
}

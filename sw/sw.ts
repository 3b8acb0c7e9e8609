// The service worker: precached app shell, runtime routes (routes.ts), Background Sync → outbox (outbox-sync.ts).
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { configResult } from '../src/config.ts';
import { drainAnonymousVotes } from './anonymous-drain.ts';
import { isSecondPhaseEntry, isSecondPhaseRequest, isSkipWaiting, OUTBOX_SYNC_TAG, SHELL_FILE } from '../shared/sw-protocol.ts';
import { isShellNavigation } from './match.ts';
import { runOutboxSync } from './outbox-sync.ts';
import { registerRoutes } from './routes.ts';
import { registerSecondPhase } from './second-phase.ts';
import { shellFromNavigation } from './shell.ts';

const hasRevision = (e: string | PrecacheEntry) => typeof e === 'string' || Boolean(e.revision);

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The build injects the list where self.__WB_MANIFEST is named, once. The second phase's entries (marked by the
// build: shared/precache.ts) are not precached: sw/second-phase.ts.
const buildManifest = self.__WB_MANIFEST;
const secondPhaseUrls = buildManifest.filter(isSecondPhaseEntry).map((e) => new URL(e.url, self.location.href).href);
// Workbox fetches the entries with a revision (index.html, the web manifest, the icon) one after another,
// a round trip each, in this order: first in the list they overlap the hashed files' download (below)
// instead of trailing it by as many round trips.
const manifest = buildManifest.filter((e) => !isSecondPhaseEntry(e)).sort((a, b) => Number(hasRevision(b)) - Number(hasRevision(a)));

// Workbox precaches one entry at a time (workbox issue 2528): over the hall's 300 ms round trips each
// entry costs a round trip, so many small chunks take long (vite.config.ts keeps them few and larger).
// The hashed ones (revision null: Workbox fetches them with cache 'default') are fetched first, a few at a
// time, into the HTTP cache that Workbox's own requests are then answered from: the same bytes, once.
// (Over Venue Wi-Fi the worker got about three connections; on a fast link six lanes finish sooner.)
const PRECACHE_WARM_CONCURRENCY = 6;
self.addEventListener('install', (event) => {
  const hashed = manifest.filter((e): e is PrecacheEntry => typeof e !== 'string' && !e.revision).map((e) => new URL(e.url, self.location.href).href);
  const next = () => hashed.shift();
  const lane = async (): Promise<void> => {
    for (let url = next(); url !== undefined; url = next()) {
      // A failure here is Workbox's to report: it fetches every entry itself.
      await fetch(url, { credentials: 'same-origin' })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined);
    }
  };
  event.waitUntil(Promise.all(Array.from({ length: PRECACHE_WARM_CONCURRENCY }, lane)));
});

// The shell from the page's own navigation when the HTTP cache holds this build's (sw/shell.ts).
const shell = manifest.find((e): e is PrecacheEntry => typeof e !== 'string' && e.url === SHELL_FILE && typeof e.revision === 'string');
addPlugins([
  shellFromNavigation(shell && { url: new URL(shell.url, self.location.href).href, revision: shell.revision! }, {
    windowUrls: async () => (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).map((c) => c.url),
    isShellPath: (url) => isShellNavigation(url, import.meta.env.BASE_URL),
    fetch: (input, init) => fetch(input, init),
    digest: (bytes) => crypto.subtle.digest('SHA-256', bytes),
  }),
]);
precacheAndRoute(manifest);
cleanupOutdatedCaches();
clientsClaim();
const secondPhase = registerSecondPhase(secondPhaseUrls);
// An update from a build that precached these files: copied before this version's activation drops them
// from the precache (the install waits for it; a failure here must not stop the update).
self.addEventListener('install', (event) => event.waitUntil(secondPhase.adopt().catch(() => undefined)));
self.addEventListener('activate', (event) => event.waitUntil(secondPhase.prune().catch(() => undefined)));
registerRoutes({
  basePath: import.meta.env.BASE_URL,
  origin: self.location.origin,
  // An invalid build config still gets the shell (which explains the problem) and storage images.
  imageRootUrl: configResult.ok ? configResult.config.imageRootUrl : null,
});

// A new version waits until the visitor presses Reload in the update prompt (registerType 'prompt').
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
  // The page is offline-ready and idle (src/app/second-phase.ts).
  else if (isSecondPhaseRequest(event.data)) event.waitUntil(secondPhase.fill());
});

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    runOutboxSync({
      windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
      drainAnonymous: drainAnonymousVotes,
    }),
  );
});

// A "My show" reminder (src/features/my-show/session-reminders.tsx) or a starred cat's ring notice
// (src/features/rings/ring-notices.tsx): a tap opens the app on its session or its cat.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string' ? (data as { url: string }).url : '';
  const url = new URL(path || import.meta.env.BASE_URL, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
      } else await self.clients.openWindow(url);
    })(),
  );
});

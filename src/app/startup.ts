// The page's start-up, in named phases: mirror started → shell rendered → service worker registered → first
// screen shown → backend client loaded. It owns every start-up timer; main.tsx only calls startApp.
// On a first visit the first pull goes before everything else, and the service worker's precache waits until
// the first pull has arrived and the page is idle, so it competes neither with the sync worker's download
// nor with the first screen's render. supabase-js (sessions, the live show, Edge Functions) is
// the second phase's (shared/precache.ts): it loads once the phone is offline-ready, so a first visit's
// critical bytes are the browsing screens, the mirror and the outbox. A visitor with a saved session, or
// arriving from an email's sign-in link, gets it at once. Each phase is a performance mark ("startup:<phase>").
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configResult } from '../config.ts';
import { hasSavedSession, loadBackendClient, signInInUrl, startBackend } from '../data/backend.ts';
import { firstScreen, sliceRenders, startMirrorSync, type FirstScreen } from '../data/mirror-start.ts';
import { renderApp, renderConfigError } from './app.tsx';
import { whenOfflineReady } from './offline-ready.ts';
import { registerServiceWorker } from './pwa.ts';
import { startReminders } from './reminders-slot.tsx';

type StartupPhase = 'mirror-started' | 'shell-rendered' | 'service-worker-registered' | 'first-screen-shown' | 'backend-loaded';

/** How long screens wait for the first pull at most before they may count as shown. */
export const FIRST_PULL_CAP_MS = 5_000;
/** After the first pull: a screen that shows no mirror data (sign-in, About) counts as shown this much later. */
export const NO_DATA_SCREEN_MS = 3_000;
/** After the first pull: a screen still waiting for its data (a slow or busy phone) is waited for up to this. */
export const SLOW_SCREEN_CAP_MS = 20_000;
/** The idle wait after the first screen is at most this long. */
const IDLE_TIMEOUT_MS = 2_000;
/** A phone that never gets offline-ready (no service worker, a server that fails every pull) loads supabase-js this long after its first screen. */
export const BACKEND_FALLBACK_MS = 30_000;
/** A backend chunk that did not arrive is asked for again when the network returns, or after this (doubling). */
export const BACKEND_RETRY_MS = 5_000;
const BACKEND_RETRY_MAX_MS = 60_000;

export interface StartupDeps {
  /** Starts the sync worker and its first pull; resolves when that pull has settled. */
  startMirror(): Promise<void>;
  /** Renders the app shell; `sliced`: in a transition (a first visit, see sliceRenders). */
  renderShell(sliced: boolean): void;
  sliceRenders: boolean;
  firstScreen: Pick<FirstScreen, 'shown' | 'waiting'>;
  /** A saved session, or an email's sign-in link in the address: supabase-js at once. */
  hasSavedSession(): boolean;
  /** Resolves once the phone is offline-ready (offline-ready.ts), at once where no service worker can run. */
  offlineReady(): Promise<void>;
  /** supabase-js and its client. */
  loadBackendClient(): Promise<unknown>;
  /** The session, the outbox replay and their triggers. */
  startBackend(): Promise<unknown>;
  registerServiceWorker(): Promise<unknown>;
  /** The in-app reminders of starred sessions (their own chunk). */
  startReminders(): void;
  delay(ms: number): Promise<void>;
  /** Resolves when the network comes back ('online') or after `ms`, whichever is first. */
  nextChance(ms: number): Promise<void>;
  /** A backend chunk did not load (it is asked for again). */
  onBackendMissing?(error: unknown): void;
  /** After the next frame, once the main thread is idle. */
  whenIdle(): Promise<void>;
  /** Called as each phase is reached (a performance mark in the page). */
  onPhase?(phase: StartupPhase): void;
}

export interface Startup {
  /** The phases reached so far, in order. */
  readonly phases: readonly StartupPhase[];
  /** Resolves once `phase` is reached. */
  reached(phase: StartupPhase): Promise<void>;
}

/** Runs the start-up; the returned object tells which phases have been reached. */
export function runStartup(deps: StartupDeps): Startup {
  const state = {
    phases: [] as StartupPhase[],
    waiters: new Map<StartupPhase, Array<() => void>>(),
  };
  const enter = (phase: StartupPhase) => {
    state.phases.push(phase);
    deps.onPhase?.(phase);
    state.waiters.get(phase)?.forEach((resolve) => resolve());
    state.waiters.delete(phase);
  };

  // 1. First, because a first visit's screens wait for it: the sync worker and its first pull.
  const firstPull = deps.startMirror();
  enter('mirror-started');
  const firstPullOrCap = Promise.race([firstPull, deps.delay(FIRST_PULL_CAP_MS)]);

  // 2. On a first visit a transition: React renders the shell in slices of a few milliseconds instead of
  // one long task, so the main thread stays responsive while the first screen waits for its data.
  deps.renderShell(deps.sliceRenders);
  enter('shell-rendered');

  // 3. A screen reports its data shown (firstScreen); one that shows none gets NO_DATA_SCREEN_MS after the
  // first pull, one still waiting then gets up to SLOW_SCREEN_CAP_MS. Then the page must be idle.
  const fallback = firstPullOrCap.then(async () => {
    await deps.delay(NO_DATA_SCREEN_MS);
    if (deps.firstScreen.waiting() > 0) await deps.delay(SLOW_SCREEN_CAP_MS - NO_DATA_SCREEN_MS);
  });
  const shown = Promise.race([deps.firstScreen.shown, fallback])
    .then(deps.whenIdle)
    .then(() => enter('first-screen-shown'));

  // 4. supabase-js at once for a signed-in visitor, else once the phone is offline-ready and idle (the
  // second phase), or BACKEND_FALLBACK_MS after the first screen if that never comes; then, in a later task,
  // the outbox and its schemas: two short tasks, not one long. Actions that need the backend sooner
  // (signing in, a coupon) load it themselves (data/backend.ts); a vote waits in the outbox, which the
  // service worker's replay sends too. A chunk that cannot arrive (the network dropped first) is asked for
  // again when it returns: without it the page replays nothing.
  const untilLoaded = async (load: () => Promise<unknown>) => {
    for (let wait = BACKEND_RETRY_MS; ; wait = Math.min(wait * 2, BACKEND_RETRY_MAX_MS)) {
      try {
        return await load();
      } catch (e) {
        deps.onBackendMissing?.(e);
        await deps.nextChance(wait);
      }
    }
  };
  const secondPhase = Promise.race([Promise.all([shown, deps.offlineReady()]).then(deps.whenIdle), shown.then(() => deps.delay(BACKEND_FALLBACK_MS))]);
  void (deps.hasSavedSession() ? Promise.resolve() : secondPhase)
    .then(() => untilLoaded(deps.loadBackendClient))
    .then(() => enter('backend-loaded'))
    .then(() => deps.delay(0))
    .then(() => untilLoaded(deps.startBackend));

  // 5. The service worker once the first pull has arrived and the page is idle (its screen rendered), or
  // the first screen is shown, whichever is first: its precache is mostly the files the first screen has
  // loaded (answered from the HTTP cache), so it no longer competes with the screen's render; waiting for
  // the screen's own report cost the moment the phone is offline-ready a second (bench firstvisit).
  void Promise.race([firstPull.then(deps.whenIdle), shown])
    .then(deps.registerServiceWorker)
    .then(() => enter('service-worker-registered'));

  // 6. Reminders of starred sessions need the favourites, not the first screen.
  void shown.then(deps.startReminders);

  return {
    get phases() {
      return [...state.phases];
    },
    reached(phase) {
      if (state.phases.includes(phase)) return Promise.resolve();
      return new Promise((resolve) => state.waiters.set(phase, [...(state.waiters.get(phase) ?? []), resolve]));
    },
  };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function nextChance(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
  });
}

/** After the next frame, once the main thread is idle (at most IDLE_TIMEOUT_MS later). */
function whenIdle(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 200);
    }),
  );
}

/** Starts the app in `container`: the only call main.tsx makes. Null when the build's settings are invalid. */
export function startApp(container: HTMLElement): Startup | null {
  const root = createRoot(container);
  if (!configResult.ok) {
    // Without a valid backend URL and key nothing works; say exactly what to fix.
    renderConfigError(root, configResult.problems);
    return null;
  }
  return runStartup({
    startMirror: startMirrorSync,
    renderShell: (sliced) => (sliced ? startTransition(() => renderApp(root)) : renderApp(root)),
    sliceRenders,
    firstScreen,
    hasSavedSession: () => hasSavedSession() || signInInUrl(location),
    // Without a service worker (plain http:// on a hall name) nothing is ever offline-ready: no wait.
    offlineReady: () => ('serviceWorker' in navigator ? whenOfflineReady() : Promise.resolve()),
    loadBackendClient,
    startBackend,
    registerServiceWorker,
    startReminders,
    delay,
    nextChance,
    onBackendMissing: (e) => console.warn('[startup] the backend client did not load; asking again when the network returns', e),
    whenIdle,
    onPhase: (phase) => globalThis.performance?.mark?.(`startup:${phase}`),
  });
}

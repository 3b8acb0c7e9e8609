import { describe, expect, it, vi } from 'vitest';
import { BACKEND_FALLBACK_MS, BACKEND_RETRY_MS, FIRST_PULL_CAP_MS, NO_DATA_SCREEN_MS, runStartup, SLOW_SCREEN_CAP_MS, type StartupDeps } from './startup.ts';

// startup.ts's own wiring (startApp) imports the app; only runStartup is under test here.
vi.mock('./app.tsx', () => ({ renderApp: vi.fn(), renderConfigError: vi.fn() }));
vi.mock('./pwa.ts', () => ({ registerServiceWorker: vi.fn() }));
vi.mock('./reminders-slot.tsx', () => ({ startReminders: vi.fn() }));
vi.mock('../data/mirror-start.ts', () => ({}));
vi.mock('../data/backend.ts', () => ({}));
vi.mock('./offline-ready.ts', () => ({}));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Fake deps that log every side effect in order; time is vitest's fake clock. */
function setup({ savedSession = false, waiting = 0 } = {}) {
  const log: string[] = [];
  const firstPull = deferred();
  const shown = deferred();
  const offlineReady = deferred();
  const deps: StartupDeps = {
    startMirror: () => (log.push('start mirror'), firstPull.promise),
    renderShell: (sliced) => void log.push(`render${sliced ? ' sliced' : ''}`),
    sliceRenders: true,
    firstScreen: { shown: shown.promise, waiting: () => waiting },
    hasSavedSession: () => savedSession,
    offlineReady: () => offlineReady.promise,
    loadBackendClient: async () => void log.push('load supabase-js'),
    startBackend: async () => void log.push('start backend'),
    registerServiceWorker: async () => void log.push('register sw'),
    startReminders: () => void log.push('start reminders'),
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    nextChance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    whenIdle: async () => void log.push('idle'),
    onPhase: (phase) => void log.push(`phase ${phase}`),
  };
  return { log, deps, firstPull, shown, offlineReady };
}

describe('start-up phases', () => {
  it('first visit: mirror, shell, the service worker once the first pull is in, supabase-js once offline-ready', async () => {
    vi.useFakeTimers();
    const { log, deps, firstPull, shown, offlineReady } = setup();
    const startup = runStartup(deps);
    expect(log).toEqual(['start mirror', 'phase mirror-started', 'render sliced', 'phase shell-rendered']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(startup.phases).toEqual(['mirror-started', 'shell-rendered']);
    // The first pull is in: once the page is idle, the worker registers, before the screen reports itself shown.
    firstPull.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(log.slice(4)).toEqual(['idle', 'register sw', 'phase service-worker-registered']);
    shown.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(log.slice(7)).toEqual(['idle', 'phase first-screen-shown', 'start reminders']);
    await vi.advanceTimersByTimeAsync(BACKEND_FALLBACK_MS - 100);
    expect(log).not.toContain('load supabase-js');
    offlineReady.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(log.slice(10)).toEqual(['idle', 'load supabase-js', 'phase backend-loaded', 'start backend']);
    vi.useRealTimers();
  });

  it('a first screen shown before the first pull settles registers the worker then', async () => {
    vi.useFakeTimers();
    const { log, deps, shown } = setup();
    const startup = runStartup(deps);
    shown.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toContain('register sw');
    await expect(startup.reached('service-worker-registered')).resolves.toBeUndefined();
    vi.useRealTimers();
  });

  it('a saved session loads supabase-js at once, before the first screen', async () => {
    vi.useFakeTimers();
    const { deps } = setup({ savedSession: true });
    const startup = runStartup(deps);
    await vi.advanceTimersByTimeAsync(10);
    expect(startup.phases).toEqual(['mirror-started', 'shell-rendered', 'backend-loaded']);
    vi.useRealTimers();
  });

  it('asks again for a backend chunk that did not arrive, until it does, and only then starts the backend', async () => {
    vi.useFakeTimers();
    const { log, deps } = setup({ savedSession: true });
    let failures = 2;
    const startup = runStartup({
      ...deps,
      loadBackendClient: async () => {
        log.push('load supabase-js');
        if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      },
      onBackendMissing: () => void log.push('missing'),
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(startup.phases).not.toContain('backend-loaded');
    await vi.advanceTimersByTimeAsync(BACKEND_RETRY_MS);
    expect(log.filter((l) => l === 'load supabase-js')).toHaveLength(2);
    expect(startup.phases).not.toContain('backend-loaded');
    await vi.advanceTimersByTimeAsync(BACKEND_RETRY_MS * 2);
    expect(log.filter((l) => l === 'load supabase-js')).toHaveLength(3);
    expect(log.filter((l) => l === 'missing')).toHaveLength(2);
    expect(startup.phases).toContain('backend-loaded');
    expect(log.at(-1)).toBe('start backend');
    vi.useRealTimers();
  });

  it('a phone that never gets offline-ready loads supabase-js a while after its first screen', async () => {
    vi.useFakeTimers();
    const { log, deps, firstPull, shown } = setup();
    const startup = runStartup(deps);
    firstPull.resolve();
    shown.resolve();
    await vi.advanceTimersByTimeAsync(10);
    expect(startup.phases).toContain('first-screen-shown');
    await vi.advanceTimersByTimeAsync(BACKEND_FALLBACK_MS - 20);
    expect(log).not.toContain('load supabase-js');
    await vi.advanceTimersByTimeAsync(20);
    expect(startup.phases).toContain('backend-loaded');
    vi.useRealTimers();
  });

  it('a repeat visit renders at once, not in a transition', () => {
    const { log, deps } = setup();
    runStartup({ ...deps, sliceRenders: false });
    expect(log).toContain('render');
  });

  it.each([
    ['a screen without mirror data', 0, FIRST_PULL_CAP_MS + NO_DATA_SCREEN_MS],
    ['a screen still waiting for its data', 1, FIRST_PULL_CAP_MS + SLOW_SCREEN_CAP_MS],
  ])('%s counts as shown after the capped first pull plus its fallback', async (_name, waiting, atMs) => {
    vi.useFakeTimers();
    const { deps } = setup({ waiting });
    const startup = runStartup(deps);
    // The first pull never settles: its cap holds.
    await vi.advanceTimersByTimeAsync(atMs - 1);
    expect(startup.phases).not.toContain('first-screen-shown');
    await vi.advanceTimersByTimeAsync(1);
    expect(startup.phases).toContain('first-screen-shown');
    vi.useRealTimers();
  });
});

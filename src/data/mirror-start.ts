// The mirror's start, without Dexie: the sync worker (which holds its own Dexie), its triggers, and the
// first screen's report to start-up. The shell imports this, not mirror.ts, so the first route carries no
// IndexedDB library (bench/size.ts); screens that read the mirror load Dexie with their chunk.
import { useEffect } from 'react';
import type { SyncEngine } from './sync/contract.ts';
import { syncWorkerUrl } from './sync/sync-worker-url.ts';
import { startSyncTriggers } from './sync/triggers.ts';
import { createWorkerSyncEngine } from './sync/worker-engine.ts';
import { syncStatus } from './sync/status.ts';

export { useSyncStatus } from './sync/use-sync-status.ts';
export type { SyncStatus } from './sync/status.ts';
export { OUTDATED_MESSAGE, QUOTA_MESSAGE } from './sync/messages.ts';

// ---- The mirror's sync ---------------------------------------------------------------------------------

/** An engine made on first use from modules loaded then. */
function deferredEngine(load: () => Promise<SyncEngine>): SyncEngine {
  let engine: Promise<SyncEngine> | null = null;
  const get = () => (engine ??= load());
  return {
    get ready() {
      return get().then((e) => e.ready);
    },
    pull: (signal) => get().then((e) => e.pull(signal)),
  };
}

const sync: { engine: SyncEngine | null } = { engine: null };

/** The page's one sync engine: the sync worker's, or the engine in the page where no worker runs. */
export function mirrorSync(): SyncEngine {
  return (sync.engine ??= createWorkerSyncEngine({
    spawn: () => {
      if (typeof Worker === 'undefined') throw new Error('No Web Workers here');
      return new Worker(syncWorkerUrl(), { type: 'module', name: 'sync' });
    },
    fallback: () =>
      deferredEngine(async () => {
        // db.ts, not mirror.ts (which imports this module): showDb() is the one database mirror.ts holds too.
        const [{ createSyncEngine }, { supabase }, { showDb }] = await Promise.all([import('./sync/engine.ts'), import('./supabase.ts'), import('./db.ts')]);
        return createSyncEngine({ db: showDb(), client: supabase });
      }),
  }));
}

/**
 * Pulls now and on the triggers of DESIGN.md (online, visible, interval). Resolves when the first pull has
 * settled, whatever its outcome (app/startup.ts caps how long it waits for that).
 */
export function startMirrorSync(): Promise<void> {
  const engine = mirrorSync();
  startSyncTriggers(engine);
  // The triggers' first pull is running: this call joins it.
  return engine.pull().then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves once a pull cycle has completed: this visit's, or the one a previous visit saved. */
export function whenMirrorPulled(): Promise<void> {
  return new Promise((resolve) => {
    if (syncStatus.getState().lastSyncedAt !== null) return resolve();
    const stop = syncStatus.subscribe((s) => {
      if (s.lastSyncedAt === null) return;
      stop();
      resolve();
    });
  });
}

// ---- The first screen ----------------------------------------------------------------------------------

/**
 * No service worker controls the page: a first visit (or one without a service worker), whose screens
 * wait for the network anyway. Its renders go in short slices, to keep a slow phone responsive. A repeat
 * visit renders at once, so the saved show paints as early as it can.
 */
export const sliceRenders: boolean = !globalThis.navigator?.serviceWorker?.controller;

/** Whether the first screen has shown its mirror data: what start-up (app/startup.ts) waits for. */
export interface FirstScreen {
  /** Resolves once a screen has rendered its data (or its error). */
  readonly shown: Promise<void>;
  /** Screens on view that are still waiting for their mirror data. */
  waiting(): number;
  /** A screen's report: rendered, or still waiting (undo with the returned function). */
  report(rendered: boolean): (() => void) | undefined;
}

export function createFirstScreen(): FirstScreen {
  const state = { waiting: 0, markShown: () => {} };
  const shown = new Promise<void>((resolve) => (state.markShown = resolve));
  return {
    shown,
    waiting: () => state.waiting,
    report(rendered) {
      if (rendered) {
        state.markShown();
        return undefined;
      }
      state.waiting++;
      return () => {
        state.waiting--;
      };
    },
  };
}

export const firstScreen: FirstScreen = createFirstScreen();

/** The one call a screen makes: true once its data (or its error) has rendered. */
export function useScreenShown(rendered: boolean): void {
  useEffect(() => firstScreen.report(rendered), [rendered]);
}

// The mirror's sync, started by main.tsx with the page: on a first visit every screen waits for the first
// pull, so the worker and its sync_pull leave before the app shell has rendered instead of after
// app-data.ts (supabase-js, the outbox) has loaded. Nothing here loads supabase-js; the page fallback
// does, when a module worker cannot run.
import { db } from '../mirror.ts';
import type { SyncEngine } from './contract.ts';
import { startSyncTriggers } from './triggers.ts';
import { createWorkerSyncEngine } from './worker-engine.ts';

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

let engine: SyncEngine | null = null;

/** The page's one sync engine: the sync worker's, or the engine in the page where no worker runs. */
export function mirrorSync(): SyncEngine {
  return (engine ??= createWorkerSyncEngine({
    spawn: () => {
      if (typeof Worker === 'undefined') throw new Error('No Web Workers here');
      return new Worker(new URL('./sync-worker.ts', import.meta.url), { type: 'module', name: 'sync' });
    },
    fallback: () =>
      deferredEngine(async () => {
        const [{ createSyncEngine }, { supabase }] = await Promise.all([import('./engine.ts'), import('../supabase.ts')]);
        return createSyncEngine({ db, client: supabase });
      }),
  }));
}

/**
 * Pulls now and on the triggers of DESIGN.md (online, visible, interval). Resolves when the first pull
 * has settled, whatever its outcome, or after `atMostMs`: what may wait for the first screen's data.
 */
export function startMirrorSync(atMostMs = 5_000): Promise<void> {
  const engine = mirrorSync();
  startSyncTriggers(engine);
  // The triggers' first pull is running: this call joins it.
  const first = engine.pull().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([first, new Promise<void>((resolve) => setTimeout(resolve, atMostMs))]);
}

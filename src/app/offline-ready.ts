// The moment the phone is safe to walk into a dead zone: a service worker controls the page — it installed,
// so its critical precache is complete (Workbox fails the install otherwise), and it activated — and the
// first mirror is complete (a pull cycle has ended, now or on an earlier visit). From then on every critical
// screen opens with the network gone. The page marks it once (performance.mark, for the bench and the e2e),
// and says it in words (OFFLINE_READY_TEXTS.ready). What only some visitors open (the second phase:
// shared/precache.ts) follows it.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { whenMirrorPulled } from '../data/mirror-start.ts';
import { OFFLINE_READY_MARK } from '../ui/offline-ready-texts.ts';

export interface OfflineReadyDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;
  /** Resolves once a pull cycle has completed. */
  mirrorPulled(): Promise<void>;
  /** Called once, at the moment (a performance mark in the page). */
  onReady?(): void;
}

/** Resolves once a worker controls the page: now, or when one takes over (the first visit's clientsClaim). */
function controlled(container: OfflineReadyDeps['serviceWorker']): Promise<void> {
  return new Promise((resolve) => {
    if (container.controller) return resolve();
    const onChange = () => {
      if (!container.controller) return;
      container.removeEventListener('controllerchange', onChange);
      resolve();
    };
    container.addEventListener('controllerchange', onChange);
  });
}

/** Resolves at the moment the phone is offline-ready (never without a service worker). */
export async function offlineReady(deps: OfflineReadyDeps): Promise<void> {
  await Promise.all([controlled(deps.serviceWorker), deps.mirrorPulled()]);
  deps.onReady?.();
}

/** Whether this page has reached the moment; the header's status says it in words. */
const offlineReadyStore = createStore<{ ready: boolean }>(() => ({ ready: false }));

export const useOfflineReady = (): boolean => useStore(offlineReadyStore, (s) => s.ready);

let watching: Promise<void> | null = null;

/**
 * The page's one watch (asked for by the start-up, src/app/startup.ts, and by the second phase's request,
 * src/app/second-phase.ts): resolves at the moment, after marking it. Pages without a service worker (plain http:// on a hall name) never resolve.
 */
export function whenOfflineReady(): Promise<void> {
  watching ??=
    'serviceWorker' in navigator
      ? offlineReady({
          serviceWorker: navigator.serviceWorker,
          mirrorPulled: whenMirrorPulled,
          onReady: () => {
            globalThis.performance?.mark?.(OFFLINE_READY_MARK);
            offlineReadyStore.setState({ ready: true });
          },
        })
      : new Promise<void>(() => undefined);
  return watching;
}

// Asks the service worker for the second phase (the floor plan's page and Leaflet: shared/precache.ts) once
// the phone is offline-ready — a worker controls the page, so its precache is complete, and the first mirror
// is pulled (the header's "Synced") — and the page is idle: the first visit's own bytes go first.
import { SECOND_PHASE_REQUEST } from '../../shared/sw-protocol.ts';
import { whenMirrorPulled } from '../data/mirror-start.ts';

/** The idle wait is at most this long. */
const IDLE_TIMEOUT_MS = 5_000;

export interface SecondPhaseDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;
  /** Resolves once a pull cycle has completed. */
  mirrorPulled(): Promise<void>;
  /** Resolves once the main thread is idle. */
  whenIdle(): Promise<void>;
}

/** Resolves once a worker controls the page: now, or when one takes over (the first visit's clientsClaim). */
function controlled(container: SecondPhaseDeps['serviceWorker']): Promise<void> {
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

/** Sends the request once the phone is offline-ready and idle; the worker fetches only what it lacks. */
export async function requestSecondPhase(deps: SecondPhaseDeps): Promise<void> {
  await Promise.all([controlled(deps.serviceWorker), deps.mirrorPulled()]);
  await deps.whenIdle();
  // The worker in control now (an update may have taken over meanwhile); an earlier build's ignores it.
  deps.serviceWorker.controller?.postMessage(SECOND_PHASE_REQUEST);
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });

/** The page's request, with the browser's worker container (src/app/register-sw.ts calls it once registered). */
export function startSecondPhase(serviceWorker: ServiceWorkerContainer): Promise<void> {
  return requestSecondPhase({ serviceWorker, mirrorPulled: whenMirrorPulled, whenIdle });
}

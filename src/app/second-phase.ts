// Asks the service worker for the second phase (shared/precache.ts) once the phone is offline-ready
// (offline-ready.ts) and the page is idle: the first visit's own bytes go first. Then loads
// the picture of the show on now's floor plan through the worker's picture cache: with both, the plan opens
// in airplane mode though the visitor never opened it.
import { activeEvent } from '../../shared/schedule.ts';
import { SECOND_PHASE_REQUEST } from '../../shared/sw-protocol.ts';
import { db } from '../data/mirror.ts';
import { imageUrl } from '../ui/image-url.ts';
import { whenOfflineReady } from './offline-ready.ts';

/** The idle wait is at most this long. */
const IDLE_TIMEOUT_MS = 5_000;

export interface SecondPhaseDeps {
  serviceWorker: Pick<ServiceWorkerContainer, 'controller'>;
  /** Resolves once the phone is offline-ready. */
  offlineReady(): Promise<void>;
  /** Resolves once the main thread is idle. */
  whenIdle(): Promise<void>;
  /** The picture URLs of the show on now's floor plan (none without one). */
  planPictures(): Promise<string[]>;
  /** Loads a picture through the worker (its cache-first picture route keeps it). */
  loadPicture(url: string): Promise<unknown>;
}

/** Sends the request once the phone is offline-ready and idle; the worker fetches only what it lacks. */
export async function requestSecondPhase(deps: SecondPhaseDeps): Promise<void> {
  await deps.offlineReady();
  await deps.whenIdle();
  // The worker in control now (an update may have taken over meanwhile); an earlier build's ignores it.
  deps.serviceWorker.controller?.postMessage(SECOND_PHASE_REQUEST);
  // Offline, or a picture the server lacks: the next start asks again (a cached one costs no request).
  for (const url of await deps.planPictures().catch(() => [])) await deps.loadPicture(url).catch(() => undefined);
}

/** The show on now's plan picture, as the floor plan's page loads it (the row's file, through imageUrl). */
async function showPlanPictures(): Promise<string[]> {
  const event = activeEvent(await db.events.toArray(), new Date());
  // The plan's row only: its places (sorted by a collator, whose first use costs a long task) are the page's.
  const plan = event ? await db.floor_plans.where('event_id').equals(event.id).first() : undefined;
  const url = plan ? imageUrl(plan.image_url) : null;
  return url ? [url] : [];
}

/** Fetches a picture and reads it whole, so the worker's route has it all to keep. */
async function loadPicture(url: string): Promise<void> {
  const res = await fetch(url);
  if (res.ok) await res.arrayBuffer();
}

const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 200);
  });

/** The page's request, with the browser's worker container (src/app/register-sw.ts calls it once registered). */
export function startSecondPhase(serviceWorker: ServiceWorkerContainer): Promise<void> {
  return requestSecondPhase({ serviceWorker, offlineReady: whenOfflineReady, whenIdle, planPictures: showPlanPictures, loadPicture });
}

// The messages between the pages and the service worker (sw/), as src/data/sync/protocol.ts is for the
// sync worker: one set of names and shapes for both ends. Plain data only (structured clone).

/**
 * The worker's bounded runtime cache of the show's pictures (sw/routes.ts); the page reads it to say how many
 * are saved and fills it through the worker (src/features/offline/). Oldest entries go past the bound.
 */
export const IMAGE_CACHE = 'images';
// Room for a whole show (the demo has 720 pictures, about 3 MB of SVG), so "Save all pictures" saves them all;
// still a bound, because a show with photographs costs far more per entry. An imported photo is four entries
// on a phone (tile, card, hero, gallery WebP at its pixel ratio: src/features/offline/show-pictures.ts).
export const IMAGE_CACHE_MAX_ENTRIES = 1000;

/**
 * The worker's cache of the second phase (shared/precache.ts): the floor plan's page and Leaflet, fetched once
 * the phone is offline-ready and served cache-first (sw/second-phase.ts). Hashed files: a new build's list
 * replaces the old one's when it activates.
 */
export const SECOND_PHASE_CACHE = 'second-phase';

/**
 * How the build marks a second-phase entry in the worker's manifest (self.__WB_MANIFEST, vite.config.ts): the
 * worker fetches it into SECOND_PHASE_CACHE, not into the precache a first visit waits for.
 */
export interface SecondPhaseEntry {
  url: string;
  revision: null;
  secondPhase: true;
}

export function isSecondPhaseEntry(entry: unknown): entry is SecondPhaseEntry {
  return typeof entry === 'object' && entry !== null && (entry as { secondPhase?: unknown }).secondPhase === true;
}

/**
 * Page → its controlling worker: the phone is offline-ready (the worker controls the page, so its precache is
 * complete, and the first mirror is pulled), and the page is idle: fetch the second phase (src/app/second-phase.ts).
 */
export interface SecondPhaseRequestMessage {
  type: 'fetch-second-phase';
}
export const SECOND_PHASE_REQUEST: SecondPhaseRequestMessage = { type: 'fetch-second-phase' };

/** The Background Sync tag: a page registers it (src/data/outbox/background-sync.ts), the worker's `sync` handler answers it. */
export const OUTBOX_SYNC_TAG = 'outbox-drain';

/** Worker → each window, with a MessagePort: drain your outbox and answer on the port (sw/outbox-sync.ts). */
export interface DrainRequestMessage {
  type: 'drain-outbox';
}
export const DRAIN_REQUEST: DrainRequestMessage = { type: 'drain-outbox' };

/** Window → worker, on that port: the page's drain pass is over; `done` when it sent what it could. */
export interface DrainAckMessage {
  done: boolean;
}

/**
 * Page → waiting worker: activate now (the update prompt's Reload; src/app/register-sw.ts, src/app/pwa.ts).
 * workbox-window's messageSkipWaiting's wire shape, which earlier builds sent: their workers know it.
 */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}
export const SKIP_WAITING: SkipWaitingMessage = { type: 'SKIP_WAITING' };

const typeOf = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined);

export function isDrainRequest(data: unknown): data is DrainRequestMessage {
  return typeOf(data) === DRAIN_REQUEST.type;
}

export function isDrainAck(data: unknown): data is DrainAckMessage {
  return typeof data === 'object' && data !== null && typeof (data as { done?: unknown }).done === 'boolean';
}

export function isSecondPhaseRequest(data: unknown): data is SecondPhaseRequestMessage {
  return typeOf(data) === SECOND_PHASE_REQUEST.type;
}

export function isSkipWaiting(data: unknown): data is SkipWaitingMessage {
  return typeOf(data) === SKIP_WAITING.type;
}

/**
 * The service worker as a module (built with the page: it imports the page's Dexie and outbox chunks, which a
 * visit has already loaded). Module service workers are Baseline since January 2026 (Firefox 147).
 */
export const SERVICE_WORKER_FILE = 'service-worker.js';
/** The app's shell, as the precache names it (every navigation is answered with it). */
export const SHELL_FILE = 'index.html';
/**
 * The same worker as one classic script, for the installs of earlier builds (they registered this URL as a
 * classic script, so their update checks would reject a module and keep the old build for ever) and for a
 * browser that refuses a module worker. A page of this build moves its registration to SERVICE_WORKER_FILE.
 */
export const CLASSIC_SERVICE_WORKER_FILE = 'sw.js';

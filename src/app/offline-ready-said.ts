// Whether this visit says "Ready for offline use" as news: only the first visit on this phone to reach the
// moment (src/app/offline-ready.ts), which a later visit reaches again at every start. The visitor needs to
// hear it once, before walking into the hall; saying it on every start would be noise. "Ready for the hall"
// (src/features/offline/ready-for-the-hall.tsx) says it whenever it is opened.
import type { OfflineUse } from '../features/offline/ready-for-the-hall.tsx';

/** The localStorage key that records the visit that said it. */
export const OFFLINE_READY_SAID_KEY = 'offline-ready-said';

/** How long the news stays on screen before it fades, long enough to read twice. */
export const OFFLINE_READY_NOTICE_MS = 12_000;

/**
 * True on the first call on this phone, and records it. Storage that cannot be read or written says it
 * (a visitor told twice is better off than one never told).
 */
export function claimOfflineReadyNotice(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined): boolean {
  try {
    if (!storage) return true;
    if (storage.getItem(OFFLINE_READY_SAID_KEY) !== null) return false;
    storage.setItem(OFFLINE_READY_SAID_KEY, new Date().toISOString());
    return true;
  } catch {
    return true;
  }
}

/** What "Ready for the hall" says of it: reached, still to come, or never on this address (no service worker). */
export function offlineReadyState(ready: boolean, hasServiceWorker: boolean): OfflineUse {
  if (ready) return 'ready';
  return hasServiceWorker ? 'waiting' : 'unavailable';
}

// Asks the browser (Chromium's Background Sync) to wake the service worker once online, to drain the outbox.
import { OUTBOX_SYNC_TAG } from '../../../shared/sw-protocol.ts';

/** navigator.serviceWorker.ready never settles without a registration (dev server, first visit). */
const READY_TIMEOUT_MS = 3_000;

/** SyncManager is not in TypeScript's DOM lib. */
interface SyncCapable {
  sync?: { register(tag: string): Promise<void> };
}

interface NavigatorLike {
  serviceWorker?: { ready: Promise<unknown> };
}

/** Registers the 'outbox-drain' sync; false where unsupported or refused, and callers rely on page triggers. */
export async function requestBackgroundSync(nav: NavigatorLike | undefined = (globalThis as { navigator?: NavigatorLike }).navigator): Promise<boolean> {
  if (!nav || !('serviceWorker' in nav) || !nav.serviceWorker) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READY_TIMEOUT_MS)));
  try {
    const registration = (await Promise.race([nav.serviceWorker.ready, timeout])) as SyncCapable | undefined;
    if (!registration?.sync) return false;
    // Rejects where Background Sync is disabled (e.g. Android WebView) or permission is denied.
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

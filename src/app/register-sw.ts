// The service worker's registration, as vite-plugin-pwa's registerSW does it in prompt mode, but for the
// module worker built with the page (SERVICE_WORKER_FILE): vite-plugin-pwa's own helper registers its classic
// sw.js only. The browser's API directly, not workbox-window: the three moments the app needs (a new version
// waits, the visitor accepted it, it took over) are a few lines, and every first visit paid 2 KB for them.
// pwa.ts turns these callbacks into the update prompt; offline-ready is offline-ready.ts's.
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE, SKIP_WAITING } from '../../shared/sw-protocol.ts';
import { startSecondPhase } from './second-phase.ts';

export interface RegisterSWOptions {
  /** A new version is installed and waits for the visitor's Reload. */
  onNeedRefresh?(): void;
  /** The version the visitor accepted controls the page: reload into it. */
  onNeedReload?(): void;
  onRegisteredSW?(url: string, registration: ServiceWorkerRegistration | undefined): void;
  onRegisterError?(error: unknown): void;
}

/** Activates the waiting version (the update prompt's Reload). */
export type UpdateServiceWorker = (reloadPage?: boolean) => Promise<void>;

export interface ServiceWorkerScript {
  url: string;
  type: 'module' | 'classic';
}

/**
 * The script this page registers. A phone whose app an earlier build installed runs the classic sw.js: its
 * registration stays classic (the same file, still built), so it updates as it always has; any other gets
 * the module, and the classic one only when the browser refuses a module worker.
 */
export function serviceWorkerScripts(base: string, controllerUrl: string | undefined, origin: string): ServiceWorkerScript[] {
  const classic: ServiceWorkerScript = { url: `${base}${CLASSIC_SERVICE_WORKER_FILE}`, type: 'classic' };
  if (controllerUrl === new URL(classic.url, origin).href) return [classic];
  return [{ url: `${base}${SERVICE_WORKER_FILE}`, type: 'module' }, classic];
}

/**
 * Says when a new version waits: one found waiting at registration, or one that finishes installing later
 * (this tab's update check, or another tab's: every tab sees the registration's updatefound). Only where a
 * version already controls the page — a first install has nothing to replace. Once the visitor has been
 * asked, the next controller change is the accepted version taking over.
 */
function watch(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, options: RegisterSWOptions): void {
  let asked = false;
  const askIfWaiting = () => {
    if (!registration.waiting || !container.controller) return;
    if (!asked) container.addEventListener('controllerchange', () => options.onNeedReload?.());
    asked = true;
    options.onNeedRefresh?.();
  };
  askIfWaiting();
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') askIfWaiting();
    });
  });
}

/** Registers the service worker; returns what activates a waiting version. */
export function registerSW(options: RegisterSWOptions = {}): UpdateServiceWorker {
  let registration: ServiceWorkerRegistration | undefined;
  const registered = (async () => {
    // The dev server builds no service worker (vite.config.ts builds both with the app).
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const container = navigator.serviceWorker;
    const scripts = serviceWorkerScripts(import.meta.env.BASE_URL, container.controller?.scriptURL, location.origin);
    let lastError: unknown;
    for (const script of scripts) {
      try {
        registration = await container.register(script.url, { scope: import.meta.env.BASE_URL, type: script.type });
        watch(registration, container, options);
        options.onRegisteredSW?.(script.url, registration);
        // Once offline-ready, the worker fetches the second phase (sw/second-phase.ts).
        void startSecondPhase(container);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    options.onRegisterError?.(lastError);
  })();
  return async () => {
    await registered;
    registration?.waiting?.postMessage(SKIP_WAITING);
  };
}

// The service worker's registration with workbox-window, as vite-plugin-pwa's registerSW does it in prompt
// mode, but for the module worker built with the page (SERVICE_WORKER_FILE): vite-plugin-pwa's own helper
// registers its classic sw.js only. pwa.ts turns these callbacks into the update and offline-ready prompts.
import { Workbox, type WorkboxLifecycleEvent } from 'workbox-window';
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE } from '../../shared/sw-protocol.ts';
import { startSecondPhase } from './second-phase.ts';

export interface RegisterSWOptions {
  /** A new version is installed and waits for the visitor's Reload. */
  onNeedRefresh?(): void;
  /** The first version is installed: the app opens offline. */
  onOfflineReady?(): void;
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

function watch(wb: Workbox, options: RegisterSWOptions): void {
  let needRefreshShown = false;
  const showSkipWaitingPrompt = () => {
    needRefreshShown = true;
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) options.onNeedReload?.();
    });
    options.onNeedRefresh?.();
  };
  wb.addEventListener('installed', (event: WorkboxLifecycleEvent) => {
    // A worker another tab installed (isExternal) is an update this tab has not seen yet.
    if (event.isUpdate === undefined && event.isExternal) showSkipWaitingPrompt();
    else if (!event.isUpdate && !needRefreshShown) options.onOfflineReady?.();
  });
  wb.addEventListener('waiting', showSkipWaitingPrompt);
}

/** Registers the service worker; returns what activates a waiting version. */
export function registerSW(options: RegisterSWOptions = {}): UpdateServiceWorker {
  let wb: Workbox | undefined;
  const registered = (async () => {
    // The dev server builds no service worker (vite.config.ts builds both with the app).
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const scripts = serviceWorkerScripts(import.meta.env.BASE_URL, navigator.serviceWorker.controller?.scriptURL, location.origin);
    let lastError: unknown;
    for (const script of scripts) {
      const candidate = new Workbox(script.url, { scope: import.meta.env.BASE_URL, type: script.type });
      watch(candidate, options);
      try {
        const registration = await candidate.register({ immediate: true });
        wb = candidate;
        options.onRegisteredSW?.(script.url, registration);
        // Once offline-ready, the worker fetches the second phase (sw/second-phase.ts).
        void startSecondPhase(navigator.serviceWorker);
        return;
      } catch (error) {
        lastError = error;
      }
    }
    options.onRegisterError?.(lastError);
  })();
  return async () => {
    await registered;
    wb?.messageSkipWaiting();
  };
}

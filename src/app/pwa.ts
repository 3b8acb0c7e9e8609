// The service worker's registration, the "new version" prompt and the install prompt, as a tiny store.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SKIP_WAITING } from '../../shared/sw-protocol.ts';
import type { RegisterSWOptions } from './register-sw.ts';

export interface PwaState {
  /** A new version is installed and waiting; the update prompt offers Reload. */
  needRefresh: boolean;
  /** The browser offered installation (beforeinstallprompt) and it has not been used yet. */
  canInstall: boolean;
}

/** Chromium's install prompt event (not in TypeScript's DOM lib). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';
type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/** How often a long-open tab asks the server for a new version. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

export interface PwaDeps {
  /** Loads register-sw.ts's registerSW (a dynamic import, so tests can pass a fake). */
  loadRegister(): Promise<RegisterSW>;
  /** Where beforeinstallprompt and appinstalled fire (window). */
  target: EventTarget;
  /** navigator.serviceWorker: its controllerchange means the new version took over. */
  serviceWorker?: EventTarget;
  reload(): void;
  isOnline?(): boolean;
  /** The page's service worker registration, if any (navigator.serviceWorker.getRegistration). */
  getRegistration?(): Promise<ServiceWorkerRegistration | undefined>;
}

export interface Pwa {
  store: StoreApi<PwaState>;
  registerServiceWorker(): Promise<void>;
  /** Activates the waiting version; the page reloads once it controls the page (always: no mixed versions). */
  updateServiceWorker(reloadPage?: boolean): Promise<void>;
  /** Hides the update prompt until the next update is found. */
  dismissUpdate(): void;
  /**
   * Reloads into the newest build the server has: activates a waiting version, or asks the server for one
   * and activates it once installed, or reloads the page (no service worker, or nothing newer).
   */
  reloadLatest(): Promise<void>;
  promptInstall(): Promise<InstallOutcome>;
}

export function createPwa(deps: PwaDeps): Pwa {
  const store = createStore<PwaState>(() => ({ needRefresh: false, canInstall: false }));
  let update: ((reloadPage?: boolean) => Promise<void>) | undefined;
  let installEvent: BeforeInstallPromptEvent | undefined;
  let registering: Promise<void> | undefined;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    deps.reload();
  };

  function watchInstallPrompt(): void {
    deps.target.addEventListener('beforeinstallprompt', (e) => {
      // Keep the browser's own mini-infobar away; the Install app button offers it instead.
      e.preventDefault();
      installEvent = e as BeforeInstallPromptEvent;
      store.setState({ canInstall: true });
    });
    deps.target.addEventListener('appinstalled', () => {
      installEvent = undefined;
      store.setState({ canInstall: false });
    });
  }

  async function register(): Promise<void> {
    watchInstallPrompt();
    // No service worker API outside secure contexts (plain http:// on a hall name: app/insecure-notice.tsx).
    if (!deps.serviceWorker) return;
    const registerSW = await deps.loadRegister();
    update = registerSW({
      onNeedRefresh: () => store.setState({ needRefresh: true }),
      onNeedReload: reloadOnce,
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        setInterval(() => {
          if (deps.isOnline?.() ?? true) void registration.update().catch(() => undefined);
        }, UPDATE_CHECK_INTERVAL_MS);
      },
      onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
    });
  }

  return {
    store,
    registerServiceWorker() {
      registering ??= register();
      return registering;
    },
    async updateServiceWorker(reloadPage = true) {
      store.setState({ needRefresh: false });
      // registerSW reloads only if a worker controlled the page when it registered; a tab open since
      // the very first visit would otherwise keep running the old code under the new worker.
      deps.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true });
      await update?.(reloadPage);
    },
    dismissUpdate() {
      store.setState({ needRefresh: false });
    },
    async reloadLatest() {
      const registration = await deps.getRegistration?.().catch(() => undefined);
      await registration?.update().catch(() => undefined);
      const next = registration?.installing ?? registration?.waiting;
      if (!next || !registration?.active) return reloadOnce();
      if (next.state === 'installing') {
        await new Promise<void>((resolve) => next.addEventListener('statechange', () => next.state !== 'installing' && resolve()));
      }
      if (next.state !== 'installed') return reloadOnce();
      deps.serviceWorker?.addEventListener('controllerchange', reloadOnce, { once: true });
      store.setState({ needRefresh: false });
      // The same message register-sw.ts's update sends; the page reloads when the new version controls it.
      next.postMessage(SKIP_WAITING);
    },
    async promptInstall() {
      const event = installEvent;
      if (!event) return 'unavailable';
      // A prompt event can be used once.
      installEvent = undefined;
      store.setState({ canInstall: false });
      await event.prompt();
      const { outcome } = await event.userChoice;
      return outcome;
    },
  };
}

const pwa = createPwa({
  loadRegister: async () => (await import('./register-sw.ts')).registerSW,
  target: globalThis as unknown as EventTarget,
  serviceWorker: globalThis.navigator?.serviceWorker,
  reload: () => globalThis.location.reload(),
  isOnline: () => navigator.onLine,
  getRegistration: () => globalThis.navigator?.serviceWorker?.getRegistration() ?? Promise.resolve(undefined),
});

const pwaStore = pwa.store;
/** Registers the service worker (register-sw.ts) and starts listening for updates and the install prompt; call once at start-up. */
export const registerServiceWorker = pwa.registerServiceWorker;
export const updateServiceWorker = pwa.updateServiceWorker;
export const reloadLatest = pwa.reloadLatest;
export const promptInstall = pwa.promptInstall;

/** React's view of the PWA store. */
export function usePwa<T>(selector: (state: PwaState) => T): T {
  return useStore(pwaStore, selector);
}

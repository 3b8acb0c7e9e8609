import { describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from './register-sw.ts';
import { createPwa } from './pwa.ts';

function setup() {
  let options: RegisterSWOptions = {};
  const update = vi.fn(async (_reload?: boolean) => undefined);
  const register = vi.fn((o: RegisterSWOptions) => {
    options = o;
    return update;
  });
  const target = new EventTarget();
  const serviceWorker = new EventTarget();
  const reload = vi.fn();
  const pwa = createPwa({ loadRegister: async () => register, target, serviceWorker, reload, isOnline: () => true });
  return { pwa, target, serviceWorker, reload, register, update, options: () => options };
}

function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('update prompt state', () => {
  it('registers once', async () => {
    const { pwa, register } = setup();
    await Promise.all([pwa.registerServiceWorker(), pwa.registerServiceWorker()]);
    expect(register).toHaveBeenCalledOnce();
  });

  it('registers nothing where the page has no service worker API (not a secure context)', async () => {
    const register = vi.fn();
    const pwa = createPwa({ loadRegister: async () => register, target: new EventTarget(), reload: vi.fn() });
    await pwa.registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
    await pwa.updateServiceWorker();
    await pwa.reloadLatest();
    expect(pwa.store.getState()).toEqual({ needRefresh: false, canInstall: false });
  });

  it('shows needRefresh when a new version waits, and Reload activates it and hides the prompt', async () => {
    const { pwa, update, options } = setup();
    await pwa.registerServiceWorker();
    expect(pwa.store.getState().needRefresh).toBe(false);
    options().onNeedRefresh?.();
    expect(pwa.store.getState().needRefresh).toBe(true);
    await pwa.updateServiceWorker(true);
    expect(update).toHaveBeenCalledWith(true);
    expect(pwa.store.getState().needRefresh).toBe(false);
  });

  it('reloads once when the new worker takes control, even if no worker controlled the page at registration', async () => {
    const { pwa, serviceWorker, reload, options } = setup();
    await pwa.registerServiceWorker();
    options().onNeedRefresh?.();
    await pwa.updateServiceWorker(true);
    expect(reload).not.toHaveBeenCalled();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    options().onNeedReload?.(); // registerSW's own path, when it saw a controller at registration
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does not reload on a controller change nobody asked for', async () => {
    const { pwa, serviceWorker, reload } = setup();
    await pwa.registerServiceWorker();
    serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('can be dismissed without updating', async () => {
    const { pwa, update, options } = setup();
    await pwa.registerServiceWorker();
    options().onNeedRefresh?.();
    pwa.dismissUpdate();
    expect(pwa.store.getState().needRefresh).toBe(false);
    expect(update).not.toHaveBeenCalled();
  });
});

describe('install prompt state', () => {
  it('is unavailable until the browser offers installation', async () => {
    const { pwa } = setup();
    await pwa.registerServiceWorker();
    expect(pwa.store.getState().canInstall).toBe(false);
    expect(await pwa.promptInstall()).toBe('unavailable');
  });

  it('keeps the browser prompt, shows it once on promptInstall, then hides the button', async () => {
    const { pwa, target } = setup();
    await pwa.registerServiceWorker();
    const { event, prompt } = installPromptEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(pwa.store.getState().canInstall).toBe(true);
    expect(await pwa.promptInstall()).toBe('accepted');
    expect(prompt).toHaveBeenCalledOnce();
    expect(pwa.store.getState().canInstall).toBe(false);
    expect(await pwa.promptInstall()).toBe('unavailable');
  });

  it('clears canInstall on appinstalled', async () => {
    const { pwa, target } = setup();
    await pwa.registerServiceWorker();
    target.dispatchEvent(installPromptEvent('dismissed').event);
    target.dispatchEvent(new Event('appinstalled'));
    expect(pwa.store.getState().canInstall).toBe(false);
    expect(await pwa.promptInstall()).toBe('unavailable');
  });
});

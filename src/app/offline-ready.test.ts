import { describe, expect, it } from 'vitest';
import { offlineReady } from './offline-ready.ts';

/** A worker container whose controller arrives when the test says (clientsClaim on a first visit). */
function container() {
  const target = new EventTarget();
  const box = {
    controller: null as object | null,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  return {
    box: box as unknown as ServiceWorkerContainer,
    takeOver() {
      box.controller = {};
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
}

const later = () => new Promise((r) => setTimeout(r, 0));

describe('offlineReady', () => {
  it('is reached once a worker controls the page and the first mirror is pulled, whichever comes last', async () => {
    const sw = container();
    let pulled!: () => void;
    const log: string[] = [];
    const ready = offlineReady({ serviceWorker: sw.box, mirrorPulled: () => new Promise<void>((r) => (pulled = r)), onReady: () => log.push('ready') }).then(() =>
      log.push('resolved'),
    );
    await later();
    pulled();
    await later();
    expect(log).toEqual([]);
    sw.takeOver();
    await ready;
    expect(log).toEqual(['ready', 'resolved']);
  });

  it('waits for the mirror when the worker controls the page already', async () => {
    const sw = container();
    sw.takeOver();
    let pulled!: () => void;
    let reached = false;
    const ready = offlineReady({ serviceWorker: sw.box, mirrorPulled: () => new Promise<void>((r) => (pulled = r)), onReady: () => (reached = true) });
    await later();
    expect(reached).toBe(false);
    pulled();
    await ready;
    expect(reached).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { SECOND_PHASE_REQUEST } from '../../shared/sw-protocol.ts';
import { requestSecondPhase } from './second-phase.ts';

/** A worker container whose controller arrives when the test says (clientsClaim on a first visit). */
function container() {
  const sent: unknown[] = [];
  const target = new EventTarget();
  const box = {
    controller: null as { postMessage(m: unknown): void } | null,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  return {
    box,
    sent,
    takeOver() {
      box.controller = { postMessage: (m) => sent.push(m) };
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
}

const later = () => new Promise((r) => setTimeout(r, 0));

describe('requestSecondPhase', () => {
  it('asks the worker only once it controls the page, the mirror is pulled and the page is idle', async () => {
    const sw = container();
    let pulled!: () => void;
    let idle!: () => void;
    const log: string[] = [];
    const done = requestSecondPhase({
      serviceWorker: sw.box as unknown as ServiceWorkerContainer,
      mirrorPulled: () => new Promise<void>((r) => (pulled = r)),
      whenIdle: () => {
        log.push('idle asked');
        return new Promise<void>((r) => (idle = r));
      },
      planPictures: async () => {
        log.push(`plan pictures asked, ${sw.sent.length} sent`);
        return ['https://hall.example/storage/v1/object/public/images/floor-plans/hall.svg'];
      },
      loadPicture: async (url) => void log.push(`loaded ${url}`),
    });
    await later();
    sw.takeOver();
    await later();
    expect(log).toEqual([]);
    pulled();
    await later();
    expect(log).toEqual(['idle asked']);
    expect(sw.sent).toEqual([]);
    idle();
    await done;
    expect(sw.sent).toEqual([SECOND_PHASE_REQUEST]);
    // The plan's picture after the request, through the worker's picture route.
    expect(log).toEqual(['idle asked', 'plan pictures asked, 1 sent', 'loaded https://hall.example/storage/v1/object/public/images/floor-plans/hall.svg']);
  });

  it('asks at once on a later start: a worker in control and a saved pull; no plan, no picture', async () => {
    const sw = container();
    sw.takeOver();
    await requestSecondPhase({
      serviceWorker: sw.box as unknown as ServiceWorkerContainer,
      mirrorPulled: async () => undefined,
      whenIdle: async () => undefined,
      planPictures: async () => [],
      loadPicture: () => Promise.reject(new Error('no plan: nothing to load')),
    });
    expect(sw.sent).toEqual([{ type: 'fetch-second-phase' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { SECOND_PHASE_REQUEST } from '../../shared/sw-protocol.ts';
import { requestSecondPhase } from './second-phase.ts';

/** A worker container whose controller is there once the phone is offline-ready. */
function container() {
  const sent: unknown[] = [];
  const box = { controller: null as { postMessage(m: unknown): void } | null };
  return {
    box,
    sent,
    takeOver() {
      box.controller = { postMessage: (m) => sent.push(m) };
    },
  };
}

const later = () => new Promise((r) => setTimeout(r, 0));

describe('requestSecondPhase', () => {
  it('asks the worker only once the phone is offline-ready and the page is idle', async () => {
    const sw = container();
    let ready!: () => void;
    let idle!: () => void;
    const log: string[] = [];
    const done = requestSecondPhase({
      serviceWorker: sw.box as unknown as ServiceWorkerContainer,
      offlineReady: () => new Promise<void>((r) => (ready = r)),
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
    expect(log).toEqual([]);
    sw.takeOver();
    ready();
    await later();
    expect(log).toEqual(['idle asked']);
    expect(sw.sent).toEqual([]);
    idle();
    await done;
    expect(sw.sent).toEqual([SECOND_PHASE_REQUEST]);
    // The plan's picture after the request, through the worker's picture route.
    expect(log).toEqual(['idle asked', 'plan pictures asked, 1 sent', 'loaded https://hall.example/storage/v1/object/public/images/floor-plans/hall.svg']);
  });

  it('asks at once on a later start, offline-ready already; no plan, no picture', async () => {
    const sw = container();
    sw.takeOver();
    await requestSecondPhase({
      serviceWorker: sw.box as unknown as ServiceWorkerContainer,
      offlineReady: async () => undefined,
      whenIdle: async () => undefined,
      planPictures: async () => [],
      loadPicture: () => Promise.reject(new Error('no plan: nothing to load')),
    });
    expect(sw.sent).toEqual([{ type: 'fetch-second-phase' }]);
  });
});

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
  });

  it('asks at once on a later start: a worker in control and a saved pull', async () => {
    const sw = container();
    sw.takeOver();
    await requestSecondPhase({ serviceWorker: sw.box as unknown as ServiceWorkerContainer, mirrorPulled: async () => undefined, whenIdle: async () => undefined });
    expect(sw.sent).toEqual([{ type: 'fetch-second-phase' }]);
  });
});

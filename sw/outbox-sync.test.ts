import { describe, expect, it, vi } from 'vitest';
import { askPagesToDrain, OutboxSyncError, runOutboxSync } from './outbox-sync.ts';

type Reply = { done: boolean } | 'silent';
const done = { retrying: 0, skipped: false, queued: 0 };

/** A window that answers a drain request on the transferred port (or never). */
function fakePage(reply: Reply, delayMs = 0) {
  const received: unknown[] = [];
  return {
    received,
    postMessage(message: unknown, transfer: Transferable[]) {
      received.push(message);
      const port = transfer[0] as MessagePort;
      if (reply === 'silent') return;
      setTimeout(() => port.postMessage(reply), delayMs);
    },
  };
}

describe('askPagesToDrain', () => {
  it('is false at once with no windows', async () => {
    expect(await askPagesToDrain([], 10_000)).toBe(false);
  });

  it('is true when one window acknowledges, and sends each the drain request', async () => {
    const pages = [fakePage('silent'), fakePage({ done: true }, 5)];
    expect(await askPagesToDrain(pages, 10_000)).toBe(true);
    for (const p of pages) expect(p.received).toEqual([{ type: 'drain-outbox' }]);
  });

  it('is false when every window answers done:false', async () => {
    expect(await askPagesToDrain([fakePage({ done: false }), fakePage({ done: false }, 5)], 10_000)).toBe(false);
  });

  it('is false after the timeout when nobody answers', async () => {
    const started = Date.now();
    expect(await askPagesToDrain([fakePage('silent')], 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe('runOutboxSync', () => {
  it('leaves the drain to a page that acknowledges', async () => {
    const drainAnonymous = vi.fn(async () => done);
    await runOutboxSync({ windows: async () => [fakePage({ done: true })], drainAnonymous, timeoutMs: 1_000 });
    expect(drainAnonymous).not.toHaveBeenCalled();
  });

  it('drains anonymous votes itself with no page open', async () => {
    const drainAnonymous = vi.fn(async () => done);
    await runOutboxSync({ windows: async () => [], drainAnonymous });
    expect(drainAnonymous).toHaveBeenCalledOnce();
  });

  it('drains itself when no page answers in time', async () => {
    const drainAnonymous = vi.fn(async () => done);
    await runOutboxSync({ windows: async () => [fakePage('silent')], drainAnonymous, timeoutMs: 20 });
    expect(drainAnonymous).toHaveBeenCalledOnce();
  });

  it('rejects, so the browser retries, while votes wait for the network', async () => {
    const run = runOutboxSync({ windows: async () => [], drainAnonymous: async () => ({ retrying: 2, skipped: false, queued: 2 }) });
    await expect(run).rejects.toBeInstanceOf(OutboxSyncError);
    await expect(run).rejects.toThrow('2 vote(s) still queued');
  });

  it('rejects when another context held the lock while items wait, and resolves when nothing waits', async () => {
    const busy = runOutboxSync({ windows: async () => [], drainAnonymous: async () => ({ retrying: 0, skipped: true, queued: 1 }) });
    await expect(busy).rejects.toBeInstanceOf(OutboxSyncError);
    const idle = runOutboxSync({ windows: async () => [], drainAnonymous: async () => ({ retrying: 0, skipped: true, queued: 0 }) });
    await expect(idle).resolves.toBeUndefined();
  });

  it('resolves when only coupons (left for a page) remain queued', async () => {
    const drainAnonymous = vi.fn(async () => ({ retrying: 0, skipped: false, queued: 3 }));
    await expect(runOutboxSync({ windows: async () => [], drainAnonymous })).resolves.toBeUndefined();
    expect(drainAnonymous).toHaveBeenCalledOnce();
  });
});

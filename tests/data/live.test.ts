// The live show's client (src/data/sync/live.ts): pokes, the spread, coalescing, held-back pulls, the socket
// following visibility and connectivity, and the periodic pull relaxing while live. The channel is a fake
// the test drives (the venue server's websocket is tested in tests/integration/realtime.test.ts); the
// pulls go to a fake engine that behaves as the real one does (a pull joins a running cycle; `syncing`).
import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_DEFAULT_SPREAD_MS, LIVE_EVENT, LIVE_GUARD_MS, LIVE_JOIN_TIMEOUT_MS, LIVE_RELAXED_INTERVAL_MS, LIVE_TOPIC } from '../../shared/live.ts';
import type { PullSummary } from '../../src/data/sync/contract.ts';
import { LIVE_HELD_BACK_PULLS, liveChannelOf, startLiveShow, type LiveChannelState, type OpenLiveChannel } from '../../src/data/sync/live.ts';
import { createSyncStatusStore, type SyncStatusStore } from '../../src/data/sync/status.ts';
import { startSyncTriggers, SYNC_INTERVAL_MS } from '../../src/data/sync/triggers.ts';

const summaryOf = (heldBack = false): PullSummary => ({ requests: 1, writes: 0, rows: 0, deleted: 0, quarantined: 0, reset: false, heldBack });

/** A sync engine whose cycles the test ends (finish) or leaves running; joins a running cycle, as the real one. */
function fakeEngine(status: SyncStatusStore) {
  const cycles: { finish: (summary?: PullSummary) => void }[] = [];
  let running: Promise<PullSummary> | null = null;
  const engine = {
    /** Cycles started (not calls: a call during a cycle joins it). */
    get started() {
      return cycles.length;
    },
    /** How each cycle ends when the test does not end it: at once, holding nothing back. */
    auto: true as boolean,
    heldBack: false,
    pull: vi.fn((): Promise<PullSummary> => {
      if (running) return running;
      status.setState({ syncing: true });
      let finish!: (summary?: PullSummary) => void;
      const cycle = new Promise<PullSummary>((resolve) => {
        finish = (summary = summaryOf(engine.heldBack)) => {
          status.setState({ syncing: false });
          resolve(summary);
        };
      });
      cycles.push({ finish });
      running = cycle.finally(() => {
        running = null;
      });
      if (engine.auto) finish();
      return running;
    }),
    finish(summary?: PullSummary) {
      cycles[cycles.length - 1]!.finish(summary);
    },
  };
  return engine;
}

/** The channels the live show opened, newest last; the test sends their states and pokes. */
function fakeChannels() {
  const opened: { poke: (payload: unknown) => void; state: (s: LiveChannelState) => void; close: ReturnType<typeof vi.fn> }[] = [];
  const open: OpenLiveChannel = (onPoke, onState) => {
    const channel = { poke: onPoke, state: onState, close: vi.fn(async () => 'ok') };
    opened.push(channel);
    return channel;
  };
  return {
    open,
    opened,
    get last() {
      return opened[opened.length - 1]!;
    },
    /** Channels not closed. */
    get openCount() {
      return opened.filter((c) => c.close.mock.calls.length === 0).length;
    },
  };
}

interface SetupOptions {
  random?: () => number;
  resubscribeDelayMs?: (attempt: number) => number;
}

function setup({ random = () => 0.5, resubscribeDelayMs = (attempt) => 1_000 * (attempt + 1) }: SetupOptions = {}) {
  const status = createSyncStatusStore();
  const engine = fakeEngine(status);
  const channels = fakeChannels();
  const target = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const net = { online: true };
  const stop = startLiveShow({
    engine,
    open: channels.open,
    status,
    target,
    doc,
    isOnline: () => net.online,
    random,
    resubscribeDelayMs,
  });
  const setVisible = (visible: boolean) => {
    doc.visibilityState = visible ? 'visible' : 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const setOnline = (online: boolean) => {
    net.online = online;
    target.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  return { status, engine, channels, target, doc, stop, setVisible, setOnline };
}

/** Runs timers and the promise jobs they start (the channel opens after the previous one has left). */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Subscribed, with the catch-up pull that follows the join done: the state every poke test starts from. */
async function subscribed(live: ReturnType<typeof setup>) {
  await advance(0);
  live.channels.last.state('SUBSCRIBED');
  await advance(LIVE_GUARD_MS + LIVE_DEFAULT_SPREAD_MS);
  expect(live.engine.started).toBe(1);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live show: pokes', () => {
  it('subscribes once while visible and online; subscribed, it is live and catches up with one pull', async () => {
    const live = setup({ random: () => 0 });
    await advance(0);
    expect(live.channels.opened).toHaveLength(1);
    expect(live.status.getState().live).toBe(false);
    live.channels.last.state('SUBSCRIBED');
    expect(live.status.getState().live).toBe(true);
    // Pokes sent before the join were missed: one pull, after the guard like a poke's.
    await advance(LIVE_GUARD_MS - 1);
    expect(live.engine.started).toBe(0);
    await advance(1);
    expect(live.engine.started).toBe(1);
    await advance(600_000);
    expect(live.engine.started).toBe(1);
    expect(live.channels.opened).toHaveLength(1);
    live.stop();
  });

  it('pulls once per poke, after the guard (or what the server says is left of it) plus a random share of the spread it names (default 1 s)', async () => {
    const cases: [random: number, payload: Record<string, unknown>, at: number][] = [
      [0, { tables: ['event_schedule'] }, LIVE_GUARD_MS],
      [0.999, { tables: ['event_schedule'] }, LIVE_GUARD_MS + 0.999 * LIVE_DEFAULT_SPREAD_MS],
      [0.5, { tables: ['show_notices'], spread_ms: 8_000 }, LIVE_GUARD_MS + 4_000],
      [0.999, { tables: ['show_notices'], spread_ms: 8_000 }, LIVE_GUARD_MS + 0.999 * 8_000],
      [0.999, { tables: [], spread_ms: 0 }, LIVE_GUARD_MS],
      // The venue server says how much of the guard is left after its merge window.
      [0.5, { tables: ['breeds'], spread_ms: 2_000, guard_ms: 980 }, 980 + 1_000],
      // Never longer than the guard itself, whatever a server says.
      [0, { tables: ['breeds'], spread_ms: 0, guard_ms: 60_000 }, LIVE_GUARD_MS],
    ];
    for (const [r, payload, at] of cases) {
      const random = { value: 0 };
      const live = setup({ random: () => random.value });
      await subscribed(live);
      random.value = r;
      live.channels.last.poke(payload);
      await advance(Math.ceil(at) - 1);
      expect(live.engine.started, `${JSON.stringify(payload)} at ${r}: not before ${at} ms`).toBe(1);
      await advance(1);
      expect(live.engine.started, `${JSON.stringify(payload)} at ${r}: by ${at} ms`).toBe(2);
      live.stop();
    }
  });

  it('ignores what is not a poke', async () => {
    const live = setup();
    await subscribed(live);
    for (const payload of [null, 'changed', {}, { tables: 'event_schedule' }, { tables: [1] }]) live.channels.last.poke(payload);
    await advance(600_000);
    expect(live.engine.started).toBe(1);
    live.stop();
  });

  it('coalesces pokes that arrive while a pull is scheduled into that one pull', async () => {
    const live = setup();
    await subscribed(live);
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(500);
    live.channels.last.poke({ tables: ['show_notices'] });
    live.channels.last.poke({ tables: ['event_schedule'], spread_ms: 10_000 });
    await advance(60_000);
    expect(live.engine.started).toBe(2);
    live.stop();
  });

  it('a poke during a running pull brings exactly one more pull after it', async () => {
    const live = setup({ random: () => 0 });
    await subscribed(live);
    live.engine.auto = false;
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS);
    expect(live.engine.started).toBe(2); // running
    live.channels.last.poke({ tables: ['event_schedule'] });
    live.channels.last.poke({ tables: ['show_notices'] });
    await advance(LIVE_GUARD_MS * 5);
    // The running pull may have read before the change: it is joined, not counted.
    expect(live.engine.started).toBe(2);
    live.engine.finish();
    await advance(0);
    expect(live.engine.started).toBe(3);
    live.engine.finish();
    await advance(600_000);
    expect(live.engine.started).toBe(3);
    live.stop();
  });

  it('a poke during a pull someone else started (the interval, "sync now") waits for it and pulls again', async () => {
    const live = setup({ random: () => 0 });
    await subscribed(live);
    live.engine.auto = false;
    void live.engine.pull(); // the triggers' pull
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS);
    expect(live.engine.started).toBe(2);
    live.engine.finish();
    await advance(0);
    expect(live.engine.started).toBe(3);
    live.engine.finish();
    await advance(600_000);
    expect(live.engine.started).toBe(3);
    live.stop();
  });
});

describe('the live show: rows held back at the watermark', () => {
  it(`pulls again after the guard when the answer held rows back, at most ${LIVE_HELD_BACK_PULLS} times in a row`, async () => {
    const live = setup({ random: () => 0 });
    await subscribed(live);
    live.engine.heldBack = true; // an import holds the watermark back for minutes
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS);
    expect(live.engine.started).toBe(2);
    let at = 0;
    for (let n = 0; n < LIVE_HELD_BACK_PULLS; n++) {
      const delay = LIVE_GUARD_MS * 2 ** n;
      await advance(delay - 1);
      expect(live.engine.started, `follow-up ${n + 1} not before ${delay} ms`).toBe(2 + n);
      await advance(1);
      expect(live.engine.started, `follow-up ${n + 1} at ${delay} ms`).toBe(3 + n);
      at += delay;
    }
    await advance(600_000);
    expect(live.engine.started).toBe(2 + LIVE_HELD_BACK_PULLS);
    expect(at).toBe(LIVE_GUARD_MS * (2 ** LIVE_HELD_BACK_PULLS - 1));

    // A new poke starts the count again.
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS * 2);
    expect(live.engine.started).toBe(2 + LIVE_HELD_BACK_PULLS + 2);
    live.stop();
  });

  it('stops following up once an answer held nothing back', async () => {
    const live = setup({ random: () => 0 });
    await subscribed(live);
    live.engine.heldBack = true;
    live.channels.last.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS);
    live.engine.heldBack = false;
    await advance(LIVE_GUARD_MS);
    expect(live.engine.started).toBe(3);
    await advance(600_000);
    expect(live.engine.started).toBe(3);
    live.stop();
  });
});

describe('the live show: the socket follows the page', () => {
  it('hidden: leaves the channel, is not live, and pulls nothing, poked or held back; visible: subscribes again', async () => {
    const live = setup({ random: () => 0 });
    await subscribed(live);
    const first = live.channels.last;
    live.engine.heldBack = true;
    first.poke({ tables: ['event_schedule'] });
    await advance(LIVE_GUARD_MS); // pulled; a held-back follow-up is waiting
    expect(live.engine.started).toBe(2);
    first.poke({ tables: ['event_schedule'] }); // and a poke's pull
    live.setVisible(false);
    expect(first.close).toHaveBeenCalledTimes(1);
    expect(live.status.getState().live).toBe(false);
    first.poke({ tables: ['event_schedule'] }); // a late one on the old channel
    first.state('CLOSED'); // what supabase-js reports for our own leave
    await advance(3_600_000);
    expect(live.engine.started).toBe(2);
    expect(live.channels.opened).toHaveLength(1);

    live.engine.heldBack = false;
    live.setVisible(true);
    await advance(0);
    expect(live.channels.opened).toHaveLength(2);
    expect(live.channels.openCount).toBe(1);
    live.channels.last.state('SUBSCRIBED');
    expect(live.status.getState().live).toBe(true);
    live.stop();
    expect(live.channels.last.close).toHaveBeenCalledTimes(1);
    expect(live.status.getState().live).toBe(false);
  });

  it('opens the next channel only once the previous one has left (supabase-js would hand back the leaving one)', async () => {
    const live = setup();
    await subscribed(live);
    let left!: () => void;
    live.channels.last.close.mockImplementationOnce(() => new Promise<void>((resolve) => (left = resolve)));
    live.setVisible(false);
    live.setVisible(true);
    await advance(10_000);
    expect(live.channels.opened).toHaveLength(1);
    left();
    await advance(0);
    expect(live.channels.opened).toHaveLength(2);
    live.stop();
  });

  it('offline: not live, the channel left and nothing pulled; online: subscribes again', async () => {
    const live = setup();
    await subscribed(live);
    live.channels.last.poke({ tables: ['event_schedule'] });
    live.setOnline(false);
    expect(live.status.getState().live).toBe(false);
    expect(live.channels.last.close).toHaveBeenCalledTimes(1);
    await advance(600_000);
    expect(live.engine.started).toBe(1);
    live.setOnline(true);
    await advance(0);
    expect(live.channels.opened).toHaveLength(2);
    live.channels.last.state('SUBSCRIBED');
    expect(live.status.getState().live).toBe(true);
    live.stop();
  });

  it('a join that times out, errs or closes: not live, the channel left, subscribed again with backoff', async () => {
    const delays: number[] = [];
    const live = setup({
      resubscribeDelayMs: (attempt) => {
        delays.push(attempt);
        return 1_000 * 2 ** attempt;
      },
    });
    await advance(0);
    const failures: LiveChannelState[] = ['TIMED_OUT', 'CHANNEL_ERROR', 'CLOSED'];
    for (const [n, state] of failures.entries()) {
      live.channels.last.state(state);
      expect(live.status.getState().live, state).toBe(false);
      expect(live.channels.last.close, state).toHaveBeenCalledTimes(1);
      await advance(1_000 * 2 ** n - 1);
      expect(live.channels.opened, `${state}: not before the backoff`).toHaveLength(n + 1);
      await advance(1);
      expect(live.channels.opened, `${state}: after the backoff`).toHaveLength(n + 2);
    }
    expect(delays).toEqual([0, 1, 2]);
    live.channels.last.state('SUBSCRIBED');
    expect(live.status.getState().live).toBe(true);
    // Lost after a while: the backoff starts again from its first step.
    live.channels.last.state('CHANNEL_ERROR');
    expect(delays).toEqual([0, 1, 2, 0]);
    live.stop();
    await advance(600_000);
    expect(live.channels.opened).toHaveLength(4);
  });
});

describe('the periodic pull follows `live`', () => {
  it(`relaxes to ${LIVE_RELAXED_INTERVAL_MS / 60_000} min while live; back to ${SYNC_INTERVAL_MS / 1000} s when the socket falls`, async () => {
    const live = setup({ random: () => 0 });
    const triggers = startSyncTriggers(live.engine, { target: live.target, doc: live.doc, status: live.status, isOnline: () => true });
    expect(live.engine.started).toBe(1); // the start's pull
    await advance(SYNC_INTERVAL_MS);
    expect(live.engine.started).toBe(2);

    live.channels.last.state('SUBSCRIBED');
    await advance(LIVE_GUARD_MS); // the catch-up pull
    expect(live.engine.started).toBe(3);
    await advance(LIVE_RELAXED_INTERVAL_MS - LIVE_GUARD_MS - 1);
    expect(live.engine.started).toBe(3);
    await advance(1);
    expect(live.engine.started).toBe(4);

    live.channels.last.state('TIMED_OUT');
    await advance(SYNC_INTERVAL_MS - 1);
    expect(live.engine.started).toBe(4);
    await advance(1);
    expect(live.engine.started).toBe(5);
    await advance(SYNC_INTERVAL_MS);
    expect(live.engine.started).toBe(6);
    triggers();
    live.stop();
  });

  it('becoming visible: one pull (the triggers) and one subscription; no pull while hidden', async () => {
    const live = setup({ random: () => 0 });
    const triggers = startSyncTriggers(live.engine, { target: live.target, doc: live.doc, status: live.status, isOnline: () => true });
    await advance(0);
    live.channels.last.state('SUBSCRIBED');
    await advance(LIVE_GUARD_MS);
    expect(live.engine.started).toBe(2);
    live.setVisible(false);
    await advance(3_600_000);
    expect(live.engine.started).toBe(2);
    live.setVisible(true);
    expect(live.engine.started).toBe(3);
    await advance(0);
    expect(live.channels.opened).toHaveLength(2);
    expect(live.channels.openCount).toBe(1);
    triggers();
    live.stop();
  });
});

describe('liveChannelOf: the subscription through supabase-js', () => {
  /** A WebSocket that never opens: the join is never answered. */
  class SilentSocket {
    readyState = 0;
    binaryType = 'arraybuffer';
    onopen = null;
    onclose = null;
    onerror = null;
    onmessage = null;
    send() {}
    close() {}
  }

  it('joins the public topic for the poke event, reports a join that times out, and leaves', async () => {
    const client = createClient('http://127.0.0.1:9', 'anon-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: SilentSocket as never, timeout: LIVE_JOIN_TIMEOUT_MS },
    });
    const states: LiveChannelState[] = [];
    const channel = liveChannelOf(client)(
      () => undefined,
      (s) => states.push(s),
    );
    const [joined] = client.getChannels();
    expect(joined?.topic).toBe(`realtime:${LIVE_TOPIC}`);
    expect(joined?.params.config).toMatchObject({ broadcast: { self: false }, private: false });
    expect((joined as unknown as { bindings: Record<string, { filter: unknown }[]> }).bindings.broadcast?.map((b) => b.filter)).toEqual([{ event: LIVE_EVENT }]);

    await advance(LIVE_JOIN_TIMEOUT_MS - 1);
    expect(states).toEqual([]);
    await advance(1);
    expect(states).toEqual(['TIMED_OUT']);
    await channel.close();
    expect(client.getChannels()).toEqual([]);
  });
});

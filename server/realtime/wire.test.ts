// Phoenix frames both serializers carry, and the poke's spread: tables of input → expected output.
import { describe, expect, it } from 'vitest';
import { LIVE_MAX_SPREAD_MS, LIVE_MIN_SPREAD_MS } from '../../shared/live.ts';
import { LIVE_PULL_BUDGET_PER_S, spreadMs } from './broadcasts.ts';
import { decodeFrame, encodeFrame, readVsn, reply } from './wire.ts';

const heartbeat = { join_ref: null, ref: '7', topic: 'phoenix', event: 'heartbeat', payload: {} };

describe('Phoenix frames', () => {
  it.each([
    ['2.0.0', '[null,"7","phoenix","heartbeat",{}]', heartbeat],
    ['1.0.0', '{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"7","join_ref":null}', heartbeat],
    ['1.0.0', '{"topic":"phoenix","event":"heartbeat","ref":7}', heartbeat],
    ['2.0.0', '["1","2","realtime:t","phx_join",{"config":{}}]', { join_ref: '1', ref: '2', topic: 'realtime:t', event: 'phx_join', payload: { config: {} } }],
    ['2.0.0', '{"topic":"phoenix","event":"heartbeat"}', null],
    ['1.0.0', '[null,"7","phoenix","heartbeat",{}]', null],
    ['2.0.0', '[null,"7","phoenix","heartbeat"]', null],
    ['2.0.0', '[null,"7",1,"heartbeat",{}]', null],
    ['2.0.0', 'not json', null],
  ] as const)('%s %s', (vsn, text, expected) => {
    expect(decodeFrame(text, vsn)).toEqual(expected);
  });

  it('encodes a reply in each serializer', () => {
    const r = reply(heartbeat, 'ok', {});
    expect(encodeFrame(r, '2.0.0')).toBe('[null,"7","phoenix","phx_reply",{"status":"ok","response":{}}]');
    expect(JSON.parse(encodeFrame(r, '1.0.0'))).toEqual({ join_ref: null, ref: '7', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
  });

  it.each([
    [null, '1.0.0'],
    ['1.0.0', '1.0.0'],
    ['2.0.0', '2.0.0'],
    ['3.0.0', null],
    ['', null],
  ] as const)('vsn %s is %s', (param, vsn) => {
    expect(readVsn(param)).toBe(vsn);
  });
});

describe('the poke spread', () => {
  it.each([
    [0, LIVE_MIN_SPREAD_MS],
    [1, LIVE_MIN_SPREAD_MS],
    [LIVE_PULL_BUDGET_PER_S, 1_000],
    [2 * LIVE_PULL_BUDGET_PER_S, 2_000],
    [10 * LIVE_PULL_BUDGET_PER_S, 10_000],
    [100 * LIVE_PULL_BUDGET_PER_S, LIVE_MAX_SPREAD_MS],
    [100_000, LIVE_MAX_SPREAD_MS],
  ])('%i subscribers spread over %i ms', (subscribers, ms) => {
    expect(spreadMs(subscribers)).toBe(ms);
  });
});

// The ring-side screen's view of a ring: the mirror's calls and results with this device's outbox laid over.
import { describe, expect, it } from 'vitest';
import type { RingCall, RingSideAction, RingSideItem, ShowResult } from '../../src/data/mirror.ts';
import { ringAwards, ringCalls, SENT_OVERLAY_MS, usedAwards } from '../../src/features/organiser/ring-side-state.ts';

const NOW = Date.parse('2026-12-12T12:00:00Z');
let seq = 0;

function item(action: RingSideAction, status: RingSideItem['status'] = 'queued', extra: Partial<RingSideItem> = {}): RingSideItem {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    kind: 'ring_side',
    status,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: status === 'failed' ? 'No cat numbered 9999 is in this show’s catalogue' : null,
    createdAt: NOW - 10_000 + seq,
    sendingSince: null,
    sentAt: status === 'sent' ? NOW - 1_000 : null,
    payload: { user_id: '00000000-0000-4000-8000-000000000000', event_id: 1, label: action.type, action },
    result: null,
    ...extra,
  };
}

function call(id: number, numbers: string[], status: RingCall['status'] = 'called', ring = 'Ring 1'): RingCall {
  return {
    id,
    event_id: 1,
    ring,
    label: null,
    catalogue_numbers: numbers,
    status,
    called_at: `2026-12-12T11:0${id}:00Z`,
    status_at: '2026-12-12T11:00:00Z',
    updated_at: '2026-12-12T11:00:00Z',
  } as RingCall;
}

describe('a ring’s calls', () => {
  it('lists the mirror’s calls of the ring, newest first', () => {
    const views = ringCalls([call(1, ['251']), call(2, ['252'], 'judging'), call(3, ['253'], 'called', 'Ring 2')], [], 'ring 1', NOW);
    expect(views.map((v) => [v.key, v.status, v.ref])).toEqual([
      ['call-2', 'judging', { call_id: 2 }],
      ['call-1', 'called', { call_id: 1 }],
    ]);
  });

  it('shows a call made offline at once, and moves it on by the operation that made it', () => {
    const made = item({ type: 'call', ring: 'Ring 1', label: 'Kittens', numbers: ['251', '252'] });
    const done = item({ type: 'call_status', created_by: made.id, status: 'done' });
    const [view] = ringCalls([], [made, done], 'Ring 1', NOW);
    expect(view).toMatchObject({ key: `op-${made.id}`, ref: { created_by: made.id }, numbers: ['251', '252'], label: 'Kittens', status: 'done', latest: done });
  });

  it('joins a sent call to its mirrored row, and a later status to it, until the mirror has caught up', () => {
    const made = item({ type: 'call', ring: 'Ring 1', label: null, numbers: ['251'] }, 'sent', { result: { call_id: 7 } });
    const judging = item({ type: 'call_status', created_by: made.id, status: 'judging' }, 'queued');
    expect(ringCalls([call(7, ['251'])], [made, judging], 'Ring 1', NOW)).toEqual([
      expect.objectContaining({ key: 'call-7', ref: { call_id: 7 }, status: 'judging', latest: judging }),
    ]);
    // Sent long ago: the mirror's row speaks for itself.
    const old = { ...judging, status: 'sent' as const, sentAt: NOW - SENT_OVERLAY_MS - 1 };
    expect(ringCalls([call(7, ['251'], 'done')], [made, old], 'Ring 1', NOW)[0]).toMatchObject({ status: 'done', latest: old });
    // A call sent long ago and no longer mirrored (withdrawn elsewhere) is not shown again.
    expect(ringCalls([], [{ ...made, sentAt: NOW - SENT_OVERLAY_MS - 1 }], 'Ring 1', NOW)).toEqual([]);
  });

  it('keeps a refused action’s state in words without applying it', () => {
    const refused = item({ type: 'withdraw_call', call_id: 1 }, 'failed');
    expect(ringCalls([call(1, ['251'])], [refused], 'Ring 1', NOW)[0]).toMatchObject({ withdrawn: false, latest: refused });
    const withdrawing = item({ type: 'withdraw_call', call_id: 1 });
    expect(ringCalls([call(1, ['251'])], [withdrawing], 'Ring 1', NOW)[0]).toMatchObject({ withdrawn: true });
  });
});

function result(id: number, award: string, entry: number, place: number | null): ShowResult {
  return {
    id,
    event_id: 1,
    ring: 'Ring 1',
    award,
    place,
    entry_id: entry,
    judge: 'Anna',
    kind: 'judging',
    published: true,
    published_at: '2026-12-12T11:00:00Z',
    updated_at: '',
  } as ShowResult;
}

describe('a ring’s results', () => {
  const numberOf = (id: number) => String(250 + id);
  const base = { drafts: [], draftsAt: NOW - 5_000, published: [], items: [], ring: 'Ring 1', numberOf };

  it('groups drafts and published results by award, places in order', () => {
    const views = ringAwards({
      ...base,
      drafts: [
        { award: 'Best Kitten', place: 2, entry_id: 1, judge: 'Anna' },
        { award: 'Best Kitten', place: 1, entry_id: 3, judge: 'Anna' },
      ],
      published: [result(1, 'EX1', 5, null), result(2, 'EX1', 2, null)],
    });
    expect(views.map((v) => [v.award, v.places, v.rows.map((r) => [r.number, r.place, r.published])])).toEqual([
      [
        'Best Kitten',
        true,
        [
          ['253', 1, false],
          ['251', 2, false],
        ],
      ],
      [
        'EX1',
        false,
        [
          ['252', null, true],
          ['255', null, true],
        ],
      ],
    ]);
  });

  it('lays this device’s final, award, withdraw and publish over them in order', () => {
    const final = item({ type: 'final', ring: 'Ring 1', award: 'Best Kitten', judge: null, numbers: ['252', '251'] });
    const ex1 = item({ type: 'award', ring: 'Ring 1', award: 'EX1', judge: 'Ben', numbers: ['254'] });
    const publish = item({ type: 'publish', ring: 'Ring 1', award: 'Best Kitten' });
    const withdraw = item({ type: 'withdraw', ring: 'Ring 1', award: 'EX1', numbers: ['252'] });
    const views = ringAwards({
      ...base,
      drafts: [{ award: 'Best Kitten', place: 1, entry_id: 3, judge: 'Anna' }],
      published: [result(2, 'EX1', 2, null)],
      items: [final, ex1, publish, withdraw],
    });
    expect(views.map((v) => [v.award, v.judge, v.latest?.id, v.rows.map((r) => [r.number, r.place, r.published])])).toEqual([
      [
        'Best Kitten',
        'Anna',
        publish.id,
        [
          ['252', 1, true],
          ['251', 2, true],
        ],
      ],
      ['EX1', 'Ben', withdraw.id, [['254', null, false]]],
    ]);
  });

  it('leaves an item sent before the drafts were read to the drafts, and a refused one unapplied', () => {
    const sent = item({ type: 'withdraw', ring: 'Ring 1', award: 'Best Kitten', numbers: null }, 'sent', { sentAt: NOW - 10_000 });
    const refused = item({ type: 'final', ring: 'Ring 1', award: 'Best Kitten', judge: null, numbers: ['9999'] }, 'failed');
    const views = ringAwards({ ...base, drafts: [{ award: 'Best Kitten', place: 1, entry_id: 3, judge: null }], items: [sent, refused] });
    expect(views.map((v) => [v.award, v.rows.map((r) => r.number), v.latest?.status])).toEqual([['Best Kitten', ['253'], 'failed']]);
  });

  it('suggests the awards already used at the show, each once', () => {
    expect(
      usedAwards(
        [result(1, 'EX1', 1, null)],
        [{ award: 'Best Kitten', place: 1, entry_id: 1, judge: null }],
        [item({ type: 'award', ring: null, award: 'NOM', judge: null, numbers: ['1'] }), item({ type: 'publish', ring: 'Ring 1', award: null })],
      ),
    ).toEqual(['Best Kitten', 'EX1', 'NOM']);
  });
});

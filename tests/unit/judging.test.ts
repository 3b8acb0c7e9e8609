// The judging as visitors follow it: the rules of src/lib/judging.ts (rings, where a cat stands, /results'
// groups, which of a starred cat's calls and results are news) and the words of src/ui/judging-texts.ts.
import { describe, expect, it } from 'vitest';
import type { RingCall, ShowResult } from '../../shared/row-schemas.ts';
import { catStandings, clockAt, eventRings, groupResults, RING_NOTICE_RECENT_MS, ringNotices, unseenNotices } from '../../src/lib/judging.ts';
import { JUDGING_TEXTS as T, ordinal } from '../../src/ui/judging-texts.ts';

const NOW = Date.parse('2026-11-28T13:30:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function call(id: number, ring: string, numbers: string[], status: RingCall['status'], at: string, eventId = 1): RingCall {
  return { id, event_id: eventId, ring, label: null, catalogue_numbers: numbers, status, called_at: at, status_at: at, updated_at: at };
}

function result(
  id: number,
  entryId: number,
  award: string,
  place: number | null,
  ring: string | null,
  at: string | null,
  kind: ShowResult['kind'] = 'judging',
): ShowResult {
  return { id, event_id: 1, ring, award, place, entry_id: entryId, judge: null, kind, published_at: at, updated_at: at ?? minutesAgo(0) };
}

describe('the words', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [101, '101st'],
    [111, '111th'],
  ])('%i is %s', (n, word) => expect(ordinal(n)).toBe(word));

  it("says a call's state with its time, and the notices as the brief words them", () => {
    expect(T.callState('called', '14:02')).toBe('Called 14:02');
    expect(T.callState('judging', '14:05')).toBe('Judging since 14:05');
    expect(T.callState('done', '14:30')).toBe('Done 14:30');
    expect(T.noticeCalled('52', 'Bella', 'Ring 3')).toBe('52 Bella is called to Ring 3');
    expect(T.noticeJudging('52', 'Bella', 'Ring 3')).toBe('52 Bella is being judged in Ring 3');
    expect(T.noticeResult('52', 'Bella', { award: 'Best Kitten', kind: 'judging', place: 1, ring: 'Ring 3' })).toBe('52 Bella placed 1st — Best Kitten, Ring 3');
    expect(T.noticeResult('52', 'Bella', { award: 'EX1', kind: 'judging', place: null, ring: 'Ring 3' })).toBe('52 Bella awarded EX1 — Ring 3');
    expect(T.noticeResult('52', 'Bella', { award: 'Best in Show', kind: 'judging', place: 1, ring: null })).toBe('52 Bella placed 1st — Best in Show');
    // The poll's winners carry its name and a place, never a count.
    expect(T.noticeResult('52', 'Bella', { award: 'anything', kind: 'visitors_choice', place: 2, ring: null })).toBe("52 Bella placed 2nd — Visitor's Choice");
  });

  it("words a cat's award with its place, ring and judge", () => {
    expect(T.catAward({ award: 'Best Kitten', kind: 'judging', place: 1, ring: 'Ring 3', judge: 'Anna Berg' })).toBe('1st, Best Kitten — Ring 3, judge Anna Berg');
    expect(T.catAward({ award: 'EX1', kind: 'judging', place: null, ring: 'Ring 1', judge: null })).toBe('EX1 — Ring 1');
    expect(T.catAward({ award: "Visitor's Choice", kind: 'visitors_choice', place: 1, ring: null, judge: null })).toBe("1st, Visitor's Choice");
    expect(T.catCall('Ring 2', 'judging', '14:05')).toBe('Ring 2: Judging since 14:05');
  });

  it("says the time on the venue's clock, and the age offline as of it", () => {
    expect(clockAt('2026-11-28T13:02:00Z', 'Europe/Amsterdam')).toBe('14:02');
    expect(clockAt(Date.parse('2026-11-28T13:02:59Z'), 'Europe/London')).toBe('13:02');
    expect(T.ageLine(false, '14:02')).toBe('Offline: the last known state, as of 14:02');
    expect(T.ageLine(true, '14:02')).toBe('Last updated 14:02');
  });
});

describe('the rings of an event', () => {
  it("takes the plan's rings, the calls' and results', and the schedule's locations named as rings, once each, in hall order", () => {
    const rings = eventRings(
      ['Ring 10', 'Stage', 'ring 2', null, 'Main ring', 'Ringside café'],
      ['Ring 2', 'Ring 1'],
      [call(1, 'Ring 3', ['1'], 'called', minutesAgo(1))],
      [result(1, 1, 'BIS', 1, null, minutesAgo(1)), result(2, 1, 'EX1', null, 'Ring 1 ', minutesAgo(1))],
    );
    expect(rings).toEqual(['Main ring', 'Ring 1', 'Ring 2', 'Ring 3', 'Ring 10']);
  });
});

describe("where the catalogue's cats stand", () => {
  it('marks each number with its newest open call, never a done one, and each entry placed or awarded', () => {
    const s = catStandings(
      [
        call(1, 'Ring 1', ['1', '2'], 'done', minutesAgo(60)),
        call(2, 'Ring 2', ['2', '3'], 'judging', minutesAgo(10)),
        call(3, 'Ring 4', ['3'], 'called', minutesAgo(2)),
      ],
      [
        { entry_id: 10, place: null },
        { entry_id: 10, place: 2 },
        { entry_id: 11, place: null },
        { entry_id: 12, place: 1 },
        { entry_id: 12, place: null },
      ],
    );
    expect(s.callOf.has('1')).toBe(false);
    expect([s.callOf.get('2')?.ring, s.callOf.get('2')?.status]).toEqual(['Ring 2', 'judging']);
    expect([s.callOf.get('3')?.ring, s.callOf.get('3')?.status]).toEqual(['Ring 4', 'called']);
    expect([...s.awardOf]).toEqual([
      [10, 'placed'],
      [11, 'awarded'],
      [12, 'placed'],
    ]);
  });
});

describe("/results' groups", () => {
  const cat = (n: string) => ({ catalogue_number: n });
  it("puts Visitor's Choice, then the show's awards, then each ring in hall order; awards newest first; places in order, unplaced last by number", () => {
    const rows = [
      { ...result(1, 1, 'Best Kitten', 2, 'Ring 10', minutesAgo(30)), cat: cat('12') },
      { ...result(2, 2, 'Best Kitten', 1, 'Ring 10', minutesAgo(30)), cat: cat('7') },
      { ...result(3, 3, 'EX1', null, 'Ring 10', minutesAgo(5)), cat: cat('52A') },
      { ...result(4, 4, 'EX1', null, 'Ring 10', minutesAgo(5)), cat: cat('52') },
      { ...result(5, 5, 'Best Adult', 1, 'Ring 2', minutesAgo(50)), cat: cat('3') },
      { ...result(6, 6, 'Best in Show', 1, null, minutesAgo(1)), cat: cat('3') },
      { ...result(7, 7, "Visitor's Choice", 1, null, minutesAgo(100), 'visitors_choice'), cat: cat('9') },
    ];
    const groups = groupResults(rows);
    expect(groups.map((g) => [g.kind, g.ring])).toEqual([
      ['visitors_choice', null],
      ['show', null],
      ['ring', 'Ring 2'],
      ['ring', 'Ring 10'],
    ]);
    const ring10 = groups[3]!;
    expect(ring10.awards.map((a) => a.award)).toEqual(['EX1', 'Best Kitten']);
    expect(ring10.awards[0]!.results.map((r) => r.cat.catalogue_number)).toEqual(['52', '52A']);
    expect(ring10.awards[1]!.results.map((r) => [r.place, r.cat.catalogue_number])).toEqual([
      [1, '7'],
      [2, '12'],
    ]);
  });
});

describe("a starred cat's notices", () => {
  const bella = { entryId: 52, eventId: 1, number: '52', name: 'Bella' };
  const other = { entryId: 60, eventId: 2, number: '52', name: 'Same number, another show' };

  it('tells of an open call naming the cat, once per call and state, in its own show only', () => {
    const calls = [call(1, 'Ring 3', ['51', '52', '53'], 'called', minutesAgo(2)), call(2, 'Ring 1', ['1'], 'called', minutesAgo(1))];
    const notices = ringNotices([bella, other], calls, [], NOW);
    expect(notices.map((n) => [n.key, n.cat.name])).toEqual([['call:1:called:52', 'Bella']]);
    // Judging is a new state of the same call: news again, under another key.
    const judging = ringNotices([bella], [{ ...calls[0]!, status: 'judging', status_at: minutesAgo(0) }], [], NOW);
    expect(judging.map((n) => n.key)).toEqual(['call:1:judging:52']);
    // Done is not news; nor is a call hours old.
    expect(ringNotices([bella], [{ ...calls[0]!, status: 'done' }], [], NOW)).toEqual([]);
    const old = new Date(NOW - RING_NOTICE_RECENT_MS - 1000).toISOString();
    expect(ringNotices([bella], [call(3, 'Ring 3', ['52'], 'called', old)], [], NOW)).toEqual([]);
  });

  it('tells of each published result of the cat, again when its place is corrected, oldest first', () => {
    const results = [
      result(7, 52, 'Best Kitten', 1, 'Ring 3', minutesAgo(1)),
      result(8, 52, 'EX1', null, 'Ring 3', minutesAgo(3)),
      result(9, 99, 'EX1', null, 'Ring 3', minutesAgo(1)),
    ];
    expect(ringNotices([bella], [], results, NOW).map((n) => n.key)).toEqual(['result:8:-:EX1', 'result:7:1:Best Kitten']);
    expect(ringNotices([bella], [], [{ ...results[0]!, place: 2 }], NOW).map((n) => n.key)).toEqual(['result:7:2:Best Kitten']);
    expect(ringNotices([bella], [], [result(10, 52, 'BIS', 1, null, null)], NOW)).toEqual([]);
  });

  it('leaves out what was seen, so a call or a result in the same state is told once', () => {
    const first = ringNotices([bella], [call(1, 'Ring 3', ['52'], 'called', minutesAgo(2))], [], NOW);
    const seen = new Set(first.map((n) => n.key));
    expect(unseenNotices(first, seen)).toEqual([]);
    const later = ringNotices([bella], [call(1, 'Ring 3', ['52'], 'judging', minutesAgo(1))], [result(7, 52, 'Best Kitten', 1, 'Ring 3', minutesAgo(0))], NOW);
    expect(unseenNotices([...first, ...later], seen).map((n) => n.key)).toEqual(['call:1:judging:52', 'result:7:1:Best Kitten']);
  });
});

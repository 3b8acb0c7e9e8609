import { describe, expect, it } from 'vitest';
import { foldedDaySummary, groupSessions, listDays, NO_LOCATION, type PlacedSession } from './group-sessions.ts';

const session = (id: number, schedule_date: string, start_time: string, location: string | null): PlacedSession => ({ id, schedule_date, start_time, location });

/** A grouping written as `date: location [ids]`, one line per location, to read the tables at a glance. */
function outline(sessions: PlacedSession[]): string[] {
  return groupSessions(sessions).flatMap((day) => day.places.map((place) => `${day.date}: ${place.location} [${place.sessions.map((s) => s.id).join(',')}]`));
}

describe('groupSessions', () => {
  it.each([
    ['no sessions', [], []],
    ['one session', [session(1, '2026-05-02', '10:00:00', 'Ring 1')], ['2026-05-02: Ring 1 [1]']],
    [
      'days in date order, whatever order the rows came in',
      [session(1, '2026-05-03', '09:00:00', 'Ring 1'), session(2, '2026-05-02', '15:00:00', 'Ring 1')],
      ['2026-05-02: Ring 1 [2]', '2026-05-03: Ring 1 [1]'],
    ],
    [
      'sessions of a location by start time, then by id',
      [session(3, '2026-05-02', '11:00:00', 'Ring 1'), session(2, '2026-05-02', '09:30:00', 'Ring 1'), session(1, '2026-05-02', '11:00:00', 'Ring 1')],
      ['2026-05-02: Ring 1 [2,1,3]'],
    ],
    [
      'locations of a day in code-unit order (capitals first), not in time order',
      [session(1, '2026-05-02', '09:00:00', 'ring 2'), session(2, '2026-05-02', '10:00:00', 'Ring 10'), session(3, '2026-05-02', '11:00:00', 'Hall')],
      ['2026-05-02: Hall [3]', '2026-05-02: Ring 10 [2]', '2026-05-02: ring 2 [1]'],
    ],
    [
      'a session without a location is listed under "No location", sorted among the others',
      [session(1, '2026-05-02', '09:00:00', null), session(2, '2026-05-02', '10:00:00', 'Main stage'), session(3, '2026-05-02', '08:00:00', 'Ring 1')],
      ['2026-05-02: Main stage [2]', `2026-05-02: ${NO_LOCATION} [1]`, '2026-05-02: Ring 1 [3]'],
    ],
    [
      'the same location on two days is two groups',
      [session(1, '2026-05-02', '09:00:00', 'Ring 1'), session(2, '2026-05-03', '09:00:00', 'Ring 1'), session(3, '2026-05-02', '10:00:00', 'Ring 2')],
      ['2026-05-02: Ring 1 [1]', '2026-05-02: Ring 2 [3]', '2026-05-03: Ring 1 [2]'],
    ],
    [
      'an empty location is a place of its own, not "No location"',
      [session(1, '2026-05-02', '09:00:00', ''), session(2, '2026-05-02', '10:00:00', null)],
      ['2026-05-02:  [1]', `2026-05-02: ${NO_LOCATION} [2]`],
    ],
  ] as const)('%s', (_, sessions, expected) => {
    expect(outline([...sessions])).toEqual(expected);
  });

  it('keeps each session object as it was given, and leaves the input in its order', () => {
    const input = [session(2, '2026-05-02', '10:00:00', 'Ring 1'), session(1, '2026-05-02', '09:00:00', 'Ring 1')];
    const [day] = groupSessions(input);
    expect(day).toEqual({ date: '2026-05-02', places: [{ location: 'Ring 1', sessions: [input[1], input[0]] }] });
    expect(day!.places[0]!.sessions[0]).toBe(input[1]);
    expect(input.map((s) => s.id)).toEqual([2, 1]);
  });
});

describe('listDays', () => {
  const days = groupSessions([
    session(1, '2026-05-01', '09:00:00', 'Ring 1'),
    session(2, '2026-05-01', '10:00:00', 'Ring 2'),
    session(3, '2026-05-02', '09:00:00', 'Ring 1'),
    session(4, '2026-05-03', '09:00:00', 'Ring 1'),
    session(5, '2026-05-03', '11:00:00', 'Ring 1'),
  ]);
  const outline = (today: string) => listDays(days, today).map((d) => `${d.date} ${d.folded ? 'folded' : 'open'} ${d.count}`);

  it.each([
    ['before the first day: every day open', '2026-04-30', ['2026-05-01 open 2', '2026-05-02 open 1', '2026-05-03 open 2']],
    ['on the first day: nothing folded', '2026-05-01', ['2026-05-01 open 2', '2026-05-02 open 1', '2026-05-03 open 2']],
    ['on the middle day: the first folded, today and the next open', '2026-05-02', ['2026-05-01 folded 2', '2026-05-02 open 1', '2026-05-03 open 2']],
    ['on the last day: the earlier two folded', '2026-05-03', ['2026-05-01 folded 2', '2026-05-02 folded 1', '2026-05-03 open 2']],
    ['after the show: every day folded', '2026-05-04', ['2026-05-01 folded 2', '2026-05-02 folded 1', '2026-05-03 folded 2']],
    ['a month later (dates compare as dates, not as text of other lengths)', '2026-06-01', ['2026-05-01 folded 2', '2026-05-02 folded 1', '2026-05-03 folded 2']],
  ])('%s', (_, today, expected) => {
    expect(outline(today)).toEqual(expected);
  });

  it('keeps the grouping as it was (days in order, each day’s places)', () => {
    expect(listDays(days, '2026-05-02').map(({ date, places }) => ({ date, places }))).toEqual(days);
  });

  it('says a folded day is over and how many sessions it holds', () => {
    expect(foldedDaySummary('Friday 1 May 2026', 48)).toBe('Friday 1 May 2026 (over, 48 sessions)');
    expect(foldedDaySummary('Friday 1 May 2026', 1)).toBe('Friday 1 May 2026 (over, 1 session)');
  });
});

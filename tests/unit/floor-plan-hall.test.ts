// The visitor's floor plan's pure rules (src/ui/floor-plan/hall.ts) and its links (shared/paths.ts), as tables:
// a place's name in words, the list's search, a ring's sessions now and next, what a link opens on, y flipped.
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths.ts';
import { groupPlaces, indexPlaces, placeName, planFocus, rectBounds, ringSessions, ringsJudgingNow, searchPlaces, type PlanPlace } from '../../src/ui/floor-plan/hall.ts';
import { FLOOR_PLAN_TEXTS as T } from '../../src/ui/floor-plan-texts.ts';

const place = (over: Partial<PlanPlace> & Pick<PlanPlace, 'id' | 'kind' | 'label'>): PlanPlace => ({
  facility: null,
  outline: null,
  location: null,
  pens: null,
  advertiserName: null,
  x: 0,
  y: 0,
  width: 100,
  height: 10,
  ...over,
});

const RING = place({ id: 1, kind: 'ring', label: 'Ring 1', location: 'Ring 1' });
const ROW_A = place({ id: 2, kind: 'benching', label: 'A', pens: 'A1-A20', x: 100, y: 200, width: 200, height: 20 });
const ROW_B = place({ id: 3, kind: 'benching', label: 'Row B', pens: 'B1-B10, B20-B11' });
const STAND = place({ id: 4, kind: 'stand', label: 'Stand 4', advertiserName: 'Whiskers & Co' });
const LOO = place({ id: 5, kind: 'facility', facility: 'toilets', label: 'WC north' });
const CAFE = place({ id: 6, kind: 'area', label: 'Café' });
const PLACES = [CAFE, LOO, STAND, ROW_B, ROW_A, RING];

describe('placeName', () => {
  it.each([
    [RING, 'Ring 1'],
    [place({ id: 8, kind: 'ring', label: 'Breeders Hall' }), 'Breeders Hall'],
    [ROW_A, 'Benching row A'],
    [ROW_B, 'Benching row B'],
    [place({ id: 10, kind: 'benching', label: 'Double row 3' }), 'Double row 3'],
    [STAND, 'Stand 4'],
    [place({ id: 9, kind: 'stand', label: '12' }), 'Stand 12'],
    [LOO, 'WC north'],
    [CAFE, 'Café'],
  ])('%o is named %s', (p, name) => expect(placeName(p)).toBe(name));
});

describe('groupPlaces', () => {
  it('lists rings, benching rows, stands, facilities, areas, leaving empty kinds out', () => {
    expect(groupPlaces(PLACES).map((g) => [g.kind, g.places.map((p) => p.id)])).toEqual([
      ['ring', [1]],
      ['benching', [3, 2]],
      ['stand', [4]],
      ['facility', [5]],
      ['area', [6]],
    ]);
    expect(groupPlaces([RING]).map((g) => g.kind)).toEqual(['ring']);
  });
});

describe('searchPlaces', () => {
  const index = indexPlaces(PLACES);
  it.each([
    ['', [6, 5, 4, 3, 2, 1]],
    ['A17', [2]],
    ['a 17', [2]],
    ['b15', [3]],
    ['A21', []],
    ['whisk', [4]],
    ['WHISKERS co', [4]],
    ['toilets', [5]],
    ['toil', [5]],
    ['cafe', [6]],
    ['CAFÉ', [6]],
    ['ring', [1]],
    ['stand', [4]],
    ['benching', [3, 2]],
    ['zebra', []],
  ])('%j finds %j', (query, ids) => expect(searchPlaces(index, query).map((p) => p.id)).toEqual(ids));
});

describe('ringSessions and ringsJudgingNow', () => {
  const ZONE = 'UTC';
  const s = (id: number, start: string, end: string, location: string | null = 'Ring 1', status: 'scheduled' | 'cancelled' = 'scheduled') => ({
    id,
    event_id: 1,
    schedule_date: '2026-11-29',
    start_time: start,
    end_time: end,
    location,
    status,
  });
  const sessions = [
    s(1, '09:00', '10:00'),
    s(2, '10:00', '11:00'),
    s(3, '11:00', '12:00', 'Ring 1', 'cancelled'),
    s(4, '13:00', '14:00'),
    s(5, '09:30', '10:30', 'Ring 2'),
  ];
  it('gives the session on now and the next to start, skipping cancelled ones', () => {
    const at = new Date('2026-11-29T10:45:00Z');
    expect(ringSessions(sessions, 'Ring 1', at, ZONE)).toEqual({ now: [sessions[1]], next: sessions[3] });
    expect([...ringsJudgingNow(sessions, at, ZONE)]).toEqual(['Ring 1']);
  });
  it('says nothing is on between sessions, and nothing next after the last', () => {
    expect(ringSessions(sessions, 'Ring 1', new Date('2026-11-29T12:30:00Z'), ZONE)).toEqual({ now: [], next: sessions[3] });
    expect(ringSessions(sessions, 'Ring 1', new Date('2026-11-29T15:00:00Z'), ZONE)).toEqual({ now: [], next: null });
  });
  it('a cancelled session is not judging now', () => {
    expect([...ringsJudgingNow(sessions, new Date('2026-11-29T11:30:00Z'), ZONE)]).toEqual([]);
    expect([...ringsJudgingNow(sessions, new Date('2026-11-29T09:45:00Z'), ZONE)].sort()).toEqual(['Ring 1', 'Ring 2']);
  });
});

describe('planFocus', () => {
  const focus = (query: string) => planFocus(PLACES, new URLSearchParams(query));
  it('reads a pen: its row outlined, its slice, the sentence', () => {
    expect(focus('pen=a17')).toEqual({
      placeIds: [2],
      penRects: [{ pen: 'A17', rect: { x: 260, y: 200, width: 10, height: 20 } }],
      message: 'Pen A17 is in benching row A.',
    });
  });
  it('reads several pens, in rows of either spelling, and names the missing one', () => {
    const f = focus('pen=B12,A1,Z9');
    expect(f?.placeIds).toEqual([3, 2]);
    expect(f?.message).toBe('Pen B12 is in benching row B. Pen A1 is in benching row A. Pen Z9 is not on this plan.');
  });
  it('reads a place: a stand says its advertiser', () => {
    expect(focus('place=4')?.message).toBe(T.standOf('Whiskers & Co', 'Stand 4'));
    expect(focus('place=1')).toEqual({ placeIds: [1], penRects: [], message: 'Ring 1 is highlighted on the plan.' });
    expect(focus('place=99')).toEqual({ placeIds: [], penRects: [], message: T.placeMissing });
  });
  it('is null without a focus', () => {
    expect(focus('')).toBeNull();
    expect(focus('pen=')).toBeNull();
  });
});

describe('rectBounds', () => {
  it("flips the plan's y (down from the top) into Leaflet's lat (up from the bottom)", () => {
    expect(rectBounds({ x: 10, y: 20, width: 30, height: 40 }, 100)).toEqual([
      [40, 10],
      [80, 40],
    ]);
  });
});

describe('paths.floorPlan', () => {
  it.each([
    [paths.floorPlan(), '/floor-plan'],
    [paths.floorPlan(7), '/floor-plan/7'],
    [paths.floorPlan(7, { place: 12 }), '/floor-plan/7?place=12'],
    [paths.floorPlan(7, { pens: ['A17'] }), '/floor-plan/7?pen=A17'],
    [paths.floorPlan(7, { pens: ['A17', 'B 3'] }), '/floor-plan/7?pen=A17,B%203'],
    [paths.floorPlan(7, { pens: [] }), '/floor-plan/7'],
  ])('%s', (built, expected) => expect(built).toBe(expected));
});

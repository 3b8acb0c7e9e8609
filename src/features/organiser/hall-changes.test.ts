import { describe, expect, it } from 'vitest';
import type { Place, PlaceDraft, PlaceItem } from '../../data/mirror.ts';
import { currentKey, drawnPlaces, moved, resized, undoOf } from './hall-changes.ts';

const PLAN = { width: 1000, height: 600 };
const draft = (over: Partial<PlaceDraft> = {}): PlaceDraft => ({
  kind: 'area',
  facility: null,
  label: 'Area',
  x: 100,
  y: 100,
  width: 200,
  height: 100,
  outline: null,
  location: null,
  pens: null,
  advertiser_id: null,
  ...over,
});
const stored = (id: number, over: Partial<PlaceDraft> = {}, updated_at = '2026-11-29T04:00:00.000Z'): Place => ({
  ...draft(over),
  id,
  floor_plan_id: 3,
  updated_at,
});
let n = 0;
const item = (action: Partial<PlaceItem['payload']['action']>, over: Partial<PlaceItem> = {}): PlaceItem => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  kind: 'floor_place',
  status: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: n,
  sendingSince: null,
  sentAt: null,
  result: null,
  payload: { user_id: 'u', label: 'l', action: { type: 'change_place', floor_plan_id: 3, place_id: null, created_by: null, place: draft(), ...action } },
  ...over,
});
const shown = (places: ReturnType<typeof drawnPlaces>) => places.map((p) => `${p.key} ${p.label} ${p.x},${p.y}${p.pending ? ' pending' : ''}`);

describe('drawnPlaces: the mirror with the organiser’s changes on their way drawn over it', () => {
  it('draws a queued new place, then a move of it named by the operation that drew it', () => {
    const draw = item({ place: draft({ label: 'New' }) });
    const move = item({ created_by: draw.id, place: draft({ label: 'New', x: 500 }) });
    expect(shown(drawnPlaces([stored(1, { label: 'Ring 1' })], [draw, move], 0))).toEqual([`o${draw.id} New 500,100 pending`, 'p1 Ring 1 100,100']);
  });

  it('leaves out a refused change: the drawing is what is stored', () => {
    const refused = item({ place_id: 1, place: draft({ label: 'Ring 9', kind: 'ring', location: 'Ring 9' }) }, { status: 'failed' });
    expect(shown(drawnPlaces([stored(1, { label: 'Ring 1' })], [refused], 0))).toEqual(['p1 Ring 1 100,100']);
  });

  it('shows a sent change until the mirror has the row as stored, then the mirror’s row', () => {
    const sent = item({ place_id: 1, place: draft({ x: 300 }) }, { status: 'sent', sentAt: 1_000, result: { place_id: 1, updated_at: '2026-11-29T04:05:00.000Z' } });
    expect(shown(drawnPlaces([stored(1)], [sent], 2_000))).toEqual(['p1 Area 300,100']);
    // The mirror caught up (or someone changed it since): the mirror's row shows.
    expect(shown(drawnPlaces([stored(1, { x: 310 }, '2026-11-29T04:05:00.000Z')], [sent], 2_000))).toEqual(['p1 Area 310,100']);
  });

  it('names a drawn place by its id once the server numbered it; a sent delete hides the row until the mirror drops it', () => {
    const draw = item({ place: draft({ label: 'New' }) }, { status: 'sent', sentAt: 1_000, result: { place_id: 7, updated_at: '2026-11-29T04:05:00.000Z' } });
    expect(currentKey(`o${draw.id}`, [draw])).toBe('p7');
    expect(shown(drawnPlaces([], [draw], 2_000))).toEqual(['p7 New 100,100']);
    // A minute on, a row the mirror still lacks was deleted elsewhere: not drawn again.
    expect(shown(drawnPlaces([], [draw], 120_000))).toEqual([]);
    const gone = item({ place_id: 1, place: null }, { status: 'sent', sentAt: 1_000, result: { place_id: 1, updated_at: null } });
    expect(shown(drawnPlaces([stored(1)], [gone], 2_000))).toEqual([]);
  });
});

describe('moving and resizing', () => {
  it('keeps a moved place on the plan, its outline with it', () => {
    const p = draft({
      outline: [
        [100, 100],
        [300, 100],
        [200, 200],
      ],
    });
    expect(moved(p, 50, -20, PLAN)).toMatchObject({
      x: 150,
      y: 80,
      outline: [
        [150, 80],
        [350, 80],
        [250, 180],
      ],
    });
    expect(moved(p, 5_000, 5_000, PLAN)).toMatchObject({ x: 800, y: 500 });
  });

  it('resizes from a corner, the opposite corner fixed, never smaller than a hundredth of the plan', () => {
    expect(resized(draft(), 'se', { x: 400, y: 300 }, PLAN)).toMatchObject({ x: 100, y: 100, width: 300, height: 200 });
    expect(resized(draft(), 'nw', { x: 50, y: 40 }, PLAN)).toMatchObject({ x: 50, y: 40, width: 250, height: 160 });
    expect(resized(draft(), 'nw', { x: 900, y: 900 }, PLAN)).toMatchObject({ x: 290, y: 190, width: 10, height: 10 });
  });
});

describe('undoOf', () => {
  const here = { ...draft({ x: 400 }), key: 'p1', pending: false };
  it('deletes a place drawn, draws a deleted one again, puts a changed one back', () => {
    expect(undoOf({ key: 'p1', before: null, after: draft() }, here)).toEqual({ key: 'p1', place: null });
    expect(undoOf({ key: 'p1', before: draft(), after: null }, undefined)).toEqual({ key: null, place: draft() });
    expect(undoOf({ key: 'p1', before: draft(), after: draft({ x: 400 }) }, here)).toEqual({ key: 'p1', place: draft() });
  });
  it('has nothing to undo on a place deleted since', () => {
    expect(undoOf({ key: 'p1', before: draft(), after: draft({ x: 400 }) }, undefined)).toBe('gone');
  });
});

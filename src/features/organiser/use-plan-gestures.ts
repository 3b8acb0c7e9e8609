// The floor-plan editor's hands: drawing a place (drag on an empty part of the plan), moving one (drag
// it), resizing one (drag a corner), with a mouse, a finger or a pen alike (pointer events, captured by
// the plan); and the keys on a focused place (arrows move it, Shift ten times as far; Delete deletes it).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { PlaceDraft } from '../../data/mirror.ts';
import { FLOOR_PLAN_EDITOR_TEXTS as T } from './floor-plan-editor-texts.ts';
import { draftOf, minSide, moved, rectBetween, resized, type Corner, type EditorPlace, type PlaceKey, type PlanBox } from './hall-changes.ts';
import type { PlaceChanges } from './use-place-changes.ts';

/** A keyboard move is sent once the keys rest this long: one change for a run of arrow presses. */
const KEY_MOVE_SETTLE_MS = 700;

type Point = { x: number; y: number };
type Gesture =
  | { type: 'draw'; start: Point }
  | { type: 'move'; key: PlaceKey; start: Point; origin: PlaceDraft }
  | { type: 'resize'; key: PlaceKey; corner: Corner; origin: PlaceDraft };
/** A place while it is dragged or moved by keys, before its change is queued. */
interface LivePlace {
  key: PlaceKey;
  place: PlaceDraft;
  origin: PlaceDraft;
}

interface Options {
  /** The plan's SVG: pointer positions are read in its coordinates, and it captures the pointer. */
  svgRef: RefObject<SVGSVGElement | null>;
  plan: PlanBox;
  commit: PlaceChanges['commit'];
  select: (key: PlaceKey | null) => void;
  /** A place was just drawn: its label is asked for next. */
  drawn: (key: PlaceKey) => void;
}

export interface PlanGestures {
  live: LivePlace | null;
  drawing: { x: number; y: number; width: number; height: number } | null;
  plan: {
    onPointerDown: (e: PointerEvent) => void;
    onPointerMove: (e: PointerEvent) => void;
    onPointerUp: (e: PointerEvent) => void;
    onPointerCancel: () => void;
  };
  startMove: (e: PointerEvent, p: EditorPlace) => void;
  startResize: (e: PointerEvent, p: EditorPlace, corner: Corner) => void;
  onPlaceKey: (e: KeyboardEvent, p: EditorPlace) => void;
  remove: (p: EditorPlace) => Promise<void>;
}

export function usePlanGestures({ svgRef, plan, commit, select, drawn }: Options): PlanGestures {
  const gesture = useRef<Gesture | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [live, setLiveState] = useState<LivePlace | null>(null);
  // Read when the pointer is lifted, which may come before React has drawn the last move.
  const liveRef = useRef<LivePlace | null>(null);
  const setLive = (next: LivePlace | null) => {
    liveRef.current = next;
    setLiveState(next);
  };
  const [drawing, setDrawing] = useState<PlanGestures['drawing']>(null);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const toPlan = (e: PointerEvent): Point => {
    const matrix = svgRef.current?.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  };
  /** The plan follows this pointer wherever it goes until it is lifted. */
  const begin = (e: PointerEvent, g: Gesture) => {
    svgRef.current?.setPointerCapture(e.pointerId);
    gesture.current = g;
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    begin(e, { type: 'draw', start: toPlan(e) });
    setDrawing(null);
  };
  const startMove = (e: PointerEvent, p: EditorPlace) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    select(p.key);
    begin(e, { type: 'move', key: p.key, start: toPlan(e), origin: draftOf(p) });
  };
  const startResize = (e: PointerEvent, p: EditorPlace, corner: Corner) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    begin(e, { type: 'resize', key: p.key, corner, origin: draftOf(p) });
  };
  const onPointerMove = (e: PointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    const at = toPlan(e);
    if (g.type === 'draw') setDrawing(rectBetween(g.start, at, plan));
    else if (g.type === 'move') setLive({ key: g.key, place: moved(g.origin, at.x - g.start.x, at.y - g.start.y, plan), origin: g.origin });
    else setLive({ key: g.key, place: resized(g.origin, g.corner, at, plan), origin: g.origin });
  };
  const onPointerUp = (e: PointerEvent) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    if (g.type === 'draw') {
      const r = rectBetween(g.start, toPlan(e), plan);
      setDrawing(null);
      // A tap on the plan, not a drag: nothing drawn, nothing selected.
      if (r.width < minSide(plan) || r.height < minSide(plan)) return select(null);
      const place: PlaceDraft = { kind: 'area', facility: null, label: T.newLabel, ...r, outline: null, location: null, pens: null, advertiser_id: null };
      void commit('draw', null, null, place).then((key) => {
        if (key) {
          select(key);
          drawn(key);
        }
      });
      return;
    }
    const last = liveRef.current;
    const after = last?.key === g.key ? last.place : null;
    const changed = after && (after.x !== g.origin.x || after.y !== g.origin.y || after.width !== g.origin.width || after.height !== g.origin.height);
    if (after && changed) void commit(g.type, g.key, g.origin, after).finally(() => setLive(null));
    else setLive(null);
  };
  const onPointerCancel = () => {
    gesture.current = null;
    setDrawing(null);
    setLive(null);
  };

  const remove = async (p: EditorPlace) => {
    select(null);
    await commit('delete', p.key, p, null);
  };
  const onPlaceKey = (e: KeyboardEvent, p: EditorPlace) => {
    const step = Math.max(1, Math.round(Math.max(plan.width, plan.height) / 200)) * (e.shiftKey ? 10 : 1);
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (delta) {
      e.preventDefault();
      select(p.key);
      const last = liveRef.current;
      const base = last?.key === p.key ? last : { place: draftOf(p), origin: draftOf(p) };
      const next = { key: p.key, place: moved(base.place, delta[0]!, delta[1]!, plan), origin: base.origin };
      setLive(next);
      clearTimeout(keyTimer.current);
      keyTimer.current = setTimeout(() => void commit('move', next.key, next.origin, next.place).finally(() => setLive(null)), KEY_MOVE_SETTLE_MS);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void remove(p);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      select(p.key);
    }
  };

  return { live, drawing, plan: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel }, startMove, startResize, onPlaceKey, remove };
}

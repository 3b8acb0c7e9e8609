// The floor-plan editor's rules, without React: the plan as the organiser sees it (the mirror's places with
// their own changes still on the way drawn over them), how a place is named in a change, how one moves,
// resizes or is drawn, and what undoing a change sends.
import type { OutboxItem, Place, PlaceDraft, PlaceItem } from '../../data/mirror.ts';

/**
 * How the editor names a place: `p<id>` once the server has numbered it, `o<operation id>` while the
 * change that draws it is still on its way.
 */
export type PlaceKey = string;

export interface EditorPlace extends PlaceDraft {
  key: PlaceKey;
  /** True while a change to it is still on its way (drawn dashed, said in words). */
  pending: boolean;
}

/** How long a sent change to a place missing from the mirror still shows: the pull that brings it is due within seconds. */
const SENT_SHOWN_MS = 60_000;

/** A place as a change saves it: the row's own fields, nothing of the mirror's bookkeeping. */
export function draftOf(p: PlaceDraft): PlaceDraft {
  // A missing field is null: a row as mirrored and the same row as queued read alike.
  return {
    kind: p.kind,
    facility: p.facility ?? null,
    label: p.label,
    x: p.x,
    y: p.y,
    width: p.width,
    height: p.height,
    outline: p.outline ?? null,
    location: p.location ?? null,
    pens: p.pens ?? null,
    advertiser_id: p.advertiser_id ?? null,
  };
}

/** This plan's place changes in the outbox, oldest first (the order the server applies them). */
export function placeChangesOf(outbox: readonly OutboxItem[] | undefined, planId: number): PlaceItem[] {
  return (outbox ?? []).filter((i): i is PlaceItem => i.kind === 'floor_place' && i.payload.action.floor_plan_id === planId).sort((a, b) => a.createdAt - b.createdAt);
}

/** The ids the server gave the places drawn here, by the operation that drew them. */
function numbered(items: readonly PlaceItem[]): Map<string, number> {
  return new Map(items.flatMap((i) => (i.result ? [[i.id, i.result.place_id] as const] : [])));
}

/** A key as it is now: a place drawn here is named by its id once the server has numbered it. */
export function currentKey(key: PlaceKey, items: readonly PlaceItem[]): PlaceKey {
  if (!key.startsWith('o')) return key;
  const id = numbered(items).get(key.slice(1));
  return id === undefined ? key : `p${id}`;
}

function targetKey(item: PlaceItem, ids: Map<string, number>): PlaceKey {
  const { place_id, created_by } = item.payload.action;
  if (place_id !== null) return `p${place_id}`;
  const op = created_by ?? item.id;
  const id = ids.get(op);
  return id === undefined ? `o${op}` : `p${id}`;
}

/** What a change names: the place's id, or the operation that drew it. */
export function targetOf(key: PlaceKey): { place_id: number | null; created_by: string | null } {
  return key.startsWith('p') ? { place_id: Number(key.slice(1)), created_by: null } : { place_id: null, created_by: key.slice(1) };
}

/**
 * The plan as the organiser sees it: the mirror's places, then each of their changes not refused, in
 * order. A sent change still shows until the mirror has the row as stored (or, for a row the mirror
 * lacks, for a minute); a refused one never does, so the drawing returns to what is stored.
 */
export function drawnPlaces(stored: readonly Place[], items: readonly PlaceItem[], now: number): EditorPlace[] {
  const byKey = new Map<PlaceKey, EditorPlace>(stored.map((p) => [`p${p.id}`, { ...draftOf(p), key: `p${p.id}`, pending: false }]));
  const storedById = new Map(stored.map((p) => [p.id, p]));
  const ids = numbered(items);
  for (const item of items) {
    if (item.status === 'failed') continue;
    const key = targetKey(item, ids);
    const { place } = item.payload.action;
    if (item.status === 'sent') {
      const id = item.result?.place_id;
      const row = id === undefined ? undefined : storedById.get(id);
      if (place !== null && row && item.result?.updated_at && Date.parse(row.updated_at) >= Date.parse(item.result.updated_at)) continue;
      if (place !== null && !row && (item.sentAt ?? 0) < now - SENT_SHOWN_MS) continue;
    }
    if (place === null) byKey.delete(key);
    else byKey.set(key, { ...draftOf(place), key, pending: item.status !== 'sent' });
  }
  return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
}

/** The plan's own size: the box every place stays inside. */
export interface PlanBox {
  width: number;
  height: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
/** Coordinates as stored: a tenth of the plan's unit is finer than any hall needs. */
const round = (v: number) => Math.round(v * 10) / 10;

/** The smallest place the editor draws: a hundredth of the plan's longer side. */
export const minSide = (plan: PlanBox) => Math.max(plan.width, plan.height) / 100;

/** A place moved by (dx, dy), kept inside the plan; its outline moves with it. */
export function moved(p: PlaceDraft, dx: number, dy: number, plan: PlanBox): PlaceDraft {
  const x = round(clamp(p.x + dx, 0, plan.width - p.width));
  const y = round(clamp(p.y + dy, 0, plan.height - p.height));
  const outline = p.outline?.map(([px, py]): [number, number] => [round(px + x - p.x), round(py + y - p.y)]) ?? null;
  return { ...p, x, y, outline };
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** A rectangle from two corners, inside the plan. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }, plan: PlanBox) {
  const x1 = clamp(Math.min(a.x, b.x), 0, plan.width);
  const y1 = clamp(Math.min(a.y, b.y), 0, plan.height);
  const x2 = clamp(Math.max(a.x, b.x), 0, plan.width);
  const y2 = clamp(Math.max(a.y, b.y), 0, plan.height);
  return { x: round(x1), y: round(y1), width: round(x2 - x1), height: round(y2 - y1) };
}

/** A place resized by dragging one corner to `to`; the opposite corner stays; its outline scales with it. */
export function resized(p: PlaceDraft, corner: Corner, to: { x: number; y: number }, plan: PlanBox): PlaceDraft {
  const min = minSide(plan);
  const fixed = { x: corner.includes('w') ? p.x + p.width : p.x, y: corner.includes('n') ? p.y + p.height : p.y };
  const moving = {
    x: corner.includes('w') ? Math.min(to.x, fixed.x - min) : Math.max(to.x, fixed.x + min),
    y: corner.includes('n') ? Math.min(to.y, fixed.y - min) : Math.max(to.y, fixed.y + min),
  };
  const r = rectBetween(fixed, moving, plan);
  if (r.width < min || r.height < min) return p;
  const sx = r.width / p.width;
  const sy = r.height / p.height;
  const outline = p.outline?.map(([px, py]): [number, number] => [round(r.x + (px - p.x) * sx), round(r.y + (py - p.y) * sy)]) ?? null;
  return { ...p, ...r, outline };
}

/** One change the organiser made, as undo needs it: the place before and after (null: not there). */
export interface HistoryEntry {
  key: PlaceKey;
  before: PlaceDraft | null;
  after: PlaceDraft | null;
}

/** Undo goes back at least this many changes. */
export const HISTORY_SIZE = 50;

/** The change that undoes `entry`, given the place as it is drawn now (undefined: not on the plan). */
export function undoOf(entry: HistoryEntry, current: EditorPlace | undefined): { key: PlaceKey | null; place: PlaceDraft | null } | 'gone' {
  // A place drawn: undoing deletes it (already gone: nothing to undo).
  if (entry.before === null) return current ? { key: current.key, place: null } : 'gone';
  // A place deleted: undoing draws it again, as a new place.
  if (entry.after === null) return { key: null, place: entry.before };
  return current ? { key: current.key, place: { ...entry.before } } : 'gone';
}

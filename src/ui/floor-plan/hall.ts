// The floor plan's pure rules, for the plan, its text list and "Show on the floor plan": a place's name in
// words, the list by kind, the list's search, a ring's sessions now and next, and what a link opens on.
import { locatePen, pensOf, type PlanRect } from '../../../shared/floor-plan.ts';
import { normalisePen } from '../../../shared/pens.ts';
import { PLACE_KINDS, type FacilityKind, type PlaceKind } from '../../../shared/row-schemas.ts';
import { classifySchedule, type ScheduleSession } from '../../../shared/schedule.ts';
import { fold, tokenise } from '../../lib/fold.ts';
import { FLOOR_PLAN_TEXTS as T } from '../floor-plan-texts.ts';

/** A place as the plan and the list need it (data's HallPlace fits; ui takes it as props). */
export interface PlanPlace extends PlanRect {
  id: number;
  kind: PlaceKind;
  facility: FacilityKind | null;
  label: string;
  outline: [number, number][] | null;
  location: string | null;
  pens: string | null;
  /** A stand's advertiser's name, when the mirror has it. */
  advertiserName?: string | null;
}

/**
 * The place's name as the panel's heading says it: a row's or stand's label with its kind's word ("A" and
 * "Row A" are "Benching row A", "12" is "Stand 12", "Stand 4" stays); a ring is its schedule location's name
 * ("Ring 1", "Breeders Hall"), a facility or area its label.
 */
export function placeName(place: Pick<PlanPlace, 'kind' | 'label' | 'facility'>): string {
  if (place.kind !== 'benching' && place.kind !== 'stand') return place.label;
  const word = T.kind[place.kind];
  const row = place.kind === 'benching' ? /^row\s+(.+)$/i.exec(place.label.trim()) : null;
  if (row) return `${word} ${row[1]}`;
  const said = tokenise(place.label);
  if (said.some((w) => tokenise(word).includes(w) || (place.kind === 'benching' && w === 'row'))) return place.label;
  return `${word} ${place.label}`;
}

/** The place's name inside a sentence: "Pen A17 is in benching row A." */
export const placeInSentence = (place: Pick<PlanPlace, 'kind' | 'label' | 'facility'>): string => placeName(place).replace(/^Benching row /, 'benching row ');

/** The places by kind, in the list's order (rings, benching rows, stands, facilities, areas), empty kinds left out. */
export function groupPlaces<P extends PlanPlace>(places: readonly P[]): { kind: PlaceKind; places: P[] }[] {
  return PLACE_KINDS.map((kind) => ({ kind, places: places.filter((p) => p.kind === kind) })).filter((g) => g.places.length > 0);
}

/** A place's searchable words: its label, kind, facility's name, advertiser and (a row) every pen. */
export interface IndexedPlace<P> {
  place: P;
  words: string[];
}

export function indexPlaces<P extends PlanPlace>(places: readonly P[]): IndexedPlace<P>[] {
  return places.map((place) => ({
    place,
    words: [
      ...tokenise(place.label),
      ...tokenise(T.kind[place.kind]),
      ...(place.facility ? tokenise(T.facilities[place.facility]) : []),
      ...tokenise(place.advertiserName ?? ''),
      ...(place.location ? tokenise(place.location) : []),
      ...pensOf(place.pens).map(fold),
    ],
  }));
}

/** The places whose words each typed word begins ("a17" finds the row holding pen A17; "toil" the toilets). */
export function searchPlaces<P>(index: readonly IndexedPlace<P>[], query: string): P[] {
  const typed = tokenise(query);
  if (typed.length === 0) return index.map((i) => i.place);
  // A pen typed with a space ("A 17") is one pen.
  const pen = normalisePen(query)?.replace(/\s+/g, '');
  const penWord = pen && /^[A-Z]+\d+$/.test(pen) ? fold(pen) : null;
  return index.filter((i) => (penWord !== null && i.words.includes(penWord)) || typed.every((t) => i.words.some((w) => w.startsWith(t)))).map((i) => i.place);
}

/** A ring's sessions: those on now (several may overlap) and the next to start; cancelled ones are neither. */
export function ringSessions<S extends ScheduleSession & { location: string | null }>(
  sessions: readonly S[],
  location: string,
  now: Date,
  timeZone: string,
): { now: S[]; next: S | null } {
  const here = sessions.filter((s) => s.location === location);
  const c = classifySchedule(here, now, () => timeZone);
  const onNow = new Set(c.now);
  const next = c.upcomingByDay.flatMap((d) => d.sessions).find((s) => !onNow.has(s)) ?? null;
  return { now: c.now, next };
}

/** The rings judging now: the schedule locations with a session on now. */
export function ringsJudgingNow<S extends ScheduleSession & { location: string | null }>(sessions: readonly S[], now: Date, timeZone: string): Set<string> {
  return new Set(classifySchedule(sessions, now, () => timeZone).now.flatMap((s) => (s.location ? [s.location] : [])));
}

/** What a link opened the plan on: the places to outline, the pens' own slices, and the status in words. */
export interface PlanFocus {
  placeIds: number[];
  /** Each pen's slice of its row, highlighted on the plan. */
  penRects: { pen: string; rect: PlanRect }[];
  message: string;
}

/** Reads ?place= and ?pen= (pens comma-separated, as paths.floorPlan writes them); null when neither is given. */
export function planFocus(places: readonly PlanPlace[], params: URLSearchParams): PlanFocus | null {
  const placeParam = params.get('place');
  if (placeParam !== null) {
    const place = places.find((p) => String(p.id) === placeParam);
    if (!place) return { placeIds: [], penRects: [], message: T.placeMissing };
    const message = place.kind === 'stand' && place.advertiserName ? T.standOf(place.advertiserName, placeName(place)) : T.highlighted(placeName(place));
    return { placeIds: [place.id], penRects: [], message };
  }
  const penParam = params.get('pen');
  if (penParam === null) return null;
  const pens = [...new Set(penParam.split(',').flatMap((p) => normalisePen(p) ?? []))];
  const focus: PlanFocus = { placeIds: [], penRects: [], message: '' };
  const lines: string[] = [];
  for (const pen of pens) {
    const found = locatePen(places, pen);
    if (!found) {
      lines.push(T.penMissing(pen));
      continue;
    }
    if (!focus.placeIds.includes(found.row.id)) focus.placeIds.push(found.row.id);
    focus.penRects.push({ pen, rect: found.rect });
    lines.push(T.penIn(pen, placeInSentence(found.row)));
  }
  focus.message = lines.join(' ');
  return focus.message === '' ? null : focus;
}

/** A plan rectangle as Leaflet's [[south, west], [north, east]]: the plan's y runs down, Leaflet's lat up. */
export function rectBounds(r: PlanRect, planHeight: number): [[number, number], [number, number]] {
  return [
    [planHeight - r.y - r.height, r.x],
    [planHeight - r.y, r.x + r.width],
  ];
}

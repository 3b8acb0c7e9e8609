// One event's judging as the ring-side screen reads it from the mirror (through data/mirror.ts): the rings
// (its schedule's locations), the calls and the published results, from the visitors' reader
// (./judging.ts). Drafts are never mirrored: the screen asks the backend for them (RLS shows them to clerks
// and organisers only).
import { useLiveQuery } from 'dexie-react-hooks';
import { compareText } from '../../shared/compare.ts';
import type { RingCall, ShowResult } from '../../shared/row-schemas.ts';
import { readEventJudging } from './judging.ts';

export interface RingSideView {
  eventId: number;
  /**
   * The event's schedule locations, where cats can be called: those the floor plan draws as rings first
   * (a hall's entrance or stage holds sessions too), each part in name order.
   */
  rings: string[];
  /** Every call of the event, newest first. */
  calls: RingCall[];
  /** Its published results (the mirror holds no drafts), newest first. */
  results: ShowResult[];
}

/** Reads an event's rings, calls and published results from the mirror. */
export async function readRingSide(eventId: number): Promise<RingSideView> {
  const { calls, results, sessions, planRings } = await readEventJudging(eventId);
  const drawn = new Set(planRings.map((location) => location.trim().toLowerCase()));
  const isRing = (location: string) => drawn.has(location.trim().toLowerCase());
  const rings = [...new Set(sessions.flatMap((s) => (s.location?.trim() ? [s.location] : [])))].sort(
    (a, b) => Number(isRing(b)) - Number(isRing(a)) || compareText(a, b),
  );
  return { eventId, rings, calls, results };
}

/** An event's ring-side view, live; undefined while it loads or when no event is given. */
export function useRingSide(eventId: number | undefined): RingSideView | undefined {
  return useLiveQuery(() => (eventId === undefined ? undefined : readRingSide(eventId)), [eventId]);
}

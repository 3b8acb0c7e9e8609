// One event's judging as the ring-side screen reads it from the mirror (through data/mirror.ts): the rings
// (its schedule's locations), the calls and the published results. Drafts are never mirrored: the screen
// asks the backend for them (RLS shows them to clerks and organisers only).
import { useLiveQuery } from 'dexie-react-hooks';
import { compareText } from '../../shared/compare.ts';
import type { RingCall, ShowResult } from '../../shared/row-schemas.ts';
import { showDb } from './db.ts';

export interface EventJudging {
  eventId: number;
  /**
   * The event's schedule locations, where cats can be called: those the floor plan draws as rings first
   * (a hall's entrance or stage holds sessions too), each part in name order.
   */
  rings: string[];
  /** Every call of the event, newest first. */
  calls: RingCall[];
  /** Its published results (the mirror holds no drafts). */
  results: ShowResult[];
}

/** Reads an event's rings, calls and published results from the mirror. */
export async function readEventJudging(eventId: number): Promise<EventJudging> {
  const db = showDb();
  const [sessions, calls, results, plans] = await Promise.all([
    db.event_schedule.where('event_id').equals(eventId).toArray(),
    db.ring_calls.where('event_id').equals(eventId).toArray(),
    db.results.where('event_id').equals(eventId).toArray(),
    db.floor_plans.where('event_id').equals(eventId).toArray(),
  ]);
  const places = await db.places
    .where('floor_plan_id')
    .anyOf(plans.map((p) => p.id))
    .toArray();
  const drawn = new Set(places.flatMap((p) => (p.kind === 'ring' && p.location ? [p.location.trim().toLowerCase()] : [])));
  const isRing = (location: string) => drawn.has(location.trim().toLowerCase());
  const rings = [...new Set(sessions.flatMap((s) => (s.location?.trim() ? [s.location] : [])))].sort(
    (a, b) => Number(isRing(b)) - Number(isRing(a)) || compareText(a, b),
  );
  calls.sort((a, b) => b.called_at.localeCompare(a.called_at) || b.id - a.id);
  return { eventId, rings, calls, results };
}

/** An event's judging, live; undefined while it loads or when no event is given. */
export function useEventJudging(eventId: number | undefined): EventJudging | undefined {
  return useLiveQuery(() => (eventId === undefined ? undefined : readEventJudging(eventId)), [eventId]);
}

// The judging as the screens read it from the mirror (through data/mirror.ts): an event's ring calls and
// published results with the cats they name, one cat's calls and awards, and the starred cats' (the ring
// notices). A phone's mirror holds published results only, so nothing here filters drafts.
import { useLiveQuery } from 'dexie-react-hooks';
import type { RingCall, ScheduleSession, ShowEvent, ShowResult } from '../../shared/row-schemas.ts';
import { readEventCatalogue, type CatalogueCat, type EventCatalogue } from './catalogue.ts';
import { showDb } from './db.ts';

/** A published result with the cat it names (undefined while the mirror lacks the entry). */
export interface JudgedResult extends ShowResult {
  cat: CatalogueCat | undefined;
}

/** What /rings and /results show of one event. */
export interface EventJudging {
  eventId: number;
  /** Newest call first. */
  calls: RingCall[];
  /** Newest published first. */
  results: JudgedResult[];
  /** The event's sessions (what is next on a ring). */
  sessions: ScheduleSession[];
  /** The schedule locations the event's floor plan draws as rings. */
  planRings: string[];
  catalogue: EventCatalogue;
}

const newestCallFirst = (a: RingCall, b: RingCall) => b.called_at.localeCompare(a.called_at) || b.id - a.id;
const newestResultFirst = (a: ShowResult, b: ShowResult) => (b.published_at ?? '').localeCompare(a.published_at ?? '') || b.id - a.id;

/** Reads an event's calls, results, sessions and plan rings, with its catalogue to name the cats. */
export async function readEventJudging(eventId: number): Promise<EventJudging> {
  const db = showDb();
  const [calls, results, sessions, plan, catalogue] = await Promise.all([
    db.ring_calls.where('event_id').equals(eventId).toArray(),
    db.results.where('event_id').equals(eventId).toArray(),
    db.event_schedule.where('event_id').equals(eventId).toArray(),
    db.floor_plans.where('event_id').equals(eventId).first(),
    readEventCatalogue(eventId),
  ]);
  const places = plan ? await db.places.where('floor_plan_id').equals(plan.id).toArray() : [];
  const byId = new Map(catalogue.entries.map((e) => [e.id, e]));
  return {
    eventId,
    calls: calls.sort(newestCallFirst),
    results: results.map((r): JudgedResult => ({ ...r, cat: byId.get(r.entry_id) })).sort(newestResultFirst),
    sessions,
    planRings: places.flatMap((p) => (p.kind === 'ring' && p.location ? [p.location] : [])),
    catalogue,
  };
}

/** An event's calls and results alone: the catalogue list marks its cats with them. */
interface EventCallsAndResults {
  calls: RingCall[];
  results: ShowResult[];
}

/** Reads an event's calls (newest first) and results (newest first), without the catalogue. */
async function readEventCallsAndResults(eventId: number): Promise<EventCallsAndResults> {
  const db = showDb();
  const [calls, results] = await Promise.all([db.ring_calls.where('event_id').equals(eventId).toArray(), db.results.where('event_id').equals(eventId).toArray()]);
  return { calls: calls.sort(newestCallFirst), results: results.sort(newestResultFirst) };
}

/** An event's calls and results, live (a change to the catalogue does not re-read them, nor they it). */
export function useEventCallsAndResults(eventId: number | undefined): EventCallsAndResults | undefined {
  return useLiveQuery(() => (eventId === undefined ? undefined : readEventCallsAndResults(eventId)), [eventId]);
}

/** One cat's calls (newest first) and awards (newest first). */
interface CatJudging {
  calls: RingCall[];
  results: ShowResult[];
}

/** Reads the calls naming a cat's number and the results naming its entry. */
async function readCatJudging(eventId: number, catalogueNumber: string, entryId: number): Promise<CatJudging> {
  const db = showDb();
  const [calls, results] = await Promise.all([
    db.ring_calls
      .where('event_id')
      .equals(eventId)
      .filter((c) => c.catalogue_numbers.includes(catalogueNumber))
      .toArray(),
    db.results.where('entry_id').equals(entryId).toArray(),
  ]);
  return { calls: calls.sort(newestCallFirst), results: results.sort(newestResultFirst) };
}

/** A cat's calls and awards, live; undefined while they load or when no cat is given. */
export function useCatJudging(cat: { event_id: number; catalogue_number: string; id: number } | undefined): CatJudging | undefined {
  const eventId = cat?.event_id;
  const number = cat?.catalogue_number;
  const entryId = cat?.id;
  return useLiveQuery(
    () => (eventId === undefined || number === undefined || entryId === undefined ? undefined : readCatJudging(eventId, number, entryId)),
    [eventId, number, entryId],
  );
}

/** A starred cat of the catalogue, as the ring notices name it. */
export interface StarredCat {
  entryId: number;
  eventId: number;
  number: string;
  name: string;
}

/** The starred cats still in a catalogue, their events' calls and their published results. */
interface StarredJudging {
  cats: StarredCat[];
  calls: RingCall[];
  results: ShowResult[];
  events: ShowEvent[];
}

/** Reads what the ring notices watch for the starred entries (ids as the favourites keep them). */
export async function readStarredJudging(entryIds: readonly number[]): Promise<StarredJudging> {
  const db = showDb();
  const entries = (await db.catalogue_entries.bulkGet([...entryIds])).filter((e) => e !== undefined);
  const eventIds = [...new Set(entries.map((e) => e.event_id))];
  const [calls, results, events] = await Promise.all([
    eventIds.length === 0 ? [] : db.ring_calls.where('event_id').anyOf(eventIds).toArray(),
    entries.length === 0
      ? []
      : db.results
          .where('entry_id')
          .anyOf(entries.map((e) => e.id))
          .toArray(),
    db.events.bulkGet(eventIds),
  ]);
  return {
    cats: entries.map((e) => ({ entryId: e.id, eventId: e.event_id, number: e.catalogue_number, name: e.name })),
    calls,
    results,
    events: events.filter((e) => e !== undefined),
  };
}

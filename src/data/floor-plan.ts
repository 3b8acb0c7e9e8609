// One event's hall as the screens read it from the mirror (through data/mirror.ts): its floor plan and its
// places, each stand with its advertiser. The visitor's plan and list, "Show on the floor plan" and the
// console's editor read it here, one live query per screen.
import { useLiveQuery } from 'dexie-react-hooks';
import type { Advertiser, FloorPlan, Place } from '../../shared/row-schemas.ts';
import { showDb } from './db.ts';

/** A place with the advertiser its stand names (undefined while the mirror lacks it, or for other kinds). */
export interface HallPlace extends Place {
  advertiser: Advertiser | undefined;
}

export interface EventHall {
  eventId: number;
  /** Null while the event has no plan (or the mirror has not got it yet). */
  plan: FloorPlan | null;
  /** The plan's places in label order ("Ring 2" before "Ring 10"). */
  places: HallPlace[];
}

/** Reads an event's plan and places from the mirror. */
export async function readEventHall(eventId: number): Promise<EventHall> {
  const db = showDb();
  const plan = (await db.floor_plans.where('event_id').equals(eventId).first()) ?? null;
  if (!plan) return { eventId, plan: null, places: [] };
  const rows = await db.places.where('floor_plan_id').equals(plan.id).toArray();
  const advertiserIds = [...new Set(rows.flatMap((p) => (p.advertiser_id === null ? [] : [p.advertiser_id])))];
  const advertisers = await db.advertisers.bulkGet(advertiserIds);
  const byId = new Map(advertisers.flatMap((a) => (a ? [[a.id, a] as const] : [])));
  const places = rows
    .map((p): HallPlace => ({ ...p, advertiser: p.advertiser_id === null ? undefined : byId.get(p.advertiser_id) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { numeric: true }));
  return { eventId, plan, places };
}

/** An event's hall, live; undefined while it loads or when no event is given. */
export function useEventHall(eventId: number | undefined): EventHall | undefined {
  return useLiveQuery(() => (eventId === undefined ? undefined : readEventHall(eventId)), [eventId]);
}

/** The events that have a floor plan (a "Show" chooser lists them). */
export async function readEventsWithPlans(): Promise<number[]> {
  return (await showDb().floor_plans.toArray()).map((p) => p.event_id);
}

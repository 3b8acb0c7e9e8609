// What the home page knows of the show the visitor is at, from the local mirror: the active event
// (shared/schedule.ts, the one the schedule and the vote use) and its programme.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
import { activeEvent } from '../../../shared/schedule.ts';

export interface ShowNow {
  event: ShowEvent;
  sessions: ScheduleSession[];
}

async function loadShowNow(): Promise<ShowNow | null> {
  const event = activeEvent(await db.events.toArray(), new Date());
  if (!event) return null;
  return { event, sessions: await db.event_schedule.where('event_id').equals(event.id).toArray() };
}

/** The active event and its sessions; undefined while the mirror answers, null when no event is left. */
export function useShowNow(): ShowNow | null | undefined {
  return useLiveQuery(loadShowNow, []);
}

// What the home page knows of the show the visitor is at, from the local mirror: the active event
// (shared/schedule.ts, the one the schedule and the vote use) and its programme.
import { useLiveQuery } from 'dexie-react-hooks';
import { db, useFirstData, useSyncStatus, type ScheduleSession, type ShowEvent } from '../../data/mirror.ts';
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

/** The active event and its sessions; undefined until known (a first visit's first sync), null when no event is left. */
export function useShowNow(): ShowNow | null | undefined {
  // Deferred on a first visit, as every screen's first data: its render (and the page's first Intl use, the
  // venue's clock, some 60-120 ms on a slow phone) go in slices of their own, not in one long task.
  const show = useFirstData(useLiveQuery(loadShowNow, []));
  const sync = useSyncStatus();
  // An empty mirror before the first sync says nothing yet about the show.
  if (show === null && sync.lastSyncedAt === null && !sync.lastError) return undefined;
  return show;
}

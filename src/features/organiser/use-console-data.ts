// What the organiser console reads: the mirror's events, sessions and notices, and this organiser's queued changes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { syncNow } from '../../data/backend.ts';
import { db, useOutbox, type EntryItem, type OrganiserItem, type ScheduleSession, type ShowEvent, type ShowNotice } from '../../data/mirror.ts';

/** The mirror shows a row once it is older than the server's watermark margin (1 s). */
const AFTER_WATERMARK_MS = 1_500;

interface ConsoleData {
  events: ShowEvent[];
  sessions: ScheduleSession[];
  notices: ShowNotice[];
}

async function loadConsole(): Promise<ConsoleData> {
  const [events, sessions, notices] = await Promise.all([db.events.toArray(), db.event_schedule.toArray(), db.show_notices.toArray()]);
  return { events, sessions, notices };
}

/** The console's rows, kept live; undefined until the mirror has answered. */
export function useConsoleData(): ConsoleData | undefined {
  return useLiveQuery(loadConsole, []);
}

/** An organiser's change as the console lists it: the schedule, a notice, or a catalogue entry. */
export type ConsoleChange = OrganiserItem | EntryItem;

/**
 * This organiser's changes in the outbox, newest first as the outbox lists them. Once one is sent, the
 * mirror is pulled (after the watermark margin) so the console shows it.
 */
export function useOrganiserChanges(userId: string | undefined): ConsoleChange[] {
  const outbox = useOutbox();
  const mine = (outbox ?? []).filter((i): i is ConsoleChange => (i.kind === 'organiser' || i.kind === 'catalogue_entry') && i.payload.user_id === userId);
  useSyncWhenSent(
    mine.filter((i) => i.status === 'sent').map((i) => i.id),
    outbox !== undefined,
  );
  return mine;
}

/** Pulls the mirror (after the watermark margin) when one of these sent items is new since the last render. */
export function useSyncWhenSent(sentIds: readonly string[], ready: boolean): void {
  const seenSent = useRef<Set<string> | null>(null);
  const sentKey = sentIds.join(',');
  useEffect(() => {
    if (!ready) return;
    const ids = sentKey === '' ? [] : sentKey.split(',');
    const first = seenSent.current === null;
    const fresh = ids.filter((id) => !seenSent.current?.has(id));
    seenSent.current = new Set(ids);
    if (first || fresh.length === 0) return;
    const timer = setTimeout(() => void syncNow(), AFTER_WATERMARK_MS);
    return () => clearTimeout(timer);
  }, [sentKey, ready]);
}

// What /rings and /results share: the event they show (the show on now, or the one chosen) with its calls
// and results from the mirror, the "Show" switch, and the line saying how old what they show is.
import { Link, useParams } from 'react-router';
import { db, readEventJudging, useMirror, useSyncStatus, type EventJudging, type MirrorView, type ShowEvent } from '../../data/mirror.ts';
import { formatDateRange } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { activeEvent, eventTimeZone } from '../../../shared/schedule.ts';
import { clockAt } from '../../lib/judging.ts';
import { EventSwitch } from '../../ui/event-switch.tsx';
import { JUDGING_TEXTS as T } from '../../ui/judging-texts.ts';

export interface JudgingData {
  /** The events a visitor can switch to: those with a catalogue, and the one shown. */
  events: ShowEvent[];
  event: ShowEvent | undefined;
  judging: EventJudging | undefined;
  anyEvents: boolean;
}

const rowId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

async function loadJudging(eventId: number | null): Promise<JudgingData> {
  const [events, withEntries] = await Promise.all([db.events.toArray(), db.catalogue_entries.orderBy('event_id').uniqueKeys()]);
  const event = eventId === null ? activeEvent(events, new Date()) : events.find((e) => e.id === eventId);
  const listed = new Set<number>(withEntries as number[]);
  if (event) listed.add(event.id);
  const choices = events.filter((e) => listed.has(e.id)).sort((a, b) => a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name));
  return { events: choices, event, judging: event ? await readEventJudging(event.id) : undefined, anyEvents: events.length > 0 };
}

/** The route's event (/rings/{event id}) or the show on now, live. */
export function useJudging(failedText: string): MirrorView<JudgingData> {
  const eventId = rowId(useParams().eventId);
  return useMirror(
    () => loadJudging(eventId),
    [eventId],
    failedText,
    (d) => !d.anyEvents,
  );
}

/** The event's name and dates, the "Show" switch to another's screen, and how old the state shown is. */
export function JudgingHeader({ data, pathOf, switchId }: { data: JudgingData; pathOf: (eventId: number) => string; switchId: string }) {
  const { event } = data;
  return (
    <>
      {event && (
        <p className="judging-event">
          <Link to={paths.event(event.id)}>{event.name}</Link>, <time dateTime={event.start_date}>{formatDateRange(event.start_date, event.end_date)}</time>
        </p>
      )}
      <EventSwitch id={switchId} label={T.eventLabel} events={data.events} current={event} pathOf={pathOf} className="judging-event-switch" />
      {event && <JudgingAge timeZone={eventTimeZone(event)} />}
    </>
  );
}

/**
 * Live, or the time of the last successful pull: offline, the screen says it shows the last known state
 * "as of 14:02" (on the venue's clock, as the calls' times are).
 */
function JudgingAge({ timeZone }: { timeZone: string }) {
  const sync = useSyncStatus();
  const live = sync.online && sync.live && sync.lastError === null && sync.lastSyncedAt !== null;
  const text = live ? T.live : sync.lastSyncedAt === null ? T.notSyncedYet : T.ageLine(sync.online, clockAt(sync.lastSyncedAt, timeZone));
  return <p className={`judging-age${live ? ' is-live' : ''}`}>{text}</p>;
}

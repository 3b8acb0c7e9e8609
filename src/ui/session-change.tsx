// How a visitor sees an organiser's change to a session: "Moved from 14:00" and "Cancelled",
// in words (a cancelled session is also struck through and dimmed by its list's CSS, never by style alone).
// A change that arrives while the list is on screen is marked for a moment: "Just changed".
import { formatScheduleDay } from '../../shared/dates.ts';
import { CANCELLED_TEXT, isCancelled, movedFromText, type LiveSession } from '../../shared/live-schedule.ts';
import { justChangedAnnouncement, justChangedText } from './session-just-changed.ts';
import { useJustChanged } from './use-just-changed.ts';

/** The marks of a changed session, or nothing when it runs as planned; `just`: it changed on screen a moment ago. */
export function SessionChangeMarks({ session, just = false }: { session: LiveSession; just?: boolean }) {
  const moved = movedFromText(session, formatScheduleDay);
  const cancelled = isCancelled(session);
  if (!moved && !cancelled && !just) return null;
  return (
    <>
      {just && <span className="session-mark session-just">{justChangedText(session)}</span>}
      {cancelled && <span className="session-mark session-cancelled">{CANCELLED_TEXT}</span>}
      {moved && <span className="session-mark session-moved">{moved}</span>}
    </>
  );
}

/** The class a changed session's list item adds ("is-cancelled" strikes its time and title, "is-just-changed" lights it up). */
export const sessionChangeClass = (session: LiveSession, just = false): string => `${isCancelled(session) ? ' is-cancelled' : ''}${just ? ' is-just-changed' : ''}`;

type ShownSession = LiveSession & { title: string; updated_at: string };

const sessionKey = (s: ShownSession) => s.id;
/** What the visitor sees of a session, and its updated_at for anything else an organiser edits. */
const sessionSignature = (s: ShownSession) => [s.updated_at, s.status ?? '', s.schedule_date, s.start_time, s.end_time, s.location ?? '', s.title].join('\u0000');

/** The ids of the sessions (the screen's mirror rows) that changed on screen a moment ago. */
export const useJustChangedSessions = (sessions: readonly ShownSession[] | undefined): ReadonlySet<number> => useJustChanged(sessions, sessionKey, sessionSignature);

/**
 * The one polite live region of a screen that lists sessions: says once which of them just changed
 * (never one region per row). Always in the page, so a screen reader hears it when it fills.
 */
export function JustChangedAnnouncer({ sessions, just }: { sessions: readonly ShownSession[] | undefined; just: ReadonlySet<number> }) {
  const changed = just.size === 0 ? [] : (sessions ?? []).filter((s) => just.has(s.id));
  return (
    <p className="visually-hidden" aria-live="polite">
      {justChangedAnnouncement(changed)}
    </p>
  );
}

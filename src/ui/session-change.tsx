// How a visitor sees an organiser's change to a session (issue 17): "Moved from 14:00" and "Cancelled",
// in words (a cancelled session is also struck through and dimmed by its list's CSS, never by style alone).
import { formatScheduleDay } from '../../shared/dates.ts';
import { CANCELLED_TEXT, isCancelled, movedFromText, type LiveSession } from '../../shared/live-schedule.ts';

/** The marks of a changed session, or nothing when it runs as planned. */
export function SessionChangeMarks({ session }: { session: LiveSession }) {
  const moved = movedFromText(session, formatScheduleDay);
  const cancelled = isCancelled(session);
  if (!moved && !cancelled) return null;
  return (
    <>
      {cancelled && <span className="session-mark session-cancelled">{CANCELLED_TEXT}</span>}
      {moved && <span className="session-mark session-moved">{moved}</span>}
    </>
  );
}

/** The class a changed session's list item adds ("is-cancelled" strikes its time and title). */
export const sessionChangeClass = (session: LiveSession): string => (isCancelled(session) ? ' is-cancelled' : '');

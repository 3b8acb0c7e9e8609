// The words of a session that changed while its list was on screen, for the tag on the row and
// the screen's one polite announcement (src/ui/session-change.tsx).
import { formatTime } from '../../shared/dates.ts';
import { isCancelled, JUST_CANCELLED_TEXT, JUST_CHANGED_TEXT, type LiveSession } from '../../shared/live-schedule.ts';

/** The tag of a session that just changed: cancelled, or changed otherwise (a restore included). */
export const justChangedText = (s: Pick<LiveSession, 'status'>): string => (isCancelled(s) ? JUST_CANCELLED_TEXT : JUST_CHANGED_TEXT);

/**
 * What a screen reader hears once for the sessions that just changed on screen:
 * "Just changed: Best in Show, 16:30. Just cancelled: Kitten class, 11:00." ('' when none).
 */
export function justChangedAnnouncement(sessions: readonly (Pick<LiveSession, 'status' | 'start_time'> & { title: string })[]): string {
  const line = (text: string, group: typeof sessions) =>
    group.length === 0 ? [] : [`${text}: ${group.map((s) => `${s.title}, ${formatTime(s.start_time)}`).join('; ')}.`];
  return [
    ...line(
      JUST_CHANGED_TEXT,
      sessions.filter((s) => !isCancelled(s)),
    ),
    ...line(JUST_CANCELLED_TEXT, sessions.filter(isCancelled)),
  ].join(' ');
}

// The in-app reminder rule of "My show": which starred sessions are due a reminder now.

/** A reminder comes this long before a starred session starts (the .ics alarm uses the same lead). */
export const REMINDER_LEAD_MS = 10 * 60 * 1000;

export interface ReminderSession {
  id: number;
  /** The session's start as an instant (ms), worked out in its venue's zone. */
  startMs: number;
  cancelled: boolean;
}

/** One reminder per session and start: a session an organiser moves is reminded of again at its new time. */
export const reminderKey = (s: ReminderSession): string => `${s.id}@${s.startMs}`;

/**
 * The sessions due a reminder at `nowMs`: starting after now and at most REMINDER_LEAD_MS ahead, not
 * cancelled, and not reminded of yet (`reminded` holds reminderKey values). Sorted by start.
 */
export function dueReminders<S extends ReminderSession>(sessions: readonly S[], nowMs: number, reminded: ReadonlySet<string>): S[] {
  return sessions
    .filter((s) => !s.cancelled && s.startMs > nowMs && s.startMs - nowMs <= REMINDER_LEAD_MS && !reminded.has(reminderKey(s)))
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id);
}

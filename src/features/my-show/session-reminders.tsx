// The in-app reminder of "My show": while the app is open, a starred session starting
// within 10 minutes shows a dismissible banner once (a polite live region), and a system notification
// through the service worker when the visitor turned them on. The shell mounts it on every page once the
// first screen has shown (src/app/reminders-slot.tsx), in its own lazy chunk.
import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db } from '../../data/mirror.ts';
import { listFavourites } from '../../data/favourites.ts';
import { formatTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { eventTimeZone, sessionBounds } from '../../../shared/schedule.ts';
import { dueReminders, reminderKey, type ReminderSession } from '../../lib/reminders.ts';
import { REMINDER_TEXTS } from '../../ui/my-show-texts.ts';
import { markReminded, notificationStanding, remindedKeys } from './reminder-setting.ts';
import './session-reminders.css';

/** How often the open app looks for a session to remind of. */
const REMINDER_CHECK_MS = 15_000;

interface Reminder extends ReminderSession {
  title: string;
  location: string | null;
  time: string;
  url: string;
}

/** The starred sessions still in the show, with their start in their venue's zone. */
async function starredSessions(): Promise<Reminder[]> {
  const ids = (await listFavourites('session')).map((f) => Number(f.id)).filter(Number.isInteger);
  const sessions = (await db.event_schedule.bulkGet(ids)).filter((s) => s !== undefined);
  const events = await db.events.bulkGet([...new Set(sessions.map((s) => s.event_id))]);
  const zones = new Map(events.filter((e) => e !== undefined).map((e) => [e.id, eventTimeZone(e)]));
  return sessions.map((s) => ({
    id: s.id,
    startMs: sessionBounds(s, zones.get(s.event_id) ?? eventTimeZone(undefined)).start.getTime(),
    cancelled: s.status === 'cancelled',
    title: s.title,
    location: s.location,
    time: formatTime(s.start_time),
    url: paths.eventSession(s.event_id, s.id),
  }));
}

/** A performance mark per step of a system notification (e2e/my-show.test.ts prints them when one is missing). */
const mark = (step: string) => globalThis.performance?.mark?.(`reminders:${step}`);

function notify(r: Reminder): void {
  mark('notify');
  void navigator.serviceWorker.ready
    .then((registration) => {
      mark('worker-ready');
      return registration.showNotification(REMINDER_TEXTS.notificationTitle(r.title), {
        body: REMINDER_TEXTS.notificationBody(r.time, r.location),
        tag: reminderKey(r),
        data: { url: r.url },
      });
    })
    .then(() => mark('shown'))
    // The banner is shown either way; a notification the system refused is only logged.
    .catch((e: unknown) => console.warn('[reminders] the system notification was not shown', e));
}

export function SessionReminders() {
  const [shown, setShown] = useState<Reminder[]>([]);

  // Checked when a star or a session changes, and on a timer as the clock moves on.
  useEffect(() => {
    let sessions: Reminder[] = [];
    const check = () => {
      const due = dueReminders(sessions, Date.now(), remindedKeys());
      if (due.length === 0) return;
      markReminded(due.map(reminderKey));
      setShown((s) => [...s, ...due]);
      const standing = notificationStanding();
      if (standing === 'on') due.forEach(notify);
      else mark(`not-notified-${standing}`);
    };
    const subscription = liveQuery(starredSessions).subscribe({
      next: (value) => {
        sessions = value;
        check();
      },
    });
    const timer = setInterval(check, REMINDER_CHECK_MS);
    return () => {
      subscription.unsubscribe();
      clearInterval(timer);
    };
  }, []);

  // Always in the page, so a screen reader hears the reminder when it fills.
  return (
    <div className="session-reminders" aria-live="polite">
      {shown.map((r) => (
        <section key={reminderKey(r)} className="session-reminder" aria-label={`${REMINDER_TEXTS.label}: ${r.title}`}>
          <p>
            <strong>{REMINDER_TEXTS.label}: </strong>
            {REMINDER_TEXTS.banner(r.title, r.time, r.location)}
          </p>
          <button type="button" className="secondary" onClick={() => setShown((s) => s.filter((x) => x !== r))}>
            {REMINDER_TEXTS.dismiss}
          </button>
        </section>
      ))}
    </div>
  );
}

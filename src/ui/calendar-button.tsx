// "Add to calendar": saves an .ics file of one or more sessions, made on the phone from
// the mirror, so it works offline; the phone's calendar then rings ten minutes before each session.
import { useState } from 'react';
import { appConfig } from '../config.ts';
import { calendarFileName, downloadCalendar, sessionsCalendar, type CalendarSession } from '../lib/ics.ts';
import { appLink } from '../lib/share.ts';
import { CALENDAR_TEXTS } from '../lib/share-texts.ts';

interface CalendarButtonProps {
  /** Made when pressed, so the file holds the sessions as they are then. */
  sessions: () => CalendarSession[];
  /** The file's and the calendar's name ("Best in Show", "Winter Cat Show"). */
  name: string;
  text: string;
  /** The accessible name when several such buttons are on a page; it starts with the visible text. */
  label?: string;
  /** Say in words that the file was saved (a page-wide button; a row's button stays quiet). */
  announce?: boolean;
}

export function CalendarButton({ sessions, name, text, label, announce = false }: CalendarButtonProps) {
  const [saved, setSaved] = useState(false);
  function save() {
    const ics = sessionsCalendar(sessions(), {
      appOrigin: appLink(location.origin, appConfig().basePath, '/'),
      now: new Date(),
      name: CALENDAR_TEXTS.calendarName(name),
    });
    downloadCalendar(calendarFileName(name), ics);
    setSaved(true);
  }
  return (
    <>
      <button type="button" className="secondary calendar-button" aria-label={label} onClick={save}>
        {text}
      </button>
      {announce && (
        <span className="calendar-status" role="status">
          {saved ? CALENDAR_TEXTS.saved : ''}
        </span>
      )}
    </>
  );
}

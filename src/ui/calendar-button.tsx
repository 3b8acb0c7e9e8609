// "Add to calendar": saves an .ics file of one or more sessions, made on the phone from
// the mirror, so it works offline; the phone's calendar then rings ten minutes before each session.
import { useState } from 'react';
import { appConfig } from '../config.ts';
import { calendarFileName, ICS_MIME_TYPE, ICS_TEXTS, sessionsCalendar, type CalendarSession } from '../../shared/ics.ts';
import { appLink } from '../lib/share.ts';
import { CALENDAR_TEXTS } from '../lib/share-texts.ts';

/** Saves the calendar text as a file (a Blob, so it works offline); the phone offers to open it in its calendar. */
function downloadCalendar(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: ICS_MIME_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the Blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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
      name: ICS_TEXTS.calendarName(name),
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

// One session of the live schedule: its times and marks, and the controls that delay, retime, move, cancel or restore it.
import { useId, useState, type FormEvent } from 'react';
import type { ScheduleSession } from '../../data/mirror.ts';
import { formatTime } from '../../../shared/dates.ts';
import { CANCELLED_TEXT, delaySessions, isCancelled, LOCATION_MAX_LENGTH, moveSession, movedFromText, retimeSession } from '../../../shared/live-schedule.ts';
import { NO_LOCATION } from './group-sessions.ts';
import { dayName, sessionChanges, type AskChange } from './pending-change.ts';

type SessionMode = 'delay' | 'time' | 'move' | null;

export function SessionRow({ session, locations, ask }: { session: ScheduleSession; locations: string[]; ask: AskChange }) {
  const [mode, setMode] = useState<SessionMode>(null);
  const [minutes, setMinutes] = useState('15');
  const [start, setStart] = useState(formatTime(session.start_time));
  const [end, setEnd] = useState(formatTime(session.end_time));
  const [place, setPlace] = useState(session.location ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { minutes: useId(), start: useId(), end: useId(), place: useId(), list: useId(), title: useId() };
  const cancelled = isCancelled(session);
  const moved = movedFromText(session, dayName);
  const name = `“${session.title}” (${formatTime(session.start_time)})`;

  const open = (next: SessionMode) => {
    setError(null);
    // Start from the session as it is now (a change may have synced since the row first showed).
    setStart(formatTime(session.start_time));
    setEnd(formatTime(session.end_time));
    setPlace(session.location ?? '');
    setMode(mode === next ? null : next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'delay') {
      const n = Number(minutes);
      const r = delaySessions([session], n);
      if (!r.ok) return setError(r.message);
      ask({ label: `Delay ${name} by ${n} min`, input: sessionChanges(r.changes) });
    } else if (mode === 'time') {
      const r = retimeSession(session, start, end);
      if (!r.ok) return setError(r.message);
      ask({ label: `Set ${name} to ${start}–${end}`, input: sessionChanges(r.changes) });
    } else if (mode === 'move') {
      const change = moveSession(session, place);
      ask({ label: `Move ${name} to ${place.trim() || NO_LOCATION}`, input: sessionChanges([change]) });
    }
    setError(null);
    setMode(null);
  };

  return (
    <li className={`console-session${cancelled ? ' is-cancelled' : ''}`} aria-labelledby={ids.title}>
      <p className="console-session-head">
        <span className="session-time-range">
          {formatTime(session.start_time)}–{formatTime(session.end_time)}
        </span>{' '}
        <strong id={ids.title} className="session-title">
          {session.title}
        </strong>
        {cancelled && <span className="session-mark session-cancelled">{CANCELLED_TEXT}</span>}
        {moved && <span className="session-mark session-moved">{moved}</span>}
      </p>
      <p className="console-actions" role="group" aria-label={`Change ${session.title}`}>
        {!cancelled && (
          <>
            <button type="button" className="secondary" aria-expanded={mode === 'delay'} onClick={() => open('delay')}>
              Delay
            </button>
            <button type="button" className="secondary" aria-expanded={mode === 'time'} onClick={() => open('time')}>
              New time
            </button>
            <button type="button" className="secondary" aria-expanded={mode === 'move'} onClick={() => open('move')}>
              Move
            </button>
            <button type="button" className="secondary" onClick={() => ask({ label: `Cancel ${name}`, input: sessionChanges([{ id: session.id, action: 'cancel' }]) })}>
              Cancel session
            </button>
          </>
        )}
        {(cancelled || session.original_start_time != null) && (
          <button
            type="button"
            className="secondary"
            onClick={() => ask({ label: `Restore ${name} as planned`, input: sessionChanges([{ id: session.id, action: 'restore' }]) })}
          >
            Restore
          </button>
        )}
      </p>
      {mode !== null && (
        <form className="console-inline" onSubmit={submit} noValidate>
          {mode === 'delay' && (
            <>
              <label htmlFor={ids.minutes}>Delay by (minutes)</label>
              <input id={ids.minutes} type="number" inputMode="numeric" min={-240} max={240} step={5} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
            </>
          )}
          {mode === 'time' && (
            <>
              <label htmlFor={ids.start}>New start</label>
              <input id={ids.start} type="time" value={start} onChange={(e) => setStart(e.target.value)} required />
              <label htmlFor={ids.end}>New end</label>
              <input id={ids.end} type="time" value={end} onChange={(e) => setEnd(e.target.value)} required />
            </>
          )}
          {mode === 'move' && (
            <>
              <label htmlFor={ids.place}>New location</label>
              <input id={ids.place} list={ids.list} value={place} maxLength={LOCATION_MAX_LENGTH} onChange={(e) => setPlace(e.target.value)} />
              <datalist id={ids.list}>
                {locations.map((l) => (
                  <option key={l} value={l} />
                ))}
              </datalist>
            </>
          )}
          <button type="submit">Next</button>
          {error && (
            <span className="console-error" role="alert">
              {error}
            </span>
          )}
        </form>
      )}
    </li>
  );
}

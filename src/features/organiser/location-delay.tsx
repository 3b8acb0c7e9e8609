// Delays every session of one location on one day, in one change.
import { useId, useState, type FormEvent } from 'react';
import type { ScheduleSession } from '../../data/mirror.ts';
import { delaySessions, isCancelled } from '../../../shared/live-schedule.ts';
import { dayName, sessionChanges, type AskChange } from './pending-change.ts';

export function LocationDelay({ location, date, sessions, ask }: { location: string; date: string; sessions: ScheduleSession[]; ask: AskChange }) {
  const id = useId();
  const [minutes, setMinutes] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const live = sessions.filter((s) => !isCancelled(s));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(minutes);
    const result = delaySessions(live, n);
    if (!result.ok) return setError(result.message);
    setError(null);
    const count = live.length === 1 ? '1 session' : `${live.length} sessions`;
    ask({ label: `Delay ${location} on ${dayName(date)} by ${n} min (${count})`, input: sessionChanges(result.changes) });
  };
  if (live.length === 0) return null;
  return (
    <form className="console-inline" onSubmit={submit} noValidate>
      <label htmlFor={id}>Delay all of {location} that day by (minutes)</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={-240}
        max={240}
        step={5}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        aria-invalid={error !== null}
      />
      <button type="submit">Delay {location}</button>
      {error && (
        <span className="console-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

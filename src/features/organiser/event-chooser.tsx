// The console's event chooser: shown only when more than one event is running or coming up.
import type { ShowEvent } from '../../data/mirror.ts';

export function EventChooser({ events, value, onChange }: { events: readonly ShowEvent[]; value: number; onChange: (id: number) => void }) {
  if (events.length < 2) return null;
  return (
    <p className="form-row console-event">
      <label htmlFor="console-event">Event</label>
      <select id="console-event" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </select>
    </p>
  );
}

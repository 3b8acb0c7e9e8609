// "Show": the select that switches a screen (the catalogue, the floor plan) to another event's, each event
// named with its dates; nothing when there is one event to show.
import { useNavigate } from 'react-router';
import { formatDateRange } from '../../shared/dates.ts';
import type { ShowEvent } from '../../shared/row-schemas.ts';

export function EventSwitch({
  id,
  label,
  events,
  current,
  pathOf,
  className,
}: {
  /** The select's id, for its label. */
  id: string;
  label: string;
  events: ShowEvent[];
  current: ShowEvent | undefined;
  /** The screen's address for an event. */
  pathOf: (eventId: number) => string;
  className: string;
}) {
  const navigate = useNavigate();
  if (events.length < 2) return null;
  return (
    <div className={`list-filter ${className}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={current?.id ?? ''} onChange={(e) => void navigate(pathOf(Number(e.target.value)))}>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({formatDateRange(e.start_date, e.end_date)})
          </option>
        ))}
      </select>
    </div>
  );
}

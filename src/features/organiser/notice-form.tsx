// Posts a show notice: one line, shown until a time at the venue or until withdrawn.
import { useId, useState, type FormEvent } from 'react';
import type { ShowEvent } from '../../data/mirror.ts';
import { formatTime, zonedDateTime, zonedTimeToInstant } from '../../../shared/dates.ts';
import { checkNotice, NOTICE_MAX_LENGTH } from '../../../shared/live-schedule.ts';
import { eventTimeZone } from '../../../shared/schedule.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { dayName, type AskChange } from './pending-change.ts';

export function NoticeForm({ event, ask }: { event: ShowEvent; ask: AskChange }) {
  const zone = eventTimeZone(event);
  const [message, setMessage] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { message: useId(), until: useId(), hint: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [date, time] = until.split('T');
    const endsAt = date && time ? zonedTimeToInstant(date, time, zone) : null;
    const checked = checkNotice(message, endsAt, new Date());
    if (!checked.ok) return setError(checked.message);
    setError(null);
    const when = endsAt ? ` until ${formatTime(time!)}${date !== zonedDateTime(new Date(), zone).date ? ` on ${dayName(date!)}` : ''}` : '';
    ask({
      label: `Post the notice “${checked.message}”${when}`,
      input: { type: 'post_notice', event_id: event.id, message: checked.message, ends_at: endsAt ? endsAt.toISOString() : null },
      onQueued: () => {
        setMessage('');
        setUntil('');
      },
    });
  };
  return (
    <form className="form console-notice-form" onSubmit={submit} noValidate>
      <p className="form-row">
        <label htmlFor={ids.message}>Notice (one line, up to {NOTICE_MAX_LENGTH} characters)</label>
        <input id={ids.message} value={message} maxLength={NOTICE_MAX_LENGTH} onChange={(e) => setMessage(e.target.value)} aria-invalid={error !== null} />
      </p>
      <p className="form-row">
        <label htmlFor={ids.until}>Show until (optional, time at the venue, {zone})</label>
        <input id={ids.until} type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} aria-describedby={ids.hint} />
        <span id={ids.hint} className="muted">
          Leave empty to show it until you withdraw it.
        </span>
      </p>
      {error && <ErrorBox role="alert">{error}</ErrorBox>}
      <p>
        <button type="submit">Post notice</button>
      </p>
    </form>
  );
}

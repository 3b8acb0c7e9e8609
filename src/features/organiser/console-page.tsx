// /organiser: the organiser console's first part (issue 17) — the live schedule of the running event
// (delay, retime, move, cancel, restore) and show notices. Every change goes through the outbox like a
// visitor's vote: stored first on this phone, sent once (its id is the operation id the server
// remembers), its state shown in words. Target times are worked out here, when the change is queued.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { queueOrganiserChange, syncNow, useAuth, type OrganiserInput } from '../../data/backend.ts';
import { db, useOutbox, type OrganiserItem, type ScheduleSession, type ShowEvent, type ShowNotice } from '../../data/mirror.ts';
import { formatScheduleDay, formatTime, zonedDateTime, zonedTimeToInstant } from '../../../shared/dates.ts';
import { compareText } from '../../../shared/compare.ts';
import {
  CANCELLED_TEXT,
  delaySessions,
  isCancelled,
  LOCATION_MAX_LENGTH,
  moveSession,
  movedFromText,
  NOTICE_MAX_LENGTH,
  checkNotice,
  noticeShowing,
  retimeSession,
  type SessionChange,
} from '../../../shared/live-schedule.ts';
import { activeEvent, eventTimeZone, upcomingEvents } from '../../../shared/schedule.ts';
import { ERROR_FALLBACK } from '../../../shared/messages.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import './console.css';
import { ConsoleNav } from './console-nav.tsx';

/** The console's own pages (Results and Coupons are built beside this one). */
/** The mirror shows a row once it is older than the server's watermark margin (1 s). */
const AFTER_WATERMARK_MS = 1_500;
const NO_LOCATION = 'No location';

interface ConsoleData {
  events: ShowEvent[];
  sessions: ScheduleSession[];
  notices: ShowNotice[];
}

async function loadConsole(): Promise<ConsoleData> {
  const [events, sessions, notices] = await Promise.all([db.events.toArray(), db.event_schedule.toArray(), db.show_notices.toArray()]);
  return { events, sessions, notices };
}

/** Where a queued change stands, in words (the outbox panel says the same). */
export function changeStateText(item: Pick<OrganiserItem, 'status' | 'lastError'>): string {
  switch (item.status) {
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Not sent: ${item.lastError ?? ERROR_FALLBACK}`;
    case 'needs_sign_in':
      return `Waiting to send: ${item.lastError ?? 'sign in again'}`;
    default:
      return 'Waiting to send';
  }
}

/** A change waiting for the organiser's yes: what it does, in words, and Confirm / Back. */
interface Pending {
  label: string;
  input: OrganiserInput['action'];
  /** Runs once the change is queued (a form clears itself then, not before: Back keeps what was typed). */
  onQueued?: () => void;
}

function Confirm({ pending, onConfirm, onBack }: { pending: Pending; onConfirm: () => void; onBack: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="console-confirm" role="group" aria-label="Confirm the change" tabIndex={-1} ref={ref}>
      <p>
        <strong>{pending.label}?</strong>
      </p>
      <p className="console-actions">
        <button type="button" onClick={onConfirm}>
          Confirm
        </button>
        <button type="button" className="secondary" onClick={onBack}>
          Back
        </button>
      </p>
    </div>
  );
}

type Ask = (pending: Pending) => void;

function changes(list: SessionChange[]): OrganiserInput['action'] {
  return { type: 'change_sessions', changes: list };
}

const dayName = (date: string) => formatScheduleDay(date);

/** Delay every session of one location on one day. */
function LocationDelay({ location, date, sessions, ask }: { location: string; date: string; sessions: ScheduleSession[]; ask: Ask }) {
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
    ask({ label: `Delay ${location} on ${dayName(date)} by ${n} min (${count})`, input: changes(result.changes) });
  };
  if (live.length === 0) return null;
  return (
    <form className="console-inline" onSubmit={submit} noValidate>
      <label htmlFor={id}>Delay all of {location} that day by (minutes)</label>
      <input id={id} type="number" inputMode="numeric" min={-240} max={240} step={5} value={minutes} onChange={(e) => setMinutes(e.target.value)} aria-invalid={error !== null} />
      <button type="submit">Delay {location}</button>
      {error && <span className="console-error" role="alert">{error}</span>}
    </form>
  );
}

type SessionMode = 'delay' | 'time' | 'move' | null;

function SessionRow({ session, locations, ask }: { session: ScheduleSession; locations: string[]; ask: Ask }) {
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
      ask({ label: `Delay ${name} by ${n} min`, input: changes(r.changes) });
    } else if (mode === 'time') {
      const r = retimeSession(session, start, end);
      if (!r.ok) return setError(r.message);
      ask({ label: `Set ${name} to ${start}–${end}`, input: changes(r.changes) });
    } else if (mode === 'move') {
      const change = moveSession(session, place);
      ask({ label: `Move ${name} to ${place.trim() || NO_LOCATION}`, input: changes([change]) });
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
            <button type="button" className="secondary" onClick={() => ask({ label: `Cancel ${name}`, input: changes([{ id: session.id, action: 'cancel' }]) })}>
              Cancel session
            </button>
          </>
        )}
        {(cancelled || session.original_start_time != null) && (
          <button type="button" className="secondary" onClick={() => ask({ label: `Restore ${name} as planned`, input: changes([{ id: session.id, action: 'restore' }]) })}>
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
          {error && <span className="console-error" role="alert">{error}</span>}
        </form>
      )}
    </li>
  );
}

function group(sessions: ScheduleSession[]): { date: string; places: { location: string; sessions: ScheduleSession[] }[] }[] {
  const days = new Map<string, Map<string, ScheduleSession[]>>();
  const sorted = [...sessions].sort((a, b) => compareText(a.schedule_date, b.schedule_date) || compareText(a.start_time, b.start_time) || a.id - b.id);
  for (const s of sorted) {
    const day = days.get(s.schedule_date) ?? new Map<string, ScheduleSession[]>();
    days.set(s.schedule_date, day);
    const key = s.location ?? NO_LOCATION;
    day.set(key, [...(day.get(key) ?? []), s]);
  }
  return [...days].map(([date, places]) => ({
    date,
    places: [...places].sort(([a], [b]) => compareText(a, b)).map(([location, list]) => ({ location, sessions: list })),
  }));
}

function NoticeForm({ event, ask }: { event: ShowEvent; ask: Ask }) {
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="console-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function ConsolePage() {
  const { user } = useAuth();
  const now = useNow(30_000);
  const data = useLiveQuery(loadConsole, []);
  const outbox = useOutbox();
  const [pending, setPending] = useState<Pending | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const mine = (outbox ?? []).filter((i): i is OrganiserItem => i.kind === 'organiser' && i.payload.user_id === user?.id);

  // Once a change is sent, pull the mirror so this list shows it (after the watermark margin).
  const seenSent = useRef<Set<string> | null>(null);
  const sentIds = mine.filter((i) => i.status === 'sent').map((i) => i.id);
  const sentKey = sentIds.join(',');
  useEffect(() => {
    if (outbox === undefined) return;
    const ids = sentKey === '' ? [] : sentKey.split(',');
    const first = seenSent.current === null;
    const fresh = ids.filter((id) => !seenSent.current?.has(id));
    seenSent.current = new Set(ids);
    if (first || fresh.length === 0) return;
    const timer = setTimeout(() => void syncNow(), AFTER_WATERMARK_MS);
    return () => clearTimeout(timer);
  }, [sentKey, outbox]);

  const heading = (
    <>
      <h1>Organiser console</h1>
      <ConsoleNav />
    </>
  );
  if (!data || !user) {
    return (
      <main className="page console">
        {heading}
        <Loading>Loading the schedule…</Loading>
      </main>
    );
  }
  const choices = upcomingEvents(data.events, now);
  const event = choices.find((e) => e.id === chosen) ?? activeEvent(choices, now);

  const ask: Ask = (p) => {
    setQueueError(null);
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    const p = pending;
    setPending(null);
    try {
      await queueOrganiserChange({ user_id: user.id, label: p.label, action: p.input });
      p.onQueued?.();
    } catch (e) {
      setQueueError(e instanceof Error ? e.message : ERROR_FALLBACK);
    }
  };

  if (!event) {
    return (
      <main className="page console">
        {heading}
        <p>No event is running or coming up. Import a show first (npm run show -- import).</p>
      </main>
    );
  }
  const sessions = data.sessions.filter((s) => s.event_id === event.id);
  const locations = [...new Set(sessions.map((s) => s.location).filter((l): l is string => !!l))].sort(compareText);
  const notices = data.notices.filter((n) => n.event_id === event.id && noticeShowing(n, now)).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const zone = eventTimeZone(event);
  const recent = mine.slice(0, 8);

  return (
    <main className="page console">
      {heading}
      {choices.length > 1 && (
        <p className="form-row console-event">
          <label htmlFor="console-event">Event</label>
          <select id="console-event" value={event.id} onChange={(e) => setChosen(Number(e.target.value))}>
            {choices.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </p>
      )}
      <p className="muted">
        {event.name}: times are at the venue ({zone}), now {zonedDateTime(now, zone).time.slice(0, 5)}. Changes are saved on this device first and sent when
        there is a connection.
      </p>

      <div className="console-sticky" aria-live="polite">
        {pending && <Confirm pending={pending} onConfirm={() => void confirm()} onBack={() => setPending(null)} />}
        {queueError && <ErrorBox role="alert">{queueError}</ErrorBox>}
      </div>

      {recent.length > 0 && (
        <Section title="Your changes">
          <ul className="console-changes">
            {recent.map((item) => (
              <li key={item.id} className={`console-change is-${item.status}`}>
                <span>{item.payload.label}</span> <strong className="console-change-state">{changeStateText(item)}</strong>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Show notices">
        <NoticeForm event={event} ask={ask} />
        <h3>Current notices</h3>
        {notices.length === 0 ? (
          <p className="muted">No notices are showing.</p>
        ) : (
          <ul className="console-notices">
            {notices.map((n) => (
              <li key={n.id}>
                <span className="console-notice-text">{n.message}</span>
                <span className="muted">{n.ends_at ? ` Until ${zonedDateTime(new Date(n.ends_at), zone).time.slice(0, 5)}` : ' Until withdrawn'}</span>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => ask({ label: `Withdraw the notice “${n.message}”`, input: { type: 'withdraw_notice', notice_id: n.id } })}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Live schedule">
        {sessions.length === 0 && <p className="muted">This event has no sessions yet.</p>}
        {group(sessions).map((day) => (
          <section key={day.date} className="console-day" aria-labelledby={`console-day-${day.date}`}>
            <h3 id={`console-day-${day.date}`}>{dayName(day.date)}</h3>
            {day.places.map((place) => (
              <section key={place.location} className="console-place" aria-label={`${place.location}, ${dayName(day.date)}`}>
                <h4>{place.location}</h4>
                {place.location !== NO_LOCATION && <LocationDelay location={place.location} date={day.date} sessions={place.sessions} ask={ask} />}
                <ul className="console-sessions">
                  {place.sessions.map((s) => (
                    <SessionRow key={s.id} session={s} locations={locations} ask={ask} />
                  ))}
                </ul>
              </section>
            ))}
          </section>
        ))}
      </Section>
    </main>
  );
}

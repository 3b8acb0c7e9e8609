// /organiser/rings: the ring-side screen, on a phone at the ring, for ring clerks and organisers. Choose the
// show and the ring (remembered on this device), call cats by their numbers, mark them judging and done,
// and record, correct, withdraw and publish results. Every action goes through the outbox: saved here
// first, sent once and in order, its state shown in words; the Wi-Fi may come and go.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { queueRingSide, useAuth, usePreloadedOutbox } from '../../data/backend.ts';
import { useEventCatalogue, useRingSide, useOutbox, type EventCatalogue } from '../../data/mirror.ts';
import { ERROR_FALLBACK } from '../../../shared/messages.ts';
import { shortNumbers } from '../../../shared/number-list.ts';
import { zonedDateTime } from '../../../shared/dates.ts';
import { activeEvent, eventTimeZone, upcomingEvents } from '../../../shared/schedule.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { changeStateText } from './pending-change.ts';
import { ConsoleNav } from './console-nav.tsx';
import { ConsoleSection } from './console-section.tsx';
import { EventChooser } from './event-chooser.tsx';
import { NumbersField, readNumbers } from './ring-side-numbers.tsx';
import { RingResults } from './ring-side-results.tsx';
import { CALL_STATUS_TEXT, RING_SIDE_TEXTS as T } from './ring-side-texts.ts';
import { eventItems, ringCalls, type CallView, type RingAct } from './ring-side-state.ts';
import { readRingMemory, writeRingMemory } from './ring-side-memory.ts';
import { useConsoleData, useSyncWhenSent } from './use-console-data.ts';
import './console.css';
import './ring-side.css';

export function RingSidePage() {
  const { user } = useAuth();
  const now = useNow(30_000);
  const data = useConsoleData();
  const outbox = useOutbox();
  const [memory, setMemory] = useState(readRingMemory);
  const [queueError, setQueueError] = useState<string | null>(null);
  const ringId = useId();
  // Loaded while online, so a call made after the Wi-Fi drops is saved all the same.
  usePreloadedOutbox();

  const choices = data ? upcomingEvents(data.events, now) : [];
  const event = choices.find((e) => e.id === memory.event_id) ?? activeEvent(choices, now);
  const judging = useRingSide(event?.id);
  const catalogue = useEventCatalogue(event?.id);
  const items = event ? eventItems(outbox, event.id, user?.id) : [];
  useSyncWhenSent(
    items.filter((i) => i.status === 'sent').map((i) => i.id),
    outbox !== undefined,
  );
  useEffect(() => writeRingMemory(memory), [memory]);

  const heading = (
    <>
      <h1>{T.title}</h1>
      {user?.organiser && <ConsoleNav />}
    </>
  );
  if (!data || !user || (event && !judging)) {
    return (
      <main className="page console ring-side">
        {heading}
        <Loading>{T.loading}</Loading>
      </main>
    );
  }
  if (!event || !judging) {
    return (
      <main className="page console ring-side">
        {heading}
        <p>{T.noEvent}</p>
      </main>
    );
  }
  const ring = judging.rings.find((r) => r === memory.ring) ?? judging.rings[0];
  const act: RingAct = async (label, action) => {
    setQueueError(null);
    try {
      await queueRingSide({ user_id: user.id, event_id: event.id, label, action });
      return true;
    } catch (e) {
      setQueueError(e instanceof Error ? e.message : ERROR_FALLBACK);
      return false;
    }
  };
  const zone = eventTimeZone(event);

  return (
    <main className="page console ring-side">
      {heading}
      <EventChooser events={choices} value={event.id} onChange={(id) => setMemory((m) => ({ ...m, event_id: id }))} />
      <p className="muted">
        {event.name}: {T.intro}
      </p>
      {judging.rings.length === 0 || ring === undefined ? (
        <p>{T.noRings}</p>
      ) : (
        <>
          <p className="form-row ring-choice">
            <label htmlFor={ringId}>{T.ringLabel}</label>
            <select id={ringId} value={ring} onChange={(e) => setMemory((m) => ({ ...m, event_id: event.id, ring: e.target.value }))} aria-describedby={`${ringId}-hint`}>
              {judging.rings.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <span id={`${ringId}-hint`} className="muted">
              {T.ringHint}
            </span>
          </p>
          <div aria-live="assertive">{queueError && <ErrorBox role="alert">{queueError}</ErrorBox>}</div>
          {catalogue?.entries.length === 0 && <p className="muted">{T.noCatalogue}</p>}
          <CallForm key={`call ${event.id} ${ring}`} ring={ring} catalogue={catalogue} act={act} />
          <CallList calls={ringCalls(judging.calls, items, ring, now.getTime())} ring={ring} catalogue={catalogue} zone={zone} act={act} />
          <RingResults
            key={`results ${event.id} ${ring}`}
            eventId={event.id}
            ring={ring}
            judging={judging}
            catalogue={catalogue}
            items={items}
            zone={zone}
            judge={memory.judge}
            onJudge={(judge) => setMemory((m) => ({ ...m, judge }))}
            act={act}
          />
        </>
      )}
    </main>
  );
}

function CallForm({ ring, catalogue, act }: { ring: string; catalogue: EventCatalogue | undefined; act: RingAct }) {
  const [typed, setTyped] = useState('');
  const [label, setLabel] = useState('');
  const [tried, setTried] = useState(false);
  const labelId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { numbers, problem } = readNumbers(typed, catalogue, false);
    setTried(true);
    if (problem !== null) return;
    const words = shortNumbers(numbers, catalogue?.entries.map((c) => c.catalogue_number) ?? []);
    if (await act(T.callAction(words, ring), { type: 'call', ring, label: label.trim() || null, numbers })) {
      setTyped('');
      setLabel('');
      setTried(false);
    }
  };

  return (
    <ConsoleSection title={T.callTitle}>
      <form className="ring-form" onSubmit={(e) => void submit(e)} noValidate>
        <NumbersField value={typed} onChange={setTyped} catalogue={catalogue} hint={T.numbersHint} once={false} showProblem={tried} />
        <p className="form-row">
          <label htmlFor={labelId}>{T.callLabelLabel}</label>
          <input id={labelId} value={label} maxLength={120} onChange={(e) => setLabel(e.target.value)} aria-describedby={`${labelId}-hint`} autoComplete="off" />
          <span id={`${labelId}-hint`} className="muted">
            {T.callLabelHint}
          </span>
        </p>
        <p className="console-actions">
          <button type="submit">{T.call}</button>
        </p>
      </form>
    </ConsoleSection>
  );
}

function CallList({ calls, ring, catalogue, zone, act }: { calls: CallView[]; ring: string; catalogue: EventCatalogue | undefined; zone: string; act: RingAct }) {
  return (
    <ConsoleSection title={T.callsTitle(ring)}>
      {calls.length === 0 ? (
        <p>{T.noCalls}</p>
      ) : (
        <ul className="ring-calls">
          {calls.map((c) => (
            <CallCard key={c.key} call={c} ring={ring} catalogue={catalogue} zone={zone} act={act} />
          ))}
        </ul>
      )}
    </ConsoleSection>
  );
}

function CallCard({ call, ring, catalogue, zone, act }: { call: CallView; ring: string; catalogue: EventCatalogue | undefined; zone: string; act: RingAct }) {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const words = shortNumbers(call.numbers, catalogue?.entries.map((c) => c.catalogue_number) ?? []);
  const state = call.withdrawn ? T.withdrawn : CALL_STATUS_TEXT[call.status];
  const setStatus = (status: 'judging' | 'done') => void act(T.statusAction(status, words), { type: 'call_status', status, ...call.ref });
  const names = call.numbers.map((n) => ({ n, cat: catalogue?.byNumber.get(n) }));

  return (
    <li className={`ring-call is-${call.withdrawn ? 'withdrawn' : call.status}`} aria-labelledby={titleId}>
      <p className="ring-call-head">
        <strong id={titleId} className="ring-call-numbers">
          {words}
        </strong>{' '}
        {call.label && <span className="ring-call-label">{call.label}</span>}
      </p>
      <p className="ring-call-state">
        <span className="ring-state">{state}</span> <span className="muted">{T.calledAt(zonedDateTime(new Date(call.calledAt), zone).time.slice(0, 5))}</span>
        {call.latest && <span className={`ring-sending is-${call.latest.status}`}>{changeStateText(call.latest)}</span>}
      </p>
      <details className="ring-call-cats">
        <summary>{T.cats(call.numbers.length)}</summary>
        <ol className="ring-cats">
          {names.map(({ n, cat }) => (
            <li key={n}>
              <span className="ring-cat-number">{n}</span> <span className="ring-cat-name">{cat?.name ?? ''}</span>
              {cat?.absent && <span className="ring-cat-details is-absent"> · {T.absent}</span>}
            </li>
          ))}
        </ol>
      </details>
      {!call.withdrawn &&
        (confirming ? (
          <div className="ring-confirm" role="group" aria-label={T.callActions(words)}>
            <p>
              <strong>{T.confirmWithdrawCall(words)}</strong>
            </p>
            <p className="console-actions">
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  void act(T.withdrawCallAction(words, ring), { type: 'withdraw_call', ...call.ref });
                }}
              >
                {T.confirmYes}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                {T.confirmBack}
              </button>
            </p>
          </div>
        ) : (
          <p className="console-actions" role="group" aria-label={T.callActions(words)}>
            {call.status === 'called' && (
              <button type="button" onClick={() => setStatus('judging')}>
                {T.judging}
              </button>
            )}
            {call.status !== 'done' && (
              <button type="button" onClick={() => setStatus('done')}>
                {T.done}
              </button>
            )}
            <button type="button" className="secondary" onClick={() => setConfirming(true)}>
              {T.withdraw}
            </button>
          </p>
        ))}
    </li>
  );
}

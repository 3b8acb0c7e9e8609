// /organiser: the organiser console's first part — the live schedule of the running event (delay, retime,
// move, cancel, restore), show notices and the catalogue (a cat absent, moved to another pen). Every change goes through the outbox like a visitor's vote:
// stored first on this phone, sent once (its id is the operation id the server remembers), its state shown
// in words. Target times are worked out here, when the change is queued.
import { useState } from 'react';
import { queueEntryChange, queueOrganiserChange, useAuth } from '../../data/backend.ts';
import { zonedDateTime } from '../../../shared/dates.ts';
import { compareText } from '../../../shared/compare.ts';
import { noticeShowing } from '../../../shared/live-schedule.ts';
import { activeEvent, eventTimeZone, upcomingEvents } from '../../../shared/schedule.ts';
import { ERROR_FALLBACK } from '../../../shared/messages.ts';
import { ErrorBox, Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import './console.css';
import { CatalogueSection } from './catalogue-section.tsx';
import { ChangesSection } from './changes-section.tsx';
import { ConfirmChange } from './confirm-change.tsx';
import { ConsoleNav } from './console-nav.tsx';
import { EventChooser } from './event-chooser.tsx';
import { NoticesSection } from './notices-section.tsx';
import { RingClerksSection } from './ring-clerks-section.tsx';
import './ring-side.css';
import type { AskChange, PendingChange } from './pending-change.ts';
import { ScheduleSection } from './schedule-section.tsx';
import { useConsoleData, useOrganiserChanges } from './use-console-data.ts';

/** How many of the organiser's changes "Your changes" lists. */
const RECENT_CHANGES_SHOWN = 8;

export function ConsolePage() {
  const { user } = useAuth();
  const now = useNow(30_000);
  const data = useConsoleData();
  const mine = useOrganiserChanges(user?.id);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);

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

  const ask: AskChange = (p) => {
    setQueueError(null);
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    const p = pending;
    setPending(null);
    try {
      const { input } = p;
      if (input.type === 'change_entry') await queueEntryChange({ user_id: user.id, label: p.label, action: input });
      else await queueOrganiserChange({ user_id: user.id, label: p.label, action: input });
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
  const recent = mine.slice(0, RECENT_CHANGES_SHOWN);

  return (
    <main className="page console">
      {heading}
      <EventChooser events={choices} value={event.id} onChange={setChosen} />
      <p className="muted">
        {event.name}: times are at the venue ({zone}), now {zonedDateTime(now, zone).time.slice(0, 5)}. Changes are saved on this device first and sent when there is a
        connection.
      </p>

      <div className="console-sticky" aria-live="polite">
        {pending && <ConfirmChange pending={pending} onConfirm={() => void confirm()} onBack={() => setPending(null)} />}
        {queueError && <ErrorBox role="alert">{queueError}</ErrorBox>}
      </div>

      {recent.length > 0 && <ChangesSection items={recent} />}
      <NoticesSection event={event} notices={notices} zone={zone} ask={ask} />
      <CatalogueSection eventId={event.id} ask={ask} />
      <RingClerksSection />
      <ScheduleSection sessions={sessions} locations={locations} today={zonedDateTime(now, zone).date} ask={ask} />
    </main>
  );
}

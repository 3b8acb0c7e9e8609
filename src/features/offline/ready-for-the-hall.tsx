// "Ready for the hall": a disclosure (mounted in the footer) whose panel loads only when opened, so the first
// route carries none of it.
import { lazy, Suspense, useState } from 'react';
import { OFFLINE_READY_TEXTS } from '../../ui/offline-ready-texts.ts';
import './ready-for-the-hall.css';

const Panel = lazy(() => import('./ready-for-the-hall-panel.tsx').then((m) => ({ default: m.ReadyForTheHallPanel })));

/**
 * Whether the phone opens the show offline (src/app/offline-ready.ts): reached, still to come, or never on
 * this address (no service worker).
 */
export type OfflineUse = 'ready' | 'waiting' | 'unavailable';

function OfflineUseLine({ offline }: { offline: OfflineUse }) {
  if (offline === 'ready') {
    return (
      <p className="offline-use is-ready">
        <strong>{OFFLINE_READY_TEXTS.ready}.</strong> {OFFLINE_READY_TEXTS.readyDetail}
      </p>
    );
  }
  return <p className="offline-use">{offline === 'waiting' ? OFFLINE_READY_TEXTS.notReady : OFFLINE_READY_TEXTS.unavailable}</p>;
}

/** Whether the phone opens the show offline, how much of it it holds, and a button to save every picture. */
export function ReadyForTheHall({ offline }: { offline: OfflineUse }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="ready-for-hall" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Ready for the hall</summary>
      {open && (
        <>
          <OfflineUseLine offline={offline} />
          <Suspense fallback={<p className="muted">Checking what is saved…</p>}>
            <Panel />
          </Suspense>
        </>
      )}
    </details>
  );
}

// "Ready for the hall": a disclosure (mounted in the footer) whose panel loads only when opened, so the first
// route carries none of it.
import { lazy, Suspense, useState } from 'react';
import './ready-for-the-hall.css';

const Panel = lazy(() => import('./ready-for-the-hall-panel.tsx').then((m) => ({ default: m.ReadyForTheHallPanel })));

/** How much of the show this phone holds offline, and a button to save every picture. */
export function ReadyForTheHall() {
  const [open, setOpen] = useState(false);
  return (
    <details className="ready-for-hall" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Ready for the hall</summary>
      {open && (
        <Suspense fallback={<p className="muted">Checking what is saved…</p>}>
          <Panel />
        </Suspense>
      )}
    </details>
  );
}

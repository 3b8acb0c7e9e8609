// The console's confirmation of a change: what it does, in words, and Confirm / Back (focused when it opens).
import { useEffect, useRef } from 'react';
import type { PendingChange } from './pending-change.ts';

export function ConfirmChange({ pending, onConfirm, onBack }: { pending: PendingChange; onConfirm: () => void; onBack: () => void }) {
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

// Offline / live / last-synced indicator in the header; a click syncs now.
import { useState } from 'react';
import { syncNow } from '../data/backend.ts';
import { useSyncStatus } from '../data/mirror-start.ts';
import { syncState } from './sync-state.ts';
import { useNow } from '../ui/use-now.ts';

export function SyncIndicator() {
  const status = useSyncStatus();
  // The visitor pressed it and that pull runs: "Syncing…" even while live.
  const [asked, setAsked] = useState(false);
  // Re-render now and then so "2 min ago" stays true; every second while a retry counts down.
  const now = useNow(status.retryAt !== null ? 1_000 : 30_000).getTime();
  // The state in a word or two, and when there is room, since when: "Offline · saved data from 5 min ago".
  const { state, detail, alert, live } = syncState(status, now, asked);
  const label = state + detail;
  const sync = () => {
    setAsked(true);
    void syncNow().finally(() => setAsked(false));
  };
  return (
    <button
      type="button"
      className={`sync-indicator ${status.online ? 'is-online' : 'is-offline'}${alert ? ' is-alert' : ''}${live ? ' is-live' : ''}`}
      onClick={sync}
      title={status.lastError ?? 'Sync now'}
      aria-label={`${label}. Sync now`}
    >
      <span className="dot" aria-hidden="true" />
      <span className="sync-label">
        {state}
        {detail && <span className="sync-detail">{detail}</span>}
      </span>
    </button>
  );
}

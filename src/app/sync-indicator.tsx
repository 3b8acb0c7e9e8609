// Offline / last-synced indicator in the header; a click syncs now.
import { syncNow } from '../data/backend.ts';
import { useSyncStatus } from '../data/mirror.ts';
import { useNow } from '../ui/use-now.ts';

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

export function SyncIndicator() {
  const status = useSyncStatus();
  // Re-render now and then so "2 min ago" stays true; every second while a retry counts down.
  const now = useNow(status.retryAt !== null ? 1_000 : 30_000).getTime();
  const retrying = !status.syncing && status.lastError !== null && status.retryAt !== null;
  // The state in a word or two, and when there is room, since when: "Offline · saved data from 5 min ago".
  const [state, detail] = !status.online
    ? ['Offline', status.lastSyncedAt ? ` · saved data from ${ago(status.lastSyncedAt, now)}` : '']
    : status.outdated
      ? ['Update needed', '']
      : status.syncing
        ? ['Syncing…', '']
        : retrying
          ? [`Retrying in ${Math.max(1, Math.ceil((status.retryAt! - now) / 1000))} s`, '']
          : status.lastSyncedAt
            ? ['Synced', ` ${ago(status.lastSyncedAt, now)}`]
            : status.lastError
              ? ['Not synced yet', '']
              : ['Connecting…', ''];
  const label = state + detail;
  const alert = status.outdated || retrying;
  return (
    <button
      type="button"
      className={`sync-indicator ${status.online ? 'is-online' : 'is-offline'}${alert ? ' is-alert' : ''}`}
      onClick={() => void syncNow()}
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

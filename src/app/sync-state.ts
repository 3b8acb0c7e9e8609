// The header's sync state in words (src/app/sync-indicator.tsx), worked out apart from React so every
// state and its precedence can be tested.
import type { SyncStatus } from '../data/mirror-start.ts';

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  return new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

export interface SyncState {
  /** A word or two: "Live", "Synced", "Offline"... */
  state: string;
  /** Since when, when there is room: " just now", " · saved data from 5 min ago"; '' when none. */
  detail: string;
  /** Something needs the visitor's eye (an update, a failed pull): the dot turns amber. */
  alert: boolean;
  /** Changes reach the phone within seconds: said as "Live". */
  live: boolean;
}

/**
 * What the indicator says. `asked`: the visitor pressed it and that pull is still running. While live,
 * the pulls that pokes start run quietly (no "Syncing…" flashing at every change); a pull the visitor
 * asked for still says "Syncing…".
 */
export function syncState(status: SyncStatus, now: number, asked = false): SyncState {
  const retrying = !status.syncing && status.lastError !== null && status.retryAt !== null;
  const live = status.live && status.lastSyncedAt !== null && status.lastError === null;
  const [state, detail]: [string, string] = !status.online
    ? ['Offline', status.lastSyncedAt ? ` · saved data from ${ago(status.lastSyncedAt, now)}` : '']
    : status.outdated
      ? ['Update needed', '']
      : status.syncing && (!live || asked)
        ? ['Syncing…', '']
        : retrying
          ? [`Retrying in ${Math.max(1, Math.ceil((status.retryAt! - now) / 1000))} s`, '']
          : live
            ? ['Live', '']
            : status.lastSyncedAt
              ? ['Synced', ` ${ago(status.lastSyncedAt, now)}`]
              : status.lastError
                ? ['Not synced yet', '']
                : ['Connecting…', ''];
  return { state, detail, alert: status.outdated || retrying, live: live && state === 'Live' };
}

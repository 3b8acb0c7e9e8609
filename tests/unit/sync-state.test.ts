// The header's sync indicator in words: every state, its precedence, and "Live".
import { describe, expect, it } from 'vitest';
import { createSyncStatusStore, type SyncStatus } from '../../src/data/sync/status.ts';
import { syncState } from '../../src/app/sync-state.ts';

const NOW = Date.parse('2026-11-28T14:00:00Z');
const status = (over: Partial<SyncStatus>): SyncStatus => ({ ...createSyncStatusStore().getState(), online: true, ...over });
const words = (s: SyncStatus, asked = false) => {
  const r = syncState(s, NOW, asked);
  return r.state + r.detail;
};

describe('syncState', () => {
  it('keeps every state it had, in its order', () => {
    expect(words(status({}))).toBe('Connecting…');
    expect(words(status({ lastError: 'Failed to fetch' }))).toBe('Not synced yet');
    expect(words(status({ lastSyncedAt: NOW - 5_000 }))).toBe('Synced just now');
    expect(words(status({ lastSyncedAt: NOW - 5 * 60_000 }))).toBe('Synced 5 min ago');
    expect(words(status({ syncing: true, lastSyncedAt: NOW }))).toBe('Syncing…');
    expect(words(status({ lastError: 'x', retryAt: NOW + 4_200, lastSyncedAt: NOW - 60_000 }))).toBe('Retrying in 5 s');
    expect(words(status({ online: false, lastSyncedAt: NOW - 120_000, live: true }))).toBe('Offline · saved data from 2 min ago');
    expect(words(status({ online: false }))).toBe('Offline');
    expect(words(status({ outdated: true, live: true, lastSyncedAt: NOW }))).toBe('Update needed');
    expect(syncState(status({ outdated: true }), NOW).alert).toBe(true);
  });

  it('says "Live" instead of "Synced just now" while subscribed and nothing is wrong', () => {
    const live = syncState(status({ live: true, lastSyncedAt: NOW - 5 * 60_000 }), NOW);
    expect(live).toEqual({ state: 'Live', detail: '', alert: false, live: true });
  });

  it('does not flash "Syncing…" for the pulls pokes start, but does for one the visitor asked for', () => {
    expect(words(status({ live: true, syncing: true, lastSyncedAt: NOW }))).toBe('Live');
    expect(words(status({ live: true, syncing: true, lastSyncedAt: NOW }), true)).toBe('Syncing…');
  });

  it('is not "Live" before the first pull, nor after a failed one', () => {
    expect(words(status({ live: true, syncing: true }))).toBe('Syncing…');
    expect(words(status({ live: true }))).toBe('Connecting…');
    expect(words(status({ live: true, lastSyncedAt: NOW, lastError: 'x', retryAt: NOW + 1_000 }))).toBe('Retrying in 1 s');
    expect(words(status({ live: true, lastSyncedAt: NOW, lastError: 'x', syncing: true }))).toBe('Syncing…');
    expect(syncState(status({ live: true, lastSyncedAt: NOW, lastError: 'x', retryAt: NOW + 1_000 }), NOW).live).toBe(false);
  });
});

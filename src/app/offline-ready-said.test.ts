import { describe, expect, it } from 'vitest';
import { claimOfflineReadyNotice, OFFLINE_READY_SAID_KEY, offlineReadyState } from './offline-ready-said.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

describe('claimOfflineReadyNotice', () => {
  it('says it on the first visit to reach the moment, and never again on this phone', () => {
    const storage = memoryStorage();
    expect(claimOfflineReadyNotice(storage)).toBe(true);
    expect(storage.items.has(OFFLINE_READY_SAID_KEY)).toBe(true);
    expect(claimOfflineReadyNotice(storage)).toBe(false);
    expect(claimOfflineReadyNotice(storage)).toBe(false);
  });

  it('says it where storage is missing or refuses (told twice beats never told)', () => {
    expect(claimOfflineReadyNotice(undefined)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimOfflineReadyNotice(refusing)).toBe(true);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(claimOfflineReadyNotice(full)).toBe(true);
  });
});

describe('offlineReadyState', () => {
  it('is ready once reached, waiting before, and unavailable without a service worker', () => {
    expect(offlineReadyState(true, true)).toBe('ready');
    expect(offlineReadyState(false, true)).toBe('waiting');
    expect(offlineReadyState(false, false)).toBe('unavailable');
  });
});

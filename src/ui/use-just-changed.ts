// "Highlighted for a moment": the rows of a list that changed while it was on screen. A row
// is marked when its signature differs from the one last shown; rows there at the first render, and rows
// that appear later (a first sync filling the mirror), never are.
import { useEffect, useState, useSyncExternalStore } from 'react';

/** How long a changed row stays marked. */
export const JUST_CHANGED_MS = 6_000;

/** What a screen showed, and which of its rows changed since: the hook's state, apart from React. */
export class JustChangedRows<T, K> {
  private seen: Map<K, string> | null = null;
  /** Each marked key with the change that marked it, so an older change's timer never unmarks a newer one. */
  private marks = new Map<K, object>();
  private marked: ReadonlySet<K> = new Set();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly key: (row: T) => K,
    private readonly signature: (row: T) => string,
  ) {}

  /** The rows now on screen; marks those whose signature differs from the last time they were shown. */
  show(rows: readonly T[]): void {
    const before = this.seen;
    this.seen = new Map(rows.map((row) => [this.key(row), this.signature(row)]));
    if (!before) return;
    const changed = [...this.seen].filter(([k, sig]) => before.has(k) && before.get(k) !== sig).map(([k]) => k);
    if (changed.length === 0) return;
    const change = {};
    for (const k of changed) this.marks.set(k, change);
    this.publish();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      for (const [k, c] of this.marks) if (c === change) this.marks.delete(k);
      this.publish();
    }, JUST_CHANGED_MS);
    this.timers.add(timer);
  }

  /** The keys marked now. */
  readonly current = (): ReadonlySet<K> => this.marked;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The screen is gone: no timer outlives it. */
  dispose(): void {
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    this.marks.clear();
    this.publish();
  }

  private publish() {
    this.marked = new Set(this.marks.keys());
    this.listeners.forEach((l) => l());
  }
}

/**
 * The keys of the rows that changed on screen in the last JUST_CHANGED_MS. `rows` is undefined while
 * loading; `key` and `signature` are read once (module-level functions).
 */
export function useJustChanged<T, K>(rows: readonly T[] | undefined, key: (row: T) => K, signature: (row: T) => string): ReadonlySet<K> {
  const [tracker] = useState(() => new JustChangedRows(key, signature));
  useEffect(() => {
    if (rows) tracker.show(rows);
  }, [tracker, rows]);
  useEffect(() => () => tracker.dispose(), [tracker]);
  return useSyncExternalStore(tracker.subscribe, tracker.current, tracker.current);
}

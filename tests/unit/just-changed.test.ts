// "Highlighted for a moment": which rows a screen marks when the mirror changes under it, for
// how long, and what a screen reader hears once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JUST_CHANGED_MS, JustChangedRows } from '../../src/ui/use-just-changed.ts';
import { JUST_CANCELLED_TEXT, JUST_CHANGED_TEXT } from '../../shared/live-schedule.ts';
import { justChangedAnnouncement, justChangedText } from '../../src/ui/session-just-changed.ts';

interface Row {
  id: number;
  start: string;
  status?: 'cancelled';
}
const tracker = () =>
  new JustChangedRows<Row, number>(
    (r) => r.id,
    (r) => `${r.start}|${r.status ?? ''}`,
  );
const marked = (t: JustChangedRows<Row, number>) => [...t.current()].sort();

describe('JustChangedRows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never marks the rows of the first render, nor rows that appear later', () => {
    const t = tracker();
    t.show([{ id: 1, start: '10:00' }]);
    expect(marked(t)).toEqual([]);
    t.show([
      { id: 1, start: '10:00' },
      { id: 2, start: '11:00' },
    ]);
    expect(marked(t)).toEqual([]);
  });

  it('marks a row whose signature changed, for JUST_CHANGED_MS, and tells its listeners', () => {
    const t = tracker();
    const heard: number[][] = [];
    t.subscribe(() => heard.push(marked(t)));
    t.show([
      { id: 1, start: '10:00' },
      { id: 2, start: '11:00' },
    ]);
    t.show([
      { id: 1, start: '10:30' },
      { id: 2, start: '11:00' },
    ]);
    expect(marked(t)).toEqual([1]);
    vi.advanceTimersByTime(JUST_CHANGED_MS - 1);
    expect(marked(t)).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(marked(t)).toEqual([]);
    expect(heard).toEqual([[1], []]);
  });

  it('the same rows again (a new array, nothing changed) mark nothing', () => {
    const t = tracker();
    t.show([{ id: 1, start: '10:00' }]);
    t.show([{ id: 1, start: '10:00' }]);
    expect(marked(t)).toEqual([]);
  });

  it('a second change keeps the row marked for a full moment after it, not after the first', () => {
    const t = tracker();
    t.show([
      { id: 1, start: '10:00' },
      { id: 2, start: '11:00' },
    ]);
    t.show([
      { id: 1, start: '10:30' },
      { id: 2, start: '11:00' },
    ]);
    vi.advanceTimersByTime(4_000);
    t.show([
      { id: 1, start: '10:30', status: 'cancelled' },
      { id: 2, start: '11:30' },
    ]);
    expect(marked(t)).toEqual([1, 2]);
    vi.advanceTimersByTime(2_000);
    expect(marked(t)).toEqual([1, 2]);
    vi.advanceTimersByTime(JUST_CHANGED_MS - 2_000);
    expect(marked(t)).toEqual([]);
  });

  it('leaves no timer behind when the screen goes', () => {
    const t = tracker();
    t.show([{ id: 1, start: '10:00' }]);
    t.show([{ id: 1, start: '10:05' }]);
    t.dispose();
    expect(marked(t)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the words of a session that just changed', () => {
  it('tags it "Just changed" or "Just cancelled"', () => {
    expect(justChangedText({ status: 'scheduled' })).toBe(JUST_CHANGED_TEXT);
    expect(justChangedText({ status: null })).toBe('Just changed');
    expect(justChangedText({ status: 'cancelled' })).toBe(JUST_CANCELLED_TEXT);
    expect(JUST_CANCELLED_TEXT).toBe('Just cancelled');
  });

  it('announces them once, in one sentence per kind', () => {
    expect(justChangedAnnouncement([])).toBe('');
    expect(
      justChangedAnnouncement([
        { title: 'Best in Show', start_time: '16:30:00', status: 'scheduled' },
        { title: 'Kitten class', start_time: '11:00:00', status: 'cancelled' },
        { title: 'Ring 2 finals', start_time: '14:00:00' },
      ]),
    ).toBe('Just changed: Best in Show, 16:30; Ring 2 finals, 14:00. Just cancelled: Kitten class, 11:00.');
  });
});

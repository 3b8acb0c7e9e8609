// The in-app reminder rule (src/lib/reminders.ts): a starred session is due once, from 10 minutes before
// its start until it starts; never when cancelled; again only when an organiser moves it.
import { describe, expect, it } from 'vitest';
import { dueReminders, REMINDER_LEAD_MS, reminderKey } from '../../src/lib/reminders.ts';

const MIN = 60_000;
const NOW = Date.UTC(2026, 10, 28, 13, 0);

describe('dueReminders', () => {
  it.each([
    ['starts in 11 minutes', 11 * MIN, false],
    ['starts in 10 minutes and 1 ms', REMINDER_LEAD_MS + 1, false],
    ['starts in exactly 10 minutes', REMINDER_LEAD_MS, true],
    ['starts in 5 minutes', 5 * MIN, true],
    ['starts in 1 ms', 1, true],
    ['starts now', 0, false],
    ['started a minute ago', -MIN, false],
  ])('a session that %s → due: %s', (_, offset, due) => {
    expect(dueReminders([{ id: 1, startMs: NOW + offset, cancelled: false }], NOW, new Set())).toHaveLength(due ? 1 : 0);
  });

  it('never reminds of a cancelled session', () => {
    expect(dueReminders([{ id: 1, startMs: NOW + 5 * MIN, cancelled: true }], NOW, new Set())).toEqual([]);
  });

  it('reminds once per session and start, again when it is moved', () => {
    const s = { id: 1, startMs: NOW + 5 * MIN, cancelled: false };
    const reminded = new Set([reminderKey(s)]);
    expect(dueReminders([s], NOW, reminded)).toEqual([]);
    const moved = { ...s, startMs: NOW + 8 * MIN };
    expect(dueReminders([moved], NOW, reminded)).toEqual([moved]);
  });

  it('lists the due sessions by start', () => {
    const a = { id: 1, startMs: NOW + 9 * MIN, cancelled: false };
    const b = { id: 2, startMs: NOW + 2 * MIN, cancelled: false };
    const c = { id: 3, startMs: NOW + 30 * MIN, cancelled: false };
    expect(dueReminders([a, b, c], NOW, new Set()).map((s) => s.id)).toEqual([2, 1]);
  });
});

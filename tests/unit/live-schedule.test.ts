// The live schedule: classification with moved and cancelled sessions, the absolute targets a
// queued change carries, what a visitor reads on a changed session, and when a notice shows.
import { describe, expect, it } from 'vitest';
import {
  checkNotice,
  delaySessions,
  LIVE_SCHEDULE_MESSAGES,
  movedFromText,
  moveSession,
  noticeShowing,
  normaliseTime,
  retimeSession,
  type LiveSession,
} from '../../shared/live-schedule.ts';
import { classifySchedule } from '../../shared/schedule.ts';
import { zonedTimeToInstant } from '../../shared/dates.ts';

const AMS = 'Europe/Amsterdam';
const DAY = '2026-11-28';
const at = (time: string) => zonedTimeToInstant(DAY, time, AMS);

type S = LiveSession & { event_id: number; title: string };
const session = (id: number, start: string, end: string, over: Partial<S> = {}): S => ({
  id,
  event_id: 1,
  title: `Session ${id}`,
  schedule_date: DAY,
  start_time: start,
  end_time: end,
  location: 'Ring 3',
  status: 'scheduled',
  original_date: null,
  original_start_time: null,
  original_end_time: null,
  original_location: null,
  ...over,
});

describe('classification with the organiser’s changes', () => {
  it('uses the current (moved) times: a session delayed from 13:30 to 14:00 is up next at 13:45, not on now', () => {
    const moved = session(1, '14:00:00', '15:00:00', { original_start_time: '13:30:00', original_end_time: '14:30:00', original_date: DAY, original_location: 'Ring 3' });
    const c = classifySchedule([moved], at('13:45'), () => AMS);
    expect(c.now.map((s) => s.id)).toEqual([]);
    expect(c.next.map((s) => s.id)).toEqual([1]);
    expect(classifySchedule([moved], at('14:30'), () => AMS).now.map((s) => s.id)).toEqual([1]);
  });

  it('skips cancelled sessions for Now, Up Next and upcoming days, and keeps them listed in their day', () => {
    const sessions = [
      session(1, '10:00:00', '11:00:00', { status: 'cancelled' }),
      session(2, '10:00:00', '11:00:00'),
      session(3, '11:00:00', '12:00:00', { status: 'cancelled' }),
    ];
    const c = classifySchedule(sessions, at('10:30'), () => AMS);
    expect(c.now.map((s) => s.id)).toEqual([2]);
    expect(c.next.map((s) => s.id)).toEqual([]);
    expect(c.upcomingByDay.flatMap((d) => d.sessions.map((s) => s.id))).toEqual([2]);
    expect(c.days.flatMap((d) => d.items.map((i) => i.session.id))).toEqual([1, 3]);
  });
});

describe('changes carry absolute targets', () => {
  it('delays a ring by 30 minutes: every session keeps its length and place', () => {
    const r = delaySessions([session(1, '09:30:00', '10:15:00'), session(2, '14:00:00', '15:00:00', { location: null })], 30);
    expect(r).toEqual({
      ok: true,
      changes: [
        { id: 1, action: 'set', schedule_date: DAY, start_time: '10:00:00', end_time: '10:45:00', location: 'Ring 3' },
        { id: 2, action: 'set', schedule_date: DAY, start_time: '14:30:00', end_time: '15:30:00', location: null },
      ],
    });
  });

  it('refuses a delay past midnight, and 0 or fractional minutes', () => {
    expect(delaySessions([session(1, '23:00:00', '23:45:00')], 30)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.pastMidnight });
    expect(delaySessions([session(1, '10:00:00', '11:00:00')], 0)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.badMinutes });
    expect(delaySessions([session(1, '10:00:00', '11:00:00')], 7.5)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.badMinutes });
  });

  it('sets a new time (keeping the length when no end is given) and moves to another location', () => {
    expect(retimeSession(session(1, '10:00:00', '10:45:00'), '16:30')).toMatchObject({ ok: true, changes: [{ start_time: '16:30:00', end_time: '17:15:00' }] });
    expect(retimeSession(session(1, '10:00:00', '10:45:00'), '16:30', '16:00')).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.endBeforeStart });
    expect(retimeSession(session(1, '10:00:00', '10:45:00'), 'half past')).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.badTime });
    expect(moveSession(session(1, '10:00:00', '10:45:00'), '  Main ring ')).toEqual({
      id: 1,
      action: 'set',
      schedule_date: DAY,
      start_time: '10:00:00',
      end_time: '10:45:00',
      location: 'Main ring',
    });
    expect(normaliseTime('9:05')).toBe('09:05:00');
    expect(normaliseTime('24:00')).toBeNull();
  });
});

describe('what a visitor reads', () => {
  it('"Moved from 14:00", from another location, and from another day', () => {
    const base = { original_date: DAY, original_start_time: '14:00:00', original_end_time: '15:00:00', original_location: 'Ring 3' };
    expect(movedFromText(session(1, '14:30:00', '15:30:00', base))).toBe('Moved from 14:00');
    expect(movedFromText(session(1, '14:00:00', '15:00:00', { ...base, location: 'Main ring' }))).toBe('Moved from Ring 3');
    expect(movedFromText(session(1, '16:30:00', '17:30:00', { ...base, location: 'Main ring' }))).toBe('Moved from 14:00, Ring 3');
    expect(movedFromText(session(1, '14:00:00', '15:00:00', { ...base, schedule_date: '2026-11-29' }), () => 'Saturday')).toBe('Moved from Saturday 14:00');
    expect(movedFromText(session(1, '14:00:00', '15:00:00'))).toBeNull();
  });

  it('shows a notice until its end time, and checks one before it is queued', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(noticeShowing({ ends_at: null }, now)).toBe(true);
    expect(noticeShowing({ ends_at: '2026-11-28T12:00:01Z' }, now)).toBe(true);
    expect(noticeShowing({ ends_at: '2026-11-28T12:00:00Z' }, now)).toBe(false);
    expect(checkNotice('  Best in Show moved to 16:30,\n main ring ', null, now)).toEqual({ ok: true, message: 'Best in Show moved to 16:30, main ring' });
    expect(checkNotice('   ', null, now)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.noNotice });
    expect(checkNotice('x'.repeat(141), null, now)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.noticeTooLong });
    expect(checkNotice('Late', new Date('2026-11-28T11:00:00Z'), now)).toEqual({ ok: false, message: LIVE_SCHEDULE_MESSAGES.noticeEndPast });
  });
});

// Wall-clock times in a venue's zone (shared/dates.ts) and schedule classification (shared/schedule.ts),
// as tables: window edges, DST changes, and a phone set to another zone than the venue's.
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  deviceTimeZone,
  formatDateEnGb,
  formatDateRange,
  formatScheduleDay,
  isValidTimeZone,
  timeZoneOffsetMs,
  zonedDateTime,
  zonedTimeToInstant,
} from '../../shared/dates.ts';
import {
  activeEvent,
  classifySchedule,
  DEFAULT_EVENT_TIME_ZONE,
  eventNotEnded,
  eventRunning,
  eventTimeZone,
  sameTimeZone,
  sessionBounds,
  timeZoneNote,
  upcomingEvents,
  UP_NEXT_WINDOW_MS,
  type ScheduleSession,
} from '../../shared/schedule.ts';

const AMS = 'Europe/Amsterdam';
const HOUR_MS = 60 * 60 * 1000;
const iso = (d: Date) => d.toISOString();

// Run each test with the process (the "phone") in a zone of its own choosing, then put it back.
const initialTz = process.env.TZ;
afterEach(() => {
  if (initialTz === undefined) delete process.env.TZ;
  else process.env.TZ = initialTz;
});

describe('zonedTimeToInstant', () => {
  it.each([
    // zone, date, time, instant
    ['Europe/Amsterdam', '2026-11-21', '12:30', '2026-11-21T11:30:00.000Z'],
    ['Europe/Amsterdam', '2026-07-01', '12:30:00', '2026-07-01T10:30:00.000Z'],
    ['Europe/Amsterdam', '2026-11-22', '00:00:00', '2026-11-21T23:00:00.000Z'],
    ['Europe/Amsterdam', '2026-11-21', '23:59:59', '2026-11-21T22:59:59.000Z'],
    ['UTC', '2026-11-21', '10:00:30', '2026-11-21T10:00:30.000Z'],
    ['Europe/London', '2026-11-21', '10:00', '2026-11-21T10:00:00.000Z'],
    ['America/New_York', '2026-11-21', '09:00', '2026-11-21T14:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-21', '00:00', '2026-11-20T18:30:00.000Z'],
    ['Pacific/Chatham', '2026-11-21', '12:00', '2026-11-20T22:15:00.000Z'],
    ['Pacific/Kiritimati', '2026-01-01', '00:00', '2025-12-31T10:00:00.000Z'],
  ])('%s %s %s → %s', (zone, date, time, instant) => {
    expect(iso(zonedTimeToInstant(date, time, zone))).toBe(instant);
  });

  it.each([
    // Spring forward: clocks jump 02:00 → 03:00, so 02:00–02:59 never shows; such a time moves on by the gap.
    ['Amsterdam, before the jump', AMS, '2026-03-29', '01:59', '2026-03-29T00:59:00.000Z'],
    ['Amsterdam, the skipped 02:00', AMS, '2026-03-29', '02:00', '2026-03-29T01:00:00.000Z'],
    ['Amsterdam, the skipped 02:30 (= 03:30)', AMS, '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    ['Amsterdam, 03:00 after the jump', AMS, '2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['Amsterdam, later that day', AMS, '2026-03-29', '12:00', '2026-03-29T10:00:00.000Z'],
    ['New York, the skipped 02:30', 'America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    ['Lord Howe, half-hour jump', 'Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'],
    // Fall back: clocks go 03:00 → 02:00, so 02:00–02:59 shows twice; the earlier one is meant.
    ['Amsterdam, the repeated 02:30 (summer time)', AMS, '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['Amsterdam, 03:00 after going back', AMS, '2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
    ['Amsterdam, 01:59 before going back', AMS, '2026-10-25', '01:59', '2026-10-24T23:59:00.000Z'],
    ['New York, the repeated 01:30', 'America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
  ])('across a DST change: %s', (_label, zone, date, time, instant) => {
    expect(iso(zonedTimeToInstant(date, time, zone))).toBe(instant);
  });

  it('reads back through zonedDateTime for every quarter hour of a year’s DST days, except skipped times', () => {
    for (const [zone, date] of [
      [AMS, '2026-03-29'],
      [AMS, '2026-10-25'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Australia/Sydney', '2026-04-05'],
      ['Australia/Sydney', '2026-10-04'],
    ] as const) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
        const back = zonedDateTime(zonedTimeToInstant(date, time, zone), zone);
        // Only a time inside a one-hour gap may move, and then exactly one hour later.
        const hourLater = `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`;
        expect(back, `${zone} ${date} ${time}`).toEqual({ date, time: back.time === time ? time : hourLater });
      }
    }
  });

  it('does not depend on the zone the device is set to', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/Amsterdam']) {
      process.env.TZ = tz;
      expect(deviceTimeZone()).toBe(tz);
      expect(iso(zonedTimeToInstant('2026-03-29', '02:30', AMS)), tz).toBe('2026-03-29T01:30:00.000Z');
      expect(zonedDateTime(new Date('2026-11-21T23:08:00Z'), AMS), tz).toEqual({ date: '2026-11-22', time: '00:08:00' });
    }
  });
});

describe('zone helpers', () => {
  it.each([
    ['2026-11-21T23:08:00Z', AMS, { date: '2026-11-22', time: '00:08:00' }],
    ['2026-11-21T23:08:00Z', 'UTC', { date: '2026-11-21', time: '23:08:00' }],
    ['2026-11-21T03:00:00Z', 'America/Los_Angeles', { date: '2026-11-20', time: '19:00:00' }],
    ['2026-11-21T00:00:00Z', 'Asia/Tokyo', { date: '2026-11-21', time: '09:00:00' }],
  ])('zonedDateTime(%s, %s)', (instant, zone, expected) => {
    expect(zonedDateTime(new Date(instant), zone)).toEqual(expected);
  });

  it.each([
    ['2026-11-21T12:00:00Z', AMS, 1],
    ['2026-07-01T12:00:00Z', AMS, 2],
    ['2026-11-21T12:00:00Z', 'America/New_York', -5],
    ['2026-11-21T12:00:00Z', 'Asia/Kolkata', 5.5],
  ])('timeZoneOffsetMs(%s, %s) = %s h', (instant, zone, hours) => {
    expect(timeZoneOffsetMs(new Date(instant), zone)).toBe(hours * HOUR_MS);
  });

  it.each([
    ['Europe/Amsterdam', true],
    ['UTC', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('isValidTimeZone(%j) = %s', (zone, valid) => expect(isValidTimeZone(zone)).toBe(valid));

  it("formats dates en-GB, and a show's dates as a range with the month in words, whatever the device zone", () => {
    for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      process.env.TZ = tz;
      expect(formatDateEnGb('2026-11-21'), tz).toBe('21/11/2026');
      expect(formatScheduleDay('2026-11-21'), tz).toMatch(/^Saturday,? 21 November 2026$/);
      // The month in words (ICU puts thin spaces around the dash: compared as plain spaces).
      const range = (start: string, end: string, locale: string) => formatDateRange(start, end, locale).replace(/\s/g, ' ');
      expect(range('2026-11-20', '2026-11-22', 'en-GB'), tz).toBe('20 – 22 Nov 2026');
      expect(range('2026-11-30', '2026-12-02', 'en-GB'), tz).toBe('30 Nov – 2 Dec 2026');
      expect(range('2026-11-27', '2026-11-29', 'en-US'), tz).toBe('Nov 27 – 29, 2026');
      expect(range('2026-11-20', '2026-11-20', 'en-GB'), tz).toBe('20 Nov 2026');
      expect(addDaysToDate('2026-03-28', 2), tz).toBe('2026-03-30');
      expect(addDaysToDate('2026-01-01', -1), tz).toBe('2025-12-31');
    }
  });
});

/** A session with the given venue-local date and times. */
const session = (id: number, date: string, start: string, end: string, event_id = 1): ScheduleSession => ({
  id,
  event_id,
  schedule_date: date,
  start_time: `${start}:00`,
  end_time: `${end}:00`,
});
const at = (date: string, time: string, zone = AMS) => zonedTimeToInstant(date, time, zone);
type Where = 'now' | 'next' | 'upcoming';
/** Where one session lands when classified alone. */
function whereIs(s: ScheduleSession, now: Date, zone = AMS): Where[] {
  const c = classifySchedule([s], now, () => zone);
  const out: Where[] = [];
  if (c.now.includes(s)) out.push('now');
  if (c.next.includes(s)) out.push('next');
  if (c.upcomingByDay.some((d) => d.sessions.includes(s))) out.push('upcoming');
  return out;
}

describe('classifySchedule at the window edges (venue: Amsterdam, now 12:30 there)', () => {
  const now = at('2026-11-21', '12:30');
  it.each([
    ['over before now', session(1, '2026-11-21', '09:00', '10:00'), []],
    ['ended a minute ago', session(2, '2026-11-21', '11:00', '12:29'), []],
    ['ends this minute (end minute)', session(3, '2026-11-21', '11:00', '12:30'), ['now']],
    ['running', session(4, '2026-11-21', '12:00', '13:00'), ['now', 'upcoming']],
    ['starts this minute (start minute)', session(5, '2026-11-21', '12:30', '13:00'), ['now', 'upcoming']],
    ['starts in a minute', session(6, '2026-11-21', '12:31', '13:00'), ['next', 'upcoming']],
    ['starts in exactly 2 h', session(7, '2026-11-21', '14:30', '15:00'), ['next', 'upcoming']],
    ['starts in 2 h + 1 min', session(8, '2026-11-21', '14:31', '15:00'), ['upcoming']],
    ['later today', session(9, '2026-11-21', '17:00', '17:30'), ['upcoming']],
    ['tomorrow', session(10, '2026-11-22', '09:00', '10:00'), ['upcoming']],
    ['yesterday', session(11, '2026-11-20', '12:00', '13:00'), []],
  ] as const)('%s', (_label, s, expected) => {
    expect(whereIs(s, now)).toEqual(expected);
  });

  it('counts exact instants: a second past the end is over; 2 h + 1 s ahead is not next, 2 h − 1 s is', () => {
    expect(whereIs(session(1, '2026-11-21', '11:00', '12:30'), new Date(now.getTime() + 1000))).toEqual([]);
    expect(whereIs(session(2, '2026-11-21', '14:30', '15:00'), new Date(now.getTime() - 1000))).toEqual(['upcoming']);
    expect(whereIs(session(3, '2026-11-21', '14:30', '15:00'), new Date(now.getTime() + 1000))).toEqual(['next', 'upcoming']);
    expect(UP_NEXT_WINDOW_MS).toBe(2 * HOUR_MS);
  });

  it('keeps Up Next to today at the venue: a session just after midnight is not next at 23:30', () => {
    const lateEvening = at('2026-11-21', '23:30');
    expect(whereIs(session(1, '2026-11-22', '00:30', '01:30'), lateEvening)).toEqual(['upcoming']);
    expect(whereIs(session(2, '2026-11-21', '23:00', '23:59'), lateEvening)).toEqual(['now', 'upcoming']);
  });

  it('sorts into now, up next and upcoming days, in time order', () => {
    const all = [
      session(6, '2026-11-20', '12:00', '13:00'),
      session(5, '2026-11-22', '09:00', '10:00'),
      session(4, '2026-11-21', '14:31', '15:00'),
      session(3, '2026-11-21', '14:30', '15:00'),
      session(2, '2026-11-21', '12:00', '13:00'),
      session(1, '2026-11-21', '09:00', '10:00'),
    ];
    const c = classifySchedule(all, now, () => AMS);
    const ids = (xs: ScheduleSession[]) => xs.map((x) => x.id);
    expect(ids(c.now)).toEqual([2]);
    expect(ids(c.next)).toEqual([3]);
    expect(c.upcomingByDay.map((d) => [d.date, ids(d.sessions)])).toEqual([
      ['2026-11-21', [2, 3, 4]],
      ['2026-11-22', [5]],
    ]);
  });
});

describe('classifySchedule: the day-by-day programme (venue: Amsterdam, now 12:30 there)', () => {
  const now = at('2026-11-21', '12:30');
  /** Each day as [date, past, items as id or id+'ended', with '|' where the now line goes]. */
  const layout = (sessions: ScheduleSession[], when = now) =>
    classifySchedule(sessions, when, () => AMS).days.map((d) => {
      const items: (string | number)[] = d.items.map((i) => (i.ended ? `${i.session.id} ended` : i.session.id));
      if (d.nowLineAt !== null) items.splice(d.nowLineAt, 0, '|');
      return [d.date, d.past, items];
    });

  it.each([
    [
      'earlier day ended; today: ended, then the line, later sessions; Now and Up Next left out; tomorrow',
      [
        session(1, '2026-11-20', '09:00', '10:00'),
        session(2, '2026-11-21', '09:00', '10:00'),
        session(3, '2026-11-21', '12:00', '13:00'), // now
        session(4, '2026-11-21', '13:00', '14:00'), // next
        session(5, '2026-11-21', '16:00', '17:00'),
        session(6, '2026-11-22', '09:00', '10:00'),
      ],
      [
        ['2026-11-20', true, ['1 ended']],
        ['2026-11-21', false, ['2 ended', '|', 5]],
        ['2026-11-22', false, [6]],
      ],
    ],
    [
      'a long session that started earlier and is still on sits before the line, in Now only',
      [session(1, '2026-11-21', '08:00', '18:00'), session(2, '2026-11-21', '10:00', '11:00'), session(3, '2026-11-21', '15:00', '16:00')],
      [['2026-11-21', false, ['2 ended', '|', 3]]],
    ],
    ['all of today over: the line closes the day', [session(1, '2026-11-21', '09:00', '10:00')], [['2026-11-21', true, ['1 ended', '|']]]],
    ['nothing started yet today: the line opens it', [session(1, '2026-11-21', '17:00', '18:00')], [['2026-11-21', false, ['|', 1]]]],
    [
      'only Now and Up Next today: just the line',
      [session(1, '2026-11-21', '12:00', '13:00'), session(2, '2026-11-21', '13:00', '14:00')],
      [['2026-11-21', false, ['|']]],
    ],
    ['a show that has not started: no line', [session(1, '2026-11-25', '09:00', '10:00')], [['2026-11-25', false, [1]]]],
    ['ends this minute is on now, not ended', [session(1, '2026-11-21', '11:00', '12:30')], [['2026-11-21', false, ['|']]]],
  ] as const)('%s', (_label, sessions, expected) => {
    expect(layout([...sessions])).toEqual(expected);
  });
});

describe('classifySchedule across a DST change (real elapsed time, not wall-clock difference)', () => {
  it.each([
    // Spring forward on 29 March 2026: 00:30 CET is 23:30 UTC on the 28th.
    ['03:00 CEST is 1.5 h after 00:30 CET', '2026-03-29', '00:30', session(1, '2026-03-29', '03:00', '04:00'), ['next', 'upcoming']],
    ['the skipped 02:30 means 03:30 CEST: exactly 2 h', '2026-03-29', '00:30', session(2, '2026-03-29', '02:30', '04:00'), ['next', 'upcoming']],
    ['03:31 CEST is 2 h 1 min away though 3 h on the clock', '2026-03-29', '00:30', session(3, '2026-03-29', '03:31', '04:00'), ['upcoming']],
    ['a session spanning the jump is on at 03:15', '2026-03-29', '03:15', session(4, '2026-03-29', '01:00', '04:00'), ['now', 'upcoming']],
    // Fall back on 25 October 2026: 00:30 CEST is 22:30 UTC on the 24th.
    ['the first 02:30 is exactly 2 h after 00:30', '2026-10-25', '00:30', session(5, '2026-10-25', '02:30', '04:00'), ['next', 'upcoming']],
    ['03:00 CET is 3.5 h away though 2.5 h on the clock', '2026-10-25', '00:30', session(6, '2026-10-25', '03:00', '04:00'), ['upcoming']],
  ] as const)('%s', (_label, date, time, s, expected) => {
    expect(whereIs(s, at(date, time))).toEqual(expected);
  });
});

describe('classifySchedule with the phone in another zone than the venue', () => {
  it.each([
    // phone zone, instant, session at the Amsterdam venue, expected
    ['America/Los_Angeles', '2026-11-21T23:30:00Z', session(1, '2026-11-22', '00:00', '01:00'), ['now', 'upcoming']],
    ['America/Los_Angeles', '2026-11-21T23:30:00Z', session(2, '2026-11-22', '02:00', '03:00'), ['next', 'upcoming']],
    ['America/Los_Angeles', '2026-11-21T23:30:00Z', session(3, '2026-11-21', '15:00', '16:00'), []],
    ['Asia/Tokyo', '2026-11-21T11:30:00Z', session(4, '2026-11-21', '12:00', '13:00'), ['now', 'upcoming']],
    ['Asia/Tokyo', '2026-11-21T11:30:00Z', session(5, '2026-11-21', '20:00', '21:00'), ['upcoming']],
    ['UTC', '2026-11-21T11:30:00Z', session(6, '2026-11-21', '12:30', '13:00'), ['now', 'upcoming']],
  ] as const)('phone in %s at %s', (phone, instant, s, expected) => {
    process.env.TZ = phone;
    expect(whereIs(s, new Date(instant))).toEqual(expected);
  });

  it('would get it wrong reading venue times in the phone’s zone, which is why the zone is passed', () => {
    process.env.TZ = 'America/Los_Angeles';
    const s = session(1, '2026-11-22', '00:00', '01:00');
    const now = new Date('2026-11-21T23:30:00Z');
    expect(classifySchedule([s], now).now).toEqual([]);
    expect(classifySchedule([s], now, () => AMS).now).toEqual([s]);
    expect(iso(sessionBounds(s, AMS).start)).toBe('2026-11-21T23:00:00.000Z');
  });

  it('orders sessions of events in different zones by when they really start', () => {
    const zones: Record<number, string> = { 1: AMS, 2: 'Europe/London' };
    const sessions = [
      session(1, '2026-11-21', '10:00', '11:00', 2), // 10:00 UTC
      session(2, '2026-11-21', '10:30', '11:00', 1), // 09:30 UTC
      session(3, '2026-11-21', '09:45', '11:00', 2), // 09:45 UTC
    ];
    const c = classifySchedule(sessions, new Date('2026-11-21T08:00:00Z'), (s) => zones[s.event_id]!);
    expect(c.next.map((s) => s.id)).toEqual([2, 3, 1]);
    expect(c.upcomingByDay[0]!.sessions.map((s) => s.id)).toEqual([2, 3, 1]);
  });

  it('uses each venue’s own today: at 23:30 UTC Amsterdam is already on the next day, London is not', () => {
    const zones: Record<number, string> = { 1: AMS, 2: 'Europe/London' };
    const now = new Date('2026-11-21T23:30:00Z');
    const amsterdamYesterday = session(1, '2026-11-21', '23:00', '23:59', 1); // ended at 22:59 UTC
    const londonToday = session(2, '2026-11-21', '23:00', '23:59', 2); // on until 23:59 UTC
    const c = classifySchedule([amsterdamYesterday, londonToday], now, (s) => zones[s.event_id]!);
    expect(c.now).toEqual([londonToday]);
    expect(c.upcomingByDay).toEqual([{ date: '2026-11-21', sessions: [londonToday] }]);
  });
});

describe('event zones', () => {
  it.each([
    [{ time_zone: 'Europe/London' }, 'Europe/London'],
    [{ time_zone: 'Mars/Olympus' }, DEFAULT_EVENT_TIME_ZONE],
    [{ time_zone: '' }, DEFAULT_EVENT_TIME_ZONE],
    [{}, DEFAULT_EVENT_TIME_ZONE],
    [undefined, DEFAULT_EVENT_TIME_ZONE],
  ])('eventTimeZone(%j) = %s', (event, zone) => expect(eventTimeZone(event)).toBe(zone));

  it.each([
    [AMS, AMS, null],
    ['UTC', 'Etc/UTC', null],
    ['Asia/Kolkata', 'Asia/Calcutta', null],
    [AMS, 'UTC', 'Times are in Europe/Amsterdam time (your device is set to UTC).'],
    ['Europe/London', AMS, 'Times are in Europe/London time (your device is set to Europe/Amsterdam).'],
    ['Mars/Olympus', 'UTC', 'Times are in Mars/Olympus time (your device is set to UTC).'],
  ])('timeZoneNote(%s, device %s)', (venue, device, note) => {
    expect(timeZoneNote(venue, device)).toBe(note);
    expect(sameTimeZone(venue, device)).toBe(note === null);
  });

  it('says when some sessions are marked with a zone of their own', () => {
    expect(timeZoneNote(AMS, 'UTC', true)).toBe('Times are in Europe/Amsterdam time unless marked otherwise (your device is set to UTC).');
    expect(timeZoneNote(AMS, AMS, true)).toBeNull();
  });

  it.each([
    // end_date, zone, now, not ended
    ['2026-11-21', AMS, '2026-11-21T22:59:00Z', true],
    ['2026-11-21', AMS, '2026-11-21T23:00:00Z', false],
    ['2026-11-21', 'Europe/London', '2026-11-21T23:30:00Z', true],
    ['2026-11-22', AMS, '2026-11-21T23:30:00Z', true],
    ['2026-11-20', 'America/Los_Angeles', '2026-11-21T07:59:00Z', true],
    ['2026-11-20', 'America/Los_Angeles', '2026-11-21T08:00:00Z', false],
  ])('an event ending %s in %s has not ended at %s: %s', (end_date, time_zone, now, expected) => {
    expect(eventNotEnded({ end_date, time_zone }, new Date(now))).toBe(expected);
  });

  it('answers as the venue date does in every zone, from UTC−12 to UTC+14, whether or not it asks the zone', () => {
    const zones = ['Etc/GMT+12', 'America/Los_Angeles', 'UTC', AMS, 'Asia/Kolkata', 'Pacific/Kiritimati'];
    for (const time_zone of zones) {
      for (let hour = 0; hour < 48; hour++) {
        const now = new Date(Date.UTC(2026, 10, 21, hour, 30));
        for (let days = -3; days <= 3; days++) {
          const end_date = addDaysToDate('2026-11-21', days);
          expect(eventNotEnded({ end_date, time_zone }, now), `${end_date} ${time_zone} ${now.toISOString()}`).toBe(end_date >= zonedDateTime(now, time_zone).date);
        }
      }
    }
  });
});

describe('the active event for a vote: the venue date decides, not the phone date', () => {
  // Saturday's show ends on the 21st in Amsterdam; Sunday's starts there on the 22nd.
  const saturday = { id: 1, name: 'Saturday Show', start_date: '2026-11-21', end_date: '2026-11-21', time_zone: AMS };
  const sunday = { id: 2, name: 'Sunday Show', start_date: '2026-11-22', end_date: '2026-11-22', time_zone: AMS };
  const events = [sunday, saturday];

  it.each([
    // phone zone, now (UTC), the phone's own date, the event the vote goes to
    // 00:30 on the 22nd in Amsterdam, still 18:30 on the 21st in New York: Saturday's show is over.
    ['America/New_York', '2026-11-21T23:30:00Z', '2026-11-21', 'Sunday Show'],
    // 23:30 on the 21st in Amsterdam, already 07:30 on the 22nd in Tokyo: Saturday's show is still on.
    ['Asia/Tokyo', '2026-11-21T22:30:00Z', '2026-11-22', 'Saturday Show'],
    ['Europe/Amsterdam', '2026-11-21T22:30:00Z', '2026-11-21', 'Saturday Show'],
  ])('a phone in %s at %s (its date %s) votes for %s', (zone, now, phoneDate, expected) => {
    process.env.TZ = zone;
    const at = new Date(now);
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    expect(local).toBe(phoneDate);
    expect(activeEvent(events, at)?.name).toBe(expected);
    // The same event the events list shows first, and as "On now".
    expect(upcomingEvents(events, at)[0]?.name).toBe(expected);
    expect(eventRunning(activeEvent(events, at)!, at)).toBe(true);
  });

  it('is undefined once every event has ended at its venue', () => {
    expect(activeEvent(events, new Date('2026-11-22T23:00:00Z'))).toBeUndefined();
    expect(activeEvent(events, new Date('2026-11-22T22:59:00Z'))?.name).toBe('Sunday Show');
  });

  it('orders by start date, then name, as the events list does', () => {
    const a = { name: 'B', start_date: '2026-11-20', end_date: '2026-11-30', time_zone: AMS };
    const b = { name: 'A', start_date: '2026-11-20', end_date: '2026-11-25', time_zone: AMS };
    const c = { name: 'C', start_date: '2026-11-19', end_date: '2026-11-25', time_zone: 'Asia/Tokyo' };
    expect(upcomingEvents([a, b, c], new Date('2026-11-21T12:00:00Z')).map((e) => e.name)).toEqual(['C', 'A', 'B']);
  });
});

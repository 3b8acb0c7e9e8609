// The .ics output read back by a real iCalendar parser (ical.js, not ours): UTC times, stable UIDs with a
// SEQUENCE that grows when a session moves, the ten-minute alarm, escaping and folding, cancellation.
import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { calendarFileName, calendarSessionOf, escapeText, foldLine, ICS_TEXTS, sessionsCalendar, sessionUid, type CalendarSession } from '../../shared/ics.ts';
import type { ScheduleSession } from '../../shared/row-schemas.ts';

const APP = 'https://show.example/app/';
const NOW = new Date('2026-11-27T08:00:00Z');

const session = (over: Partial<CalendarSession> = {}): CalendarSession => ({
  id: 12,
  title: 'Best in Show',
  start: new Date('2026-11-28T14:00:00Z'),
  end: new Date('2026-11-28T15:30:00Z'),
  location: 'Ring 1',
  eventName: 'Winter Cat Show',
  url: '/events/3#session-12',
  description: 'The final judging.',
  updatedAt: '2026-11-20T10:00:00Z',
  ...over,
});

function parse(text: string) {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  return { vcalendar, events: vcalendar.getAllSubcomponents('vevent') };
}

const utcIso = (t: ICAL.Time) => t.toJSDate().toISOString();

describe('sessionsCalendar', () => {
  test('is a VCALENDAR of CRLF lines with the required properties', () => {
    const text = sessionsCalendar([session()], { appOrigin: APP, now: NOW });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const { vcalendar, events } = parse(text);
    expect(vcalendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(vcalendar.getFirstPropertyValue('prodid')).toBe('-//PurrFect Show//Visitor app//EN');
    expect(vcalendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(vcalendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toHaveLength(1);
    const ev = new ICAL.Event(events[0]);
    expect(ev.summary).toBe('Best in Show');
    expect(ev.location).toBe('Ring 1');
    expect(events[0]!.getFirstPropertyValue('url')).toBe('https://show.example/app/events/3#session-12');
    expect(ev.description).toBe('Winter Cat Show\nThe final judging.\nhttps://show.example/app/events/3#session-12');
    expect(events[0]!.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(utcIso(events[0]!.getFirstPropertyValue('dtstamp') as ICAL.Time)).toBe('2026-11-27T08:00:00.000Z');
  });

  test('times are UTC instants (Z), whatever zone the test machine is in', () => {
    const text = sessionsCalendar([session()], { appOrigin: APP, now: NOW });
    expect(text).toContain('DTSTART:20261128T140000Z\r\n');
    expect(text).toContain('DTEND:20261128T153000Z\r\n');
    const ev = new ICAL.Event(parse(text).events[0]);
    expect(ev.startDate.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(ev.startDate.isDate).toBe(false);
    expect(utcIso(ev.startDate)).toBe('2026-11-28T14:00:00.000Z');
    expect(utcIso(ev.endDate)).toBe('2026-11-28T15:30:00.000Z');
  });

  test('a session row is read in its venue zone: 14:00 in Europe/Prague in November is 13:00 UTC', () => {
    const row: ScheduleSession = {
      id: 7,
      updated_at: '2026-11-01T00:00:00Z',
      event_id: 3,
      schedule_date: '2026-11-28',
      start_time: '14:00:00',
      end_time: '15:00:00',
      title: 'Grooming demo',
      description: null,
      location: 'Hall B',
      status: 'scheduled',
      original_date: null,
      original_start_time: null,
      original_end_time: null,
      original_location: null,
    };
    const text = sessionsCalendar([calendarSessionOf(row, { name: 'Prague Show', time_zone: 'Europe/Prague' })], { appOrigin: APP, now: NOW });
    const ev = new ICAL.Event(parse(text).events[0]);
    expect(utcIso(ev.startDate)).toBe('2026-11-28T13:00:00.000Z');
    expect(utcIso(ev.endDate)).toBe('2026-11-28T14:00:00.000Z');
    expect(ev.uid).toBe('session-7@purrfect-show');
    expect(ev.location).toBe('Hall B');
    expect(ev.description).toBe('Prague Show\nhttps://show.example/app/events/3#session-7');
  });

  test('the UID is the same in two files and after the session moves; SEQUENCE grows with the move', () => {
    const first = parse(sessionsCalendar([session()], { appOrigin: APP, now: NOW })).events[0]!;
    const again = parse(sessionsCalendar([session()], { appOrigin: APP, now: new Date('2026-11-27T09:00:00Z') })).events[0]!;
    const moved = parse(
      sessionsCalendar(
        [session({ start: new Date('2026-11-28T15:00:00Z'), end: new Date('2026-11-28T16:30:00Z'), location: 'Ring 2', updatedAt: '2026-11-27T07:59:00Z' })],
        { appOrigin: APP, now: NOW },
      ),
    ).events[0]!;
    const uid = (c: ICAL.Component) => c.getFirstPropertyValue('uid');
    const seq = (c: ICAL.Component) => Number(c.getFirstPropertyValue('sequence'));
    expect(uid(first)).toBe(sessionUid(12));
    expect(uid(again)).toBe(uid(first));
    expect(uid(moved)).toBe(uid(first));
    expect(seq(again)).toBe(seq(first));
    expect(seq(moved)).toBeGreaterThan(seq(first));
    expect(Number.isSafeInteger(seq(moved)) && seq(moved) < 2 ** 31).toBe(true);
    expect(utcIso(new ICAL.Event(moved).startDate)).toBe('2026-11-28T15:00:00.000Z');
  });

  test('SEQUENCE adds the revision: a second change within the same second of updated_at still raises it', () => {
    const seq = (over: Partial<CalendarSession>) =>
      Number(parse(sessionsCalendar([session(over)], { appOrigin: APP, now: NOW })).events[0]!.getFirstPropertyValue('sequence'));
    const secondsOnly = seq({ revision: null });
    expect(seq({})).toBe(secondsOnly); // a file from the mirror (no revision) counts the seconds alone, as before
    expect(seq({ revision: 1 })).toBe(secondsOnly + 1);
    expect(seq({ revision: 2 })).toBe(secondsOnly + 2);
    expect(seq({ revision: 2, updatedAt: '2026-11-20T10:00:00.900Z' })).toBe(secondsOnly + 2);
    expect(seq({ revision: -4 })).toBe(secondsOnly);
  });

  test('a feed carries its polling hint; a file has none', () => {
    const feed = parse(sessionsCalendar([session()], { appOrigin: APP, now: NOW, refreshInterval: 'PT15M' })).vcalendar;
    expect((feed.getFirstPropertyValue('refresh-interval') as ICAL.Duration).toSeconds()).toBe(900);
    expect(feed.getFirstPropertyValue('x-published-ttl')).toBe('PT15M');
    const file = parse(sessionsCalendar([session()], { appOrigin: APP, now: NOW })).vcalendar;
    expect(file.hasProperty('refresh-interval')).toBe(false);
    expect(file.hasProperty('x-published-ttl')).toBe(false);
  });

  test('each session has a display alarm 10 minutes before its start', () => {
    const { events } = parse(sessionsCalendar([session(), session({ id: 13, title: 'Kitten class' })], { appOrigin: APP, now: NOW }));
    expect(events).toHaveLength(2);
    for (const ev of events) {
      const alarms = ev.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      const alarm = alarms[0]!;
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      const trigger = alarm.getFirstPropertyValue('trigger') as ICAL.Duration;
      expect(trigger.toSeconds()).toBe(-600);
      expect(trigger.toString()).toBe('-PT10M');
      expect(alarm.getFirstPropertyValue('description')).toBe(ICS_TEXTS.alarm(String(ev.getFirstPropertyValue('summary'))));
    }
  });

  test('a long title with commas, semicolons, backslashes, accents and a line break is escaped, folded at 75 octets and read back whole', () => {
    const title =
      'Sphÿnx, Chartreux; Maine Coon \\ Norwegian Forest — grand présentation des chatons, avec démonstration de toilettage, questions, réponses 🐈 et photos';
    const location = 'Hall A, stand 12;\nnext to the café';
    const text = sessionsCalendar([session({ title, location })], { appOrigin: APP, now: NOW });
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toMatch(/\r\n /); // some line was folded
    // Folding never splits a UTF-8 character: every physical line is valid UTF-8 on its own.
    for (const line of text.split('\r\n')) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line);
    const ev = new ICAL.Event(parse(text).events[0]);
    expect(ev.summary).toBe(title);
    expect(ev.location).toBe(location);
  });

  test('a cancelled session stays in the file, STATUS:CANCELLED, named so, without an alarm', () => {
    const { events } = parse(sessionsCalendar([session({ cancelled: true, updatedAt: '2026-11-27T07:00:00Z' })], { appOrigin: APP, now: NOW }));
    const ev = events[0]!;
    expect(ev.getFirstPropertyValue('uid')).toBe(sessionUid(12));
    expect(ev.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(ev.getFirstPropertyValue('summary')).toBe(`${ICS_TEXTS.cancelledPrefix}Best in Show`);
    expect(ev.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  test('a session without an end has no DTEND; no sessions is still a valid calendar', () => {
    const { events } = parse(sessionsCalendar([session({ end: null })], { appOrigin: APP, now: NOW }));
    expect(events[0]!.hasProperty('dtend')).toBe(false);
    expect(parse(sessionsCalendar([], { appOrigin: APP, now: NOW })).events).toHaveLength(0);
  });

  test('it is pure: the same input gives the same text', () => {
    const opts = { appOrigin: APP, now: NOW, name: 'PurrFect Show: Winter, 2026' };
    expect(sessionsCalendar([session()], opts)).toBe(sessionsCalendar([session()], opts));
    // An X- property is TEXT to the calendars that read it; ical.js leaves unknown values unescaped.
    expect(sessionsCalendar([], opts)).toContain('\r\nX-WR-CALNAME:PurrFect Show: Winter\\, 2026\r\n');
  });
});

describe('helpers', () => {
  test.each([
    ['a,b', 'a\\,b'],
    ['a;b', 'a\\;b'],
    ['a\\b', 'a\\\\b'],
    ['a\r\nb\nc', 'a\\nb\\nc'],
    ['bell\u0007', 'bell'],
  ])('escapeText(%j) = %j', (input, out) => expect(escapeText(input)).toBe(out));

  test('foldLine counts 4-octet characters (outside the BMP) whole', () => {
    // "🐈" is 4 octets: 72 + 4 would be 76, so it moves to the next line whole.
    expect(foldLine(`${'x'.repeat(72)}🐈`)).toBe(`${'x'.repeat(72)}\r\n 🐈\r\n`);
    expect(foldLine(`${'x'.repeat(71)}🐈`)).toBe(`${'x'.repeat(71)}🐈\r\n`);
  });

  test('foldLine keeps a 75-octet line whole and folds a 76th octet', () => {
    expect(foldLine('x'.repeat(75))).toBe(`${'x'.repeat(75)}\r\n`);
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x\r\n`);
    // "é" is 2 octets: 74 + 2 would be 76, so it moves to the next line whole.
    expect(foldLine(`${'x'.repeat(74)}é`)).toBe(`${'x'.repeat(74)}\r\n é\r\n`);
  });

  test.each([
    ['Winter Cat Show 2026', 'winter-cat-show-2026.ics'],
    ['Sphÿnx & Chartreux!', 'sphynx-chartreux.ics'],
    ['🐈', 'purrfect-show.ics'],
  ])('calendarFileName(%j) = %j', (title, name) => expect(calendarFileName(title)).toBe(name));
});

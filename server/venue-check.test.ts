import { describe, expect, it } from 'vitest';
import { formatChecklist, lastEventEnd, type EventEndRow } from './venue-check.ts';

describe('lastEventEnd', () => {
  const row = (r: Partial<EventEndRow>): EventEndRow => ({ name: 'Show', end_date: '2026-12-03', time_zone: 'Europe/Berlin', last_end_time: null, ...r });
  it.each([
    ['the last session on the last day', [row({ last_end_time: '18:00:00' })], 'Show, 2026-12-03 18:00 Europe/Berlin', '2026-12-03T17:00:00.000Z'],
    ['no sessions: the end of the last day', [row({})], 'Show, 2026-12-03 24:00 Europe/Berlin', '2026-12-03T23:00:00.000Z'],
    ['no zone: the default venue zone', [row({ time_zone: null, last_end_time: '10:00' })], 'Show, 2026-12-03 10:00 Europe/Amsterdam', '2026-12-03T09:00:00.000Z'],
    [
      'the latest instant wins across zones',
      [row({ name: 'Berlin', last_end_time: '20:00' }), row({ name: 'London', time_zone: 'Europe/London', last_end_time: '19:30' })],
      'London, 2026-12-03 19:30 Europe/London',
      '2026-12-03T19:30:00.000Z',
    ],
  ])('%s', (_, rows, words, iso) => {
    const end = lastEventEnd(rows);
    expect(`${end?.name}, ${end?.words}`).toBe(words);
    expect(end?.at.toISOString()).toBe(iso);
  });
  it('is null without events', () => expect(lastEventEnd([])).toBeNull());
});

describe('formatChecklist', () => {
  it('prints marks and words, details and fixes under each line, and a verdict', () => {
    expect(
      formatChecklist([
        { ok: true, title: 'Certificate covers show.example.org', fix: 'not shown for ✓' },
        { ok: false, title: 'Certificate expired on 2026-12-01 10:00 UTC', detail: 'line one\nline two', fix: 'Renew it.' },
        { ok: 'warn', title: 'Mail queue not counted' },
      ]),
    ).toBe(
      [
        '✓ Certificate covers show.example.org',
        '✗ Certificate expired on 2026-12-01 10:00 UTC',
        '    line one',
        '    line two',
        '    Fix: Renew it.',
        '⚠ Mail queue not counted',
        '',
        '1 problem and 1 warning: fix each ✗ before the show, then run `npm run venue:check` again.',
      ].join('\n'),
    );
    expect(formatChecklist([{ ok: true, title: 'x' }]).endsWith('All checks passed: ready for the show.')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { VOTES_CSV_HEADER, venueTimestamp, votesCsv, votesCsvFileName, type VoteWithContacts } from '../../src/features/organiser/votes-csv.ts';

const vote = (over: Partial<VoteWithContacts> = {}): VoteWithContacts => ({
  id: '00000000-0000-4000-8000-000000000001',
  cast_at: '2026-11-27T13:03:12.345Z',
  catalog_number: '42',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.org',
  phone: null,
  contacts_removed_at: null,
  ...over,
});

describe('votesCsv (the prize-draw download)', () => {
  it('writes a header and one CRLF-ended row per vote, times at the venue with their offset, removed contacts empty', () => {
    const csv = votesCsv(
      [vote(), vote({ catalog_number: '7', first_name: null, last_name: null, email: null, phone: null, contacts_removed_at: '2027-01-01T00:00:00Z' })],
      'Europe/Amsterdam',
    );
    expect(csv).toBe(
      'cast_at,catalog_number,first_name,last_name,email,phone\r\n' +
        '2026-11-27T14:03:12+01:00,42,Ada,Lovelace,ada@example.org,\r\n' +
        '2026-11-27T14:03:12+01:00,7,,,,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180: quotes doubled)', () => {
    const tricky = vote({ first_name: 'Anne, "Nan"', last_name: "O'Brien\nSmith", email: 'a"b@example.org', phone: '06 1234\r5678' });
    const csv = votesCsv([tricky], 'UTC');
    expect(csv.split('\r\n')[1]).toBe('2026-11-27T13:03:12+00:00,42,"Anne, ""Nan""","O\'Brien\nSmith","a""b@example.org","06 1234\r5678"');
    expect(csv.split('\r\n')[0]).toBe(VOTES_CSV_HEADER.join(','));
  });

  it.each([
    ['=HYPERLINK("http://evil.example","win")', `"'=HYPERLINK(""http://evil.example"",""win"")"`],
    ['+31 6 1234 5678', "'+31 6 1234 5678"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['＝1+1', "'＝1+1"],
    ['Ada', 'Ada'],
    ['A=B', 'A=B'],
  ])('guards a cell starting like a formula: %j → %s', (cell, written) => {
    const csv = votesCsv([vote({ first_name: cell, phone: cell })], 'UTC');
    const line = csv.split('\r\n')[1]!;
    expect(line).toBe(`2026-11-27T13:03:12+00:00,42,${written},Lovelace,ada@example.org,${written}`);
  });

  it('writes only the header for an event without votes', () => {
    expect(votesCsv([], 'UTC')).toBe('cast_at,catalog_number,first_name,last_name,email,phone\r\n');
  });
});

describe('venueTimestamp', () => {
  it.each([
    ['2026-07-01T10:00:00Z', 'Europe/Amsterdam', '2026-07-01T12:00:00+02:00'],
    ['2026-01-01T00:30:00Z', 'America/St_Johns', '2025-12-31T21:00:00-03:30'],
    ['2026-01-01T00:30:00Z', 'Asia/Kolkata', '2026-01-01T06:00:00+05:30'],
  ])('%s in %s → %s', (instant, zone, text) => expect(venueTimestamp(instant, zone)).toBe(text));
});

describe('votesCsvFileName', () => {
  it.each([
    [{ name: 'Amsterdam Winter Show', start_date: '2026-12-05' }, 'votes-Amsterdam-Winter-Show-2026-12-05.csv'],
    [{ name: 'Kattenshow Zürich / Expo 2026', start_date: '2026-05-01' }, 'votes-Kattenshow-Zürich-Expo-2026-2026-05-01.csv'],
    [{ name: '../../etc/passwd', start_date: '2026-05-01' }, 'votes-etc-passwd-2026-05-01.csv'],
    [{ name: '***', start_date: '2026-05-01' }, 'votes-event-2026-05-01.csv'],
  ])('%j → %s', (event, name) => expect(votesCsvFileName(event)).toBe(name));
});

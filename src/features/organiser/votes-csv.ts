// The prize-draw CSV of an event's Visitor's Choice votes, built in the browser from visitor_choice_votes.
// Visitors typed these cells, so a spreadsheet must never run one as a formula (OWASP "CSV injection").
import { stringify } from 'csv-stringify/browser/esm/sync';
import { timeZoneOffsetMs, zonedDateTime } from '../../../shared/dates.ts';
import { defuseFormula } from '../../../shared/spreadsheet-text.ts';

/** One vote as visitor_choice_votes returns it; the contacts are null once removed (retention). */
export interface VoteWithContacts {
  id: string;
  cast_at: string;
  catalog_number: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  contacts_removed_at: string | null;
  /** Flagged as part of a possible stuffed poll; voided votes are not in the list at all. */
  flagged?: boolean;
}

/** The CSV's columns, in order: the database's own field names. */
export const VOTES_CSV_HEADER = ['cast_at', 'catalog_number', 'first_name', 'last_name', 'email', 'phone'] as const;

/** "2026-11-27T14:03:12+01:00": the venue's wall-clock time with its offset, readable and unambiguous. */
export function venueTimestamp(instant: string | Date, timeZone: string): string {
  const at = new Date(instant);
  const { date, time } = zonedDateTime(at, timeZone);
  const offsetMinutes = Math.round(timeZoneOffsetMs(at, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${date}T${time}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The CSV text: a header row, then one row per vote, CRLF line ends (RFC 4180), fields quoted where they
 * hold a comma, quote or line break, and a cell that starts like a formula (= + - @, tab, CR, or their
 * full-width forms) prefixed with an apostrophe so spreadsheets show it as text (shared/spreadsheet-text.ts,
 * the rule the show export follows too).
 */
export function votesCsv(votes: readonly VoteWithContacts[], timeZone: string): string {
  const rows = votes.map((v) =>
    [venueTimestamp(v.cast_at, timeZone), v.catalog_number, v.first_name, v.last_name, v.email, v.phone].map((cell) => (cell === null ? null : defuseFormula(cell))),
  );
  return stringify(rows, {
    header: true,
    columns: [...VOTES_CSV_HEADER],
    record_delimiter: 'windows',
    // With a record_delimiter given, csv-stringify stops quoting cells that hold a bare \n or \r unless told.
    quote_record_delimiter: true,
  });
}

/** "votes-Amsterdam-Winter-Show-2026-12-05.csv": the event's name (letters and digits kept) and first day. */
export function votesCsvFileName(event: { name: string; start_date: string }): string {
  const name =
    event.name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'event';
  return `votes-${name}-${event.start_date}.csv`;
}

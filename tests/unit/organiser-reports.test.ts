import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { couponTable, defaultResultsEvent, type CouponReportRow } from '../../src/features/organiser/reports.ts';
import { clockTime, reportStatus } from '../../src/features/organiser/use-report.ts';
import type { ShowEvent } from '../../src/data/mirror.ts';

const event = (id: number, start_date: string, end_date: string): ShowEvent => ({ id, name: `Show ${id}`, start_date, end_date, time_zone: 'UTC' }) as ShowEvent;

describe('defaultResultsEvent: the event the results page opens on', () => {
  const past = event(1, '2026-03-01', '2026-03-02');
  const lastEnded = event(2, '2026-06-01', '2026-06-02');
  const running = event(3, '2026-11-26', '2026-11-28');
  const next = event(4, '2026-12-05', '2026-12-06');
  const now = new Date('2026-11-27T12:00:00Z');
  it.each([
    ['the running event', [past, next, running, lastEnded], running],
    ['the next one when none is running', [past, next, lastEnded], next],
    ['the last to end after the season', [past, lastEnded], lastEnded],
    ['nothing without events', [], undefined],
  ])('%s', (_, events, want) => expect(defaultResultsEvent(events, now)).toBe(want));
  it('counts the venue day: an event ending today at its venue is still the one', () => {
    const kiritimati = { ...event(5, '2026-11-27', '2026-11-27'), time_zone: 'Pacific/Kiritimati' };
    // 23:30 UTC on the 26th is already the 27th in Kiritimati (UTC+14).
    expect(defaultResultsEvent([lastEnded, kiritimati], new Date('2026-11-26T23:30:00Z'))).toBe(kiritimati);
  });
});

describe('couponTable: advertiser × type with totals', () => {
  const row = (advertiser_id: number, coupon_type: 'discount' | 'rebate', issued: number, sent = issued): CouponReportRow => ({
    advertiser_id,
    company_name: `Advertiser ${advertiser_id}`,
    coupon_type,
    issued,
    sent,
  });
  it('folds the rows into one line per advertiser, keeping the report order, and sums per type and overall', () => {
    const t = couponTable([row(2, 'discount', 3, 2), row(2, 'rebate', 1), row(1, 'discount', 0)]);
    expect(t.advertisers).toEqual([
      { advertiser_id: 2, company_name: 'Advertiser 2', byType: { discount: { issued: 3, sent: 2 }, rebate: { issued: 1, sent: 1 } }, issued: 4 },
      { advertiser_id: 1, company_name: 'Advertiser 1', byType: { discount: { issued: 0, sent: 0 } }, issued: 0 },
    ]);
    expect(t.totals).toEqual({ discount: { issued: 3, sent: 2 }, rebate: { issued: 1, sent: 1 }, issued: 4 });
  });
  it('is empty without rows', () => {
    expect(couponTable([])).toEqual({ advertisers: [], totals: { discount: { issued: 0, sent: 0 }, rebate: { issued: 0, sent: 0 }, issued: 0 } });
  });
});

describe('reportStatus: the refresh state in words', () => {
  const at = new Date(2026, 10, 27, 14, 3, 7);
  it.each([
    [{ updatedAt: null, error: null, loading: true }, 'Loading…'],
    [{ updatedAt: at, error: null, loading: false }, 'Updated 14:03:07'],
    [{ updatedAt: at, error: null, loading: true }, 'Updated 14:03:07'],
    [
      { updatedAt: at, error: 'no answer from the show server within 10 s', loading: false },
      'Could not refresh: no answer from the show server within 10 s. Showing what was read at 14:03:07.',
    ],
    [
      { updatedAt: null, error: 'Only the show’s organisers may read the coupon report.', loading: false },
      'Could not refresh: Only the show’s organisers may read the coupon report.',
    ],
  ])('%j → %s', (state, text) => expect(reportStatus(state)).toBe(text));
  it('writes the time as hh:mm:ss on a 24-hour clock', () => expect(clockTime(new Date(2026, 0, 1, 9, 5, 0))).toBe('09:05:00'));
});

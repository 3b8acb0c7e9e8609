// The organiser's reports, read live from the backend (never mirrored: votes and coupons stay on the server):
// Visitor's Choice results, the votes with contacts for the prize draw, and the coupon report. Each call has
// a deadline and reads a long answer in pages (the server caps a read at 1,000 rows, as hosted Supabase does).
import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from '../../lib/zod-mini.ts';
import type { ShowEvent } from '../../data/mirror.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { compareText } from '../../../shared/compare.ts';
import type { VoteWithContacts } from './votes-csv.ts';

/** Every call gives up after this, so a dead hall Wi-Fi shows as "Could not refresh", not a spinner. */
export const REPORT_DEADLINE_MS = 10_000;
/** The results page asks again this often while it is visible. */
export const RESULTS_REFRESH_MS = 10_000;
/** Rows per request: the server's (and hosted Supabase's default) max_rows. */
const PAGE_ROWS = 1000;

const count = z.int().check(z.nonnegative());
const resultRow = z.object({ place: count, position: count, catalog_number: z.string(), votes: count, total: count });
const voteRow = z.object({
  id: z.string(),
  cast_at: z.string(),
  catalog_number: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  contacts_removed_at: z.nullable(z.string()),
});
const couponRow = z.object({
  advertiser_id: z.int(),
  company_name: z.string(),
  coupon_type: z.enum(['discount', 'rebate']),
  issued: count,
  sent: count,
});

export type ResultRow = z.infer<typeof resultRow>;
export type CouponReportRow = z.infer<typeof couponRow>;

export interface VisitorChoiceResults {
  ranking: ResultRow[];
  /** All votes of the event. */
  total: number;
}

/** A failed report call, with the backend's message (e.g. the 42501 refusal) or the deadline's. */
export class ReportError extends Error {
  override readonly name = 'ReportError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

function reportError(error: { message?: string; code?: string } | null | undefined, signal: AbortSignal): ReportError {
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === 'TimeoutError';
    return new ReportError(timedOut ? `no answer from the show server within ${REPORT_DEADLINE_MS / 1000} s` : 'cancelled', 'deadline');
  }
  const message = error?.message ?? '';
  // supabase-js passes the browser's words for a request that never left ("TypeError: Failed to fetch").
  if (!error?.code && /failed to fetch|networkerror|load failed|network request failed/i.test(message)) {
    return new ReportError('the show server cannot be reached (check the Wi-Fi)', 'network');
  }
  return new ReportError(message || 'the show server did not answer', error?.code ?? null);
}

/** Reads every row of a set-returning function, page by page in a stable order, under one deadline. */
async function readAll<T>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  order: string[],
  schema: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<T[]> {
  const deadline = AbortSignal.any([AbortSignal.timeout(REPORT_DEADLINE_MS), ...(signal ? [signal] : [])]);
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    let query = client.rpc(fn, args);
    for (const column of order) query = query.order(column);
    let answer;
    try {
      answer = await query.range(from, from + PAGE_ROWS - 1).abortSignal(deadline);
    } catch (e) {
      throw reportError({ message: e instanceof Error ? e.message : String(e) }, deadline);
    }
    if (answer.error) throw reportError(answer.error, deadline);
    const page = z.array(schema).safeParse(answer.data);
    if (!page.success) throw new ReportError(`the show server sent an unexpected answer to ${fn}`, 'invalid_answer');
    rows.push(...page.data);
    if (page.data.length < PAGE_ROWS) return rows;
  }
}

/** An event's Visitor's Choice ranking (equal counts share a place) and its total. */
export async function loadResults(client: SupabaseClient, eventId: number, signal?: AbortSignal): Promise<VisitorChoiceResults> {
  const ranking = await readAll(client, 'visitor_choice_results', { p_event_id: eventId }, ['position'], resultRow, signal);
  return { ranking, total: ranking[0]?.total ?? 0 };
}

/** An event's votes with their contacts, in the order they were cast. */
export function loadVotes(client: SupabaseClient, eventId: number, signal?: AbortSignal): Promise<VoteWithContacts[]> {
  return readAll(client, 'visitor_choice_votes', { p_event_id: eventId }, ['cast_at', 'id'], voteRow, signal);
}

/** Coupons issued per advertiser and voucher type (counts only). */
export function loadCouponReport(client: SupabaseClient, signal?: AbortSignal): Promise<CouponReportRow[]> {
  return readAll(client, 'coupon_report', {}, ['company_name', 'advertiser_id', 'coupon_type'], couponRow, signal);
}

export type CouponType = CouponReportRow['coupon_type'];

export interface CouponCell {
  issued: number;
  sent: number;
}
export interface AdvertiserCoupons {
  advertiser_id: number;
  company_name: string;
  /** Only the types the advertiser offers or has issued. */
  byType: Partial<Record<CouponType, CouponCell>>;
  issued: number;
}

/** The report's rows (advertiser × type) as one line per advertiser, and the totals per type and overall. */
export function couponTable(rows: readonly CouponReportRow[]): { advertisers: AdvertiserCoupons[]; totals: Record<CouponType, CouponCell> & { issued: number } } {
  const advertisers = new Map<number, AdvertiserCoupons>();
  const totals = { discount: { issued: 0, sent: 0 }, rebate: { issued: 0, sent: 0 }, issued: 0 };
  for (const r of rows) {
    let line = advertisers.get(r.advertiser_id);
    if (!line) advertisers.set(r.advertiser_id, (line = { advertiser_id: r.advertiser_id, company_name: r.company_name, byType: {}, issued: 0 }));
    line.byType[r.coupon_type] = { issued: r.issued, sent: r.sent };
    line.issued += r.issued;
    totals[r.coupon_type].issued += r.issued;
    totals[r.coupon_type].sent += r.sent;
    totals.issued += r.issued;
  }
  return { advertisers: [...advertisers.values()], totals };
}

/** The event the page opens on: the running or next one (as the vote and the schedule pick it), else the last to end. */
export function defaultResultsEvent(events: readonly ShowEvent[], now: Date): ShowEvent | undefined {
  return activeEvent(events, now) ?? [...events].sort((a, b) => compareText(b.end_date, a.end_date) || b.id - a.id)[0];
}

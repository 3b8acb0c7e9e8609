// The organiser's reports, read live from the backend (never mirrored: votes and coupons stay on the server):
// Visitor's Choice results, the votes with contacts for the prize draw, and the coupon report. Each call has
// a deadline and reads a long answer in pages (the server caps a read at 1,000 rows, as hosted Supabase does).
import type { SupabaseClient } from '@supabase/supabase-js';
import * as z from '../../../shared/zod-mini.ts';
import type { ShowEvent } from '../../data/mirror.ts';
import { activeEvent } from '../../../shared/schedule.ts';
import { compareText } from '../../../shared/compare.ts';
import { addDaysToDate, zonedTimeToInstant } from '../../../shared/dates.ts';
import { randomUuid } from '../../../shared/uuid.ts';
import type { VoteWithContacts } from './votes-csv.ts';

/** Every call gives up after this, so a dead hall Wi-Fi shows as "Could not refresh", not a spinner. */
const REPORT_DEADLINE_MS = 10_000;
/** The results page asks again this often while it is visible. */
export const RESULTS_REFRESH_MS = 10_000;
/** Rows per request: the server's (and hosted Supabase's default) max_rows. */
const PAGE_ROWS = 1000;

const count = z.int().check(z.nonnegative());
const resultRow = z.object({ place: count, position: count, catalog_number: z.string(), votes: count, total: count });
/** A results row with the poll's checks: flagged and voided votes of the number, and of the event. */
const checkedResultRow = z.object({
  place: count,
  position: count,
  catalog_number: z.string(),
  votes: count,
  total: count,
  flagged: count,
  voided: count,
  total_flagged: count,
  total_voided: count,
});
const flagGroupRow = z.object({
  group_key: z.string(),
  kind: z.enum(['burst', 'generated_emails']),
  catalog_number: z.nullable(z.string()),
  email_pattern: z.nullable(z.string()),
  votes: count,
  voided: count,
  first_at: z.string(),
  last_at: z.string(),
});
const voteRow = z.object({
  id: z.string(),
  cast_at: z.string(),
  catalog_number: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  contacts_removed_at: z.nullable(z.string()),
  flagged: z.optional(z.boolean()),
});
const couponRow = z.object({
  advertiser_id: z.int(),
  company_name: z.string(),
  coupon_type: z.enum(['discount', 'rebate']),
  issued: count,
  sent: count,
});

type ResultRow = z.infer<typeof resultRow>;
export type CouponReportRow = z.infer<typeof couponRow>;
type CheckedResultRow = z.infer<typeof checkedResultRow>;
export type FlagGroup = z.infer<typeof flagGroupRow>;

export interface VisitorChoiceResults {
  ranking: ResultRow[];
  /** All votes of the event. */
  total: number;
}

/** The results with the poll's checks: what is counted, what is flagged as a possible stuffed poll, what is voided. */
export interface CheckedResults {
  ranking: CheckedResultRow[];
  /** Counted votes: every vote of the event that is not voided. */
  total: number;
  /** Votes in at least one flagged group, counted or voided. */
  flagged: number;
  /** Votes the organiser voided: kept, not counted. */
  voided: number;
  groups: FlagGroup[];
}

/** A failed report call, with the backend's message (e.g. the 42501 refusal) or the deadline's. */
class ReportError extends Error {
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

/** The ranking with the poll's checks, and the flagged groups (largest first). */
export async function loadCheckedResults(client: SupabaseClient, eventId: number, signal?: AbortSignal): Promise<CheckedResults> {
  const [ranking, groups] = await Promise.all([
    readAll(client, 'visitor_choice_results', { p_event_id: eventId }, ['position'], checkedResultRow, signal),
    readAll(client, 'visitor_choice_flags', { p_event_id: eventId }, ['group_key'], flagGroupRow, signal),
  ]);
  // Pages are read in a stable order; the page lists the largest groups first.
  groups.sort((a, b) => b.votes - a.votes || compareText(a.first_at, b.first_at) || compareText(a.group_key, b.group_key));
  const first = ranking[0];
  return { ranking, total: first?.total ?? 0, flagged: first?.total_flagged ?? 0, voided: first?.total_voided ?? 0, groups };
}

/** Voids (or restores) the votes of a flagged group; answers how many votes changed. */
export async function setGroupVoided(client: SupabaseClient, eventId: number, groupKey: string, voided: boolean): Promise<number> {
  const deadline = AbortSignal.timeout(REPORT_DEADLINE_MS);
  let answer;
  try {
    answer = await client.rpc('visitor_choice_set_voided', { p_event_id: eventId, p_void: voided, p_group: groupKey }).abortSignal(deadline);
  } catch (e) {
    throw reportError({ message: e instanceof Error ? e.message : String(e) }, deadline);
  }
  if (answer.error) throw reportError(answer.error, deadline);
  const changed = count.safeParse(answer.data);
  if (!changed.success) throw new ReportError('the show server sent an unexpected answer to visitor_choice_set_voided', 'invalid_answer');
  return changed.data;
}

const winnerRow = z.object({ place: count, catalogue_entries: z.object({ catalogue_number: z.string(), name: z.string() }) });
/** A published Visitor's Choice winner: its place and the cat, never its votes. */
export interface Winner {
  place: number;
  catalogue_number: string;
  name: string;
}

/** The Visitor's Choice winners the event has published, in place order (cats with as many votes share a place). */
export async function loadPublishedWinners(client: SupabaseClient, eventId: number, signal?: AbortSignal): Promise<Winner[]> {
  const deadline = AbortSignal.any([AbortSignal.timeout(REPORT_DEADLINE_MS), ...(signal ? [signal] : [])]);
  let answer;
  try {
    answer = await client
      .from('results')
      .select('place, catalogue_entries(catalogue_number, name)')
      .eq('event_id', eventId)
      .eq('kind', 'visitors_choice')
      .order('place')
      .order('entry_id')
      .abortSignal(deadline);
  } catch (e) {
    throw reportError({ message: e instanceof Error ? e.message : String(e) }, deadline);
  }
  if (answer.error) throw reportError(answer.error, deadline);
  const rows = z.array(winnerRow).safeParse(answer.data);
  if (!rows.success) throw new ReportError('the show server sent an unexpected answer for the published winners', 'invalid_answer');
  return rows.data.map((r) => ({ place: r.place, ...r.catalogue_entries }));
}

/**
 * Publishes the event's Visitor's Choice winners, places 1 to `places`, replacing any published before; online
 * only, so the page says at once what was published. Answers how many cats won a place.
 */
export async function publishVisitorsChoice(client: SupabaseClient, eventId: number, places: number): Promise<number> {
  const deadline = AbortSignal.timeout(REPORT_DEADLINE_MS);
  let answer;
  try {
    answer = await client.rpc('organiser_publish_visitors_choice', { p_op: randomUuid(), p_event_id: eventId, p_places: places }).abortSignal(deadline);
  } catch (e) {
    throw reportError({ message: e instanceof Error ? e.message : String(e) }, deadline);
  }
  if (answer.error) throw reportError(answer.error, deadline);
  const published = z.object({ winners: count }).safeParse(answer.data);
  if (!published.success) throw new ReportError('the show server sent an unexpected answer to organiser_publish_visitors_choice', 'invalid_answer');
  return published.data.winners;
}

/**
 * The last moment a vote for an event is taken: the end of the day after its last day, on the venue's clock
 * (public.event_voting_closes_at). The winners are published from then on.
 */
export function votingClosesAt(event: { end_date: string; time_zone: string }): Date {
  return zonedTimeToInstant(addDaysToDate(event.end_date, 2), '00:00', event.time_zone);
}

/** "1st", "2nd", "3rd", "11th", "22nd": a place in words. */
export function placeWord(place: number): string {
  const teen = place % 100 >= 11 && place % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** "1st 52 Bella, 2nd 17 Max": the published winners in one line, without their votes. */
export const winnersLine = (winners: readonly Winner[]) => winners.map((w) => `${placeWord(w.place)} ${w.catalogue_number} ${w.name}`).join(', ');

/** "1,000 votes", for the page's sentences. */
export const votesWord = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'vote' : 'votes'}`;

/** "in under a minute", "in 4 minutes", "in 2 hours" (from the group's first vote to its last). */
function spanWords(firstAt: string, lastAt: string): string {
  const minutes = Math.ceil((Date.parse(lastAt) - Date.parse(firstAt)) / 60_000);
  if (minutes <= 1) return minutes < 1 ? 'in under a minute' : 'in 1 minute';
  if (minutes < 120) return `in ${minutes} minutes`;
  return `in ${Math.round(minutes / 60)} hours`;
}

/** Why a group is flagged, in words: "312 votes for 42 from one address in 4 minutes". */
export function flagReason(group: FlagGroup): string {
  if (group.kind === 'burst') return `${votesWord(group.votes)} for ${group.catalog_number ?? '?'} from one address ${spanWords(group.first_at, group.last_at)}`;
  return `${votesWord(group.votes)} from one address with numbered e-mail addresses like ${group.email_pattern ?? '?'}`;
}

/** An event's votes with their contacts, in the order they were cast (voided votes left out: the draw never draws one). */
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

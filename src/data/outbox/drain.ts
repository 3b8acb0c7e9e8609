// Replays the outbox (IndexedDB) to the server: one pass under a cross-tab lock. No DOM: it also runs in the SW.
// auth-js's errors module, not its index: the index would bring GoTrueClient into every chunk that drains
// (the service worker's too), the package declaring no sideEffects.
import { isAuthRetryableFetchError } from '@supabase/auth-js/dist/module/lib/errors.js';
import { VOTE_BATCH_MAX } from '../../../shared/vote.ts';
import * as z from '../../../shared/zod-mini.ts';
import type { ShowRpcClient, ShowSessionClient } from '../client.ts';
import type { ShowDb } from '../db.ts';
import { nextAttemptAt } from './backoff.ts';
import { classifyFunctionError, classifyRpcFailure, classifyVoteResult, failure, failureSaying, type Failure, type Verdict } from './classify.ts';
import { defaultLocks, DRAIN_LOCK_NAME, type DrainLocks } from './lock.ts';
import type { CouponItem, EntryItem, OrganiserItem, OutboxItem, OutboxStatus, PlaceItem, RingSideItem, SignedInItem, VoteItem } from './types.ts';

/**
 * Without a lock shared by every tab, an item 'sending' for longer than this belongs to a tab that died
 * mid-send. With Web Locks, the pass holding the lock re-queues every 'sending' item at once.
 */
export const STUCK_SENDING_MS = 60_000;
/** submit_votes takes at most this many votes per call. */
export const VOTE_BATCH_SIZE = VOTE_BATCH_MAX;
const REQUEST_TIMEOUT_MS = 15_000;
/** A coupon's access token is refreshed first when it expires sooner than this. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface DrainSettings {
  db: ShowDb;
  /** navigator.locks, or a fallback (lock.ts defaultLocks: a localStorage lease in pages, else in-process). */
  locks?: DrainLocks;
  now?: () => number;
  signal?: AbortSignal;
  /** Backoff jitter source (tests pass a fixed one). */
  random?: () => number;
}

export type DrainOptions = DrainSettings &
  (
    | {
        /** The service worker drains votes only: sessions stay in pages (docs/DESIGN.md §5.4); coupons and organiser changes wait. */
        onlyAnonymous: true;
        /** Nothing here may touch a session, so a client without auth will do (the service worker's). */
        client: ShowRpcClient;
      }
    | { onlyAnonymous?: false; client: ShowSessionClient }
  );

export interface DrainSummary {
  /** Outcomes of this pass. */
  sent: number;
  failed: number;
  retrying: number;
  needsSignIn: number;
  /** Another tab (or the service worker) holds the drain lock; nothing was sent. */
  skipped: boolean;
  /** Items still queued after the pass, due or not. */
  queued: number;
  /** Items still 'sending' after the pass: another context is sending them, or one that died did. */
  sending: number;
  /** The earliest time a queued item is due or a 'sending' one counts as stuck (for timers). */
  nextAttemptAt: number | null;
}

// zod/mini's schemas cost next to nothing to build: these, which the service worker runs too, need no
// lazySchema.
const voteResults = z.array(
  z.object({
    id: z.string(),
    status: z.enum(['recorded', 'replayed', 'duplicate', 'rejected']),
    code: z.nullish(z.string()),
    message: z.nullish(z.string()),
  }),
);
const couponAnswer = z.object({
  coupon_code: z.string().check(z.minLength(1)),
  discount_amount: z.optional(z.nullable(z.number())),
  rebate_percentage: z.optional(z.nullable(z.number())),
});

type ItemResult = CouponItem['result'] | PlaceItem['result'] | RingSideItem['result'];
type Outcome = { action: 'sent'; result?: ItemResult } | { action: 'needs_sign_in' } | Verdict;
type Changes = Partial<Omit<VoteItem, 'kind' | 'payload' | 'id'>> & { result?: ItemResult };

interface Ctx extends Required<Omit<DrainSettings, 'signal' | 'locks'>> {
  client: ShowRpcClient;
  /** The session and Edge Functions of a page's drain; null when it sends anonymous votes only. */
  session: ShowSessionClient | null;
  signal: AbortSignal | undefined;
  /** The lock spans every page and the worker: nothing else can be sending while we hold it. */
  exclusiveAcrossContexts: boolean;
  summary: DrainSummary;
}

/** One drain pass: re-queues stuck items, then sends every due item once, oldest first. */
export async function drainOutbox(options: DrainOptions): Promise<DrainSummary> {
  const { locks = defaultLocks(), signal } = options;
  signal?.throwIfAborted();
  const summary: DrainSummary = {
    sent: 0,
    failed: 0,
    retrying: 0,
    needsSignIn: 0,
    skipped: false,
    queued: 0,
    sending: 0,
    nextAttemptAt: null,
  };
  const ctx: Ctx = {
    db: options.db,
    client: options.client,
    session: options.onlyAnonymous ? null : options.client,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    signal,
    summary,
    exclusiveAcrossContexts: locks.acrossContexts === true,
  };
  // Per pass, not per tab lifetime: a frozen tab must not keep the others from draining.
  const ran = await locks.request(DRAIN_LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await pass(ctx);
    return true;
  });
  summary.skipped = !ran;
  const waiting = await ctx.db.outbox.where('status').anyOf('queued', 'sending').toArray();
  const dueAt = (i: OutboxItem) => (i.status === 'queued' ? i.nextAttemptAt : (i.sendingSince ?? 0) + STUCK_SENDING_MS);
  summary.queued = waiting.filter((i) => i.status === 'queued').length;
  summary.sending = waiting.length - summary.queued;
  summary.nextAttemptAt = waiting.reduce<number | null>((min, i) => (min === null ? dueAt(i) : Math.min(min, dueAt(i))), null);
  return summary;
}

async function pass(ctx: Ctx): Promise<void> {
  await requeueStuck(ctx);
  const tried = new Set<string>();
  // Loop so that items enqueued while we were sending go out now, not at the next trigger.
  for (;;) {
    const due = (await dueItems(ctx)).filter((item) => !tried.has(item.id));
    if (due.length === 0) return;
    for (const job of jobsOf(due)) {
      ctx.signal?.throwIfAborted();
      for (const item of job) tried.add(item.id);
      await runJob(ctx, job);
    }
  }
}

/** A reloaded or closed tab leaves its batch 'sending'; under an origin-wide lock nobody else is sending it. */
async function requeueStuck({ db, now, exclusiveAcrossContexts }: Ctx): Promise<void> {
  const before = now() - STUCK_SENDING_MS;
  await db.outbox
    .where('status')
    .equals('sending')
    .filter((item) => exclusiveAcrossContexts || (item.sendingSince ?? 0) < before)
    .modify({ status: 'queued', sendingSince: null, nextAttemptAt: now() });
}

async function dueItems({ db, now, session }: Ctx): Promise<OutboxItem[]> {
  const at = now();
  const items = await db.outbox
    .where('status')
    .equals('queued')
    .filter((item) => item.nextAttemptAt <= at && (session !== null || item.kind === 'vote'))
    .toArray();
  return items.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

type Job = VoteItem[] | [SignedInItem];

/** Creation order; votes ride together in batches of up to VOTE_BATCH_SIZE placed where their oldest vote is. */
function jobsOf(items: OutboxItem[]): Job[] {
  const jobs: Job[] = [];
  let batch: VoteItem[] | undefined;
  for (const item of items) {
    if (item.kind !== 'vote') {
      jobs.push([item]);
    } else {
      if (!batch || batch.length === VOTE_BATCH_SIZE) jobs.push((batch = []));
      batch.push(item);
    }
  }
  return jobs;
}

async function runJob(ctx: Ctx, job: Job): Promise<void> {
  try {
    const first = job[0];
    const { session } = ctx;
    // dueItems gives a drain without a session votes only.
    if (first?.kind === 'coupon' && session) await sendUnderSession({ ...ctx, session }, first, invokeCoupon);
    else if (first?.kind === 'organiser' && session) await sendUnderSession({ ...ctx, session }, first, callOrganiser);
    else if (first?.kind === 'catalogue_entry' && session) await sendUnderSession({ ...ctx, session }, first, callEntryChange);
    else if (first?.kind === 'floor_place' && session) await sendPlaceChange({ ...ctx, session }, first);
    else if (first?.kind === 'ring_side' && session) await sendRingSide({ ...ctx, session }, first);
    else if (first?.kind === 'vote') await sendVotes(ctx, job as VoteItem[]);
  } catch (e) {
    const ids = job.map((item) => item.id);
    if (ctx.signal?.aborted) {
      // Stopped from outside: put the items back as they were due, and let AbortError pass.
      await update(ctx, ids, 'sending', () => ({ status: 'queued', sendingSince: null }));
      throw e;
    }
    // Anything unforeseen costs this job a retry, never the rest of the queue.
    const said = failureSaying(e instanceof Error ? e.message : null);
    await settle(ctx, job, () => ({ action: 'retry', ...said }));
  }
}

async function sendVotes(ctx: Ctx, items: VoteItem[]): Promise<void> {
  await markSending(ctx, items);
  const p_votes = items.map((item) => ({ id: item.id, ...item.payload }));
  let call = await submitVotes(ctx, p_votes);
  if (call.verdict?.action === 'auth' && ctx.session) {
    // A signed-in visitor's token was refused: refresh once and resend at once (not another attempt).
    const { data } = await ctx.session.auth.refreshSession();
    if (data.session) call = await submitVotes(ctx, p_votes);
  }
  const { verdict, results } = call;
  if (verdict) {
    // Anonymous 401 means a wrong anon key (configuration): keep retrying, never drop votes.
    const outcome: Verdict = verdict.action === 'auth' ? { ...verdict, action: 'retry' } : verdict;
    return settle(ctx, items, () => outcome);
  }
  const byId = new Map(results.map((r) => [r.id.toLowerCase(), r]));
  await settle(ctx, items, (item) => {
    const result = byId.get(item.id.toLowerCase());
    return result ? classifyVoteResult(result) : { action: 'retry', ...failure('bad_answer') };
  });
}

async function submitVotes(
  ctx: Ctx,
  p_votes: unknown[],
): Promise<{ verdict: Verdict; results?: undefined } | { verdict?: undefined; results: z.infer<typeof voteResults> }> {
  const { signal, done } = requestSignal(ctx.signal);
  try {
    const { data, error, status } = await ctx.client.rpc('submit_votes', { p_votes }).abortSignal(signal);
    ctx.signal?.throwIfAborted();
    if (error) return { verdict: classifyRpcFailure(status, error) };
    const parsed = voteResults.safeParse(data);
    return parsed.success ? { results: parsed.data } : { verdict: { action: 'retry', ...failure('bad_answer') } };
  } finally {
    done();
  }
}

/**
 * A signed-in visitor's item (a coupon request, an organiser's change), sent under their own session.
 * An organiser's change carries the item's id as its operation id, so the server applies it once
 * however often a lost answer makes us resend it.
 */
async function sendUnderSession<T extends SignedInItem>(ctx: SessionCtx, item: T, call: (ctx: SessionCtx, item: T) => Promise<Outcome>): Promise<void> {
  const ready = await signedInSession(ctx, item.payload.user_id);
  if (ready !== 'ok') return settle(ctx, [item], () => ready, 'queued');
  await markSending(ctx, [item]);
  let outcome = await call(ctx, item);
  if (outcome.action === 'auth') {
    // 401: refresh once and resend at once (not counted as an attempt); a second 401 needs the visitor.
    const refreshed = await refresh(ctx);
    outcome = refreshed === 'ok' ? await call(ctx, item) : refreshed;
    if (outcome.action === 'auth') outcome = { action: 'needs_sign_in' };
  }
  await settle(ctx, [item], () => outcome);
}

/** A page's drain, which holds the visitor's session. */
type SessionCtx = Ctx & { session: ShowSessionClient };

const ORGANISER_RPC = {
  change_sessions: 'organiser_change_sessions',
  post_notice: 'organiser_post_notice',
  withdraw_notice: 'organiser_withdraw_notice',
} as const;

async function callOrganiser(ctx: SessionCtx, item: OrganiserItem): Promise<Outcome> {
  const { action } = item.payload;
  const p_op = item.id;
  const args =
    action.type === 'change_sessions'
      ? { p_op, p_changes: action.changes }
      : action.type === 'post_notice'
        ? { p_op, p_event_id: action.event_id, p_message: action.message, p_ends_at: action.ends_at }
        : { p_op, p_notice_id: action.notice_id };
  return organiserRpc(ctx, ORGANISER_RPC[action.type], args);
}

/** An organiser's change to a catalogue entry; a pen another cat holds is refused for good (409, in words). */
function callEntryChange(ctx: SessionCtx, item: EntryItem): Promise<Outcome> {
  const { entry_id, change } = item.payload.action;
  return organiserRpc(ctx, 'organiser_change_entry', { p_op: item.id, p_entry_id: entry_id, p_change: change });
}

const placeAnswer = z.object({ id: z.number(), updated_at: z.optional(z.nullable(z.string())) });

/**
 * An organiser's change to a place of the hall. Place changes go in the order they were made: one waits
 * while an older one is still on its way (a place drawn offline must exist before it is moved); once the
 * older one failed, this one is sent and the server says why it cannot apply.
 */
async function sendPlaceChange(ctx: SessionCtx, item: PlaceItem): Promise<void> {
  const older = await ctx.db.outbox
    .where('status')
    .anyOf('queued', 'sending', 'needs_sign_in')
    .filter((other) => other.kind === 'floor_place' && other.createdAt < item.createdAt)
    .toArray();
  if (older.length > 0) {
    const after = Math.max(ctx.now(), ...older.map((o) => o.nextAttemptAt));
    await update(ctx, [item.id], 'queued', () => ({ nextAttemptAt: after }));
    return;
  }
  await sendUnderSession(ctx, item, callPlaceChange);
}

async function callPlaceChange(ctx: SessionCtx, item: PlaceItem): Promise<Outcome> {
  const { floor_plan_id, place_id, created_by, place } = item.payload.action;
  const outcome = await organiserRpc(ctx, 'organiser_change_place', { p_op: item.id, p_change: { floor_plan_id, place_id, created_by, place } });
  if (outcome.action !== 'sent') return outcome;
  const answer = placeAnswer.safeParse(outcome.data);
  return answer.success ? { action: 'sent', result: { place_id: answer.data.id, updated_at: answer.data.updated_at ?? null } } : { action: 'sent' };
}

const ringSideAnswer = z.object({ call_id: z.optional(z.nullable(z.number())) });

/**
 * A ring clerk's action. The device's ring-side actions go in the order they were made, as place changes
 * do: a call made offline must exist before it is marked judging, and a final before it is published.
 * A call made on this device and numbered since is named by its id, which the server also finds by the
 * operation that made it.
 */
async function sendRingSide(ctx: SessionCtx, item: RingSideItem): Promise<void> {
  const older = await ctx.db.outbox
    .where('status')
    .anyOf('queued', 'sending', 'needs_sign_in')
    .filter((other) => other.kind === 'ring_side' && other.createdAt < item.createdAt)
    .toArray();
  if (older.length > 0) {
    const after = Math.max(ctx.now(), ...older.map((o) => o.nextAttemptAt));
    await update(ctx, [item.id], 'queued', () => ({ nextAttemptAt: after }));
    return;
  }
  await sendUnderSession(ctx, item, callRingSide);
}

async function callRingSide(ctx: SessionCtx, item: RingSideItem): Promise<Outcome> {
  const { event_id, action } = item.payload;
  const outcome = await organiserRpc(ctx, 'ring_side', { p_op: item.id, p_event_id: event_id, p_action: action });
  if (outcome.action !== 'sent') return outcome;
  const answer = ringSideAnswer.safeParse(outcome.data);
  return { action: 'sent', result: { call_id: answer.success ? (answer.data.call_id ?? null) : null } };
}

/** Calls an organiser_* function; any object it answers means applied (or applied before: a replay). */
async function organiserRpc(ctx: SessionCtx, fn: string, args: Record<string, unknown>): Promise<Verdict | { action: 'sent'; data: unknown }> {
  const { signal, done } = requestSignal(ctx.signal);
  try {
    const { data, error, status } = await ctx.client.rpc(fn, args).abortSignal(signal);
    ctx.signal?.throwIfAborted();
    if (error) return classifyRpcFailure(status, error);
    return data && typeof data === 'object' ? { action: 'sent', data } : { action: 'retry', ...failure('bad_answer') };
  } finally {
    done();
  }
}

/** The visitor who asked must still be signed in; a token close to expiry is refreshed here, under the lock. */
async function signedInSession(ctx: SessionCtx, userId: string): Promise<'ok' | Outcome> {
  const { data, error } = await ctx.session.auth.getSession();
  if (error && isAuthRetryableFetchError(error)) return { action: 'retry', ...failure('offline') };
  const session = data.session;
  if (!session || session.user.id !== userId) return { action: 'needs_sign_in' };
  const expiresAtMs = (session.expires_at ?? Infinity) * 1_000;
  return expiresAtMs - ctx.now() < TOKEN_REFRESH_MARGIN_MS ? refresh(ctx) : 'ok';
}

async function refresh(ctx: SessionCtx): Promise<'ok' | Outcome> {
  const { data, error } = await ctx.session.auth.refreshSession();
  if (!error && data.session) return 'ok';
  // Offline, or another tab rotated the token under us: try again later rather than sign the visitor out.
  if (error && (isAuthRetryableFetchError(error) || error.name === 'AuthRefreshDiscardedError')) {
    return { action: 'retry', ...failure('offline') };
  }
  return { action: 'needs_sign_in' };
}

async function invokeCoupon(ctx: SessionCtx, item: CouponItem): Promise<Outcome> {
  const { signal, done } = requestSignal(ctx.signal);
  try {
    const { advertiser_id, coupon_type } = item.payload;
    const { data, error } = await ctx.session.functions.invoke('send-coupon', {
      body: { request_id: item.id, advertiser_id, coupon_type },
      signal,
    });
    ctx.signal?.throwIfAborted();
    if (error) return await classifyFunctionError(error, ctx.now());
    const answer = couponAnswer.safeParse(data);
    if (!answer.success) return { action: 'retry', ...failure('bad_answer') };
    // Keep the value the coupon was issued for: the advertiser may change its offer later.
    const amount = item.payload.coupon_type === 'discount' ? answer.data.discount_amount : answer.data.rebate_percentage;
    return { action: 'sent', result: { coupon_code: answer.data.coupon_code, amount: amount ?? null } };
  } finally {
    done();
  }
}

/** A per-request timeout tied to the caller's signal (AbortSignal.any is missing in older Safari). */
function requestSignal(outer: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

async function markSending(ctx: Ctx, items: OutboxItem[]): Promise<void> {
  const at = ctx.now();
  await update(
    ctx,
    items.map((item) => item.id),
    'queued',
    (item) => ({ status: 'sending', sendingSince: at, attempts: item.attempts + 1 }),
  );
}

/** Writes each item's outcome in one transaction, and counts it. */
async function settle(ctx: Ctx, items: OutboxItem[], outcomeOf: (item: OutboxItem) => Outcome, from: OutboxStatus = 'sending'): Promise<void> {
  const at = ctx.now();
  const outcomes = new Map(items.map((item) => [item.id, outcomeOf(item)]));
  // One jitter draw per batch keeps its votes together for the next round trip.
  const jitter = ctx.random();
  const retryAt = (attempts: number, floorMs?: number) => nextAttemptAt(at, attempts, floorMs, () => jitter);
  // The code for the screens, and the words for builds before codes (docs/SYNC-COMPATIBILITY.md).
  const stored = ({ code, message }: Failure) => ({ errorCode: code, lastError: message });
  const written = await update(ctx, [...outcomes.keys()], from, (item) => {
    const outcome = outcomes.get(item.id)!;
    const base = { sendingSince: null };
    switch (outcome.action) {
      case 'sent':
        return { ...base, status: 'sent', sentAt: at, errorCode: null, lastError: null, ...(outcome.result ? { result: outcome.result } : {}) };
      case 'failed':
        return { ...base, status: 'failed', ...stored(outcome) };
      case 'needs_sign_in':
      case 'auth':
        return { ...base, status: 'needs_sign_in', ...stored(failure('sign_in_again')) };
      case 'retry':
        return { ...base, status: 'queued', ...stored(outcome), nextAttemptAt: retryAt(item.attempts, outcome.floorMs) };
    }
  });
  for (const status of written) {
    if (status === 'sent') ctx.summary.sent++;
    else if (status === 'failed') ctx.summary.failed++;
    else if (status === 'needs_sign_in') ctx.summary.needsSignIn++;
    else if (status === 'queued') ctx.summary.retrying++;
  }
}

/** Applies changes to the items still in status `from` (one transaction); returns the new statuses. */
async function update({ db }: Ctx, ids: string[], from: OutboxStatus, changesOf: (item: OutboxItem) => Changes): Promise<OutboxStatus[]> {
  const statuses: OutboxStatus[] = [];
  await db.outbox
    .where('id')
    .anyOf(ids)
    .filter((item) => item.status === from)
    .modify((item) => {
      Object.assign(item, changesOf(item));
      statuses.push(item.status);
    });
  return statuses;
}

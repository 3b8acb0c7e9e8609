// Stores visitor intent (votes, coupon requests) in the IndexedDB outbox, and lets the visitor retry or discard.
import { validateVote } from '../../../shared/vote.ts';
import { lazySchema } from '../../lib/lazy-schema.ts';
import * as z from '../../../shared/zod-mini.ts';
import type { ShowDb } from '../db.ts';
import { isQuotaError } from '../quota.ts';
import type {
  CouponItem,
  CouponPayload,
  EntryItem,
  EntryPayload,
  OrganiserItem,
  OrganiserPayload,
  OutboxItem,
  PlaceItem,
  PlacePayload,
  RingSideItem,
  RingSidePayload,
  VoteItem,
  VotePayload,
} from './types.ts';
import { FACILITY_KINDS, PLACE_KINDS } from '../../../shared/row-schemas.ts';
import { NOTICE_MAX_LENGTH } from '../../../shared/live-schedule.ts';
import { randomUuid } from '../../../shared/uuid.ts';
import { PEN_MAX_LENGTH } from '../../../shared/pens.ts';

const positiveInt = () => z.int().check(z.positive());

/**
 * A queued vote passes shared/vote.ts's rule, the one the form checks (SPEC §5 texts, the server's
 * column limits and e-mail check), so a vote the server would reject never enters the queue.
 */
const buildVotePayloadSchema = () =>
  z.pipe(
    z.object({
      event_id: positiveInt(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.nullish(z.string()),
      phone: z.nullish(z.string()),
      catalog_number: z.string(),
    }),
    z.transform((v, ctx) => {
      const checked = validateVote({ ...v, email: v.email ?? '', phone: v.phone ?? '' });
      if (checked.ok) return { event_id: v.event_id, ...checked.vote };
      ctx.issues.push({ code: 'custom', message: checked.message, path: [checked.fields[0] ?? ''], input: v });
      return z.NEVER;
    }),
  ) satisfies z.ZodMiniType<VotePayload>;

const buildCouponPayloadSchema = () =>
  z.object({
    advertiser_id: positiveInt(),
    coupon_type: z.enum(['discount', 'rebate']),
    user_id: z.uuid(),
    company_name: z.string().check(z.trim(), z.minLength(1)),
  }) satisfies z.ZodMiniType<CouponPayload>;

const buildOrganiserPayloadSchema = () => {
  const time = z.iso.time();
  const change = z.discriminatedUnion('action', [
    z.object({
      id: positiveInt(),
      action: z.literal('set'),
      schedule_date: z.iso.date(),
      start_time: time,
      end_time: time,
      location: z.nullable(z.string()),
    }),
    z.object({ id: positiveInt(), action: z.literal('cancel') }),
    z.object({ id: positiveInt(), action: z.literal('restore') }),
  ]);
  return z.object({
    user_id: z.uuid(),
    label: z.string().check(z.trim(), z.minLength(1)),
    action: z.discriminatedUnion('type', [
      z.object({ type: z.literal('change_sessions'), changes: z.array(change).check(z.minLength(1), z.maxLength(500)) }),
      z.object({
        type: z.literal('post_notice'),
        event_id: positiveInt(),
        message: z.string().check(z.trim(), z.minLength(1), z.maxLength(NOTICE_MAX_LENGTH)),
        ends_at: z.nullable(z.iso.datetime({ offset: true })),
      }),
      z.object({ type: z.literal('withdraw_notice'), notice_id: positiveInt() }),
    ]),
  }) satisfies z.ZodMiniType<OrganiserPayload>;
};

const buildEntryPayloadSchema = () =>
  z.object({
    user_id: z.uuid(),
    label: z.string().check(z.trim(), z.minLength(1)),
    action: z.object({
      type: z.literal('change_entry'),
      entry_id: positiveInt(),
      change: z
        .object({
          absent: z.optional(z.boolean()),
          pen: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(PEN_MAX_LENGTH)))),
        })
        .check(z.refine((c) => c.absent !== undefined || c.pen !== undefined, 'A change sets absent, pen or both')),
    }),
  }) satisfies z.ZodMiniType<EntryPayload>;

const buildPlacePayloadSchema = () => {
  const size = z.number().check(z.positive());
  const place = z.object({
    kind: z.enum(PLACE_KINDS),
    facility: z.nullable(z.enum(FACILITY_KINDS)),
    label: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
    x: z.number(),
    y: z.number(),
    width: size,
    height: size,
    outline: z.nullable(z.array(z.tuple([z.number(), z.number()])).check(z.minLength(3), z.maxLength(200))),
    location: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    pens: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
    advertiser_id: z.nullable(positiveInt()),
  });
  return z.object({
    user_id: z.uuid(),
    label: z.string().check(z.trim(), z.minLength(1)),
    action: z.object({
      type: z.literal('change_place'),
      floor_plan_id: positiveInt(),
      place_id: z.nullable(positiveInt()),
      created_by: z.nullable(z.uuid()),
      place: z.nullable(place),
    }),
  }) satisfies z.ZodMiniType<PlacePayload>;
};

const buildRingSidePayloadSchema = () => {
  const numbers = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))).check(z.minLength(1), z.maxLength(200));
  const ring = z.string().check(z.trim(), z.minLength(1), z.maxLength(80));
  const award = z.string().check(z.trim(), z.minLength(1), z.maxLength(80));
  const judge = z.nullable(z.string().check(z.trim(), z.maxLength(120)));
  const callRef = { call_id: z.optional(z.nullable(positiveInt())), created_by: z.optional(z.nullable(z.uuid())) };
  const named = z.refine((a: unknown) => {
    const ref = a as { call_id?: number | null; created_by?: string | null };
    return (ref.call_id ?? null) !== null || (ref.created_by ?? null) !== null;
  }, 'Name the call');
  return z.object({
    user_id: z.uuid(),
    event_id: positiveInt(),
    label: z.string().check(z.trim(), z.minLength(1)),
    action: z.discriminatedUnion('type', [
      z.object({ type: z.literal('call'), ring, label: z.nullable(z.string().check(z.trim(), z.maxLength(120))), numbers }),
      z.object({ type: z.literal('call_status'), status: z.enum(['called', 'judging', 'done']), ...callRef }).check(named),
      z.object({ type: z.literal('withdraw_call'), ...callRef }).check(named),
      z.object({ type: z.literal('final'), ring: z.nullable(ring), award, judge, numbers }),
      z.object({ type: z.literal('award'), ring: z.nullable(ring), award, judge, numbers }),
      z.object({ type: z.literal('withdraw'), ring: z.nullable(ring), award, numbers: z.nullable(numbers) }),
      z.object({ type: z.literal('publish'), ring: z.nullable(ring), award: z.nullable(award) }),
    ]),
  });
};

/** What a queued vote must look like (SPEC §5), built on first use. */
export const votePayloadSchema = lazySchema(buildVotePayloadSchema);
/** What a queued coupon request must look like, built on first use. */
export const couponPayloadSchema = lazySchema(buildCouponPayloadSchema);

/** What a queued organiser change must look like, built on first use. */
export const organiserPayloadSchema = lazySchema(buildOrganiserPayloadSchema);
/** What a queued change to a catalogue entry must look like, built on first use. */
export const entryPayloadSchema = lazySchema(buildEntryPayloadSchema);

export type VoteInput = z.input<ReturnType<typeof buildVotePayloadSchema>>;
export type CouponInput = z.input<ReturnType<typeof buildCouponPayloadSchema>>;
/** What a queued change to a place of the hall must look like, built on first use. */
const placePayloadSchema = lazySchema(buildPlacePayloadSchema);

export type OrganiserInput = z.input<ReturnType<typeof buildOrganiserPayloadSchema>>;
export type EntryChangeInput = z.input<ReturnType<typeof buildEntryPayloadSchema>>;
export type PlaceChangeInput = z.input<ReturnType<typeof buildPlacePayloadSchema>>;
/** What a queued ring-side action must look like, built on first use. */
const ringSidePayloadSchema = lazySchema(buildRingSidePayloadSchema);
export type RingSideInput = z.input<ReturnType<typeof buildRingSidePayloadSchema>>;

export type OutboxErrorCode = 'invalid_payload' | 'quota';

/** Shown on the form when the device has no room even for one more queued request. */
export const OUTBOX_QUOTA_MESSAGE = 'Not enough storage on this device to save your request. Free up some space and try again.';

export class OutboxError extends Error {
  override name = 'OutboxError';
  constructor(
    readonly code: OutboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function parse<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new OutboxError('invalid_payload', result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Adds one item in its own transaction: storage full aborts it, so nothing already queued changes. */
async function addItem<T extends OutboxItem>(db: ShowDb, make: () => Promise<T>): Promise<T> {
  try {
    return await db.transaction('rw', db.outbox, async () => {
      const item = await make();
      await db.outbox.add(item);
      return item;
    });
  } catch (e) {
    if (isQuotaError(e)) throw new OutboxError('quota', OUTBOX_QUOTA_MESSAGE);
    throw e;
  }
}

interface EnqueueOptions {
  now?: () => number;
}

/** createdAt is unique and increasing, so "creation order" holds even for items added in the same millisecond. */
async function nextCreatedAt(db: ShowDb, now: number): Promise<number> {
  const newest = await db.outbox.orderBy('createdAt').last();
  return newest && newest.createdAt >= now ? newest.createdAt + 1 : now;
}

/** A new queued item, due at once; createdAt may run a few ms ahead of the clock (see nextCreatedAt). */
async function fresh(db: ShowDb, now: number) {
  return {
    id: randomUuid(),
    status: 'queued' as const,
    attempts: 0,
    nextAttemptAt: now,
    errorCode: null,
    lastError: null,
    createdAt: await nextCreatedAt(db, now),
    sendingSince: null,
    sentAt: null,
  };
}

/** Validates a vote (SPEC §5) and queues it; throws OutboxError: 'invalid_payload' with the SPEC text, or 'quota'. */
export async function enqueueVote(db: ShowDb, input: VoteInput, { now = Date.now }: EnqueueOptions = {}): Promise<VoteItem> {
  const payload = parse(votePayloadSchema(), input);
  return addItem(db, async (): Promise<VoteItem> => ({ ...(await fresh(db, now())), kind: 'vote', payload }));
}

/** Queues a coupon request of the signed-in visitor `user_id`; it is sent only while that visitor is signed in. */
export async function enqueueCoupon(db: ShowDb, input: CouponInput, { now = Date.now }: EnqueueOptions = {}): Promise<CouponItem> {
  const payload = parse(couponPayloadSchema(), input);
  return addItem(db, async (): Promise<CouponItem> => ({ ...(await fresh(db, now())), kind: 'coupon', payload, result: null }));
}

/**
 * Queues an organiser's change; its id is the operation id the server remembers, so it is applied
 * once however often the hall Wi-Fi makes it resend. Sent only while that organiser is signed in.
 */
export async function enqueueOrganiser(db: ShowDb, input: OrganiserInput, { now = Date.now }: EnqueueOptions = {}): Promise<OrganiserItem> {
  const payload = parse(organiserPayloadSchema(), input);
  return addItem(db, async (): Promise<OrganiserItem> => ({ ...(await fresh(db, now())), kind: 'organiser', payload }));
}

/** Queues an organiser's change to a catalogue entry (absent, pen), sent once as enqueueOrganiser's are. */
export async function enqueueEntryChange(db: ShowDb, input: EntryChangeInput, { now = Date.now }: EnqueueOptions = {}): Promise<EntryItem> {
  const payload = parse(entryPayloadSchema(), input);
  return addItem(db, async (): Promise<EntryItem> => ({ ...(await fresh(db, now())), kind: 'catalogue_entry', payload }));
}

/** Queues an organiser's change to a place of the hall, sent once as enqueueOrganiser's are, in order with the others. */
export async function enqueuePlaceChange(db: ShowDb, input: PlaceChangeInput, { now = Date.now }: EnqueueOptions = {}): Promise<PlaceItem> {
  const payload = parse(placePayloadSchema(), input);
  return addItem(db, async (): Promise<PlaceItem> => ({ ...(await fresh(db, now())), kind: 'floor_place', payload, result: null }));
}

/** Queues a ring clerk's action, sent once as enqueueOrganiser's are, in order with the device's other ring-side actions. */
export async function enqueueRingSide(db: ShowDb, input: RingSideInput, { now = Date.now }: EnqueueOptions = {}): Promise<RingSideItem> {
  const payload = parse(ringSidePayloadSchema(), input) as RingSidePayload;
  return addItem(db, async (): Promise<RingSideItem> => ({ ...(await fresh(db, now())), kind: 'ring_side', payload, result: null }));
}

/** Puts a failed or needs-sign-in item back in the queue, due now; false if it is in another state. */
export async function retryItem(db: ShowDb, id: string, { now = Date.now }: EnqueueOptions = {}): Promise<boolean> {
  const changed = await db.outbox
    .where('id')
    .equals(id)
    .filter((item) => item.status === 'failed' || item.status === 'needs_sign_in')
    .modify({ status: 'queued', nextAttemptAt: now(), errorCode: null, lastError: null, sendingSince: null });
  return changed > 0;
}

/** Re-queues this visitor's coupon requests and organiser changes that waited for a sign-in (call on SIGNED_IN). */
export async function resumeAfterSignIn(db: ShowDb, userId: string, { now = Date.now }: EnqueueOptions = {}): Promise<number> {
  return db.outbox
    .where('status')
    .equals('needs_sign_in')
    .filter((item) => item.kind !== 'vote' && item.payload.user_id === userId)
    .modify({ status: 'queued', nextAttemptAt: now(), errorCode: null, lastError: null });
}

/** Deletes a failed item (the UI asks first); anything else stays, so nothing is dropped unseen. */
export async function discardItem(db: ShowDb, id: string): Promise<boolean> {
  const deleted = await db.outbox
    .where('id')
    .equals(id)
    .filter((item) => item.status === 'failed')
    .delete();
  return deleted > 0;
}

export { listOutbox } from './list.ts';

// What the outbox stores: visitor intent (votes, coupon requests) and organisers' live-schedule changes
// waiting to reach the server.
import type { SessionChange } from '../../../shared/live-schedule.ts';
import type { OutboxFailureCode } from '../../../shared/messages.ts';
import type { FacilityKind, PlaceKind } from '../../../shared/row-schemas.ts';

export interface VotePayload {
  event_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  catalog_number: string;
}

export interface CouponPayload {
  advertiser_id: number;
  coupon_type: 'discount' | 'rebate';
  /** The signed-in visitor who asked; replay waits for this user's session. */
  user_id: string;
  /** For the visitor's own list ("Coupon for Pawsome Nutrition"). */
  company_name: string;
}

/**
 * queued → sending → sent; or failed (permanent, with SPEC §8's message); or needs_sign_in (a coupon
 * whose session is gone: it resumes after the visitor signs in again). Nothing leaves the outbox unseen.
 */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'needs_sign_in';

interface OutboxBase {
  /** A uuid: the server row's primary key / idempotency key, so a replay is recognised. */
  id: string;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which the item is not retried (backoff). */
  nextAttemptAt: number;
  /**
   * Why the last try failed: the screens word it with outboxFailureText (shared/messages.ts). Absent on
   * items queued by builds before codes, which kept only `lastError`.
   */
  errorCode?: OutboxFailureCode | null;
  /**
   * The same failure in words: what builds before codes show, so still written for a tab or a rolled-back
   * build that runs one; read as the failure only when `errorCode` is absent, or is `other` (the server's words).
   */
  lastError: string | null;
  createdAt: number;
  /** When it went to 'sending' (a crashed tab's item is re-queued after a while). */
  sendingSince: number | null;
  sentAt: number | null;
}

export interface VoteItem extends OutboxBase {
  kind: 'vote';
  payload: VotePayload;
}

export interface CouponItem extends OutboxBase {
  kind: 'coupon';
  payload: CouponPayload;
  /** The coupon the server issued, once sent, with the value it was issued for. */
  result: { coupon_code: string; amount?: number | null } | null;
}

/** What an organiser asked for; sent to the organiser_* RPC of its type with the item's id as p_op. */
export type OrganiserAction =
  | { type: 'change_sessions'; changes: SessionChange[] }
  | { type: 'post_notice'; event_id: number; message: string; ends_at: string | null }
  | { type: 'withdraw_notice'; notice_id: number };

export interface OrganiserPayload {
  /** The signed-in organiser who asked; replay waits for this user's session (as a coupon does). */
  user_id: string;
  action: OrganiserAction;
  /** For the outbox panel and the console: "Delay Ring 3 on Saturday by 30 min". */
  label: string;
}

export interface OrganiserItem extends OutboxBase {
  kind: 'organiser';
  payload: OrganiserPayload;
}

/** What an organiser changes in one catalogue entry: absent or present again, its pen (null: none), or both. */
interface EntryChange {
  absent?: boolean;
  pen?: string | null;
}

/** Sent to organiser_change_entry with the item's id as p_op. */
interface EntryAction {
  type: 'change_entry';
  entry_id: number;
  change: EntryChange;
}

export interface EntryPayload {
  /** The signed-in organiser who asked; replay waits for this user's session. */
  user_id: string;
  action: EntryAction;
  /** For the outbox panel and the console: "Mark 52 Bella absent". */
  label: string;
}

/**
 * An organiser's change to a catalogue entry. A kind of its own, not an OrganiserAction: builds before it
 * send every 'organiser' item to an organiser_* function by its type, and would send this one to none; a
 * kind they do not know they leave queued for a build that does (docs/SYNC-COMPATIBILITY.md).
 */
export interface EntryItem extends OutboxBase {
  kind: 'catalogue_entry';
  payload: EntryPayload;
}

/** A place as the floor-plan editor saves it: the whole row, absolute values (a resend ends the same). */
export interface PlaceDraft {
  kind: PlaceKind;
  facility: FacilityKind | null;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  outline: [number, number][] | null;
  location: string | null;
  pens: string | null;
  advertiser_id: number | null;
}

/**
 * Sent to organiser_change_place with the item's id as p_op. The place is named by its id, or, drawn on
 * this device and not numbered yet, by the operation that created it (`created_by`); neither: a new place.
 * `place` null deletes it.
 */
interface PlaceAction {
  type: 'change_place';
  floor_plan_id: number;
  place_id: number | null;
  created_by: string | null;
  place: PlaceDraft | null;
}

export interface PlacePayload {
  /** The signed-in organiser who asked; replay waits for this user's session. */
  user_id: string;
  action: PlaceAction;
  /** For the outbox panel and the console: "Move Ring 3". */
  label: string;
}

/**
 * An organiser's change to a place of the hall; a kind of its own for the reason EntryItem is. Sent in
 * order with the organiser's other place changes, so a place drawn offline exists before it is moved.
 */
export interface PlaceItem extends OutboxBase {
  kind: 'floor_place';
  payload: PlacePayload;
  /** What the server answered once sent: the place's id (a new place's too) and when it was stored. */
  result?: { place_id: number; updated_at: string | null } | null;
}

/** A call made on this device is named by its id once the server numbered it, else by the operation that made it. */
export type CallRef = { call_id: number; created_by?: null } | { call_id?: null; created_by: string };

/**
 * What a ring clerk does at the ring (supabase/migrations/20261203000100_ring_calls_results.sql, ring_side):
 * absolute, so a resend ends the same. Numbers are catalogue numbers as printed, in the order typed.
 */
export type RingSideAction =
  | { type: 'call'; ring: string; label: string | null; numbers: string[] }
  | ({ type: 'call_status'; status: 'called' | 'judging' | 'done' } & CallRef)
  | ({ type: 'withdraw_call' } & CallRef)
  /** Places 1, 2, … in the order of `numbers`; the award's other places are removed. */
  | { type: 'final'; ring: string | null; award: string; judge: string | null; numbers: string[] }
  /** The award without a place to each cat named (EX1, NOM, CAC). */
  | { type: 'award'; ring: string | null; award: string; judge: string | null; numbers: string[] }
  /** Takes the award from the cats named; null: from every cat. */
  | { type: 'withdraw'; ring: string | null; award: string; numbers: string[] | null }
  /** Makes the award's results (null: all the ring's) public. */
  | { type: 'publish'; ring: string | null; award: string | null };

export interface RingSidePayload {
  /** The signed-in clerk or organiser who acted; replay waits for this user's session. */
  user_id: string;
  event_id: number;
  action: RingSideAction;
  /** For the outbox panel and the ring-side screen: "Call 251–256 to Ring 1". */
  label: string;
}

/**
 * A ring clerk's action, sent to ring_side with the item's id as p_op; a kind of its own for the reason
 * EntryItem is. Sent in order with the device's other ring-side actions (a call made offline exists
 * before it is marked judging), and each once.
 */
export interface RingSideItem extends OutboxBase {
  kind: 'ring_side';
  payload: RingSidePayload;
  /** What the server answered once sent: a new call's id. */
  result?: { call_id: number | null } | null;
}

export type OutboxItem = VoteItem | CouponItem | OrganiserItem | EntryItem | PlaceItem | RingSideItem;

/** Items sent under a visitor's session (never by the service worker, which has none). */
export type SignedInItem = CouponItem | OrganiserItem | EntryItem | PlaceItem | RingSideItem;

// What the ring-side screen shows of one ring: the mirror's calls and results with this device's ring-side
// actions laid over them (the outbox: waiting, just sent, or refused), so a call or a result shows at once,
// offline too. Pure: the page passes the rows, the items and the clock.
import type { CallRef, CallStatus, RingCall, RingSideAction, RingSideItem, ShowResult } from '../../data/mirror.ts';
import { compareCatalogueNumbers } from '../../../shared/catalogue.ts';

/** Queues one ring-side action in words; false when it could not be saved on this device (said on screen). */
export type RingAct = (label: string, action: RingSideAction) => Promise<boolean>;

/** A sent item is laid over the mirror this long, while the mirror catches up with it. */
export const SENT_OVERLAY_MS = 60_000;

export interface CallView {
  key: string;
  ref: CallRef;
  numbers: string[];
  label: string | null;
  status: CallStatus;
  /** ISO time of the call (this device's clock for one not yet sent). */
  calledAt: string;
  withdrawn: boolean;
  /** The latest of this device's actions on the call, for its state in words. */
  latest: RingSideItem | null;
}

const sameRing = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether an item still changes what the screen shows: on its way, or sent so recently the mirror may lag. */
const overlays = (item: RingSideItem, since: number) => item.status !== 'failed' && (item.status !== 'sent' || (item.sentAt ?? 0) > since);

/** This event's ring-side items, oldest first (the order they are sent in). */
export function eventItems(outbox: readonly { kind: string }[] | undefined, eventId: number, userId: string | undefined): RingSideItem[] {
  return (outbox ?? [])
    .filter((i): i is RingSideItem => i.kind === 'ring_side' && (i as RingSideItem).payload.event_id === eventId && (i as RingSideItem).payload.user_id === userId)
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** A ring's calls, newest first: the mirror's and this device's unsent ones, each with its latest action. */
export function ringCalls(calls: readonly RingCall[], items: readonly RingSideItem[], ring: string, now: number): CallView[] {
  const since = now - SENT_OVERLAY_MS;
  const views = new Map<string, CallView>();
  for (const c of calls) {
    if (!sameRing(c.ring, ring)) continue;
    views.set(`call-${c.id}`, {
      key: `call-${c.id}`,
      ref: { call_id: c.id },
      numbers: c.catalogue_numbers,
      label: c.label,
      status: c.status,
      calledAt: c.called_at,
      withdrawn: false,
      latest: null,
    });
  }
  // The server's id of each call this device made, once sent.
  const idOfOp = new Map(items.flatMap((i) => (i.payload.action.type === 'call' && i.result?.call_id ? [[i.id, i.result.call_id] as const] : [])));
  const keyOf = (ref: { call_id?: number | null; created_by?: string | null }) => {
    const id = ref.call_id ?? (ref.created_by ? idOfOp.get(ref.created_by) : undefined);
    return id ? `call-${id}` : `op-${ref.created_by ?? ''}`;
  };
  for (const item of items) {
    const action = item.payload.action;
    if (action.type === 'call') {
      if (!sameRing(action.ring, ring)) continue;
      const key = keyOf({ created_by: item.id });
      const known = views.get(key);
      if (known) known.latest = item;
      else if (item.status !== 'sent' || overlays(item, since)) {
        views.set(key, {
          key,
          ref: item.result?.call_id ? { call_id: item.result.call_id } : { created_by: item.id },
          numbers: action.numbers,
          label: action.label,
          status: 'called',
          calledAt: new Date(item.createdAt).toISOString(),
          withdrawn: false,
          latest: item,
        });
      }
    } else if (action.type === 'call_status' || action.type === 'withdraw_call') {
      const view = views.get(keyOf(action));
      if (!view) continue;
      view.latest = item;
      if (!overlays(item, since)) continue;
      if (action.type === 'withdraw_call') view.withdrawn = true;
      else view.status = action.status;
    }
  }
  return [...views.values()].sort((a, b) => b.calledAt.localeCompare(a.calledAt));
}

/** A draft result as the backend answers it (clerks and organisers only). */
export interface DraftRow {
  award: string;
  place: number | null;
  entry_id: number;
  judge: string | null;
}

interface AwardRow {
  number: string;
  place: number | null;
  published: boolean;
}

export interface AwardView {
  award: string;
  /** A final (places), or an award without places. */
  places: boolean;
  judge: string | null;
  /** In place order, then catalogue order. */
  rows: AwardRow[];
  latest: RingSideItem | null;
}

type ResultAction = Extract<RingSideAction, { type: 'final' | 'award' | 'withdraw' | 'publish' }>;
const isResultAction = (a: RingSideAction): a is ResultAction => a.type === 'final' || a.type === 'award' || a.type === 'withdraw' || a.type === 'publish';

const byPlace = (a: AwardRow, b: AwardRow) => (a.place ?? Infinity) - (b.place ?? Infinity) || compareCatalogueNumbers(a.number, b.number);

/**
 * A ring's results by award: the drafts the backend gave (read at `draftsAt`, ms; null: not read) and the
 * mirror's published ones, with this device's result actions laid over them.
 */
export function ringAwards(input: {
  drafts: readonly DraftRow[];
  draftsAt: number | null;
  published: readonly ShowResult[];
  items: readonly RingSideItem[];
  ring: string;
  numberOf: (entryId: number) => string | undefined;
}): AwardView[] {
  const groups = new Map<string, AwardView>();
  const group = (award: string) => {
    let g = groups.get(award);
    if (!g) groups.set(award, (g = { award, places: false, judge: null, rows: [], latest: null }));
    return g;
  };
  const put = (award: string, row: AwardRow, judge: string | null) => {
    const g = group(award);
    g.rows = g.rows.filter((r) => r.number !== row.number).concat(row);
    if (row.place !== null) g.places = true;
    g.judge = judge ?? g.judge;
  };
  for (const r of input.published) {
    const number = input.numberOf(r.entry_id);
    if (r.kind === 'judging' && sameRing(r.ring, input.ring) && number) put(r.award, { number, place: r.place, published: true }, r.judge);
  }
  for (const r of input.drafts) {
    const number = input.numberOf(r.entry_id);
    if (number) put(r.award, { number, place: r.place, published: false }, r.judge);
  }
  const since = input.draftsAt ?? 0;
  for (const item of input.items) {
    const action = item.payload.action;
    if (!isResultAction(action) || !sameRing(action.ring, input.ring)) continue;
    const touched = action.award === null ? [...groups.values()] : [group(action.award)];
    for (const g of touched) g.latest = item;
    if (!overlays(item, since)) continue;
    if (action.type === 'final' || action.type === 'award') {
      const g = touched[0]!;
      const was = new Map(g.rows.map((r) => [r.number, r.published]));
      if (action.type === 'final') g.rows = g.rows.filter((r) => action.numbers.includes(r.number));
      action.numbers.forEach((number, i) =>
        put(action.award, { number, place: action.type === 'final' ? i + 1 : null, published: was.get(number) ?? false }, action.judge),
      );
      g.places = action.type === 'final';
    } else if (action.type === 'withdraw') {
      const g = touched[0]!;
      g.rows = action.numbers === null ? [] : g.rows.filter((r) => !action.numbers!.includes(r.number));
    } else {
      for (const g of touched) g.rows = g.rows.map((r) => ({ ...r, published: true }));
    }
  }
  return [...groups.values()]
    .filter((g) => g.rows.length > 0 || (g.latest !== null && g.latest.status !== 'sent'))
    .map((g) => ({ ...g, rows: [...g.rows].sort(byPlace) }))
    .sort((a, b) => a.award.localeCompare(b.award));
}

/** The awards already used at the show, for the award field's suggestions. */
export function usedAwards(published: readonly ShowResult[], drafts: readonly DraftRow[], items: readonly RingSideItem[]): string[] {
  const names = [...published.filter((r) => r.kind === 'judging').map((r) => r.award), ...drafts.map((r) => r.award)];
  for (const i of items) if (isResultAction(i.payload.action) && i.payload.action.award) names.push(i.payload.action.award);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

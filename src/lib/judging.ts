// The judging's rules apart from the screens: which rings an event has, where a cat stands (its open call,
// its awards), how /results groups awards, and which of a starred cat's calls and results are news.
import { compareCatalogueNumbers } from '../../shared/catalogue.ts';
import { formatTime, zonedDateTime } from '../../shared/dates.ts';
import type { RingCall, ShowResult } from '../../shared/row-schemas.ts';

/** "14:02": an instant (ISO text or ms) on the venue's clock. */
export const clockAt = (instant: string | number, timeZone: string): string =>
  formatTime(zonedDateTime(typeof instant === 'number' ? instant : Date.parse(instant), timeZone).time);

/** Ring names in the order a hall numbers them ("Ring 2" before "Ring 10"). */
const compareRings = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** A schedule location named as a ring ("Ring 3", "Main ring"). */
const RING_NAME = /\bring\b/i;

/**
 * The rings of an event: those its floor plan draws, those named by a call or a result, and the schedule's
 * locations named as rings; each once (the first spelling; case and spaces aside), in hall order.
 */
export function eventRings(
  locations: readonly (string | null)[],
  planRings: readonly string[],
  calls: readonly Pick<RingCall, 'ring'>[],
  results: readonly Pick<ShowResult, 'ring'>[],
): string[] {
  const seen = new Map<string, string>();
  const add = (ring: string | null) => {
    const name = ring?.trim();
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  };
  planRings.forEach(add);
  calls.forEach((c) => add(c.ring));
  results.forEach((r) => add(r.ring));
  locations.filter((l) => l !== null && RING_NAME.test(l)).forEach(add);
  return [...seen.values()].sort(compareRings);
}

/** Whether two ring names are the same ring (the server keeps the schedule's spelling; a plan may differ in case). */
export const sameRing = (a: string | null, b: string | null): boolean => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** A call still at its ring: called, or being judged. */
export const isOpenCall = (c: Pick<RingCall, 'status'>): boolean => c.status === 'called' || c.status === 'judging';

/** Where the catalogue's cats stand: each number's open call (the newest), and each entry's awards. */
export interface CatStandings {
  callOf: ReadonlyMap<string, RingCall>;
  /** 'placed' when one of its results has a place, else 'awarded'. */
  awardOf: ReadonlyMap<number, 'placed' | 'awarded'>;
}

/** Works out CatStandings from an event's calls and results (any order). */
export function catStandings(calls: readonly RingCall[], results: readonly Pick<ShowResult, 'entry_id' | 'place'>[]): CatStandings {
  const callOf = new Map<string, RingCall>();
  for (const call of [...calls].filter(isOpenCall).sort((a, b) => a.called_at.localeCompare(b.called_at) || a.id - b.id)) {
    for (const number of call.catalogue_numbers) callOf.set(number, call);
  }
  const awardOf = new Map<number, 'placed' | 'awarded'>();
  for (const r of results)
    if (r.place !== null || !awardOf.has(r.entry_id)) awardOf.set(r.entry_id, r.place !== null ? 'placed' : (awardOf.get(r.entry_id) ?? 'awarded'));
  return { callOf, awardOf };
}

/** One award's results, in place order (awards without a place after, by catalogue number). */
export interface AwardResults<R> {
  award: string;
  /** The newest publication among them. */
  publishedAt: string;
  results: R[];
}

/** A group of /results: one ring's, the show's own (ring null), or Visitor's Choice. */
export interface ResultGroup<R> {
  kind: 'visitors_choice' | 'show' | 'ring';
  ring: string | null;
  /** Newest award first. */
  awards: AwardResults<R>[];
}

type Groupable = Pick<ShowResult, 'ring' | 'award' | 'place' | 'kind' | 'published_at' | 'id'> & { cat: { catalogue_number: string } | undefined };

const byPlace = (a: Groupable, b: Groupable) =>
  (a.place ?? Number.MAX_SAFE_INTEGER) - (b.place ?? Number.MAX_SAFE_INTEGER) ||
  compareCatalogueNumbers(a.cat?.catalogue_number ?? '', b.cat?.catalogue_number ?? '') ||
  a.id - b.id;

/** /results' groups: Visitor's Choice, the show's own awards, then each ring in hall order; awards newest first. */
export function groupResults<R extends Groupable>(results: readonly R[]): ResultGroup<R>[] {
  const groups = new Map<string, ResultGroup<R> & { byAward: Map<string, AwardResults<R>> }>();
  for (const r of results) {
    const kind = r.kind === 'visitors_choice' ? 'visitors_choice' : r.ring === null ? 'show' : 'ring';
    const key = kind === 'ring' ? `ring:${r.ring!.toLowerCase()}` : kind;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, ring: kind === 'ring' ? r.ring : null, awards: [], byAward: new Map() }));
    let award = group.byAward.get(r.award);
    if (!award) {
      group.byAward.set(r.award, (award = { award: r.award, publishedAt: '', results: [] }));
      group.awards.push(award);
    }
    award.results.push(r);
    if ((r.published_at ?? '') > award.publishedAt) award.publishedAt = r.published_at ?? '';
  }
  const order = { visitors_choice: 0, show: 1, ring: 2 } as const;
  return [...groups.values()]
    .sort((a, b) => order[a.kind] - order[b.kind] || compareRings(a.ring ?? '', b.ring ?? ''))
    .map(({ kind, ring, awards }) => ({
      kind,
      ring,
      awards: awards
        .map((a) => ({ ...a, results: [...a.results].sort(byPlace) }))
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.award.localeCompare(b.award, 'en')),
    }));
}

// ---- The starred cats' notices -------------------------------------------------------------------------

/** A call or a result older than this is history, not news: a phone opened the next morning is not told of yesterday. */
export const RING_NOTICE_RECENT_MS = 3 * 60 * 60 * 1000;

/** A starred cat as the notices know it. */
interface NoticeCat {
  entryId: number;
  eventId: number;
  number: string;
}

export type RingNotice<C extends NoticeCat> =
  { key: string; at: number; cat: C; kind: 'call'; call: RingCall } | { key: string; at: number; cat: C; kind: 'result'; result: ShowResult };

/**
 * The starred cats' news: each open call naming one (once per call and state: "called", then "judging"),
 * and each published result of one (once per award and place: a corrected place is news again); only
 * those of the last RING_NOTICE_RECENT_MS before nowMs. Oldest first.
 */
export function ringNotices<C extends NoticeCat>(cats: readonly C[], calls: readonly RingCall[], results: readonly ShowResult[], nowMs: number): RingNotice<C>[] {
  const recent = (iso: string | null) => iso !== null && Date.parse(iso) >= nowMs - RING_NOTICE_RECENT_MS;
  const out: RingNotice<C>[] = [];
  for (const call of calls) {
    if (!isOpenCall(call) || !recent(call.status_at)) continue;
    for (const cat of cats) {
      if (cat.eventId !== call.event_id || !call.catalogue_numbers.includes(cat.number)) continue;
      out.push({ key: `call:${call.id}:${call.status}:${cat.entryId}`, at: Date.parse(call.status_at), cat, kind: 'call', call });
    }
  }
  const catOf = new Map(cats.map((c) => [c.entryId, c]));
  for (const result of results) {
    const cat = catOf.get(result.entry_id);
    if (!cat || !recent(result.published_at)) continue;
    out.push({ key: `result:${result.id}:${result.place ?? '-'}:${result.award}`, at: Date.parse(result.published_at!), cat, kind: 'result', result });
  }
  return out.sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
}

/** The notices not seen yet (`seen` holds their keys). */
export function unseenNotices<N extends { key: string }>(notices: readonly N[], seen: ReadonlySet<string>): N[] {
  return notices.filter((n) => !seen.has(n.key));
}

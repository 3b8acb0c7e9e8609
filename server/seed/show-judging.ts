// The demo show's judging, live: each ring's calls today (the first ones done, one being judged, one called)
// and the published results — FIFe class placings (EX1, EX2) and nominations (NOM) for the calls judged today,
// yesterday's finals per ring (Best Longhair Kitten, places 1–5) and Best in Show in the Main Ring. Cats are
// the catalogue's, by number; an absent cat is neither called nor placed. The ×10 show has ten times the rings.
import { CATALOGUE_SECTIONS, type CatalogueSection } from './catalogue-lists.ts';
import type { Row, ShowContext } from './show-context.ts';
import { JUDGES } from './show-lists.ts';

/** Cats a clerk calls at once ("251 to 256"). */
const CATS_PER_CALL = 6;
/** Each ring's calls today, oldest first: so many done, then one being judged, then one called. */
const DONE_CALLS = 3;
/** Minutes before the moment of seeding that each of a ring's calls was made, oldest first; the last is the one called. */
const CALLED_MINUTES_AGO = [95, 70, 45, 18, 3] as const;
/** Minutes a done call took, from called to done (the clerk marks it done as the judge finishes). */
const JUDGED_MINUTES = 22;
/** Minutes after it was called that the call being judged went to the judge's table. */
const TO_THE_TABLE_MINUTES = 4;
/** Places in a final and in Best in Show. */
const FINAL_PLACES = 5;
const BEST_IN_SHOW_PLACES = 3;
const MAIN_RING = 'Main Ring';
/** Yesterday's finals were published a day ago, and its Best in Show an hour after them. */
const YESTERDAY_FINALS_MINUTES_AGO = 24 * 60;
const YESTERDAY_BIS_MINUTES_AGO = 23 * 60;

/** What a section's final is called: "Best Longhair Kitten", "Best Shorthair Adult", "Best Household Pet". */
function finalOf(section: CatalogueSection): string {
  const who = { kitten: 'Kitten', championship: 'Adult', premiership: 'Neuter', household: 'Household Pet' }[section.kind];
  return `Best ${section.coat === null ? '' : `${section.coat}hair `}${who}`;
}

/**
 * The sections a ring judges: with fewer rings than sections, a ring takes every rings-th section; with more,
 * each ring one section, so a section is judged in several rings (as in TICA, where every ring is a show).
 */
const sectionsOfRing = (ring: number, rings: number) =>
  CATALOGUE_SECTIONS.filter((_, s) => (rings >= CATALOGUE_SECTIONS.length ? s === ring % CATALOGUE_SECTIONS.length : s % rings === ring));

export function buildJudging(ctx: ShowContext, from: { now: Date; event: Row; event_schedule: Row[]; catalogue_entries: Row[] }): { ring_calls: Row[]; results: Row[] } {
  const { rnd } = ctx;
  const at = (minutesAgo: number) => new Date(from.now.getTime() - minutesAgo * 60_000).toISOString();
  const locations = new Set(from.event_schedule.filter((s) => s.event_id === from.event.id).map((s) => String(s.location)));
  const rings = [...locations].filter((l) => /^Ring \d+$/.test(l)).sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  const present = from.catalogue_entries.filter((e) => e.event_id === from.event.id && !e.absent);
  const bySection = new Map(CATALOGUE_SECTIONS.map((s) => [s, present.filter((e) => e.section === s.heading)]));

  const ring_calls: Row[] = [];
  const results: Row[] = [];
  const result = (ring: string, award: string, place: number | null, entry: Row, judge: string | null, publishedMinutesAgo: number) =>
    results.push({
      id: results.length + 1,
      event_id: from.event.id,
      ring,
      award,
      place,
      entry_id: entry.id,
      judge,
      published: true,
      published_at: at(publishedMinutesAgo),
    });

  const winners: Row[] = [];
  rings.forEach((ring, r) => {
    const judge = JUDGES[r % JUDGES.length]!;
    const sections = sectionsOfRing(r, rings.length);
    // Yesterday's finals: the judge's five best of each section judged here.
    for (const section of sections) {
      const cats = bySection.get(section)!;
      const placed = rnd.sample(cats, Math.min(FINAL_PLACES, cats.length));
      placed.forEach((cat, i) => result(ring, finalOf(section), i + 1, cat, judge, YESTERDAY_FINALS_MINUTES_AGO));
      if (placed[0] && !winners.includes(placed[0])) winners.push(placed[0]);
    }
    // Today: the ring works through its sections' cats in catalogue order, six at a time.
    const queue = sections.flatMap((section) => {
      const cats = bySection.get(section)!;
      return Array.from({ length: Math.ceil(cats.length / CATS_PER_CALL) }, (_, i) => ({ section, cats: cats.slice(i * CATS_PER_CALL, (i + 1) * CATS_PER_CALL) }));
    });
    queue.slice(0, CALLED_MINUTES_AGO.length).forEach(({ section, cats }, i) => {
      const minutesAgo = CALLED_MINUTES_AGO[i]!;
      const status = i < DONE_CALLS ? 'done' : i === DONE_CALLS ? 'judging' : 'called';
      ring_calls.push({
        id: ring_calls.length + 1,
        event_id: from.event.id,
        ring,
        label: section.heading,
        catalogue_numbers: cats.map((c) => c.catalogue_number),
        status,
        called_at: at(minutesAgo),
        status_at: at(status === 'done' ? minutesAgo - JUDGED_MINUTES : status === 'judging' ? minutesAgo - TO_THE_TABLE_MINUTES : minutesAgo),
      });
      if (status !== 'done') return;
      // A judged call's class placings, and a nomination for Best in Show for its best cat.
      const [first, second] = rnd.sample(cats, 2);
      const judgedAgo = minutesAgo - JUDGED_MINUTES;
      if (first) result(ring, 'EX1', null, first, judge, judgedAgo);
      if (second) result(ring, 'EX2', null, second, judge, judgedAgo);
      if (first && rnd.chance(0.5)) result(ring, 'NOM', null, first, judge, judgedAgo);
    });
  });
  // Best in Show, yesterday in the Main Ring: among the finals' winners.
  if (locations.has(MAIN_RING))
    rnd.sample(winners, BEST_IN_SHOW_PLACES).forEach((cat, i) => result(MAIN_RING, 'Best in Show', i + 1, cat, null, YESTERDAY_BIS_MINUTES_AGO));
  return { ring_calls, results };
}

// The demo show as plain rows with local ids (1..n per table), built deterministically from a seed,
// the moment of seeding (the live event runs "today" at its venue) and a scale factor for benchmarks.
// One builder per table (show-*.ts), from the fixed tables of show-lists.ts.
import { zonedDateTime } from '../../shared/dates.ts';
import type { BreedSeed } from './breed-seed.ts';
import { seededRandom } from './random.ts';
import { buildAdvertisers } from './show-advertisers.ts';
import { buildBreeds } from './show-breeds.ts';
import { BENCHING_ROWS, buildCatalogue } from './show-catalogue.ts';
import { buildCatteries, buildOrganizations, buildQualityLabels } from './show-catteries.ts';
import { placeOf, type Row, type ShowContext, type ShowImage } from './show-context.ts';
import { buildEvents } from './show-events.ts';
import { buildHall } from './show-hall.ts';
import { buildJudging } from './show-judging.ts';
import { buildLitters } from './show-litters.ts';
import { EVENT_DEFS } from './show-lists.ts';

export type { Row } from './show-context.ts';

export interface ShowData {
  organizations: Row[];
  quality_labels: Row[];
  breeds: Row[];
  catteries: Row[];
  cattery_has_breed: Row[];
  cattery_has_quality_label: Row[];
  litters: Row[];
  litter_images: Row[];
  events: Row[];
  event_schedule: Row[];
  advertisers: Row[];
  catalogue_entries: Row[];
  floor_plans: Row[];
  places: Row[];
  ring_calls: Row[];
  results: Row[];
  images: ShowImage[];
}

/** Foreign keys between the tables above, so local ids can be shifted to real ones on insert. */
export const FOREIGN_KEYS: Partial<Record<keyof Omit<ShowData, 'images'>, Record<string, keyof ShowData>>> = {
  catteries: { organization_id: 'organizations' },
  cattery_has_breed: { cattery_id: 'catteries', breed_id: 'breeds' },
  cattery_has_quality_label: { cattery_id: 'catteries', quality_label_id: 'quality_labels' },
  litters: { cattery_id: 'catteries', breed_id: 'breeds' },
  litter_images: { litter_id: 'litters' },
  event_schedule: { event_id: 'events' },
  catalogue_entries: { event_id: 'events', breed_id: 'breeds', cattery_id: 'catteries' },
  floor_plans: { event_id: 'events' },
  places: { floor_plan_id: 'floor_plans', advertiser_id: 'advertisers' },
  ring_calls: { event_id: 'events' },
  results: { event_id: 'events', entry_id: 'catalogue_entries' },
};

/** The seed of the demo show's random source when the caller gives none. */
const DEMO_SHOW_SEED = 20261121;

/**
 * The seed day and hour are the live event's venue clock (its session times are venue times), so
 * "now" and "next" come out right whatever zone the server process runs in.
 */
const SHOW_TIME_ZONE = placeOf(EVENT_DEFS.find((d) => d.live)!.place).tz;

/** The wall clock in `timeZone` at an instant, held in a Date's UTC fields. */
const wallClock = (instant: Date, timeZone: string) => {
  const { date, time } = zonedDateTime(instant, timeZone);
  return new Date(`${date}T${time}Z`);
};

export function buildShow(opts: { now: Date; scale: number; breeds: readonly BreedSeed[]; seed?: number }): ShowData {
  const images: ShowImage[] = [];
  const ctx: ShowContext = {
    rnd: seededRandom(opts.seed ?? DEMO_SHOW_SEED),
    today: wallClock(opts.now, SHOW_TIME_ZONE),
    scale: Math.max(1, Math.floor(opts.scale)),
    image(name, render) {
      images.push({ name, render });
      return name;
    },
  };
  // The order of the builders is the order of the random draws: changing it changes the whole show.
  const organizations = buildOrganizations();
  const quality_labels = buildQualityLabels();
  const { breeds, pools } = buildBreeds(ctx, opts.breeds);
  const catteryTables = buildCatteries(ctx, { breeds, pools, organizations, quality_labels });
  const { litters, litter_images } = buildLitters(ctx, { ...catteryTables, pools });
  const { events, event_schedule } = buildEvents(ctx);
  const advertisers = buildAdvertisers(ctx);
  const liveEvent = events[EVENT_DEFS.findIndex((d) => d.live)]!;
  const catalogue_entries = buildCatalogue(ctx, { event: liveEvent, breeds, ...catteryTables });
  // Draws nothing at random: the hall follows the schedule, the catalogue's pens and the advertisers.
  const { floor_plans, places } = buildHall(ctx, { event: liveEvent, event_schedule, advertisers, catalogue_entries, benchingRows: BENCHING_ROWS });
  // The judging around the moment of seeding: calls minutes ago, results of today and yesterday.
  const { ring_calls, results } = buildJudging(ctx, { now: opts.now, event: liveEvent, event_schedule, catalogue_entries });
  return {
    organizations,
    quality_labels,
    breeds,
    ...catteryTables,
    litters,
    litter_images,
    events,
    event_schedule,
    advertisers,
    catalogue_entries,
    floor_plans,
    places,
    ring_calls,
    results,
    // Pictures shared by scaled copies are listed once.
    images: [...new Map(images.map((im) => [im.name, im])).values()],
  };
}

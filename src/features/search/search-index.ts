// The search index: one entry per breed, cattery, litter, session, event and advertiser of the mirror, and
// per cat of the catalogue of the show on now, with the texts each is found by. Pure: search-page.tsx reads
// the rows and rebuilds it when the mirror changes.
import type { Advertiser, Breed, CatalogueEntry, Cattery, CatteryBreed, Litter, Organization, ScheduleSession, ShowEvent } from '../../data/mirror.ts';
import { formatDateRange, formatTime } from '../../../shared/dates.ts';
import { paths } from '../../../shared/paths.ts';
import { makeEntry, type SearchDoc, type SearchEntry } from './rank.ts';
import { SEARCH_TEXTS } from './search-texts.ts';
import { CATALOGUE_TEXTS } from '../../ui/catalogue-texts.ts';

/** The columns the index reads, table by table (SPEC §3 names). */
export interface SearchRows {
  breeds: readonly Pick<Breed, 'id' | 'breed_name' | 'universal_breed_abbreviation'>[];
  organizations: readonly Pick<Organization, 'id' | 'name' | 'abbreviation'>[];
  catteries: readonly Pick<Cattery, 'id' | 'name' | 'city' | 'country' | 'organization_id'>[];
  cattery_has_breed: readonly Pick<CatteryBreed, 'cattery_id' | 'breed_id'>[];
  litters: readonly Pick<Litter, 'id' | 'cattery_id' | 'breed_id' | 'date_of_birth' | 'available_male_kittens' | 'available_female_kittens'>[];
  events: readonly Pick<ShowEvent, 'id' | 'name' | 'city' | 'country' | 'venue_name' | 'start_date' | 'end_date'>[];
  event_schedule: readonly Pick<ScheduleSession, 'id' | 'event_id' | 'title' | 'location' | 'schedule_date' | 'start_time' | 'end_time' | 'status'>[];
  advertisers: readonly Pick<Advertiser, 'id' | 'company_name' | 'city' | 'country'>[];
  /** The catalogue of the show on now (not every show's: a number names a cat only within its show). */
  catalogue_entries: readonly Pick<CatalogueEntry, 'id' | 'event_id' | 'catalogue_number' | 'name' | 'breed_id' | 'colour' | 'cattery_id' | 'owner' | 'pen' | 'absent'>[];
}

export interface SearchIndex {
  entries: readonly SearchEntry[];
}

/**
 * "Sat 28 Nov" for a session's line: made once (thousands of sessions on a large show), when the index is
 * built rather than as the module loads, which every screen of its chunk would pay for (the locale's data).
 */
let sessionDayFormat: Intl.DateTimeFormat | undefined;
const sessionDay = (date: string) => {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at)
    ? date
    : (sessionDayFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' })).format(at);
};

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p !== null && p !== undefined && p.trim() !== '').join(' · ');
const place = (city: string | null, country: string | null) => [city, country].filter((p) => p !== null && p.trim() !== '').join(', ');

export function buildSearchIndex(rows: SearchRows): SearchIndex {
  const docs: SearchDoc[] = [];
  const breeds = new Map(rows.breeds.map((b) => [b.id, b]));
  const organizations = new Map(rows.organizations.map((o) => [o.id, o]));
  const catteries = new Map(rows.catteries.map((c) => [c.id, c]));
  const breedsOf = new Map<number, (typeof rows.breeds)[number][]>();
  for (const link of rows.cattery_has_breed) {
    const breed = breeds.get(link.breed_id);
    if (!breed) continue;
    const own = breedsOf.get(link.cattery_id);
    if (own) own.push(breed);
    else breedsOf.set(link.cattery_id, [breed]);
  }

  for (const b of rows.breeds) {
    docs.push({
      kind: 'breed',
      id: b.id,
      label: b.breed_name,
      detail: b.universal_breed_abbreviation,
      path: paths.breed(b.universal_breed_abbreviation),
      abbreviations: [b.universal_breed_abbreviation],
    });
  }

  for (const c of rows.catteries) {
    const own = breedsOf.get(c.id) ?? [];
    const registry = c.organization_id === null ? undefined : organizations.get(c.organization_id);
    docs.push({
      kind: 'cattery',
      id: c.id,
      label: c.name,
      detail: line(place(c.city, c.country), own.map((b) => b.breed_name).join(', ')),
      path: paths.cattery(c.name),
      abbreviations: [registry?.abbreviation, ...own.map((b) => b.universal_breed_abbreviation)],
      fields: [c.city, c.country, registry?.name, ...own.map((b) => b.breed_name)],
    });
  }

  for (const l of rows.litters) {
    const breed = l.breed_id === null ? undefined : breeds.get(l.breed_id);
    const cattery = catteries.get(l.cattery_id);
    const available = l.available_male_kittens + l.available_female_kittens;
    const label = breed ? SEARCH_TEXTS.litterOf(breed.breed_name) : SEARCH_TEXTS.litter;
    docs.push({
      kind: 'litter',
      id: l.id,
      label,
      detail: line(cattery?.name, cattery?.city, SEARCH_TEXTS.available(available)),
      path: paths.litter(l.id),
      name: breed?.breed_name ?? '',
      abbreviations: [breed?.universal_breed_abbreviation],
      fields: [cattery?.name, cattery?.city],
      order: `${label}\u0000${cattery?.name ?? ''}\u0000${l.date_of_birth}`.toLowerCase(),
    });
  }

  const eventNames = new Map(rows.events.map((e) => [e.id, e.name]));
  for (const s of rows.event_schedule) {
    docs.push({
      kind: 'session',
      id: s.id,
      label: s.title,
      detail: line(
        `${sessionDay(s.schedule_date)} ${formatTime(s.start_time)}–${formatTime(s.end_time)}`,
        s.location,
        eventNames.get(s.event_id),
        s.status === 'cancelled' ? SEARCH_TEXTS.cancelled : null,
      ),
      path: paths.eventSession(s.event_id, s.id),
      fields: [s.location],
      order: `${s.schedule_date} ${s.start_time}`,
    });
  }

  for (const e of rows.events) {
    docs.push({
      kind: 'event',
      id: e.id,
      label: e.name,
      detail: line(place(e.city, e.country), formatDateRange(e.start_date, e.end_date, 'en-GB')),
      path: paths.event(e.id),
      fields: [e.city, e.country, e.venue_name],
      order: e.start_date,
    });
  }

  for (const e of rows.catalogue_entries) {
    const breed = breeds.get(e.breed_id);
    docs.push({
      kind: 'entry',
      id: e.id,
      label: SEARCH_TEXTS.entry(e.catalogue_number, e.name),
      detail: line(breed?.breed_name, e.colour, e.pen && CATALOGUE_TEXTS.pen(e.pen), e.absent ? CATALOGUE_TEXTS.absent : null),
      path: paths.catalogueEntry(e.event_id, e.catalogue_number),
      name: e.name,
      abbreviations: [e.catalogue_number],
      fields: [e.catalogue_number, breed?.breed_name, e.colour, e.cattery_id === null ? null : catteries.get(e.cattery_id)?.name, e.owner, e.pen],
      // Catalogue order among cats that match alike: 9 before 52, 52 before 52A.
      order: e.catalogue_number.padStart(6, '0'),
    });
  }

  for (const a of rows.advertisers) {
    docs.push({ kind: 'advertiser', id: a.id, label: a.company_name, detail: place(a.city, a.country), path: paths.advertiser(a.id), fields: [a.city, a.country] });
  }

  return { entries: docs.map(makeEntry) };
}

// The demo show's registries, quality labels and catteries, with each cattery's breeds and labels.
import { catterySlug } from '../../shared/paths.ts';
import { PLACES, type Place } from './places.ts';
import type { Random } from './random.ts';
import { addDays, isoDate, pad, round, type Row, type ShowContext } from './show-context.ts';
import type { PicturePools } from './show-breeds.ts';
import { CATTERY_DESCRIPTIONS, FIRST_NAMES, LAST_NAMES, NAME_FIRST, NAME_SECOND, QUALITY_LABELS, REGISTRIES } from './show-lists.ts';

const CATTERIES_PER_SCALE = 60;

export const buildOrganizations = (): Row[] => REGISTRIES.map((r, i) => ({ id: i + 1, ...r }));
export const buildQualityLabels = (): Row[] => QUALITY_LABELS.map((l, i) => ({ id: i + 1, ...l }));

export interface CatteryTables {
  catteries: Row[];
  cattery_has_breed: Row[];
  cattery_has_quality_label: Row[];
}

/** What a cattery's rows share: who runs it, where, since when, and its web domain. */
interface Cattery {
  id: number;
  name: string;
  place: Place;
  domain: string;
  first: string;
  last: string;
  year: number;
}

/** Catteries of one to three breeds each (the first its primary one), some holding quality labels. */
export function buildCatteries(ctx: ShowContext, from: { breeds: Row[]; pools: PicturePools; organizations: Row[]; quality_labels: Row[] }): CatteryTables {
  const { rnd } = ctx;
  const tables: CatteryTables = { catteries: [], cattery_has_breed: [], cattery_has_quality_label: [] };
  uniqueCatteryNames(rnd, CATTERIES_PER_SCALE * ctx.scale).forEach((name, i) => {
    const place = PLACES[i % PLACES.length]!;
    const domain = `${catterySlug(name).replace(/-/g, '')}.example`;
    const cattery: Cattery = { id: i + 1, name, place, domain, first: rnd.pick(FIRST_NAMES), last: rnd.pick(LAST_NAMES), year: rnd.int(1998, 2021) };
    const breedIds = rnd.sample(
      from.breeds.map((b) => b.id),
      rnd.int(1, 3),
    );
    const primary = from.breeds[breedIds[0]! - 1]!;
    breedIds.forEach((breedId, k) => tables.cattery_has_breed.push(catteryBreed(rnd, cattery, breedId, k, tables.cattery_has_breed.length + 1)));
    for (const labelId of rnd.sample(
      from.quality_labels.map((l) => l.id),
      rnd.int(0, 3),
    )) {
      tables.cattery_has_quality_label.push(catteryQualityLabel(ctx, cattery, labelId, tables.cattery_has_quality_label.length + 1));
    }
    tables.catteries.push(catteryRow(rnd, cattery, primary, from.pools.get(primary.id)!.adults, from.organizations));
  });
  return tables;
}

/** The k-th breed of a cattery (k = 0: its primary breed), certified from its founding year on. */
function catteryBreed(rnd: Random, c: Cattery, breedId: number, k: number, id: number): Row {
  return {
    id,
    cattery_id: c.id,
    breed_id: breedId,
    certification_url: `https://certificates.${c.domain}/breed-${breedId}.pdf`,
    certification_date: `${c.year + k}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`,
    is_primary_breed: k === 0,
  };
}

function catteryQualityLabel(ctx: ShowContext, c: Cattery, labelId: number, id: number): Row {
  // Issued up to five years ago for two or three years: some have expired by now.
  const issued = addDays(ctx.today, -ctx.rnd.int(30, 5 * 365));
  return {
    id,
    cattery_id: c.id,
    quality_label_id: labelId,
    issued_date: isoDate(issued),
    expiration_date: isoDate(addDays(issued, ctx.rnd.pick([2, 3]) * 365)),
    certificate_url: `https://certificates.${c.domain}/label-${labelId}.pdf`,
  };
}

function catteryRow(rnd: Random, c: Cattery, primary: Row, adultPictures: string[], organizations: Row[]): Row {
  const { place, domain } = c;
  const cats = rnd.sample(adultPictures, rnd.int(2, 4));
  return {
    id: c.id,
    name: c.name,
    profile_image_url: cats[0],
    city: place.city,
    country: place.country,
    street_address: `${place.street} ${rnd.int(1, 180)}`,
    postal_code: place.postal,
    website: `www.${domain}`,
    website_url: `https://www.${domain}`,
    email: `hello@${domain}`,
    phone: `${place.phone} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
    first_name: c.first,
    last_name: c.last,
    description: catteryDescription(rnd.pick(CATTERY_DESCRIPTIONS), c, String(primary.breed_name)),
    is_verified: rnd.chance(0.75),
    detail_images: cats,
    organization_id: rnd.pick(organizations).id,
    latitude: round(place.lat + (rnd.next() - 0.5) * 0.08, 5),
    longitude: round(place.lng + (rnd.next() - 0.5) * 0.12, 5),
  };
}

/** Fills a CATTERY_DESCRIPTIONS template. */
function catteryDescription(template: string, c: Cattery, breed: string): string {
  const values: Record<string, string> = {
    cattery: c.name,
    breed,
    city: c.place.city,
    country: c.place.country,
    breeder: `${c.first} ${c.last}`,
    year: String(c.year),
  };
  return template.replace(/\{(\w+)\}/g, (field, key: string) => values[key] ?? field);
}

/** Cattery names whose slugs differ: "first second" pairs, then the same pairs "of" a city. */
function uniqueCatteryNames(rnd: Random, count: number): string[] {
  const combos = NAME_FIRST.flatMap((a) => NAME_SECOND.map((b) => `${a} ${b}`));
  const shuffled = rnd.sample(combos, combos.length);
  const out: string[] = [];
  const slugs = new Set<string>();
  for (let pass = 0; out.length < count; pass++) {
    for (const base of shuffled) {
      if (out.length >= count) break;
      const name = pass === 0 ? base : `${base} of ${PLACES[(pass + out.length) % PLACES.length]!.city}`;
      const slug = catterySlug(name);
      if (!slugs.has(slug)) {
        slugs.add(slug);
        out.push(name);
      }
    }
  }
  return out;
}

// Integrity of the demo show: the rules its rows must keep, checked on the generated rows.
import { describe, expect, it } from 'vitest';
import { buildShow, type Row, type ShowData } from '../../server/seed/show.ts';
import { SHOW_BREEDS } from '../../server/seed/index.ts';
import { breedTraitScores, QUIZ_TRAITS } from '../../shared/breed-traits.ts';
import { catterySlug } from '../../shared/paths.ts';
import { parseListText } from '../../shared/list-text.ts';
import { classifySchedule, type ScheduleSession } from '../../shared/schedule.ts';
import { isValidTimeZone, zonedDateTime, zonedTimeToInstant } from '../../shared/dates.ts';
import { PLACES } from '../../server/seed/places.ts';
import { productShapeFor } from '../../server/seed/images.ts';

/** The live event's venue zone: the seed day and hour are read there, whatever the process's zone. */
const VENUE_ZONE = 'Europe/Amsterdam';
const SEEDED_AT = zonedTimeToInstant('2026-11-21', '14:20', VENUE_ZONE);
const show = buildShow({ now: SEEDED_AT, scale: 1, breeds: SHOW_BREEDS });
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
/** The date at the venue. */
const localDate = (d: Date) => zonedDateTime(d, VENUE_ZONE).date;
/** Classifies a seeded schedule the way the app does: each session in its event's zone. */
const classifyShow = (s: ShowData, now: Date) => {
  const zones = new Map(s.events.map((e) => [e.id, e.time_zone as string]));
  return classifySchedule(s.event_schedule as unknown as ScheduleSession[], now, (x) => zones.get(x.event_id)!);
};

describe('breeds', () => {
  it('has 40+ real breeds with unique names and registry abbreviations', () => {
    expect(show.breeds.length).toBeGreaterThanOrEqual(40);
    const abbreviations = show.breeds.map((b) => b.universal_breed_abbreviation as string);
    expect(new Set(abbreviations).size).toBe(abbreviations.length);
    expect(abbreviations).toEqual(expect.arrayContaining(['ABY', 'BEN', 'MCO', 'PER', 'SIA', 'RAG', 'NFO', 'SPH']));
    expect(new Set(show.breeds.map((b) => b.breed_name)).size).toBe(show.breeds.length);
  });

  it.each(SHOW_BREEDS.map((b) => [b.breed_name, b] as const))('%s maps to a number on every quiz question', (_name, breed) => {
    const scores = breedTraitScores(breed);
    for (const trait of QUIZ_TRAITS) expect(scores[trait], trait).toEqual(expect.any(Number));
  });

  it('fills every text attribute by hand (no empty or placeholder text)', () => {
    const fields = ['about', 'temperament', 'health_and_development', 'health_challenges', 'health_tests', 'life_expectancy', 'colors', 'grooming_level'] as const;
    for (const b of SHOW_BREEDS) {
      for (const f of fields) {
        expect(b[f].trim().length, `${b.breed_name}.${f}`).toBeGreaterThan(f === 'about' ? 120 : 2);
        expect(b[f]).not.toMatch(/lorem|ipsum|TODO|TBD/i);
      }
      expect(b.life_expectancy).toMatch(/^\d{1,2}-\d{1,2} years$/);
    }
  });

  it('spreads the quiz traits, so the quiz can tell breeds apart', () => {
    const profiles = new Set(SHOW_BREEDS.map((b) => JSON.stringify(breedTraitScores(b))));
    expect(profiles.size).toBeGreaterThan(SHOW_BREEDS.length * 0.8);
    for (const trait of QUIZ_TRAITS) {
      expect(new Set(SHOW_BREEDS.map((b) => breedTraitScores(b)[trait])).size, trait).toBeGreaterThan(1);
    }
  });

  it('stores detail images in the braces text form, quoted and unquoted', () => {
    const forms = show.breeds.map((b) => b.detail_images as string);
    expect(forms.every((f) => /^\{.+\}$/.test(f) && parseListText(f).length === 4)).toBe(true);
    expect(forms.some((f) => f.includes('"'))).toBe(true);
    expect(forms.some((f) => !f.includes('"'))).toBe(true);
  });
});

describe('registries, catteries and labels', () => {
  it('uses real registries', () => {
    expect(show.organizations.map((o) => o.abbreviation)).toEqual(expect.arrayContaining(['TICA', 'CFA', 'FIFe', 'WCF', 'GCCF']));
  });

  it('has 60+ catteries in several countries with unique slugs, verified and not', () => {
    expect(show.catteries.length).toBeGreaterThanOrEqual(60);
    const slugs = show.catteries.map((c) => catterySlug(c.name as string));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(show.catteries.map((c) => c.country)).size).toBeGreaterThanOrEqual(8);
    expect(show.catteries.some((c) => c.is_verified)).toBe(true);
    expect(show.catteries.some((c) => !c.is_verified)).toBe(true);
    for (const c of show.catteries) {
      expect(c.latitude).toEqual(expect.any(Number));
      expect(c.email).toMatch(/^[^@\s]+@[^@\s]+\.example$/);
      expect((c.detail_images as string[]).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('links every cattery to 1–3 breeds, one primary, with certification dates', () => {
    const breeds = byId(show.breeds);
    for (const c of show.catteries) {
      const links = show.cattery_has_breed.filter((l) => l.cattery_id === c.id);
      expect(links.length).toBeGreaterThanOrEqual(1);
      expect(links.length).toBeLessThanOrEqual(3);
      expect(links.filter((l) => l.is_primary_breed)).toHaveLength(1);
      for (const l of links) {
        expect(breeds.has(l.breed_id as number)).toBe(true);
        expect(l.certification_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it('has quality labels, some of them expired at seed time', () => {
    const today = localDate(SEEDED_AT);
    const labels = show.cattery_has_quality_label;
    expect(labels.some((l) => (l.expiration_date as string) < today)).toBe(true);
    expect(labels.some((l) => (l.expiration_date as string) >= today)).toBe(true);
    for (const l of labels) expect((l.expiration_date as string) > (l.issued_date as string)).toBe(true);
  });
});

describe('litters', () => {
  it('has 150+ litters whose cattery and breed exist and that the cattery breeds', () => {
    expect(show.litters.length).toBeGreaterThanOrEqual(150);
    const catteries = byId(show.catteries);
    const breeds = byId(show.breeds);
    for (const l of show.litters) {
      expect(catteries.has(l.cattery_id as number)).toBe(true);
      expect(breeds.has(l.breed_id as number)).toBe(true);
      expect(show.cattery_has_breed.some((c) => c.cattery_id === l.cattery_id && c.breed_id === l.breed_id)).toBe(true);
    }
  });

  it('lists a litter of every breed a cattery’s About text names, and no breed it does not have', () => {
    const breeds = byId(show.breeds);
    for (const c of show.catteries) {
      const own = new Set(show.cattery_has_breed.filter((x) => x.cattery_id === c.id).map((x) => x.breed_id));
      const named = show.breeds.filter((b) => new RegExp(`\\b${b.breed_name as string}\\b`).test(c.description as string));
      expect(named.length, c.name as string).toBeGreaterThan(0);
      for (const b of named) {
        expect(own.has(b.id), `${c.name} names ${b.breed_name}`).toBe(true);
        expect(
          show.litters.some((l) => l.cattery_id === c.id && l.breed_id === b.id),
          `${c.name} has a ${b.breed_name} litter`,
        ).toBe(true);
      }
      // Its pictures are cats of a breed it keeps.
      const pictured = (c.profile_image_url as string).split('/')[1];
      expect(
        [...own].some((id) => (breeds.get(id as number)!.universal_breed_abbreviation as string).toLowerCase() === pictured),
        c.name as string,
      ).toBe(true);
    }
  });

  it('keeps availability within the counts, with some litters sold out, and 1–6 images each', () => {
    let soldOut = 0;
    for (const l of show.litters) {
      const [m, f, am, af] = [l.num_male_kittens, l.num_female_kittens, l.available_male_kittens, l.available_female_kittens] as number[];
      expect(m! + f!).toBeGreaterThan(0);
      expect(am).toBeLessThanOrEqual(m!);
      expect(af).toBeLessThanOrEqual(f!);
      if (am === 0 && af === 0) soldOut++;
      const images = show.litter_images.filter((i) => i.litter_id === l.id).length;
      expect(images).toBeGreaterThanOrEqual(1);
      expect(images).toBeLessThanOrEqual(6);
      expect(l.sire).toMatch(/ of /);
      expect(l.dam).toMatch(/ of /);
    }
    expect(soldOut).toBeGreaterThan(0);
    expect(soldOut).toBeLessThan(show.litters.length / 2);
  });
});

describe('events and the live schedule', () => {
  it('has 4+ events: past, running on the seed day, and future', () => {
    const today = localDate(SEEDED_AT);
    expect(show.events.length).toBeGreaterThanOrEqual(4);
    expect(show.events.some((e) => (e.end_date as string) < today)).toBe(true);
    expect(show.events.some((e) => (e.start_date as string) <= today && today <= (e.end_date as string))).toBe(true);
    expect(show.events.some((e) => (e.start_date as string) > today)).toBe(true);
  });

  it("stores each event's venue time zone, from its city", () => {
    for (const e of show.events) {
      expect(e.time_zone, String(e.name)).toBe(PLACES.find((p) => p.city === e.city)!.tz);
      expect(isValidTimeZone(e.time_zone as string)).toBe(true);
    }
    expect(show.events.find((e) => e.city === 'Amsterdam')!.time_zone).toBe(VENUE_ZONE);
    expect(new Set(show.events.map((e) => e.time_zone)).size).toBeGreaterThan(1);
    for (const p of PLACES) expect(isValidTimeZone(p.tz), p.city).toBe(true);
  });

  // Every venue hour of an ordinary day and of both DST-change days, with the process in several zones:
  // the seed reads the seed moment at the venue, so "now/next" hold wherever the server runs.
  const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:20`);
  const DAYS = ['2026-11-21', '2026-03-29', '2026-10-25'];
  const PROCESS_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Tokyo'];
  it.each(DAYS.flatMap((day) => HOURS.map((time) => [day, time] as const)))('seeded at %s %s at the venue, something is on now or up next an hour later', (day, time) => {
    const initial = process.env.TZ;
    try {
      for (const tz of PROCESS_ZONES) {
        process.env.TZ = tz;
        const seededAt = zonedTimeToInstant(day, time, VENUE_ZONE);
        const s = buildShow({ now: seededAt, scale: 1, breeds: SHOW_BREEDS });
        const live = s.events.find((e) => e.start_date === addDaysIso(day, -1))!;
        expect(live.time_zone).toBe(VENUE_ZONE);
        const later = new Date(seededAt.getTime() + 60 * 60 * 1000);
        const c = classifyShow(s, later);
        expect(c.now.length + c.next.length, `process zone ${tz}`).toBeGreaterThan(0);
        for (const x of s.event_schedule) expect((x.end_time as string) > (x.start_time as string)).toBe(true);
      }
    } finally {
      if (initial === undefined) delete process.env.TZ;
      else process.env.TZ = initial;
    }
  });

  it('builds the same show for one instant whatever the process zone', () => {
    const initial = process.env.TZ;
    try {
      const shows = ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles'].map((tz) => {
        process.env.TZ = tz;
        const s = buildShow({ now: SEEDED_AT, scale: 1, breeds: SHOW_BREEDS });
        return JSON.stringify({ ...s, images: [] });
      });
      expect(new Set(shows).size).toBe(1);
    } finally {
      if (initial === undefined) delete process.env.TZ;
      else process.env.TZ = initial;
    }
  });

  it('runs judging rings, talks and Best in Show on every day of the live event', () => {
    const live = show.events.find((e) => (e.start_date as string) <= localDate(SEEDED_AT) && localDate(SEEDED_AT) <= (e.end_date as string))!;
    const sessions = show.event_schedule.filter((s) => s.event_id === live.id);
    const days = new Set(sessions.map((s) => s.schedule_date));
    expect(days.size).toBe(3);
    for (const day of days) {
      const titles = sessions.filter((s) => s.schedule_date === day).map((s) => s.title as string);
      expect(titles).toContain('Best in Show');
      expect(titles.some((t) => /^Ring \d+:/.test(t))).toBe(true);
      expect(titles.some((t) => /^Talk:|^Ask the vet|^Grooming|^Judging explained/.test(t))).toBe(true);
    }
  });
});

const addDaysIso = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('advertisers', () => {
  it('has 20+ advertisers, some without a logo, with both voucher kinds', () => {
    expect(show.advertisers.length).toBeGreaterThanOrEqual(20);
    expect(show.advertisers.some((a) => a.company_logo_url === null)).toBe(true);
    expect(show.advertisers.some((a) => a.discount_voucher_enabled && !a.rebate_voucher_enabled)).toBe(true);
    expect(show.advertisers.some((a) => a.rebate_voucher_enabled && !a.discount_voucher_enabled)).toBe(true);
    expect(show.advertisers.some((a) => a.rebate_voucher_enabled && a.discount_voucher_enabled)).toBe(true);
    expect(show.advertisers.some((a) => !a.rebate_voucher_enabled && !a.discount_voucher_enabled)).toBe(true);
  });

  it('stores product images and descriptions in both forms SPEC §2 names', () => {
    for (const column of ['product_images', 'product_descriptions'] as const) {
      const values = show.advertisers.map((a) => a[column]);
      expect(values.some(Array.isArray), column).toBe(true);
      expect(
        values.some((v) => typeof v === 'string' && (v as string).startsWith('"')),
        column,
      ).toBe(true);
    }
    for (const a of show.advertisers) {
      const images = parseListText(a.product_images);
      expect(images.every((i) => i.endsWith('.svg'))).toBe(true);
      expect(parseListText(a.product_descriptions).length).toBeGreaterThanOrEqual(images.length);
    }
  });
});

describe('pictures and scale', () => {
  const referenced = (s: ShowData) =>
    [
      ...s.breeds.flatMap((b) => [b.overview_image, ...parseListText(b.detail_images)]),
      ...s.catteries.flatMap((c) => [c.profile_image_url, ...(c.detail_images as string[])]),
      ...s.litters.flatMap((l) => [l.litter_image_url, l.sire_picture_url, l.dam_picture_url]),
      ...s.litter_images.map((i) => i.image_url),
      ...s.events.map((e) => e.event_picture_url),
      ...s.advertisers.flatMap((a) => [a.company_logo_url, ...parseListText(a.product_images)]),
    ].filter((x): x is string => typeof x === 'string');

  it('generates every picture the rows refer to, as SVG with a text alternative', () => {
    const names = new Set(show.images.map((i) => i.name));
    for (const path of referenced(show)) expect(names.has(path), path).toBe(true);
    const svg = show.images.find((i) => i.name.endsWith('gallery-1.svg'))!.render();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="480"/);
    expect(svg).toMatch(/role="img" aria-label="[^"]+"/);
  });

  it('draws each product as what it is', () => {
    const drawn = Object.fromEntries(
      [
        'Sisal Scratcher',
        'Tuna in Broth',
        'Tofu Litter',
        'Breakaway Collar',
        'Soft Carrier',
        'Ceramic Fountain',
        'Tall Tree Tower',
        'Feather Wand',
        'Orthopaedic Bed',
        'Show Portrait',
      ].map((p) => [p, productShapeFor(p)]),
    );
    expect(drawn).toEqual({
      'Sisal Scratcher': 'post',
      'Tuna in Broth': 'tin',
      'Tofu Litter': 'bag',
      'Breakaway Collar': 'collar',
      'Soft Carrier': 'carrier',
      'Ceramic Fountain': 'fountain',
      'Tall Tree Tower': 'tree',
      'Feather Wand': 'wand',
      'Orthopaedic Bed': 'bed',
      'Show Portrait': 'camera',
    });
  });

  it('centres every cat, so a card or thumbnail cropped from the middle holds all of it', () => {
    for (const image of show.images.filter((i) => /\/(overview|gallery-\d|adult-\d|kitten-\d)\.svg$/.test(i.name))) {
      const svg = image.render();
      const width = Number(/ width="(\d+)"/.exec(svg)![1]);
      const [, x, scale] = /<g transform="translate\(([\d.-]+) [\d.-]+\) scale\(([\d.]+)\)/.exec(svg)!;
      // The cat is drawn in a 400-unit box: its middle is the picture's middle.
      expect(Number(x) + 200 * Number(scale), image.name).toBeCloseTo(width / 2, 0);
    }
  });

  it('draws a breed’s build: a slender breed’s cat is narrower than a cobby one’s', () => {
    const bodyWidth = (abbreviation: string) => {
      const svg = show.images.find((i) => i.name === `breeds/${abbreviation}/overview.svg`)!.render();
      return Number(/<ellipse cx="200" cy="285" rx="([\d.]+)"/.exec(svg)![1]);
    };
    expect(bodyWidth('sia')).toBeLessThan(bodyWidth('bsh'));
  });

  it('is deterministic, and --scale multiplies catteries, litters, schedule and advertisers', () => {
    const again = buildShow({ now: SEEDED_AT, scale: 1, breeds: SHOW_BREEDS });
    expect(JSON.stringify({ ...again, images: [] })).toBe(JSON.stringify({ ...show, images: [] }));
    const big = buildShow({ now: SEEDED_AT, scale: 10, breeds: SHOW_BREEDS });
    expect(big.breeds.length).toBe(show.breeds.length);
    expect(big.catteries.length).toBe(show.catteries.length * 10);
    expect(big.litters.length).toBeGreaterThanOrEqual(show.litters.length * 10);
    expect(big.advertisers.length).toBe(show.advertisers.length * 10);
    expect(big.event_schedule.length).toBeGreaterThan(show.event_schedule.length * 4);
    const slugs = big.catteries.map((c) => catterySlug(c.name as string));
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

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
import { compareCatalogueNumbers, normaliseCatalogueNumber } from '../../shared/catalogue.ts';
import { locatePen, pensOf } from '../../shared/floor-plan.ts';

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
      ...s.floor_plans.map((p) => p.image_url),
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

describe('the catalogue of the running event', () => {
  const entries = show.catalogue_entries;
  const today = localDate(SEEDED_AT);
  const live = show.events.find((e) => (e.start_date as string) <= today && today <= (e.end_date as string))!;
  /** Each section's heading and its block of numbers on the ×1 show, in catalogue order (TICA's blocks). */
  const BLOCKS: [string, number, number][] = [
    ['Longhair Kittens', 1, 50],
    ['Shorthair Kittens', 51, 100],
    ['Longhair Championship', 101, 200],
    ['Shorthair Championship', 201, 300],
    ['Longhair Premiership', 301, 350],
    ['Shorthair Premiership', 351, 400],
    ['Household Pets', 401, 500],
  ];
  const CLASSES: Record<string, Record<string, string>> = {
    Kittens: { Kitten: '' },
    Championship: { Open: '', Champion: 'CH', 'International Champion': 'IC', 'Grand International Champion': 'GIC', 'Supreme Champion': 'SC' },
    Premiership: { Neuter: '', Premier: 'PR', 'International Premier': 'IP', 'Grand International Premier': 'GIP', 'Supreme Premier': 'SP' },
    Pets: { 'Household Pet': '' },
  };
  const TITLES = new Set(Object.values(CLASSES).flatMap((c) => Object.values(c).filter(Boolean)));
  const valueOf = (number: string) => Number(/^\d+/.exec(number)![0]);
  /** The date `months` calendar months before `date`. */
  const monthsBefore = (date: string, months: number) => {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - months);
    return d.toISOString().slice(0, 10);
  };
  const breeds = byId(show.breeds);
  const abbreviationOf = (e: Row) => breeds.get(e.breed_id as number)!.universal_breed_abbreviation as string;

  it('lists 200–260 cats, all in the event running on the seed day, none in another', () => {
    expect(entries.length).toBeGreaterThanOrEqual(200);
    expect(entries.length).toBeLessThanOrEqual(260);
    expect(new Set(entries.map((e) => e.event_id))).toEqual(new Set([live.id]));
  });

  it('prints every number in the form a typed number is read into, once, in its section’s block; two or three late entries follow their number', () => {
    const numbers = entries.map((e) => e.catalogue_number as string);
    for (const n of numbers) expect(normaliseCatalogueNumber(n), n).toBe(n);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect([...new Set(entries.map((e) => e.section))]).toEqual(BLOCKS.map(([heading]) => heading));
    for (const e of entries) {
      const [, first, last] = BLOCKS.find(([heading]) => heading === e.section)!;
      expect(valueOf(e.catalogue_number as string), `${e.catalogue_number} in ${e.section}`).toBeGreaterThanOrEqual(first);
      expect(valueOf(e.catalogue_number as string), `${e.catalogue_number} in ${e.section}`).toBeLessThanOrEqual(last);
    }
    const late = entries.filter((e) => /[A-Z]$/.test(e.catalogue_number as string));
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(late.length).toBeLessThanOrEqual(3);
    for (const e of late) {
      const before = entries.find((x) => x.catalogue_number === (e.catalogue_number as string).slice(0, -1))!;
      expect(e.catalogue_number).toMatch(/^\d+A$/);
      expect(before.section).toBe(e.section);
      expect(before.breed_id).toBe(e.breed_id);
    }
  });

  it('benches every cat in its own pen in rows A–F, in catalogue order', () => {
    const pens = entries.map((e) => e.pen as string);
    expect(new Set(pens).size).toBe(pens.length);
    for (const p of pens) expect(p).toMatch(/^[A-F][1-9]\d*$/);
    expect(new Set(pens.map((p) => p[0]))).toEqual(new Set(['A', 'B', 'C', 'D', 'E', 'F']));
    const byNumber = [...entries].sort((a, b) => compareCatalogueNumbers(a.catalogue_number as string, b.catalogue_number as string));
    const penOrder = (p: string) => [p.charCodeAt(0), Number(p.slice(1))] as const;
    const inOrder = byNumber.map((e) => penOrder(e.pen as string));
    for (let i = 1; i < inOrder.length; i++) expect(inOrder[i]![0] * 1e6 + inOrder[i]![1]).toBeGreaterThan(inOrder[i - 1]![0] * 1e6 + inOrder[i - 1]![1]);
  });

  it('marks 3–6 cats absent and keeps them listed with their pen', () => {
    const absent = entries.filter((e) => e.absent === true);
    expect(absent.length).toBeGreaterThanOrEqual(3);
    expect(absent.length).toBeLessThanOrEqual(6);
    for (const e of absent) expect(e.pen).toMatch(/^[A-F]\d+$/);
    expect(entries.every((e) => typeof e.absent === 'boolean')).toBe(true);
  });

  it('words classes as the registry does, the name carrying the class’s title, and dates of birth that fit the class', () => {
    for (const e of entries) {
      const [, kind] = /^(?:Longhair |Shorthair |Household )?(\w+)$/.exec(e.section as string)!;
      const classes = CLASSES[kind!]!;
      expect(Object.keys(classes), `${e.catalogue_number} ${e.section}`).toContain(e.class);
      const title = classes[e.class as string]!;
      const first = (e.name as string).split(' ')[0]!;
      expect(TITLES.has(first) ? first : '', `${e.catalogue_number} ${e.name}`).toBe(title);
      const born = e.date_of_birth as string;
      expect(born).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A kitten is 4–8 months old; an adult 10 months or more.
      const [after, until] = e.class === 'Kitten' ? [monthsBefore(today, 8), monthsBefore(today, 4)] : ['', monthsBefore(today, 10)];
      expect(after < born && born <= until, `${e.catalogue_number} ${e.class} born ${born}`).toBe(true);
    }
    const counts = (kind: string) => entries.filter((e) => (e.section as string).endsWith(kind)).length;
    expect(counts('Kittens')).toBeGreaterThan(30);
    expect(counts('Championship')).toBeGreaterThan(counts('Kittens'));
    expect(counts('Premiership')).toBeGreaterThan(20);
    expect(counts('Pets')).toBeGreaterThanOrEqual(4);
    expect(counts('Pets')).toBeLessThanOrEqual(6);
    expect(new Set(entries.map((e) => e.sex))).toEqual(new Set(['male', 'female']));
    expect(new Set(entries.map((e) => e.class)).size).toBeGreaterThanOrEqual(10);
  });

  it('puts each breed in the section of its coat, with an FIFe EMS colour where FIFe has the breed and words where not', () => {
    for (const e of entries.filter((x) => x.section !== 'Household Pets')) {
      const coat = breeds.get(e.breed_id as number)!.coat_length;
      expect(e.section, `${e.catalogue_number}`).toMatch(coat === 'Long' ? /^Longhair / : /^Shorthair /);
    }
    const colours = (abbreviation: string) => entries.filter((e) => abbreviationOf(e) === abbreviation).map((e) => e.colour as string);
    const EMS_CODES: [string, string][] = [
      ['MCO', 'MCO'],
      ['BSH', 'BRI'],
      ['SBI', 'SBI'],
      ['NFO', 'NFO'],
    ];
    for (const [abbreviation, ems] of EMS_CODES) {
      expect(colours(abbreviation).length, abbreviation).toBeGreaterThan(0);
      for (const c of colours(abbreviation)) expect(c).toMatch(new RegExp(`^${ems} [a-z]{1,2}( \\d{2})*$`));
    }
    for (const c of colours('SAV')) expect(c).toMatch(/^[A-Z][a-z]+( [A-Za-z]+)*$/);
    expect(entries.filter((e) => /^[A-Z]{3} [a-z]{1,2}( \d{2})*$/.test(e.colour as string)).length).toBeGreaterThan(entries.length * 0.6);
  });

  it('draws most cats from a demo cattery that keeps their breed, named with its prefix or suffix, with sire and dam; household pets have neither', () => {
    const catteries = byId(show.catteries);
    const fromCattery = entries.filter((e) => e.cattery_id !== null);
    expect(fromCattery.length).toBeGreaterThan(entries.length * 0.7);
    for (const e of fromCattery) {
      const cattery = catteries.get(e.cattery_id as number)!;
      expect(
        show.cattery_has_breed.some((l) => l.cattery_id === e.cattery_id && l.breed_id === e.breed_id),
        `${e.catalogue_number} ${cattery.name}`,
      ).toBe(true);
      expect(e.name as string).toMatch(new RegExp(`(^|[A-Z]+ )${cattery.name as string} [A-Z]| of ${cattery.name as string}$`));
    }
    const isPet = (e: Row) => e.section === 'Household Pets';
    for (const e of entries.filter(isPet)) {
      expect([e.cattery_id, e.sire, e.dam], `${e.catalogue_number}`).toEqual([null, null, null]);
      expect(e.owner).toMatch(/^[A-Z]\S+ \S/);
    }
    for (const e of entries.filter((x) => !isPet(x))) {
      expect(e.sire, `${e.catalogue_number}`).toMatch(/\S/);
      expect(e.dam, `${e.catalogue_number}`).toMatch(/\S/);
    }
    const owners = entries.filter((e) => e.owner !== null).length;
    expect(owners).toBeGreaterThan(entries.length * 0.2);
    expect(owners).toBeLessThan(entries.length * 0.8);
  });

  it('holds no address, e-mail or phone, and only the columns the table has', () => {
    const columns = [
      'id',
      'event_id',
      'catalogue_number',
      'name',
      'breed_id',
      'colour',
      'sex',
      'date_of_birth',
      'class',
      'section',
      'cattery_id',
      'sire',
      'dam',
      'owner',
      'pen',
      'absent',
    ];
    for (const e of entries) {
      expect(Object.keys(e)).toEqual(columns);
      for (const v of Object.values(e).filter((x) => typeof x === 'string')) expect(v).not.toMatch(/@|\d{3}[ -]?\d{3,}|https?:|street|straat/i);
    }
  });

  it('scales ×10 to 2,000–2,600 cats with widened blocks, numbers and pens still unique, and the same catalogue from the same seed', () => {
    const big = buildShow({ now: SEEDED_AT, scale: 10, breeds: SHOW_BREEDS }).catalogue_entries;
    expect(big.length).toBeGreaterThanOrEqual(2000);
    expect(big.length).toBeLessThanOrEqual(2600);
    const numbers = big.map((e) => e.catalogue_number as string);
    for (const n of numbers) expect(normaliseCatalogueNumber(n), n).toBe(n);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(big.map((e) => e.pen)).size).toBe(big.length);
    const pets = big.filter((e) => e.section === 'Household Pets').map((e) => valueOf(e.catalogue_number as string));
    expect(Math.min(...pets)).toBe(4001);
    const kittens = big.filter((e) => e.section === 'Longhair Kittens').map((e) => valueOf(e.catalogue_number as string));
    expect(Math.max(...kittens)).toBeGreaterThan(50);
    expect(Math.max(...kittens)).toBeLessThanOrEqual(500);
    expect(big.filter((e) => /A$/.test(e.catalogue_number as string)).length).toBeGreaterThanOrEqual(20);
    expect(buildShow({ now: SEEDED_AT, scale: 1, breeds: SHOW_BREEDS }).catalogue_entries).toEqual(entries);
  });
});

describe('the hall of the running event', () => {
  const [plan] = show.floor_plans;
  const live = show.events.find((e) => show.catalogue_entries.some((c) => c.event_id === e.id))!;
  const places = show.places as (Row & { kind: string; label: string; x: number; y: number; width: number; height: number; pens: string | null })[];
  const of = (kind: string) => places.filter((p) => p.kind === kind);

  it('has one plan, for the running event, whose picture is an SVG of its size with a text alternative', () => {
    expect(show.floor_plans).toHaveLength(1);
    expect(plan!.event_id).toBe(live.id);
    const svg = show.images.find((i) => i.name === plan!.image_url)!.render();
    expect(svg).toMatch(
      new RegExp(
        `^<svg xmlns="http://www.w3.org/2000/svg" width="${plan!.width}" height="${plan!.height}" viewBox="0 0 ${plan!.width} ${plan!.height}" role="img" aria-label="The show hall from above: 4 rings`,
      ),
    );
  });

  it('draws a ring for every ring of the schedule and the Main Ring, each naming its location', () => {
    const locations = new Set(show.event_schedule.filter((s) => s.event_id === live.id).map((s) => s.location as string));
    const rings = of('ring');
    expect(rings.map((r) => r.location)).toEqual(['Ring 1', 'Ring 2', 'Ring 3', 'Ring 4', 'Main Ring']);
    for (const r of rings) expect(locations.has(r.location as string), String(r.location)).toBe(true);
  });

  it("puts every catalogue entry's pen in exactly one benching row, rows A–F", () => {
    const rows = of('benching');
    expect(rows.map((r) => r.label)).toEqual(['Row A', 'Row B', 'Row C', 'Row D', 'Row E', 'Row F']);
    const entries = show.catalogue_entries.filter((e) => e.event_id === live.id);
    for (const e of entries) expect(locatePen(rows, e.pen as string)?.row.label, String(e.pen)).toBe(`Row ${String(e.pen).slice(0, 1)}`);
    // No row names a pen no cat sits in, and no pen is in two rows.
    const named = rows.flatMap((r) => pensOf(r.pens));
    expect(new Set(named).size).toBe(named.length);
    expect(named.sort()).toEqual(entries.map((e) => e.pen as string).sort());
  });

  it('gives every advertiser a stand with its number, opening hours, and a place on the plan', () => {
    const stands = of('stand');
    expect(stands).toHaveLength(show.advertisers.length);
    for (const a of show.advertisers) {
      const stand = stands.find((s) => s.advertiser_id === a.id)!;
      expect(stand.label).toBe(a.stand);
      expect(a.opening_hours).toMatch(/^Show days \d\d:\d\d–\d\d:\d\d$/);
    }
  });

  it('has the facilities a visitor asks for and the areas the schedule meets in, all inside the hall and none overlapping', () => {
    expect(
      of('facility')
        .map((f) => f.facility)
        .sort(),
    ).toEqual(['entrance', 'exit', 'first_aid', 'food', 'info_desk', 'toilets', 'vet_check']);
    expect(of('area').map((a) => a.label)).toEqual(['Kitten Corner', 'Stage', 'Photo Studio']);
    for (const p of places) {
      expect(p.x >= 0 && p.y >= 0 && p.x + p.width <= (plan!.width as number) && p.y + p.height <= (plan!.height as number), p.label).toBe(true);
    }
    const overlap = (a: (typeof places)[number], b: (typeof places)[number]) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const [i, a] of places.entries()) for (const b of places.slice(i + 1)) expect(overlap(a, b), `${a.label} × ${b.label}`).toBe(false);
  });

  it('grows with ×10: a ring per schedule ring, every pen in a row, every advertiser a stand', () => {
    const big = buildShow({ now: SEEDED_AT, scale: 10, breeds: SHOW_BREEDS });
    const rows = big.places.filter((p) => p.kind === 'benching') as (Row & { kind: string; pens: string; x: number; y: number; width: number; height: number })[];
    expect(big.places.filter((p) => p.kind === 'ring')).toHaveLength(41);
    expect(big.places.filter((p) => p.kind === 'stand')).toHaveLength(big.advertisers.length);
    for (const e of big.catalogue_entries) expect(locatePen(rows, e.pen as string), String(e.pen)).not.toBeNull();
  });
});

describe('the judging of the running event', () => {
  const live = show.events.find((e) => show.catalogue_entries.some((c) => c.event_id === e.id))!;
  const entries = byId(show.catalogue_entries);
  const numbers = new Map(show.catalogue_entries.map((e) => [e.catalogue_number as string, e]));
  const locations = new Set(show.event_schedule.filter((s) => s.event_id === live.id).map((s) => s.location as string));
  const callsOf = (s: ShowData, ring: string) => s.ring_calls.filter((c) => c.ring === ring);

  it('calls in every ring of the schedule: three done earlier today, one being judged, one called, in that order', () => {
    const rings = [...new Set(show.ring_calls.map((c) => c.ring as string))];
    expect(rings).toEqual(['Ring 1', 'Ring 2', 'Ring 3', 'Ring 4']);
    for (const ring of rings) {
      const calls = callsOf(show, ring);
      expect(calls.map((c) => c.status)).toEqual(['done', 'done', 'done', 'judging', 'called']);
      const times = calls.map((c) => Date.parse(c.called_at as string));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      for (const c of calls) {
        expect(c.event_id).toBe(live.id);
        // Earlier today at the venue, and each state changed after the call.
        expect(Date.parse(c.called_at as string)).toBeLessThan(SEEDED_AT.getTime());
        expect(localDate(new Date(c.called_at as string))).toBe(localDate(SEEDED_AT));
        expect(Date.parse(c.status_at as string)).toBeGreaterThanOrEqual(Date.parse(c.called_at as string));
        expect(Date.parse(c.status_at as string)).toBeLessThanOrEqual(SEEDED_AT.getTime());
      }
    }
  });

  it('calls up to six present cats of the catalogue at once, by number as printed, labelled with their section', () => {
    for (const c of show.ring_calls) {
      const called = c.catalogue_numbers as string[];
      expect(called.length).toBeGreaterThanOrEqual(1);
      expect(called.length).toBeLessThanOrEqual(6);
      for (const n of called) {
        expect(normaliseCatalogueNumber(n)).toBe(n);
        const cat = numbers.get(n)!;
        expect(cat.event_id, n).toBe(live.id);
        expect(cat.absent, n).toBe(false);
        expect(cat.section).toBe(c.label);
      }
      expect([...called].sort(compareCatalogueNumbers)).toEqual(called);
    }
  });

  it("publishes finals with places 1–5, EX1/EX2/NOM for today's judged calls and Best in Show in the Main Ring, never to an absent cat", () => {
    const results = show.results;
    for (const r of results) {
      expect(r.event_id).toBe(live.id);
      expect(r.published).toBe(true);
      expect(locations.has(r.ring as string), String(r.ring)).toBe(true);
      const cat = entries.get(r.entry_id as number)!;
      expect(cat.event_id).toBe(live.id);
      expect(cat.absent, String(cat.catalogue_number)).toBe(false);
    }
    const places = (award: string, ring: string) =>
      results
        .filter((r) => r.award === award && r.ring === ring)
        .map((r) => r.place)
        .sort();
    expect(places('Best Longhair Kitten', 'Ring 1')).toEqual([1, 2, 3, 4, 5]);
    expect(places('Best in Show', 'Main Ring')).toEqual([1, 2, 3]);
    expect(new Set(results.map((r) => r.award))).toEqual(
      new Set([
        'Best Longhair Kitten',
        'Best Shorthair Kitten',
        'Best Longhair Adult',
        'Best Shorthair Adult',
        'Best Longhair Neuter',
        'Best Shorthair Neuter',
        'Best Household Pet',
        'EX1',
        'EX2',
        'NOM',
        'Best in Show',
      ]),
    );
    // A class placing goes to a cat of a call judged today in that ring, one per call.
    const done = show.ring_calls.filter((c) => c.status === 'done');
    const ex1 = results.filter((r) => r.award === 'EX1');
    expect(ex1).toHaveLength(done.length);
    for (const r of ex1) {
      const n = entries.get(r.entry_id as number)!.catalogue_number as string;
      expect(
        done.some((c) => c.ring === r.ring && (c.catalogue_numbers as string[]).includes(n)),
        n,
      ).toBe(true);
    }
    // The database's unique key: one award per cat per ring.
    const keys = results.map((r) => `${String(r.ring)}|${String(r.award)}|${String(r.entry_id)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is the same from the same seed and moment, and grows with ×10: calls in every ring, finals per ring', () => {
    const again = buildShow({ now: SEEDED_AT, scale: 1, breeds: SHOW_BREEDS });
    expect(again.ring_calls).toEqual(show.ring_calls);
    expect(again.results).toEqual(show.results);
    const big = buildShow({ now: SEEDED_AT, scale: 10, breeds: SHOW_BREEDS });
    expect(new Set(big.ring_calls.map((c) => c.ring)).size).toBe(40);
    expect(big.ring_calls).toHaveLength(200);
    expect(big.results.length).toBeGreaterThan(show.results.length * 5);
    const bigNumbers = new Map(big.catalogue_entries.map((e) => [e.catalogue_number as string, e]));
    for (const c of big.ring_calls) for (const n of c.catalogue_numbers as string[]) expect(bigNumbers.get(n)?.absent, n).toBe(false);
  });
});

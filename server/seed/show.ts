// The demo show as plain rows with local ids (1..n per table), built deterministically from a seed,
// the moment of seeding (the live event runs "today" at its venue) and a scale factor for benchmarks.
import { catterySlug } from '../../shared/paths.ts';
import { zonedDateTime } from '../../shared/dates.ts';
import { toListText } from '../../shared/list-text.ts';
import type { BreedSeed } from './breed-seed.ts';
import { catSvg, logoSvg, productSvg, venueSvg } from './images.ts';
import { PLACES, type Place } from './places.ts';
import { seededRandom, type Random } from './random.ts';

export type Row = Record<string, unknown> & { id: number };

export interface ShowImage {
  /** Path inside the public images bucket. */
  name: string;
  render(): string;
}

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
};

/** Gallery pictures per breed, and adult and kitten pictures that catteries and litters draw from. */
const GALLERY = 4;
const ADULTS = 6;
const KITTENS = 6;

// SPEC §9 sizes: card 428×240 (drawn at 2×), gallery 800×480.
const CARD = { width: 856, height: 480 };
const GALLERY_SIZE = { width: 800, height: 480 };

const REGISTRIES = [
  { name: 'The International Cat Association', abbreviation: 'TICA', description: 'A genetic registry of pedigreed and household cats founded in the United States in 1979; it recognises more breeds than most registries and runs shows worldwide.' },
  { name: "The Cat Fanciers' Association", abbreviation: 'CFA', description: 'Founded in 1906 in the United States, the oldest and one of the largest registries of pedigreed cats.' },
  { name: 'Fédération Internationale Féline', abbreviation: 'FIFe', description: 'A federation of national cat clubs founded in 1949, with members in about forty countries, mostly in Europe; it uses the EMS code system for breeds and colours.' },
  { name: 'World Cat Federation', abbreviation: 'WCF', description: 'An international union of cat clubs founded in 1988 and based in Essen, Germany.' },
  { name: 'Governing Council of the Cat Fancy', abbreviation: 'GCCF', description: 'The United Kingdom’s oldest cat registry, founded in 1910, which licenses shows and keeps the British breed standards.' },
  { name: 'American Cat Fanciers Association', abbreviation: 'ACFA', description: 'A United States registry founded in 1955, known for its exhibitor-friendly shows and household-pet classes.' },
  { name: 'Livre Officiel des Origines Félines', abbreviation: 'LOOF', description: 'France’s official pedigree register for cats, approved by the French Ministry of Agriculture.' },
  { name: 'Canadian Cat Association', abbreviation: 'CCA-AFC', description: 'Canada’s national registry of pedigreed cats, bilingual in English and French.' },
];

const QUALITY_LABELS = [
  { name: 'Health Tested Parents', description: 'Both parents screened for the hereditary conditions known in their breed, with results on file.' },
  { name: 'Responsible Breeder Charter', description: 'Signed the charter on socialisation, vaccination, contracts and lifelong rehoming support.' },
  { name: 'Cat Friendly Home', description: 'Kittens are raised indoors in the family home, not in a cattery building.' },
  { name: 'Registered Cattery of Merit', description: 'Registered for at least five years with a clean record at its registry.' },
  { name: 'Vaccinated and Microchipped', description: 'Every kitten leaves with two vaccinations, a microchip and a pet passport.' },
  { name: 'Kitten Socialisation Programme', description: 'Follows a structured socialisation plan from two to twelve weeks of age.' },
];

const NAME_FIRST = ['Velvet', 'Silver', 'Moonlit', 'Amber', 'Nordic', 'Whisker', 'Golden', 'Misty', 'Royal', 'Willow', 'Copper', 'Frosted', 'Starlight', 'Honey', 'Snowy', 'Midnight', 'Maple', 'Saffron', 'Thistle', 'Juniper', 'Cinnamon', 'Sapphire', 'Heather', 'Linden'];
const NAME_SECOND = ['Paws', 'Meadow', 'Whiskers', 'Grove', 'Harbour', 'Hollow', 'Lynx', 'Valley', 'Manor', 'Garden', 'Den', 'Hill', 'Brook', 'Crown', 'Haven', 'Tails'];
const FIRST_NAMES = ['Anna', 'Lars', 'Sofie', 'Marek', 'Eva', 'Jonas', 'Mila', 'Pieter', 'Claire', 'Henrik', 'Isabel', 'Tomasz', 'Greta', 'Luca', 'Ingrid', 'Oliver', 'Marta', 'Felix', 'Nora', 'Hugo', 'Saoirse', 'Matteo', 'Astrid', 'Elena'];
const LAST_NAMES = ['de Vries', 'Jensen', 'Peeters', 'Novák', 'Huber', 'Schmidt', 'Bakker', 'Dubois', 'Lindqvist', 'Kowalski', 'Murphy', 'Rossi', 'García', 'Hansen', 'Müller', 'Janssens', 'Berg', 'Fischer', 'Moreau', 'Smith'];
const CAT_NAMES = ['Leo', 'Oscar', 'Milo', 'Simba', 'Jasper', 'Felix', 'Loki', 'Ziggy', 'Apollo', 'Merlin', 'Tiger', 'Otto', 'Luna', 'Bella', 'Nala', 'Cleo', 'Freya', 'Willow', 'Maple', 'Pixie', 'Hazel', 'Iris', 'Poppy', 'Saffie'];
const SIRE_TITLES = ['CH', 'GIC', 'IC', 'SGC', 'GCH', ''];

const DESCRIPTIONS = [
  (n: string, b: string, p: Place, who: string, y: number) => `${n} is a small, registered ${b} cattery in ${p.city}, run by ${who} since ${y}. Our kittens grow up in the family home with children and a calm dog, and leave fully vaccinated, microchipped and litter-trained at thirteen weeks.`,
  (n: string, b: string, p: Place, who: string, y: number) => `Breeding ${b} cats in ${p.city} since ${y}, ${who} focuses on health, temperament and type. Every breeding cat is screened, and we stay in touch with our kitten families for life.`,
  (n: string, b: string, p: Place, who: string, y: number) => `At ${n} we raise one or two litters of ${b} kittens a year, never more. ${who} shows our cats across Europe and welcomes visitors in ${p.city} by appointment (since ${y}).`,
  (n: string, b: string, p: Place, who: string, y: number) => `${n} started in ${y} when ${who} fell for a ${b} at a show in ${p.country}. Today we breed for sweet, confident cats that love people, with open records of every health test.`,
];

const EVENT_DEFS = [
  { name: 'Autumn Cat Championship', offsetDays: -34, days: 2, place: 'Antwerp', venue: 'Antwerp Expo', attendance: 3200, picture: 'autumn-championship' },
  { name: 'PurrFect Show', offsetDays: -1, days: 3, place: 'Amsterdam', venue: 'RAI Amsterdam, Hall 5', attendance: 9500, picture: 'purrfect-show', live: true },
  { name: 'Winter Pet Expo', offsetDays: 41, days: 2, place: 'Berlin', venue: 'Messe Berlin, Hall 12', attendance: 12000, picture: 'winter-pet-expo' },
  { name: 'Nordic Forest Cat Weekend', offsetDays: 96, days: 2, place: 'Copenhagen', venue: 'Bella Center', attendance: 2800, picture: 'nordic-weekend' },
  { name: 'Spring Kitten Fair', offsetDays: 150, days: 1, place: 'London', venue: 'Olympia London, West Hall', attendance: 6000, picture: 'spring-kitten-fair' },
];

const RING_BLOCKS: [string, string, string][] = [
  ['09:30', '12:00', 'judging: kittens and juniors'],
  ['13:00', '15:30', 'judging: adults, neuters and champions'],
];
const RING_CATEGORIES = ['Longhair and semi-longhair', 'British and European shorthair', 'Oriental and Siamese', 'Rex and hairless', 'Forest cats and Maine Coons', 'Household pets'];
const TALKS: [string, string][] = [
  ['Talk: raising a confident kitten', 'A behaviourist on the first weeks at home: litter tray, play, and meeting other pets.'],
  ['Grooming demonstration: longhair coats', 'Combs, bathing and drying for Persians, Maine Coons and forest cats.'],
  ['Ask the vet: HCM and PKD screening', 'What heart scans and DNA tests tell you, and what to ask a breeder.'],
  ['Talk: feeding for every life stage', 'Kitten, adult and senior nutrition, and how to read a food label.'],
  ['Judging explained', 'A senior all-breed judge on what happens in the ring and how points are given.'],
  ['Talk: cat-friendly homes', 'Shelves, scratching posts and quiet places: designing a home around a cat.'],
];
const EVENING: [string, string, string][] = [
  ['Evening social: breeders meet visitors', 'Breeders stay at their benches to talk about upcoming litters.', 'Breeders Hall'],
  ['Photo studio: champions of the day', 'Portrait sessions with the day’s winners.', 'Photo Studio'],
  ['Late show: household pet parade', 'Non-pedigree cats shown for condition and personality.', 'Ring 2'],
  ['Exhibitors’ hall open', 'Exhibitors settle their cats; the hall stays open for visitors.', 'Exhibition Hall'],
  ['Night watch: vets on duty', 'The show vets keep watch over the benched cats.', 'Vet Room'],
  ['Film: the history of the cat fancy', 'A short film on 150 years of cat shows.', 'Stage'],
];

const ADVERTISERS: { name: string; intro: string; products: string[]; discount: number | null; rebate: number | null; logo: boolean }[] = [
  { name: 'Pawsome Nutrition', intro: 'Grain-free, vet-approved food for every life stage, made in small batches in the Netherlands.', products: ['Kitten Starter Kibble', 'Senior Salmon Pâté', 'Freeze-Dried Chicken Treats'], discount: 10, rebate: null, logo: true },
  { name: 'Whisker Wellness', intro: 'Gentle grooming and care products for cats with sensitive skin.', products: ['Oat Shampoo', 'Detangling Comb', 'Ear Cleaner'], discount: null, rebate: 15, logo: true },
  { name: 'Cosy Cat Furniture', intro: 'Handmade scratching posts and cat trees from FSC-certified oak and sisal.', products: ['Tall Tree Tower', 'Wall Shelf Set', 'Sisal Scratcher', 'Window Hammock'], discount: 25, rebate: 10, logo: true },
  { name: 'Feline Tech', intro: 'Smart feeders, water fountains and GPS collars for the connected cat.', products: ['Smart Fountain', 'Microchip Feeder'], discount: null, rebate: null, logo: true },
  { name: 'Purrfect Insurance', intro: 'Pet insurance that covers hereditary and breed-specific conditions from day one.', products: [], discount: 5.5, rebate: 20, logo: true },
  { name: 'Catnip Garden', intro: 'Organic catnip, valerian and silvervine toys, grown and sewn in Kent.', products: ['Catnip Banana', 'Silvervine Sticks', 'Valerian Pillow'], discount: 4, rebate: null, logo: false },
  { name: 'Litter Luxe', intro: 'Clumping, dust-free litter made from tofu and recycled paper.', products: ['Tofu Litter', 'Paper Pellets'], discount: null, rebate: 12.5, logo: true },
  { name: 'Nordic Raw', intro: 'Complete raw diets from Scandinavian farms, frozen within hours.', products: ['Raw Turkey Complete', 'Raw Rabbit Complete', 'Bone Broth'], discount: 7.5, rebate: 5, logo: true },
  { name: 'Happy Travels Carriers', intro: 'Airline-approved carriers and harnesses for cats on the move.', products: ['Soft Carrier', 'Walking Harness'], discount: 15, rebate: null, logo: true },
  { name: 'The Cat Vet Clinic', intro: 'A cat-only veterinary practice with fear-free consultations and dental care.', products: ['Dental Check', 'Senior Health Plan'], discount: 20, rebate: null, logo: false },
  { name: 'Kitty Couture', intro: 'Breakaway collars, bandanas and name tags, made to order.', products: ['Breakaway Collar', 'Engraved Tag', 'Velvet Bandana', 'Bow Tie'], discount: null, rebate: 10, logo: true },
  { name: 'Play Pounce', intro: 'Interactive wand toys and puzzle feeders that keep indoor cats busy.', products: ['Feather Wand', 'Puzzle Feeder', 'Tunnel'], discount: 3, rebate: null, logo: true },
  { name: 'Aqua Paws Fountains', intro: 'Quiet ceramic drinking fountains with replaceable filters.', products: ['Ceramic Fountain', 'Filter Pack'], discount: null, rebate: 8, logo: true },
  { name: 'Greenfield Cat Hotel', intro: 'A boarding cattery with heated suites, garden views and daily reports.', products: ['Garden Suite'], discount: 12, rebate: null, logo: false },
  { name: 'Scratch & Snooze', intro: 'Cardboard loungers and scratchers shaped like furniture, fully recyclable.', products: ['Cardboard Sofa', 'Scratch Ramp'], discount: 5, rebate: 5, logo: true },
  { name: 'Senior Cat Care', intro: 'Supplements and orthopaedic beds for cats in their golden years.', products: ['Joint Supplement', 'Orthopaedic Bed'], discount: null, rebate: 18, logo: true },
  { name: 'Feline Photo Studio', intro: 'Professional portraits of your cat, at home or at the show.', products: ['Show Portrait', 'Home Session'], discount: 30, rebate: null, logo: true },
  { name: 'Ocean Catch', intro: 'Wild-caught fish wet food in recyclable aluminium tins.', products: ['Tuna in Broth', 'Sardine Mousse', 'Mackerel Chunks'], discount: 2.5, rebate: 10, logo: true },
  { name: 'Urban Catio Builders', intro: 'Custom-built balcony and garden enclosures so cats can enjoy fresh air safely.', products: ['Balcony Catio', 'Garden Run'], discount: 50, rebate: null, logo: false },
  { name: 'Calm Companion', intro: 'Pheromone diffusers and calming treats for stress-free vet visits and moves.', products: ['Pheromone Diffuser', 'Calming Treats'], discount: null, rebate: 15, logo: true },
  { name: 'Breeder Supply Co.', intro: 'Whelping boxes, kitten scales and show-cage curtains for breeders.', products: ['Kitten Scale', 'Show Curtains', 'Heat Pad'], discount: 10, rebate: 5, logo: true },
  { name: 'Tiny Tiger Toys', intro: 'Hand-knitted mice and crinkle balls from natural wool.', products: ['Wool Mice', 'Crinkle Balls'], discount: null, rebate: null, logo: true },
];

const pad = (n: number) => String(n).padStart(2, '0');
// Dates below are venue wall clocks held in a Date's UTC fields: no process zone, no DST arithmetic.
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, d.getUTCHours(), d.getUTCMinutes()));
/** The wall clock in `timeZone` at an instant, held in a Date's UTC fields. */
const wallClock = (instant: Date, timeZone: string) => {
  const { date, time } = zonedDateTime(instant, timeZone);
  return new Date(`${date}T${time}Z`);
};
const placeOf = (city: string) => {
  const place = PLACES.find((p) => p.city === city);
  if (!place) throw new Error(`No place named ${city}`);
  return place;
};
/**
 * The seed day and hour are the live event's venue clock (its session times are venue times), so
 * "now" and "next" come out right whatever zone the server process runs in.
 */
const SHOW_TIME_ZONE = placeOf(EVENT_DEFS.find((d) => d.live)!.place).tz;
const slugOf = (s: string) => s.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function buildShow(opts: { now: Date; scale: number; breeds: readonly BreedSeed[]; seed?: number }): ShowData {
  const rnd = seededRandom(opts.seed ?? 20261121);
  const today = wallClock(opts.now, SHOW_TIME_ZONE);
  const scale = Math.max(1, Math.floor(opts.scale));
  const images: ShowImage[] = [];
  const image = (name: string, render: () => string) => {
    images.push({ name, render });
    return name;
  };

  const organizations: Row[] = REGISTRIES.map((r, i) => ({ id: i + 1, ...r }));
  const quality_labels: Row[] = QUALITY_LABELS.map((l, i) => ({ id: i + 1, ...l }));

  // Breeds, with their picture pools.
  const pools = new Map<number, { adults: string[]; kittens: string[] }>();
  const breeds: Row[] = opts.breeds.map((b, i) => {
    const id = i + 1;
    const dir = `breeds/${b.universal_breed_abbreviation.toLowerCase()}`;
    const overview = image(`${dir}/overview.svg`, () => catSvg({ look: b.look, label: b.breed_name, variant: 0, bodyType: b.body_type, ...CARD, caption: false }));
    const gallery = Array.from({ length: GALLERY }, (_, g) =>
      image(`${dir}/gallery-${g + 1}.svg`, () => catSvg({ look: b.look, label: `${b.breed_name}, picture ${g + 1}`, variant: g + 1, bodyType: b.body_type, ...GALLERY_SIZE })),
    );
    pools.set(id, {
      adults: Array.from({ length: ADULTS }, (_, a) =>
        image(`${dir}/adult-${a + 1}.svg`, () => catSvg({ look: b.look, label: `${b.breed_name} cat`, variant: a + 5, bodyType: b.body_type, ...GALLERY_SIZE })),
      ),
      kittens: Array.from({ length: KITTENS }, (_, k) =>
        image(`${dir}/kitten-${k + 1}.svg`, () => catSvg({ look: b.look, label: `${b.breed_name} kitten`, variant: k + 11, kitten: true, bodyType: b.body_type, ...GALLERY_SIZE })),
      ),
    });
    const { look: _look, ...columns } = b;
    // The text-list form SPEC §3 describes, quoted on some breeds and bare on others.
    const detail = i % 3 === 0 ? `{${gallery.join(',')}}` : `{${gallery.map((g) => `"${g}"`).join(',')}}`;
    return { id, ...columns, overview_image: overview, detail_images: detail };
  });

  // Catteries.
  const catteries: Row[] = [];
  const cattery_has_breed: Row[] = [];
  const cattery_has_quality_label: Row[] = [];
  const names = uniqueCatteryNames(rnd, 60 * scale);
  names.forEach((name, i) => {
    const id = i + 1;
    const place = PLACES[i % PLACES.length]!;
    const slug = catterySlug(name);
    const domain = `${slug.replace(/-/g, '')}.example`;
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const year = rnd.int(1998, 2021);
    const breedIds = rnd.sample(breeds.map((b) => b.id), rnd.int(1, 3));
    const primary = breeds[breedIds[0]! - 1]!;
    const pool = pools.get(primary.id)!;
    breedIds.forEach((breedId, k) => {
      cattery_has_breed.push({
        id: cattery_has_breed.length + 1,
        cattery_id: id,
        breed_id: breedId,
        certification_url: `https://certificates.${domain}/breed-${breedId}.pdf`,
        certification_date: `${year + k}-${pad(rnd.int(1, 12))}-${pad(rnd.int(1, 28))}`,
        is_primary_breed: k === 0,
      });
    });
    for (const labelId of rnd.sample(quality_labels.map((l) => l.id), rnd.int(0, 3))) {
      // Issued up to five years ago for two or three years: some have expired by now.
      const issued = addDays(today, -rnd.int(30, 5 * 365));
      cattery_has_quality_label.push({
        id: cattery_has_quality_label.length + 1,
        cattery_id: id,
        quality_label_id: labelId,
        issued_date: isoDate(issued),
        expiration_date: isoDate(addDays(issued, rnd.pick([2, 3]) * 365)),
        certificate_url: `https://certificates.${domain}/label-${labelId}.pdf`,
      });
    }
    const cats = rnd.sample(pool.adults, rnd.int(2, 4));
    catteries.push({
      id,
      name,
      profile_image_url: cats[0],
      city: place.city,
      country: place.country,
      street_address: `${place.street} ${rnd.int(1, 180)}`,
      postal_code: place.postal,
      website: `www.${domain}`,
      website_url: `https://www.${domain}`,
      email: `hello@${domain}`,
      phone: `${place.phone} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`,
      first_name: first,
      last_name: last,
      description: rnd.pick(DESCRIPTIONS)(name, String(primary.breed_name), place, `${first} ${last}`, year),
      is_verified: rnd.chance(0.75),
      detail_images: cats,
      organization_id: rnd.pick(organizations).id,
      latitude: round(place.lat + (rnd.next() - 0.5) * 0.08, 5),
      longitude: round(place.lng + (rnd.next() - 0.5) * 0.12, 5),
    });
  });

  // Litters: two or three per cattery, of its breeds; about one in five sold out.
  const litters: Row[] = [];
  const litter_images: Row[] = [];
  for (const cattery of catteries) {
    const own = cattery_has_breed.filter((l) => l.cattery_id === cattery.id);
    const count = cattery.id % 2 === 0 ? 2 : 3;
    for (let n = 0; n < count; n++) {
      const breedId = own[n % own.length]!.breed_id as number;
      const pool = pools.get(breedId)!;
      const males = rnd.int(0, 4);
      const females = rnd.int(males === 0 ? 1 : 0, 4);
      const soldOut = rnd.chance(0.2);
      const id = litters.length + 1;
      const sireFrom = rnd.pick(catteries.length > 1 ? catteries.filter((c) => c.id !== cattery.id) : catteries);
      litters.push({
        id,
        cattery_id: cattery.id,
        breed_id: breedId,
        date_of_birth: isoDate(addDays(today, -rnd.int(14, 180))),
        num_male_kittens: males,
        num_female_kittens: females,
        available_male_kittens: soldOut ? 0 : rnd.int(0, males),
        available_female_kittens: soldOut ? 0 : rnd.int(females > 0 ? 1 : 0, females),
        litter_image_url: rnd.pick(pool.kittens),
        sire: `${rnd.pick(SIRE_TITLES)} ${rnd.pick(CAT_NAMES.slice(0, 12))} of ${sireFrom.name}`.trim(),
        dam: `${rnd.pick(CAT_NAMES.slice(12))} of ${cattery.name}`,
        sire_picture_url: rnd.pick(pool.adults),
        dam_picture_url: rnd.pick(pool.adults),
      });
      for (const url of rnd.sample(pool.kittens, rnd.int(1, 6))) {
        litter_images.push({ id: litter_images.length + 1, litter_id: id, image_url: url });
      }
    }
  }

  // Events: one running today, past and future ones, each with a day-by-day programme.
  const events: Row[] = [];
  const event_schedule: Row[] = [];
  EVENT_DEFS.forEach((def, i) => {
    const place = placeOf(def.place);
    const start = addDays(today, def.offsetDays);
    const id = i + 1;
    const year = start.getUTCFullYear();
    events.push({
      id,
      name: def.live ? `${def.name} ${year}` : def.name,
      start_date: isoDate(start),
      end_date: isoDate(addDays(start, def.days - 1)),
      city: place.city,
      country: place.country,
      venue_name: def.venue,
      street_address: `${place.street} ${10 + i}`,
      postal_code: place.postal,
      expected_attendance: def.attendance,
      description: `${def.days > 1 ? `${def.days} days` : 'A day'} of championship judging in ${4 * scale} rings, breeders’ benches with kittens to meet, talks by vets and judges, and a Best in Show finale. Exhibitors bring cats of more than forty breeds.`,
      event_picture_url: image(`events/${def.picture}.svg`, () => venueSvg(def.name)),
      latitude: place.lat,
      longitude: place.lng,
      time_zone: place.tz,
    });
    for (let d = 0; d < def.days; d++) {
      const day = addDays(start, d);
      const sessions = dayProgramme(rnd, scale, d === def.days - 1);
      if (def.live && isoDate(day) === isoDate(today)) sessions.push(...eveningCover(today, sessions));
      for (const s of sessions) {
        const date = s.nextDay ? addDays(day, 1) : day;
        event_schedule.push({
          id: event_schedule.length + 1,
          event_id: id,
          schedule_date: isoDate(date),
          start_time: `${s.start}:00`,
          end_time: `${s.end}:00`,
          title: s.title,
          description: s.description,
          location: s.location,
        });
      }
    }
  });

  // Advertisers: products stored as a list on some rows and as quoted text on others (SPEC §2).
  const advertisers: Row[] = [];
  for (let copy = 0; copy < scale; copy++) {
    ADVERTISERS.forEach((a, i) => {
      const id = advertisers.length + 1;
      const place = PLACES[(i * 5 + copy) % PLACES.length]!;
      const name = copy === 0 ? a.name : `${a.name} ${place.city}`;
      const dir = `advertisers/${slugOf(a.name)}`;
      const logo = a.logo ? image(`${dir}/logo.svg`, () => logoSvg(a.name)) : null;
      const productImages = a.products.map((p, n) => image(`${dir}/product-${n + 1}.svg`, () => productSvg(p)));
      // A few advertisers describe more products than they picture, which the carousel must handle.
      const descriptions = a.products.map((p) => `${p}: ${a.intro.split(' ').slice(0, 6).join(' ').replace(/[,.]$/, '')}.`);
      const shownImages = i % 7 === 3 ? productImages.slice(0, -1) : productImages;
      advertisers.push({
        id,
        company_name: name,
        company_logo_url: logo,
        website: `https://www.${slugOf(a.name).replace(/-/g, '')}.example`,
        street_address: `${place.street} ${rnd.int(1, 120)}`,
        city: place.city,
        postal_code: place.postal,
        country: place.country,
        intro_text: a.intro,
        product_images: i % 2 === 0 ? shownImages : toListText(shownImages),
        product_descriptions: i % 3 === 0 ? toListText(descriptions) : descriptions,
        discount_voucher_enabled: a.discount !== null,
        discount_voucher_amount: a.discount,
        rebate_voucher_enabled: a.rebate !== null,
        rebate_voucher_percentage: a.rebate,
        latitude: round(place.lat + (rnd.next() - 0.5) * 0.05, 5),
        longitude: round(place.lng + (rnd.next() - 0.5) * 0.05, 5),
      });
    });
  }

  // Pictures shared by scaled copies are listed once.
  const unique = [...new Map(images.map((im) => [im.name, im])).values()];
  return {
    organizations,
    quality_labels,
    breeds,
    catteries,
    cattery_has_breed,
    cattery_has_quality_label,
    litters,
    litter_images,
    events,
    event_schedule,
    advertisers,
    images: unique,
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function uniqueCatteryNames(rnd: Random, count: number): string[] {
  const combos = NAME_FIRST.flatMap((a) => NAME_SECOND.map((b) => `${a} ${b}`));
  const shuffled = rnd.sample(combos, combos.length);
  const out: string[] = [];
  const slugs = new Set<string>();
  for (let round = 0; out.length < count; round++) {
    for (const base of shuffled) {
      if (out.length >= count) break;
      const name = round === 0 ? base : `${base} of ${PLACES[(round + out.length) % PLACES.length]!.city}`;
      const slug = catterySlug(name);
      if (!slugs.has(slug)) {
        slugs.add(slug);
        out.push(name);
      }
    }
  }
  return out;
}

interface SessionDraft {
  start: string;
  end: string;
  title: string;
  description: string;
  location: string;
  nextDay?: boolean;
}

/** A show day from 08:30 to 17:30: vetting-in, rings in parallel, talks, Best in Show. */
function dayProgramme(rnd: Random, scale: number, lastDay: boolean): SessionDraft[] {
  const out: SessionDraft[] = [
    { start: '08:30', end: '09:30', title: 'Vetting-in and benching', description: 'Exhibitors check in with the show vets and settle their cats.', location: 'Entrance Hall' },
    { start: '12:00', end: '13:00', title: 'Kitten Corner: meet the litters', description: 'Breeders introduce this season’s kittens; ask about availability.', location: 'Kitten Corner' },
    { start: '16:00', end: '17:00', title: 'Best in Show', description: 'The best cats of each category compete for the title of the day.', location: 'Main Ring' },
    lastDay
      ? { start: '17:00', end: '17:30', title: "Visitor's Choice award and closing", description: 'The cat with the most visitor votes is crowned; the show closes.', location: 'Main Ring' }
      : { start: '17:00', end: '17:30', title: 'Day results and rosettes', description: 'Rosettes and results of the day’s judging.', location: 'Main Ring' },
  ];
  const rings = 4 * scale;
  for (let r = 0; r < rings; r++) {
    const category = RING_CATEGORIES[r % RING_CATEGORIES.length]!;
    for (const [start, end, what] of RING_BLOCKS) {
      out.push({ start, end, title: `Ring ${r + 1}: ${category} ${what}`, description: `${category} cats are judged by an international all-breed judge.`, location: `Ring ${r + 1}` });
    }
  }
  const talks = rnd.sample(TALKS, 4);
  (['10:00', '11:00', '13:30', '14:30'] as const).forEach((start, n) => {
    const [title, description] = talks[n]!;
    out.push({ start, end: `${start.slice(0, 2)}:45`, title, description, location: 'Stage' });
  });
  return out;
}

/**
 * Hourly evening and night sessions on the seed day, so that whenever the show is seeded something is
 * happening now or up next for the following hours (they wrap past midnight onto the next day).
 * `now` is the venue's wall clock held in UTC fields.
 */
function eveningCover(now: Date, day: SessionDraft[]): SessionDraft[] {
  const covered = (minute: number) =>
    day.some((s) => !s.nextDay && toMinutes(s.start) <= minute && minute < toMinutes(s.end));
  const out: SessionDraft[] = [];
  const from = now.getUTCHours() * 60 - 120;
  for (let m = Math.floor(from / 60) * 60; m < now.getUTCHours() * 60 + 8 * 60; m += 60) {
    if (m < 0) continue;
    const nextDay = m >= 24 * 60;
    const minute = m % (24 * 60);
    if (!nextDay && (covered(minute) || covered(minute + 59))) continue;
    const [title, description, location] = EVENING[(m / 60) % EVENING.length]!;
    const hh = pad(minute / 60);
    out.push({ start: `${hh}:00`, end: minute === 23 * 60 ? '23:59' : `${pad(minute / 60 + 1)}:00`, title, description, location, nextDay });
  }
  return out;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

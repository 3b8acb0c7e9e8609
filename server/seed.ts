// Seeds the demo show (rows of every table plus generated images) into an empty database.
import type { Db, Tx } from './db/types.ts';
import { catSvg, logoSvg, productSvg, venueSvg } from './seed-images.ts';
import { putObject } from './storage.ts';
import { insertEmailUser } from './auth/users.ts';
import { emailIdentityData } from './auth/shapes.ts';
import { hashPassword } from './auth/validate.ts';

export const IMAGE_BUCKET = 'images';
export const DEMO_USER = { email: 'demo@purrfect-show.example', password: 'Purrfect#2026' } as const;

type Row = Record<string, unknown>;

interface BreedSeed {
  name: string;
  abbr: string;
  activity: string;
  grooming: string;
  vocality: string;
  habitat: string;
  life: string;
  colors: string;
  coat: 'Long' | 'Short';
  body: string;
  shedding: string;
  independence: string;
  about: string;
}

const BREEDS: BreedSeed[] = [
  { name: 'Abyssinian', abbr: 'ABY', activity: 'Very Active', grooming: 'Low', vocality: 'Quiet', habitat: 'Indoor', life: '12-15 years', colors: 'Ruddy, Sorrel, Blue, Fawn', coat: 'Short', body: 'Medium, Slender', shedding: 'Some', independence: 'Moderately Independent', about: 'The Abyssinian is a lithe, ticked-coat cat with boundless curiosity. It explores every shelf, loves climbing and keeps its people entertained with clever games.' },
  { name: 'Bengal', abbr: 'BEN', activity: 'Very Active', grooming: 'Low', vocality: 'Vocal', habitat: 'Both', life: '12-16 years', colors: 'Brown Spotted, Snow, Silver', coat: 'Short', body: 'Large, Muscular', shedding: 'Minimal', independence: 'Moderately Independent', about: 'A wild-looking spotted cat with a gentle, playful temperament. Bengals love water, puzzle toys and learning tricks.' },
  { name: 'British Shorthair', abbr: 'BSH', activity: 'Calm', grooming: 'Low', vocality: 'Very Quiet', habitat: 'Indoor', life: '12-20 years', colors: 'Blue, Lilac, Cream, Black', coat: 'Short', body: 'Large, Cobby', shedding: 'Some', independence: 'Very Independent', about: 'Round-faced and plush-coated, the British Shorthair is an easygoing companion that enjoys company without demanding attention.' },
  { name: 'Maine Coon', abbr: 'MCO', activity: 'Moderate', grooming: 'Medium', vocality: 'Vocal', habitat: 'Both', life: '12-15 years', colors: 'Brown Tabby, Red, Silver, Black Smoke', coat: 'Long', body: 'Large, Muscular', shedding: 'Substantial', independence: 'Moderately Independent', about: 'The gentle giant of the cat world: a large, shaggy, dog-like cat that chirps, follows its family around and gets on with children and pets.' },
  { name: 'Persian', abbr: 'PER', activity: 'Very Calm', grooming: 'High', vocality: 'Very Quiet', habitat: 'Indoor', life: '12-17 years', colors: 'White, Black, Blue, Chinchilla', coat: 'Long', body: 'Medium, Cobby', shedding: 'Substantial', independence: 'Very Dependent', about: 'A serene, sweet-natured cat with a luxurious long coat that needs daily grooming. Persians prefer calm homes and quiet routines.' },
  { name: 'Ragdoll', abbr: 'RAG', activity: 'Calm', grooming: 'Medium', vocality: 'Quiet', habitat: 'Indoor', life: '12-17 years', colors: 'Seal Point, Blue Point, Mitted, Bicolour', coat: 'Long', body: 'Large, Sturdy', shedding: 'Some', independence: 'Very Dependent', about: 'Named for going limp when held, the Ragdoll is a placid, affectionate cat with striking blue eyes and a silky semi-long coat.' },
  { name: 'Siamese', abbr: 'SIA', activity: 'Active', grooming: 'Low', vocality: 'Loud', habitat: 'Indoor', life: '15-20 years', colors: 'Seal Point, Chocolate Point, Blue Point, Lilac Point', coat: 'Short', body: 'Small, Slender', shedding: 'Minimal', independence: 'Very Dependent', about: 'Talkative, sociable and intelligent, the Siamese wants to be part of everything its people do and will tell them about it loudly.' },
  { name: 'Sphynx', abbr: 'SPH', activity: 'Active', grooming: 'Medium', vocality: 'Vocal', habitat: 'Indoor', life: '8-14 years', colors: 'Any colour or pattern', coat: 'Short', body: 'Medium, Muscular', shedding: 'Minimal', independence: 'Very Dependent', about: 'The hairless Sphynx is warm to the touch, mischievous and devoted. Its skin needs weekly baths to stay healthy.' },
  { name: 'Norwegian Forest Cat', abbr: 'NFO', activity: 'Moderate', grooming: 'Medium', vocality: 'Quiet', habitat: 'Outdoor', life: '14-16 years', colors: 'Brown Tabby, White, Black and White', coat: 'Long', body: 'Large, Sturdy', shedding: 'Substantial', independence: 'Very Independent', about: 'A sturdy climber with a water-resistant double coat built for Scandinavian winters, calm indoors and adventurous outside.' },
  { name: 'Russian Blue', abbr: 'RUS', activity: 'Moderate', grooming: 'Low', vocality: 'Very Quiet', habitat: 'Indoor', life: '15-20 years', colors: 'Blue', coat: 'Short', body: 'Medium, Slender', shedding: 'Minimal', independence: 'Moderately Independent', about: 'Shy with strangers and loyal to its people, the Russian Blue has a shimmering silver-blue coat and vivid green eyes.' },
  { name: 'Scottish Fold', abbr: 'SFO', activity: 'Calm', grooming: 'Low', vocality: 'Quiet', habitat: 'Indoor', life: '11-14 years', colors: 'Blue, White, Silver Tabby, Cream', coat: 'Short', body: 'Medium, Cobby', shedding: 'Some', independence: 'Moderately Independent', about: 'Recognised by its folded ears and owl-like face, the Scottish Fold is adaptable and loves sitting in odd positions.' },
  { name: 'Devon Rex', abbr: 'DRX', activity: 'Very Active', grooming: 'Low', vocality: 'Quiet', habitat: 'Indoor', life: '9-15 years', colors: 'Any colour or pattern', coat: 'Short', body: 'Small, Slender', shedding: 'Minimal', independence: 'Very Dependent', about: 'A pixie-faced cat with a wavy coat and huge ears, the Devon Rex is a playful clown that perches on shoulders.' },
];

const CITIES = [
  { city: 'Amsterdam', country: 'Netherlands', postal: '1011 AB', lat: 52.3676, lng: 4.9041 },
  { city: 'Berlin', country: 'Germany', postal: '10115', lat: 52.52, lng: 13.405 },
  { city: 'Brussels', country: 'Belgium', postal: '1000', lat: 50.8503, lng: 4.3517 },
  { city: 'Vienna', country: 'Austria', postal: '1010', lat: 48.2082, lng: 16.3738 },
  { city: 'Copenhagen', country: 'Denmark', postal: '1050', lat: 55.6761, lng: 12.5683 },
  { city: 'Prague', country: 'Czech Republic', postal: '110 00', lat: 50.0755, lng: 14.4378 },
];

const CATTERY_NAMES = [
  'Whisker Woods', 'Velvet Paws', 'Nordic Lynx', 'Moonlit Meadow', 'Silver Whiskers', 'Purrfect Harmony',
  'Tiger Lily', 'Blue Velvet',
];

const ADVERTISERS = [
  { name: 'Pawsome Nutrition', intro: 'Grain-free, vet-approved food for every life stage.', products: ['Kitten Starter Kibble', 'Senior Salmon Pâté', 'Freeze-Dried Treats'], discount: 10, rebate: null },
  { name: 'Whisker Wellness', intro: 'Natural grooming and care products for cats with sensitive skin.', products: ['Oat Shampoo', 'Detangling Comb'], discount: null, rebate: 15 },
  { name: 'Cosy Cat Furniture', intro: 'Handmade scratching posts and cat trees from sustainable wood.', products: ['Tall Tree Tower', 'Wall Shelf Set', 'Sisal Scratcher'], discount: 25, rebate: 10 },
  { name: 'Feline Tech', intro: 'Smart feeders, fountains and GPS collars for the modern cat.', products: ['Smart Fountain'], discount: null, rebate: null },
  { name: 'Purrfect Insurance', intro: 'Pet insurance that covers breed-specific conditions from day one.', products: [], discount: 5.5, rebate: 20 },
];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const svg = (s: string) => new TextEncoder().encode(s);

async function insert(tx: Tx, table: string, rows: Row[]): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    const cols = Object.keys(row);
    const { rows: out } = await tx.query<{ id: string }>(
      `insert into public.${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id::text`,
      cols.map((c) => row[c]),
    );
    ids.push(out[0]!.id);
  }
  return ids;
}

/** Seeds when the catalogue is empty; several instances starting together seed once. */
export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(54322)');
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.breeds');
    if (rows[0]!.n > 0) return false;
    await seed(tx, now);
    return true;
  });
}

/** Removes all show data and seeds again. Deletes (not truncates) so clients receive tombstones. */
export async function reseed(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(54322)');
    for (const t of ['coupons', 'visitor_choice', 'verification_tokens', 'users']) await tx.query(`delete from public.${t}`);
    await tx.query('delete from auth.users');
    const { rows } = await tx.query<{ t: string }>('select unnest(public.sync_tables()) as t');
    for (const { t } of [...rows].reverse()) await tx.query(`delete from public.${t}`);
    await tx.query(`delete from storage.objects where bucket_id = $1`, [IMAGE_BUCKET]);
    await tx.query('delete from _dev.mail');
    await seed(tx, now);
  });
}

async function seed(tx: Tx, now: Date): Promise<void> {
  await tx.query(
    `insert into storage.buckets (id, name, public) values ($1, $1, true) on conflict (id) do update set public = true`,
    [IMAGE_BUCKET],
  );
  const put = (name: string, body: string) => putObject(tx, IMAGE_BUCKET, name, svg(body), 'image/svg+xml');

  const orgIds = await insert(tx, 'organizations', [
    { name: 'Fédération Internationale Féline', abbreviation: 'FIFe', description: 'The federation of national cat clubs across Europe and beyond.' },
    { name: 'The International Cat Association', abbreviation: 'TICA', description: 'The world\'s largest genetic registry of pedigreed cats.' },
    { name: 'World Cat Federation', abbreviation: 'WCF', description: 'An international union of cat clubs founded in 1988.' },
  ]);
  const labelIds = await insert(tx, 'quality_labels', [
    { name: 'Health Tested Parents', description: 'Both parents screened for the breed\'s known hereditary conditions.' },
    { name: 'Responsible Breeder Charter', description: 'Signed the charter on socialisation, vaccination and rehoming.' },
    { name: 'Cat Friendly Home', description: 'Kittens raised indoors in the family home.' },
  ]);

  const breedIds: string[] = [];
  for (const b of BREEDS) {
    const slug = b.abbr.toLowerCase();
    await put(`breeds/${slug}/overview.svg`, catSvg(b.name, 0, 800, 480));
    const gallery = [1, 2, 3].map((i) => `breeds/${slug}/gallery-${i}.svg`);
    for (const [i, path] of gallery.entries()) await put(path, catSvg(`${b.name} ${i + 1}`, i + 1));
    const [id] = await insert(tx, 'breeds', [
      {
        breed_name: b.name,
        universal_breed_abbreviation: b.abbr,
        overview_image: `breeds/${slug}/overview.svg`,
        detail_images: `{${gallery.map((g) => `"${g}"`).join(',')}}`,
        activity_level: b.activity,
        grooming_level: b.grooming,
        vocality: b.vocality,
        habitat: b.habitat,
        life_expectancy: b.life,
        colors: b.colors,
        about: b.about,
        temperament: `${b.name}s are ${b.activity.toLowerCase()} cats that are ${b.independence.toLowerCase()}.`,
        health_and_development: `Kittens mature at 2 to 4 years; a ${b.body.toLowerCase()} build needs a balanced diet.`,
        health_challenges: 'Hypertrophic cardiomyopathy and dental disease are the most common concerns.',
        health_tests: 'Yearly heart scan (HCM), blood group typing and a DNA panel for the breed.',
        coat_length: b.coat,
        body_type: b.body,
        shedding_level: b.shedding,
        independence_level: b.independence,
      },
    ]);
    breedIds.push(id!);
  }

  const catteryIds: string[] = [];
  for (const [i, name] of CATTERY_NAMES.entries()) {
    const place = CITIES[i % CITIES.length]!;
    const slug = name.toLowerCase().replace(/ /g, '-');
    await put(`catteries/${slug}/profile.svg`, catSvg(name, i, 640, 480));
    const cats = [1, 2].map((n) => `catteries/${slug}/cat-${n}.svg`);
    for (const [n, path] of cats.entries()) await put(path, catSvg(`${name} cat ${n + 1}`, n + i));
    const [id] = await insert(tx, 'catteries', [
      {
        name,
        profile_image_url: `catteries/${slug}/profile.svg`,
        city: place.city,
        country: place.country,
        street_address: `${10 + i} Kattenstraat`,
        postal_code: place.postal,
        website: `www.${slug.replace(/-/g, '')}.example`,
        website_url: `https://www.${slug.replace(/-/g, '')}.example`,
        email: `hello@${slug.replace(/-/g, '')}.example`,
        phone: `+31 20 555 01${String(i).padStart(2, '0')}`,
        first_name: ['Anna', 'Lars', 'Sofie', 'Marek', 'Eva', 'Jonas', 'Mila', 'Pieter'][i],
        last_name: ['de Vries', 'Jensen', 'Peeters', 'Novák', 'Huber', 'Schmidt', 'Horvat', 'Bakker'][i],
        description: `${name} is a small family cattery raising healthy, well-socialised kittens in ${place.city}.`,
        is_verified: i % 3 !== 2,
        detail_images: cats,
        organization_id: orgIds[i % orgIds.length],
        latitude: place.lat + i * 0.01,
        longitude: place.lng + i * 0.01,
      },
    ]);
    catteryIds.push(id!);
  }

  const links: Row[] = [];
  catteryIds.forEach((catteryId, i) => {
    for (const k of [0, 1]) {
      links.push({
        cattery_id: catteryId,
        breed_id: breedIds[(i * 2 + k) % breedIds.length],
        certification_url: `https://registry.example/certificates/${catteryId}-${k}`,
        certification_date: isoDate(new Date(Date.UTC(2012 + i, k * 5, 15))),
        is_primary_breed: k === 0,
      });
    }
  });
  await insert(tx, 'cattery_has_breed', links);

  await insert(
    tx,
    'cattery_has_quality_label',
    catteryIds.slice(0, 6).map((catteryId, i) => ({
      cattery_id: catteryId,
      quality_label_id: labelIds[i % labelIds.length],
      issued_date: isoDate(addDays(now, -300 - i * 30)),
      expiration_date: isoDate(addDays(now, 400 + i * 30)),
      certificate_url: `https://registry.example/labels/${catteryId}`,
    })),
  );

  for (const [i, catteryId] of catteryIds.entries()) {
    for (const k of [0, 1]) {
      const breedIndex = (i * 2 + k) % breedIds.length;
      const breed = BREEDS[breedIndex]!;
      const slug = `litter-${i}-${k}`;
      await put(`litters/${slug}/litter.svg`, catSvg(`${breed.name} kittens`, k + 2));
      await put(`litters/${slug}/sire.svg`, catSvg(`Sire of ${breed.name}`, 5));
      await put(`litters/${slug}/dam.svg`, catSvg(`Dam of ${breed.name}`, 6));
      const males = 1 + ((i + k) % 3);
      const females = 2 + ((i * k) % 2);
      const [litterId] = await insert(tx, 'litters', [
        {
          cattery_id: catteryId,
          breed_id: breedIds[breedIndex],
          date_of_birth: isoDate(addDays(now, -20 - i * 9 - k * 31)),
          num_male_kittens: males,
          num_female_kittens: females,
          available_male_kittens: males - (k % 2),
          available_female_kittens: Math.max(0, females - 1 - k),
          litter_image_url: `litters/${slug}/litter.svg`,
          sire: `${['Leo', 'Oscar', 'Milo', 'Simba'][i % 4]} of ${CATTERY_NAMES[(i + 1) % CATTERY_NAMES.length]}`,
          dam: `${['Luna', 'Bella', 'Nala', 'Cleo'][k + (i % 2) * 2]} of ${CATTERY_NAMES[i]}`,
          sire_picture_url: `litters/${slug}/sire.svg`,
          dam_picture_url: `litters/${slug}/dam.svg`,
        },
      ]);
      const images: Row[] = [];
      for (const n of [1, 2, 3]) {
        const path = `litters/${slug}/kitten-${n}.svg`;
        await put(path, catSvg(`${breed.name} kitten ${n}`, n));
        images.push({ litter_id: litterId, image_url: path });
      }
      await insert(tx, 'litter_images', images);
    }
  }

  // The first show runs today, so "Happening Now!" and "Up Next" have sessions to show.
  const events = [
    { name: 'PurrFect Winter Cat Show', offset: -1, days: 3, place: CITIES[0]!, venue: 'RAI Exhibition Hall 5', attendance: 4500 },
    { name: 'Spring Pet Expo', offset: 60, days: 2, place: CITIES[1]!, venue: 'Messe Berlin Hall 12', attendance: 8000 },
    { name: 'Nordic Forest Cat Weekend', offset: 120, days: 2, place: CITIES[4]!, venue: 'Bella Center', attendance: 2500 },
  ];
  for (const [i, e] of events.entries()) {
    const slug = `event-${i + 1}`;
    await put(`events/${slug}.svg`, venueSvg(e.name));
    const start = addDays(now, e.offset);
    const [eventId] = await insert(tx, 'events', [
      {
        name: e.name,
        start_date: isoDate(start),
        end_date: isoDate(addDays(start, e.days - 1)),
        city: e.place.city,
        country: e.place.country,
        venue_name: e.venue,
        street_address: `${1 + i} Expo Boulevard`,
        postal_code: e.place.postal,
        expected_attendance: e.attendance,
        description: `${e.name}: championship judging, breeder stands, kitten corner and talks on cat care.`,
        event_picture_url: `events/${slug}.svg`,
        latitude: e.place.lat,
        longitude: e.place.lng,
      },
    ]);
    const sessions: Row[] = [];
    for (let d = 0; d < e.days; d++) {
      const day = isoDate(addDays(start, d));
      const slots: [string, string, string, string][] = [
        ['09:00', '10:00', 'Doors open and vetting-in', 'Entrance Hall'],
        ['10:00', '12:00', 'Longhair championship judging', 'Ring 1'],
        ['12:00', '13:00', 'Talk: raising a confident kitten', 'Stage'],
        ['13:00', '15:00', 'Shorthair championship judging', 'Ring 2'],
        ['15:00', '16:00', 'Best in Show', 'Main Ring'],
        ['16:00', '17:30', "Visitor's Choice award and closing", 'Main Ring'],
      ];
      for (const [from, to, title, location] of slots) {
        sessions.push({
          event_id: eventId,
          schedule_date: day,
          start_time: from,
          end_time: to,
          title,
          description: `${title} at ${e.name}.`,
          location,
        });
      }
    }
    await insert(tx, 'event_schedule', sessions);
  }

  for (const a of ADVERTISERS) {
    const slug = a.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await put(`advertisers/${slug}/logo.svg`, logoSvg(a.name));
    const images: string[] = [];
    for (const [n, product] of a.products.entries()) {
      const path = `advertisers/${slug}/product-${n + 1}.svg`;
      await put(path, productSvg(product, n));
      images.push(path);
    }
    const place = CITIES[a.name.length % CITIES.length]!;
    await insert(tx, 'advertisers', [
      {
        company_name: a.name,
        company_logo_url: `advertisers/${slug}/logo.svg`,
        website: `https://www.${slug.replace(/-/g, '')}.example`,
        street_address: `${a.name.length} Market Street`,
        city: place.city,
        postal_code: place.postal,
        country: place.country,
        intro_text: a.intro,
        product_images: images,
        product_descriptions: a.products.map((p) => `${p}: made for cats who deserve the best.`),
        discount_voucher_enabled: a.discount !== null,
        discount_voucher_amount: a.discount,
        rebate_voucher_enabled: a.rebate !== null,
        rebate_voucher_percentage: a.rebate,
        latitude: place.lat,
        longitude: place.lng,
      },
    ]);
  }

  // A verified demo visitor, created the way sign-up creates users, so sign-in, the profile and coupons work at once.
  const id = crypto.randomUUID();
  const identity = emailIdentityData(id, DEMO_USER.email, true);
  await insertEmailUser(tx, {
    id,
    email: DEMO_USER.email,
    passwordHash: await hashPassword(DEMO_USER.password),
    userMetadata: { first_name: 'Demi', last_name: 'Visitor', city: 'Amsterdam', country: 'Netherlands', ...identity },
    identityData: identity,
    now: now.getTime(),
  });
  await tx.query('update public.users set verified = true where id = $1', [id]);
}

// The demo show's fixed tables: registries, quality labels, the name lists catteries, cats and breeders are
// drawn from, the events, their programme and the advertisers. Data only: server/seed/show.ts builds the rows.

export const REGISTRIES = [
  {
    name: 'The International Cat Association',
    abbreviation: 'TICA',
    description:
      'A genetic registry of pedigreed and household cats founded in the United States in 1979; it recognises more breeds than most registries and runs shows worldwide.',
  },
  {
    name: "The Cat Fanciers' Association",
    abbreviation: 'CFA',
    description: 'Founded in 1906 in the United States, the oldest and one of the largest registries of pedigreed cats.',
  },
  {
    name: 'Fédération Internationale Féline',
    abbreviation: 'FIFe',
    description:
      'A federation of national cat clubs founded in 1949, with members in about forty countries, mostly in Europe; it uses the EMS code system for breeds and colours.',
  },
  { name: 'World Cat Federation', abbreviation: 'WCF', description: 'An international union of cat clubs founded in 1988 and based in Essen, Germany.' },
  {
    name: 'Governing Council of the Cat Fancy',
    abbreviation: 'GCCF',
    description: 'The United Kingdom’s oldest cat registry, founded in 1910, which licenses shows and keeps the British breed standards.',
  },
  {
    name: 'American Cat Fanciers Association',
    abbreviation: 'ACFA',
    description: 'A United States registry founded in 1955, known for its exhibitor-friendly shows and household-pet classes.',
  },
  {
    name: 'Livre Officiel des Origines Félines',
    abbreviation: 'LOOF',
    description: 'France’s official pedigree register for cats, approved by the French Ministry of Agriculture.',
  },
  { name: 'Canadian Cat Association', abbreviation: 'CCA-AFC', description: 'Canada’s national registry of pedigreed cats, bilingual in English and French.' },
];

export const QUALITY_LABELS = [
  { name: 'Health Tested Parents', description: 'Both parents screened for the hereditary conditions known in their breed, with results on file.' },
  { name: 'Responsible Breeder Charter', description: 'Signed the charter on socialisation, vaccination, contracts and lifelong rehoming support.' },
  { name: 'Cat Friendly Home', description: 'Kittens are raised indoors in the family home, not in a cattery building.' },
  { name: 'Registered Cattery of Merit', description: 'Registered for at least five years with a clean record at its registry.' },
  { name: 'Vaccinated and Microchipped', description: 'Every kitten leaves with two vaccinations, a microchip and a pet passport.' },
  { name: 'Kitten Socialisation Programme', description: 'Follows a structured socialisation plan from two to twelve weeks of age.' },
];

/** Cattery names are "first second" pairs (Velvet Paws), breeders a first and a last name; a litter's sire and dam have a cat's name. */
export const NAME_FIRST = [
  'Velvet',
  'Silver',
  'Moonlit',
  'Amber',
  'Nordic',
  'Whisker',
  'Golden',
  'Misty',
  'Royal',
  'Willow',
  'Copper',
  'Frosted',
  'Starlight',
  'Honey',
  'Snowy',
  'Midnight',
  'Maple',
  'Saffron',
  'Thistle',
  'Juniper',
  'Cinnamon',
  'Sapphire',
  'Heather',
  'Linden',
];
export const NAME_SECOND = [
  'Paws',
  'Meadow',
  'Whiskers',
  'Grove',
  'Harbour',
  'Hollow',
  'Lynx',
  'Valley',
  'Manor',
  'Garden',
  'Den',
  'Hill',
  'Brook',
  'Crown',
  'Haven',
  'Tails',
];
export const FIRST_NAMES = [
  'Anna',
  'Lars',
  'Sofie',
  'Marek',
  'Eva',
  'Jonas',
  'Mila',
  'Pieter',
  'Claire',
  'Henrik',
  'Isabel',
  'Tomasz',
  'Greta',
  'Luca',
  'Ingrid',
  'Oliver',
  'Marta',
  'Felix',
  'Nora',
  'Hugo',
  'Saoirse',
  'Matteo',
  'Astrid',
  'Elena',
];
export const LAST_NAMES = [
  'de Vries',
  'Jensen',
  'Peeters',
  'Novák',
  'Huber',
  'Schmidt',
  'Bakker',
  'Dubois',
  'Lindqvist',
  'Kowalski',
  'Murphy',
  'Rossi',
  'García',
  'Hansen',
  'Müller',
  'Janssens',
  'Berg',
  'Fischer',
  'Moreau',
  'Smith',
];
export const SIRE_NAMES = ['Leo', 'Oscar', 'Milo', 'Simba', 'Jasper', 'Felix', 'Loki', 'Ziggy', 'Apollo', 'Merlin', 'Tiger', 'Otto'];
export const DAM_NAMES = ['Luna', 'Bella', 'Nala', 'Cleo', 'Freya', 'Willow', 'Maple', 'Pixie', 'Hazel', 'Iris', 'Poppy', 'Saffie'];
export const SIRE_TITLES = ['CH', 'GIC', 'IC', 'SGC', 'GCH', ''];

/**
 * A cattery's description, one template drawn per cattery: {cattery}, {breed} (its primary breed), {city},
 * {country}, {breeder} (first and last name) and {year} (its founding) are filled in.
 */
export const CATTERY_DESCRIPTIONS = [
  '{cattery} is a small, registered {breed} cattery in {city}, run by {breeder} since {year}. Our kittens grow up in the family home with children and a calm dog, and leave fully vaccinated, microchipped and litter-trained at thirteen weeks.',
  'Breeding {breed} cats in {city} since {year}, {breeder} focuses on health, temperament and type. Every breeding cat is screened, and we stay in touch with our kitten families for life.',
  'At {cattery} we raise one or two litters of {breed} kittens a year, never more. {breeder} shows our cats across Europe and welcomes visitors in {city} by appointment (since {year}).',
  '{cattery} started in {year} when {breeder} fell for a {breed} at a show in {country}. Today we breed for sweet, confident cats that love people, with open records of every health test.',
];

/** Days from the seed day to each event's first day; the live one runs today at its venue. */
export const EVENT_DEFS: { name: string; offsetDays: number; days: number; place: string; venue: string; attendance: number; picture: string; live?: boolean }[] = [
  { name: 'Autumn Cat Championship', offsetDays: -34, days: 2, place: 'Antwerp', venue: 'Antwerp Expo', attendance: 3200, picture: 'autumn-championship' },
  { name: 'PurrFect Show', offsetDays: -1, days: 3, place: 'Amsterdam', venue: 'RAI Amsterdam, Hall 5', attendance: 9500, picture: 'purrfect-show', live: true },
  { name: 'Winter Pet Expo', offsetDays: 41, days: 2, place: 'Berlin', venue: 'Messe Berlin, Hall 12', attendance: 12000, picture: 'winter-pet-expo' },
  { name: 'Nordic Forest Cat Weekend', offsetDays: 96, days: 2, place: 'Copenhagen', venue: 'Bella Center', attendance: 2800, picture: 'nordic-weekend' },
  { name: 'Spring Kitten Fair', offsetDays: 150, days: 1, place: 'London', venue: 'Olympia London, West Hall', attendance: 6000, picture: 'spring-kitten-fair' },
];

/** A show day's fixed sessions, from 08:30 to 17:30; the last one differs on an event's last day. */
export const DAY_SESSIONS = {
  opening: [
    {
      start: '08:30',
      end: '09:30',
      title: 'Vetting-in and benching',
      description: 'Exhibitors check in with the show vets and settle their cats.',
      location: 'Entrance Hall',
    },
    {
      start: '12:00',
      end: '13:00',
      title: 'Kitten Corner: meet the litters',
      description: 'Breeders introduce this season’s kittens; ask about availability.',
      location: 'Kitten Corner',
    },
    { start: '16:00', end: '17:00', title: 'Best in Show', description: 'The best cats of each category compete for the title of the day.', location: 'Main Ring' },
  ],
  lastDayClose: {
    start: '17:00',
    end: '17:30',
    title: "Visitor's Choice award and closing",
    description: 'The cat with the most visitor votes is crowned; the show closes.',
    location: 'Main Ring',
  },
  dayClose: { start: '17:00', end: '17:30', title: 'Day results and rosettes', description: 'Rosettes and results of the day’s judging.', location: 'Main Ring' },
} as const;

/** Each ring's two judging blocks a day: start, end, what is judged. */
export const RING_BLOCKS: [string, string, string][] = [
  ['09:30', '12:00', 'judging: kittens and juniors'],
  ['13:00', '15:30', 'judging: adults, neuters and champions'],
];
export const RING_CATEGORIES = [
  'Longhair and semi-longhair',
  'British and European shorthair',
  'Oriental and Siamese',
  'Rex and hairless',
  'Forest cats and Maine Coons',
  'Household pets',
];
/** The demo show's judges (fictional), one per ring in turn, as a results sheet names them. */
export const JUDGES = ['Marta Kowalska', 'Henrik Dahl', 'Sophie Laurent', 'Luca Bianchi', 'Ingrid Vos', 'Tomás Navarro', 'Aiko Tanaka'] as const;
/** Talks: title and description; four a day, drawn at random, each starting at one of TALK_STARTS for 45 minutes. */
export const TALKS: [string, string][] = [
  ['Talk: raising a confident kitten', 'A behaviourist on the first weeks at home: litter tray, play, and meeting other pets.'],
  ['Grooming demonstration: longhair coats', 'Combs, bathing and drying for Persians, Maine Coons and forest cats.'],
  ['Ask the vet: HCM and PKD screening', 'What heart scans and DNA tests tell you, and what to ask a breeder.'],
  ['Talk: feeding for every life stage', 'Kitten, adult and senior nutrition, and how to read a food label.'],
  ['Judging explained', 'A senior all-breed judge on what happens in the ring and how points are given.'],
  ['Talk: cat-friendly homes', 'Shelves, scratching posts and quiet places: designing a home around a cat.'],
];
export const TALK_STARTS = ['10:00', '11:00', '13:30', '14:30'] as const;
/** Hourly evening and night sessions on the live day: title, description, location. */
export const EVENING: [string, string, string][] = [
  ['Evening social: breeders meet visitors', 'Breeders stay at their benches to talk about upcoming litters.', 'Breeders Hall'],
  ['Photo studio: champions of the day', 'Portrait sessions with the day’s winners.', 'Photo Studio'],
  ['Late show: household pet parade', 'Non-pedigree cats shown for condition and personality.', 'Ring 2'],
  ['Exhibitors’ hall open', 'Exhibitors settle their cats; the hall stays open for visitors.', 'Exhibition Hall'],
  ['Night watch: vets on duty', 'The show vets keep watch over the benched cats.', 'Vet Room'],
  ['Film: the history of the cat fancy', 'A short film on 150 years of cat shows.', 'Stage'],
];

/** Advertisers: their products, and the discount (an amount in dollars) and rebate (a percentage) vouchers they offer (null: none). */
export const ADVERTISERS: { name: string; intro: string; products: string[]; discount: number | null; rebate: number | null; logo: boolean }[] = [
  {
    name: 'Pawsome Nutrition',
    intro: 'Grain-free, vet-approved food for every life stage, made in small batches in the Netherlands.',
    products: ['Kitten Starter Kibble', 'Senior Salmon Pâté', 'Freeze-Dried Chicken Treats'],
    discount: 10,
    rebate: null,
    logo: true,
  },
  {
    name: 'Whisker Wellness',
    intro: 'Gentle grooming and care products for cats with sensitive skin.',
    products: ['Oat Shampoo', 'Detangling Comb', 'Ear Cleaner'],
    discount: null,
    rebate: 15,
    logo: true,
  },
  {
    name: 'Cosy Cat Furniture',
    intro: 'Handmade scratching posts and cat trees from FSC-certified oak and sisal.',
    products: ['Tall Tree Tower', 'Wall Shelf Set', 'Sisal Scratcher', 'Window Hammock'],
    discount: 25,
    rebate: 10,
    logo: true,
  },
  {
    name: 'Feline Tech',
    intro: 'Smart feeders, water fountains and GPS collars for the connected cat.',
    products: ['Smart Fountain', 'Microchip Feeder'],
    discount: null,
    rebate: null,
    logo: true,
  },
  {
    name: 'Purrfect Insurance',
    intro: 'Pet insurance that covers hereditary and breed-specific conditions from day one.',
    products: [],
    discount: 5.5,
    rebate: 20,
    logo: true,
  },
  {
    name: 'Catnip Garden',
    intro: 'Organic catnip, valerian and silvervine toys, grown and sewn in Kent.',
    products: ['Catnip Banana', 'Silvervine Sticks', 'Valerian Pillow'],
    discount: 4,
    rebate: null,
    logo: false,
  },
  {
    name: 'Litter Luxe',
    intro: 'Clumping, dust-free litter made from tofu and recycled paper.',
    products: ['Tofu Litter', 'Paper Pellets'],
    discount: null,
    rebate: 12.5,
    logo: true,
  },
  {
    name: 'Nordic Raw',
    intro: 'Complete raw diets from Scandinavian farms, frozen within hours.',
    products: ['Raw Turkey Complete', 'Raw Rabbit Complete', 'Bone Broth'],
    discount: 7.5,
    rebate: 5,
    logo: true,
  },
  {
    name: 'Happy Travels Carriers',
    intro: 'Airline-approved carriers and harnesses for cats on the move.',
    products: ['Soft Carrier', 'Walking Harness'],
    discount: 15,
    rebate: null,
    logo: true,
  },
  {
    name: 'The Cat Vet Clinic',
    intro: 'A cat-only veterinary practice with fear-free consultations and dental care.',
    products: ['Dental Check', 'Senior Health Plan'],
    discount: 20,
    rebate: null,
    logo: false,
  },
  {
    name: 'Kitty Couture',
    intro: 'Breakaway collars, bandanas and name tags, made to order.',
    products: ['Breakaway Collar', 'Engraved Tag', 'Velvet Bandana', 'Bow Tie'],
    discount: null,
    rebate: 10,
    logo: true,
  },
  {
    name: 'Play Pounce',
    intro: 'Interactive wand toys and puzzle feeders that keep indoor cats busy.',
    products: ['Feather Wand', 'Puzzle Feeder', 'Tunnel'],
    discount: 3,
    rebate: null,
    logo: true,
  },
  {
    name: 'Aqua Paws Fountains',
    intro: 'Quiet ceramic drinking fountains with replaceable filters.',
    products: ['Ceramic Fountain', 'Filter Pack'],
    discount: null,
    rebate: 8,
    logo: true,
  },
  {
    name: 'Greenfield Cat Hotel',
    intro: 'A boarding cattery with heated suites, garden views and daily reports.',
    products: ['Garden Suite'],
    discount: 12,
    rebate: null,
    logo: false,
  },
  {
    name: 'Scratch & Snooze',
    intro: 'Cardboard loungers and scratchers shaped like furniture, fully recyclable.',
    products: ['Cardboard Sofa', 'Scratch Ramp'],
    discount: 5,
    rebate: 5,
    logo: true,
  },
  {
    name: 'Senior Cat Care',
    intro: 'Supplements and orthopaedic beds for cats in their golden years.',
    products: ['Joint Supplement', 'Orthopaedic Bed'],
    discount: null,
    rebate: 18,
    logo: true,
  },
  {
    name: 'Feline Photo Studio',
    intro: 'Professional portraits of your cat, at home or at the show.',
    products: ['Show Portrait', 'Home Session'],
    discount: 30,
    rebate: null,
    logo: true,
  },
  {
    name: 'Ocean Catch',
    intro: 'Wild-caught fish wet food in recyclable aluminium tins.',
    products: ['Tuna in Broth', 'Sardine Mousse', 'Mackerel Chunks'],
    discount: 2.5,
    rebate: 10,
    logo: true,
  },
  {
    name: 'Urban Catio Builders',
    intro: 'Custom-built balcony and garden enclosures so cats can enjoy fresh air safely.',
    products: ['Balcony Catio', 'Garden Run'],
    discount: 50,
    rebate: null,
    logo: false,
  },
  {
    name: 'Calm Companion',
    intro: 'Pheromone diffusers and calming treats for stress-free vet visits and moves.',
    products: ['Pheromone Diffuser', 'Calming Treats'],
    discount: null,
    rebate: 15,
    logo: true,
  },
  {
    name: 'Breeder Supply Co.',
    intro: 'Whelping boxes, kitten scales and show-cage curtains for breeders.',
    products: ['Kitten Scale', 'Show Curtains', 'Heat Pad'],
    discount: 10,
    rebate: 5,
    logo: true,
  },
  {
    name: 'Tiny Tiger Toys',
    intro: 'Hand-knitted mice and crinkle balls from natural wool.',
    products: ['Wool Mice', 'Crinkle Balls'],
    discount: null,
    rebate: null,
    logo: true,
  },
];

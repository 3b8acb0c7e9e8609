// The demo catalogue's fixed tables: its sections and number blocks, the breeds' colours as a FIFe show
// writes them (EMS codes where FIFe recognises the breed), titles with the class each competes in, and
// the names of cats. Data only: show-catalogue.ts builds the entries.

/** What a section holds: kittens, entire adults (championship), neuters (premiership), household pets. */
type EntryKind = 'kitten' | 'championship' | 'premiership' | 'household';

export interface CatalogueSection {
  heading: string;
  /** The breeds' coat length (breeds.coat_length) a section takes; household pets have one section. */
  coat: 'Long' | 'Short' | null;
  kind: EntryKind;
  /** The block's first number on the ×1 show; each block is `size` numbers wide, ×scale on a bigger show. */
  first: number;
  size: number;
}

/** In catalogue order, numbered in blocks as TICA does (longhair kittens from 1, … household pets from 401). */
export const CATALOGUE_SECTIONS: readonly CatalogueSection[] = [
  { heading: 'Longhair Kittens', coat: 'Long', kind: 'kitten', first: 1, size: 50 },
  { heading: 'Shorthair Kittens', coat: 'Short', kind: 'kitten', first: 51, size: 50 },
  { heading: 'Longhair Championship', coat: 'Long', kind: 'championship', first: 101, size: 100 },
  { heading: 'Shorthair Championship', coat: 'Short', kind: 'championship', first: 201, size: 100 },
  { heading: 'Longhair Premiership', coat: 'Long', kind: 'premiership', first: 301, size: 50 },
  { heading: 'Shorthair Premiership', coat: 'Short', kind: 'premiership', first: 351, size: 50 },
  { heading: 'Household Pets', coat: null, kind: 'household', first: 401, size: 100 },
];

/** A title a cat carries in its name ('' for none), the class it competes in for the next, and how old it is at least and at most. */
export interface Title {
  title: string;
  class: string;
  months: [number, number];
}

/** FIFe's adult titles, the untitled Open class first (most entries). */
export const CHAMPIONSHIP_TITLES: readonly Title[] = [
  { title: '', class: 'Open', months: [10, 24] },
  { title: '', class: 'Open', months: [10, 30] },
  { title: 'CH', class: 'Champion', months: [14, 48] },
  { title: 'CH', class: 'Champion', months: [14, 60] },
  { title: 'IC', class: 'International Champion', months: [20, 72] },
  { title: 'GIC', class: 'Grand International Champion', months: [26, 96] },
  { title: 'SC', class: 'Supreme Champion', months: [36, 120] },
];
/** The same for neuters: Premier titles. */
export const PREMIERSHIP_TITLES: readonly Title[] = [
  { title: '', class: 'Neuter', months: [10, 30] },
  { title: 'PR', class: 'Premier', months: [14, 60] },
  { title: 'PR', class: 'Premier', months: [14, 72] },
  { title: 'IP', class: 'International Premier', months: [20, 84] },
  { title: 'GIP', class: 'Grand International Premier', months: [26, 108] },
  { title: 'SP', class: 'Supreme Premier', months: [36, 144] },
];
export const KITTEN_CLASS = 'Kitten';
export const HOUSEHOLD_PET_CLASS = 'Household Pet';
/** Kittens are shown from four months old and are kittens until eight: they are this many days old. */
export const KITTEN_AGE_DAYS: [number, number] = [125, 240];
export const HOUSEHOLD_PET_AGE_MONTHS: [number, number] = [10, 144];

/**
 * Each breed's colours as its catalogue entry prints them, by breeds.universal_breed_abbreviation. With
 * `ems`, the colours are FIFe EMS codes written after that breed code ("MCO n 22": black blotched tabby);
 * without, FIFe does not recognise the breed and the colour is in words, as its registry writes it.
 */
export const BREED_COLOURS: Record<string, { ems?: string; colours: readonly string[] }> = {
  ABY: { ems: 'ABY', colours: ['n', 'o', 'a', 'p', 'ns'] },
  ACL: { ems: 'ACL', colours: ['n 22', 'a', 'd 23', 'n 03', 'f', 'w 62'] },
  ASH: { colours: ['Silver Classic Tabby', 'Brown Mackerel Tabby', 'Blue', 'Red Classic Tabby', 'Black Smoke', 'Cream'] },
  BAL: { ems: 'BAL', colours: ['n', 'a', 'b', 'c', 'n 21'] },
  BEN: { ems: 'BEN', colours: ['n 24', 'n 22', 'ns 24', 'ns 22', 'n 24 33'] },
  SBI: { ems: 'SBI', colours: ['n', 'a', 'b', 'c', 'n 21', 'a 21'] },
  BOM: { ems: 'BOM', colours: ['n'] },
  BLH: { ems: 'BLH', colours: ['a', 'n', 'ny 11', 'ns 11', 'c', 'a 03'] },
  BSH: { ems: 'BRI', colours: ['a', 'c', 'n', 'ny 11', 'ns 11', 'a 03', 'n 33', 'b'] },
  BUR: { ems: 'BUR', colours: ['n', 'a', 'b', 'c', 'd', 'f'] },
  BML: { ems: 'BML', colours: ['ns 11', 'as 11', 'ny 11', 'ns 12'] },
  CHA: { ems: 'CHA', colours: ['a'] },
  CRX: { ems: 'CRX', colours: ['n', 'a', 'd', 'f', 'n 03', 'w 62'] },
  DRX: { ems: 'DRX', colours: ['n', 'a', 'c', 'n 33', 'f 03', 'w 62'] },
  MAU: { ems: 'MAU', colours: ['ns 24', 'n 24', 'ns'] },
  EUR: { ems: 'EUR', colours: ['n 22', 'ns 22', 'n 23', 'a', 'd 22', 'w 62', 'f 03'] },
  EXO: { ems: 'EXO', colours: ['a', 'n', 'w 62', 'ns 11', 'd 22', 'n 33', 'f 03'] },
  HAV: { colours: ['Brown', 'Lilac'] },
  JBT: { ems: 'JBS', colours: ['f 02', 'n 09', 'd 03', 'w 62', 'n'] },
  KOR: { ems: 'KOR', colours: ['a'] },
  LPL: { ems: 'LPL', colours: ['n 22', 'd', 'a 03', 'b 33', 'f'] },
  MCO: { ems: 'MCO', colours: ['n 22', 'n 23', 'ns 22', 'd 22', 'f 22', 'a', 'n', 'n 09 22', 'w 62', 'ds 22'] },
  MAN: { ems: 'MAN', colours: ['n', 'w 62', 'f', 'n 22', 'ns 23', 'a 03'] },
  NFO: { ems: 'NFO', colours: ['n 09 22', 'n 22', 'f 09', 'a 03', 'ns 09 23', 'w 62', 'd 22'] },
  OCI: { ems: 'OCI', colours: ['n 24', 'b 24', 'o 24', 'a 24', 'ns 24', 'c 24'] },
  OSH: { ems: 'OSH', colours: ['n', 'b', 'a', 'h', 'n 24', 'w 67', 'c'] },
  PER: { ems: 'PER', colours: ['a', 'n', 'w 62', 'ns 12', 'f 03', 'n 33', 'e'] },
  PEB: { ems: 'PEB', colours: ['n', 'a 33', 'f', 'n 21', 'w 62'] },
  RGM: { colours: ['Blue Bicolour', 'Black Classic Tabby', 'Seal Mitted', 'Red Mackerel Tabby', 'Tortoiseshell and White'] },
  RAG: { ems: 'RAG', colours: ['n 04', 'a 03', 'n 03', 'b 04', 'c', 'n 21 04'] },
  RUS: { ems: 'RUS', colours: ['a'] },
  SAV: { colours: ['Brown Spotted Tabby', 'Silver Spotted Tabby', 'Black', 'Black Smoke'] },
  SFS: { colours: ['Blue', 'Silver Classic Tabby', 'Cream', 'Black and White', 'Calico'] },
  SRS: { ems: 'SRS', colours: ['a', 'n 03', 'f', 'ns 22', 'b 33'] },
  SIA: { ems: 'SIA', colours: ['n', 'a', 'b', 'c', 'n 21'] },
  SIB: { ems: 'SIB', colours: ['n 22', 'n 23', 'ns 22', 'f 09 22', 'n 09 22', 'ds 22'] },
  SIN: { ems: 'SIN', colours: ['n 25'] },
  SNO: { ems: 'SNO', colours: ['n 03', 'a 03', 'n 04', 'a 04'] },
  SOM: { ems: 'SOM', colours: ['n', 'o', 'a', 'p', 'ns'] },
  SPH: { ems: 'SPH', colours: ['n', 'a', 'w 62', 'f', 'n 03', 'd 22'] },
  TON: { colours: ['Natural Mink', 'Champagne Mink', 'Blue Point', 'Platinum Solid'] },
  TOY: { colours: ['Brown Mackerel Tabby'] },
  TUA: { ems: 'TUA', colours: ['w 62', 'n', 'a 03', 'd 22', 'f'] },
  TUV: { ems: 'TUV', colours: ['d 01', 'e 01', 'n 01', 'a 01', 'f 01'] },
};

/**
 * A household pet has no pedigree, but every entry names a breed (catalogue_entries.breed_id): the pets
 * are listed under the shorthair breeds that grew out of ordinary house cats.
 */
export const HOUSEHOLD_PET_BREEDS = ['EUR', 'ASH'] as const;
export const HOUSEHOLD_PET_COLOURS = ['Brown Tabby', 'Black and White', 'Tortoiseshell', 'Red Tabby and White', 'Grey', 'Black', 'Calico', 'Silver Tabby'];
export const HOUSEHOLD_PET_NAMES = ['Pumpkin', 'Biscuit', 'Smokey', 'Pepper', 'Olive', 'Mochi', 'Mr Whiskers', 'Bramble', 'Toffee', 'Pip', 'Marmalade', 'Sooty'];

/** Registered names of pedigreed cats: a cattery's prefix or suffix goes with them. */
export const MALE_CAT_NAMES = [
  'Amaretto',
  'Balthazar',
  'Caspian',
  'Dorian',
  'Elvis',
  'Fjord',
  'Gatsby',
  'Horus',
  'Indigo',
  'Jupiter',
  'Kasimir',
  'Lancelot',
  'Marlowe',
  'Nemo',
  'Orion',
  'Pablo',
  'Quincy',
  'Rasmus',
  'Sherlock',
  'Thor',
  'Ulysses',
  'Valentino',
  'Wolfgang',
  'Xander',
  'Yukon',
  'Zeus',
  'Bruno',
  'Cosmo',
  'Django',
  'Finnegan',
  'Hamlet',
  'Lucius',
];
export const FEMALE_CAT_NAMES = [
  'Aurora',
  'Bianca',
  'Calypso',
  'Dahlia',
  'Esmeralda',
  'Fleur',
  'Gaia',
  'Helena',
  'Isolde',
  'Juno',
  'Kiki',
  'Lotus',
  'Melody',
  'Nefertiti',
  'Ophelia',
  'Paloma',
  'Queenie',
  'Rosalie',
  'Sienna',
  'Tallulah',
  'Ursa',
  'Vesper',
  'Wilhelmina',
  'Xena',
  'Yara',
  'Zelda',
  'Belle',
  'Coco',
  'Elsa',
  'Fiona',
  'Ivy',
  'Minka',
];

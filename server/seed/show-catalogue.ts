// The demo show's catalogue: every cat entered in the live event, as a printed catalogue lists it —
// sections numbered in blocks, kittens, entire adults and neuters by coat length, then household pets;
// most cats from a demo cattery that keeps their breed, a few late entries ("52A"), a few absent, and
// one pen each in benching rows A–F in catalogue order.
import { compareCatalogueNumbers } from '../../shared/catalogue.ts';
import {
  BREED_COLOURS,
  CATALOGUE_SECTIONS,
  CHAMPIONSHIP_TITLES,
  FEMALE_CAT_NAMES,
  HOUSEHOLD_PET_AGE_MONTHS,
  HOUSEHOLD_PET_BREEDS,
  HOUSEHOLD_PET_CLASS,
  HOUSEHOLD_PET_COLOURS,
  HOUSEHOLD_PET_NAMES,
  KITTEN_AGE_DAYS,
  KITTEN_CLASS,
  MALE_CAT_NAMES,
  PREMIERSHIP_TITLES,
  type CatalogueSection,
  type Title,
} from './catalogue-lists.ts';
import { addDays, isoDate, type Row, type ShowContext } from './show-context.ts';
import { DAM_NAMES, FIRST_NAMES, LAST_NAMES, SIRE_NAMES, SIRE_TITLES } from './show-lists.ts';

/** Entries per unit of scale, late entries included. */
const ENTRIES_PER_SCALE: [number, number] = [200, 260];
const LATE_ENTRIES_PER_SCALE: [number, number] = [2, 3];
const ABSENT_PER_SCALE: [number, number] = [3, 6];
const HOUSEHOLD_PETS_PER_SCALE: [number, number] = [4, 6];
/** Of the pedigreed entries, kittens and neuters; entire adults are the rest. */
const KITTEN_SHARE = 0.27;
const PREMIERSHIP_SHARE = 0.2;
/** Of each kind, the longhairs; shorthairs are the rest (there are more shorthair breeds). */
const LONGHAIR_SHARE = 0.4;
/** A pedigreed cat comes from one of the demo's catteries (one that keeps its breed); the others from breeders outside it. */
const FROM_A_CATTERY = 0.85;
/** Owners the organiser may publish: an exhibitor's consent, so only some (household pets always). */
const WITH_OWNER = 0.45;
/** The hall's benching rows, in catalogue order (server/seed/show-hall.ts draws one per letter). */
export const BENCHING_ROWS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const DAYS_PER_MONTH = 30.44;

interface Draft {
  section: CatalogueSection;
  breed: Row;
  cattery: Row | null;
  name: string;
  colour: string;
  sex: 'male' | 'female';
  date_of_birth: string;
  class: string;
  /** Classes in catalogue order within a breed and colour: the highest title first. */
  classRank: number;
  sire: string | null;
  dam: string | null;
  owner: string | null;
}

export function buildCatalogue(ctx: ShowContext, from: { event: Row; breeds: Row[]; catteries: Row[]; cattery_has_breed: Row[] }): Row[] {
  const { rnd, scale } = ctx;
  const draw = ([min, max]: [number, number]) => rnd.int(min, max) * scale;
  const total = draw(ENTRIES_PER_SCALE);
  const late = draw(LATE_ENTRIES_PER_SCALE);
  const pets = draw(HOUSEHOLD_PETS_PER_SCALE);
  const pedigreed = total - late - pets;
  const byKind = { kitten: Math.round(pedigreed * KITTEN_SHARE), premiership: Math.round(pedigreed * PREMIERSHIP_SHARE), championship: 0, household: pets };
  byKind.championship = pedigreed - byKind.kitten - byKind.premiership;

  const entrant = entrants(ctx, from);
  const numbered: { draft: Draft; number: string }[] = [];
  for (const section of CATALOGUE_SECTIONS) {
    const ofKind = byKind[section.kind];
    const count = section.coat === null ? ofKind : section.coat === 'Long' ? Math.round(ofKind * LONGHAIR_SHARE) : ofKind - Math.round(ofKind * LONGHAIR_SHARE);
    if (count > section.size * scale) throw new Error(`${section.heading}: ${count} entries do not fit a block of ${section.size * scale} numbers`);
    const drafts = Array.from({ length: count }, () => entrant(section));
    drafts.sort(catalogueOrder);
    const first = (section.first - 1) * scale + 1;
    drafts.forEach((draft, i) => numbered.push({ draft, number: String(first + i) }));
  }
  // A late entry takes the number of the cat it is listed after, with a letter.
  const lateEntries = rnd
    .sample(
      numbered.filter((n) => n.draft.section.kind !== 'household'),
      late,
    )
    .map(({ draft, number }) => ({ draft: entrant(draft.section, draft), number: `${number}A` }));
  const entries = [...numbered, ...lateEntries].sort((a, b) => compareCatalogueNumbers(a.number, b.number));

  const absent = new Set(rnd.sample(entries, draw(ABSENT_PER_SCALE)));
  const perRow = Math.ceil(entries.length / BENCHING_ROWS.length);
  return entries.map((e, i) => {
    const { draft: d } = e;
    return {
      id: i + 1,
      event_id: from.event.id,
      catalogue_number: e.number,
      name: d.name,
      breed_id: d.breed.id,
      colour: d.colour,
      sex: d.sex,
      date_of_birth: d.date_of_birth,
      class: d.class,
      section: d.section.heading,
      cattery_id: d.cattery?.id ?? null,
      sire: d.sire,
      dam: d.dam,
      owner: d.owner,
      pen: `${BENCHING_ROWS[Math.floor(i / perRow)]}${(i % perRow) + 1}`,
      absent: absent.has(e),
    };
  });
}

const collator = new Intl.Collator('en');
/** A printed catalogue's order within a section: breed, colour, class (highest title first), males first, name. */
const catalogueOrder = (a: Draft, b: Draft) =>
  collator.compare(String(a.breed.breed_name), String(b.breed.breed_name)) ||
  collator.compare(a.colour, b.colour) ||
  a.classRank - b.classRank ||
  (a.sex === b.sex ? 0 : a.sex === 'male' ? -1 : 1) ||
  collator.compare(a.name, b.name);

/** Draws one entrant of a section; `like` a late entry: the same breed from the same cattery as the cat it follows. */
function entrants(ctx: ShowContext, from: { breeds: Row[]; catteries: Row[]; cattery_has_breed: Row[] }) {
  const { rnd } = ctx;
  const breeds = new Map(from.breeds.map((b) => [b.id, b]));
  const catteries = new Map(from.catteries.map((c) => [c.id, c]));
  const coatOf = (breedId: unknown) => breeds.get(breedId as number)!.coat_length;
  const linksByCoat = (coat: string) => from.cattery_has_breed.filter((l) => coatOf(l.breed_id) === coat);
  const links = { Long: linksByCoat('Long'), Short: linksByCoat('Short') };
  const breedsByCoat = { Long: from.breeds.filter((b) => b.coat_length === 'Long'), Short: from.breeds.filter((b) => b.coat_length === 'Short') };
  const petBreeds = from.breeds.filter((b) => (HOUSEHOLD_PET_BREEDS as readonly unknown[]).includes(b.universal_breed_abbreviation));
  const ageDays = ([min, max]: [number, number]) => rnd.int(min, max);
  const bornDaysAgo = (days: number) => isoDate(addDays(ctx.today, -days));
  const fictionalPerson = () => `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;

  return (section: CatalogueSection, like?: Draft): Draft => {
    const sex = rnd.chance(0.5) ? 'male' : 'female';
    if (section.kind === 'household') {
      return {
        section,
        breed: rnd.pick(petBreeds.length ? petBreeds : from.breeds),
        cattery: null,
        name: rnd.pick(HOUSEHOLD_PET_NAMES),
        colour: rnd.pick(HOUSEHOLD_PET_COLOURS),
        sex,
        date_of_birth: bornDaysAgo(ageDays(monthsInDays(HOUSEHOLD_PET_AGE_MONTHS))),
        class: HOUSEHOLD_PET_CLASS,
        classRank: 0,
        sire: null,
        dam: null,
        owner: fictionalPerson(),
      };
    }
    const coat = section.coat ?? 'Short';
    let breed: Row;
    let cattery: Row | null;
    if (like) {
      ({ breed, cattery } = like);
    } else if (links[coat].length && rnd.chance(FROM_A_CATTERY)) {
      const link = rnd.pick(links[coat]);
      [breed, cattery] = [breeds.get(link.breed_id as number)!, catteries.get(link.cattery_id as number)!];
    } else {
      [breed, cattery] = [rnd.pick(breedsByCoat[coat]), null];
    }
    const titles: readonly Title[] = section.kind === 'championship' ? CHAMPIONSHIP_TITLES : section.kind === 'premiership' ? PREMIERSHIP_TITLES : [];
    const title = titles.length ? rnd.pick(titles) : null;
    const days = title ? ageDays(monthsInDays(title.months)) : ageDays(KITTEN_AGE_DAYS);
    const called = registeredName(cattery, rnd.pick(sex === 'male' ? MALE_CAT_NAMES : FEMALE_CAT_NAMES));
    // The sire comes from another cattery than the cat's own (any, for a cat bred outside the demo's).
    const own = cattery ? (cattery.id as number) - 1 : -1;
    const sireFrom = from.catteries[(own + 1 + rnd.int(0, Math.max(0, from.catteries.length - 2))) % from.catteries.length]!;
    const owner = rnd.chance(WITH_OWNER) ? (cattery && rnd.chance(0.5) ? `${cattery.first_name} ${cattery.last_name}` : fictionalPerson()) : null;
    return {
      section,
      breed,
      cattery,
      name: title?.title ? `${title.title} ${called}` : called,
      colour: colourOf(breed, rnd.pick),
      sex,
      date_of_birth: bornDaysAgo(days),
      class: title?.class ?? KITTEN_CLASS,
      classRank: title ? -titles.findIndex((t) => t.class === title.class) : 0,
      sire: withTitle(rnd.pick(SIRE_TITLES), registeredName(sireFrom, rnd.pick(SIRE_NAMES))),
      dam: withTitle(rnd.pick(SIRE_TITLES), registeredName(cattery ?? rnd.pick(from.catteries), rnd.pick(DAM_NAMES))),
      owner,
    };
  };
}

const monthsInDays = ([min, max]: [number, number]): [number, number] => [Math.round(min * DAYS_PER_MONTH), Math.round(max * DAYS_PER_MONTH)];
const withTitle = (title: string, name: string) => (title ? `${title} ${name}` : name);

/** A cat's name with its cattery's: before it ("Velvet Paws Amaretto") at most catteries, after it ("Amaretto of Velvet Paws") at every third. */
function registeredName(cattery: Row | null, name: string): string {
  if (!cattery) return name;
  return cattery.id % 3 === 0 ? `${name} of ${String(cattery.name)}` : `${String(cattery.name)} ${name}`;
}

/** The breed's EMS code and colour ("MCO n 22"), or its colour in words where FIFe has no code for the breed. */
function colourOf(breed: Row, pick: <T>(items: readonly T[]) => T): string {
  const known = BREED_COLOURS[String(breed.universal_breed_abbreviation)];
  if (!known) return String(breed.colors).split(',')[0]!.trim();
  const colour = pick(known.colours);
  return known.ems ? `${known.ems} ${colour}` : colour;
}

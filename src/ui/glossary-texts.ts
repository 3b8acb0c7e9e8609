// The words of a cat show, as data: every title, grade, certificate, award, final, class and code a
// visitor meets in a catalogue or a result, with the registries that use it. Registries differ, so which
// one uses a word is a fact of the entry, never a branch in a component. The glossary page lists them and
// GlossaryText (src/ui/glossary-text.tsx) links each one where it appears.
import { formatWholeNumber } from '../../shared/whole-number.ts';

/** The registries (cat fancy bodies) whose shows the glossary covers. */
export const REGISTRIES = ['FIFe', 'TICA', 'CFA', 'GCCF', 'WCF'] as const;
export type Registry = (typeof REGISTRIES)[number];
const ALL: readonly Registry[] = REGISTRIES;

/** The groups of the glossary page, in page order. */
export const GLOSSARY_KINDS = ['title', 'grade', 'certificate', 'award', 'final', 'class', 'code', 'registry'] as const;
export type GlossaryKind = (typeof GLOSSARY_KINDS)[number];

export interface GlossaryEntry {
  /** The anchor of its entry: /glossary#cacib. */
  id: string;
  /** As the entry is headed: the usual abbreviation, or the word. */
  term: string;
  /** What an abbreviation stands for (an <abbr>'s title); none when the term is a word. */
  name?: string;
  /** Other abbreviations written for the same thing, linked like the term (case as written). */
  aliases?: readonly string[];
  /** The thing written out ("International Champion", "Best Kitten"): linked in classes and awards, never in a cat's name. */
  phrases?: readonly string[];
  kind: GlossaryKind;
  registries: readonly Registry[];
  explanation: string;
}

/** Whether the term itself is an abbreviation (linked as one) rather than a word (linked as a phrase). */
export const isAbbreviationEntry = (entry: GlossaryEntry): boolean => entry.name !== undefined;

export const GLOSSARY: readonly GlossaryEntry[] = [
  // ---- Titles: written before a cat's name, the highest first ("GIC Amberlight's Tiger Lily").
  {
    id: 'ch',
    term: 'CH',
    name: 'Champion',
    aliases: ['Ch', 'Ch.'],
    phrases: ['Champion'],
    kind: 'title',
    registries: ALL,
    explanation:
      'The first title of an entire (not neutered) adult cat. FIFe and WCF cats earn it with CAC certificates, GCCF cats with Challenge Certificates (CC); at TICA and CFA shows it is earned in the rings.',
  },
  {
    id: 'gc',
    term: 'GC',
    name: 'Grand Champion',
    aliases: ['GCH', 'Gr Ch', 'Gr. Ch.'],
    phrases: ['Grand Champion'],
    kind: 'title',
    registries: ['CFA', 'GCCF'],
    explanation:
      'The title after Champion. CFA cats earn it with points from the finals, GCCF cats (written Gr Ch) with Grand Challenge Certificates. TICA writes its Grand Champion GRC.',
  },
  {
    id: 'grc',
    term: 'GRC',
    name: 'Grand Champion',
    kind: 'title',
    registries: ['TICA'],
    explanation:
      'TICA’s Grand Champion: a champion with enough points from the rings’ finals. Double, Triple and Quadruple Grand Champion and Supreme Grand Champion follow.',
  },
  {
    id: 'dgc',
    term: 'DGC',
    name: 'Double Grand Champion',
    kind: 'title',
    registries: ['TICA'],
    explanation: 'A TICA title above Grand Champion, for more points from the finals.',
  },
  {
    id: 'tgc',
    term: 'TGC',
    name: 'Triple Grand Champion',
    kind: 'title',
    registries: ['TICA'],
    explanation: 'A TICA title above Double Grand Champion, for more points from the finals.',
  },
  {
    id: 'qgc',
    term: 'QGC',
    name: 'Quadruple Grand Champion',
    kind: 'title',
    registries: ['TICA'],
    explanation: 'A TICA title above Triple Grand Champion, for more points from the finals.',
  },
  {
    id: 'sgc',
    term: 'SGC',
    name: 'Supreme Grand Champion',
    phrases: ['Supreme Grand Champion'],
    kind: 'title',
    registries: ['TICA'],
    explanation: 'TICA’s highest championship title, above Quadruple Grand Champion.',
  },
  {
    id: 'ic',
    term: 'IC',
    name: 'International Champion',
    phrases: ['International Champion'],
    kind: 'title',
    registries: ['FIFe', 'WCF'],
    explanation: 'The title after Champion, earned with CACIB certificates from several judges.',
  },
  {
    id: 'gic',
    term: 'GIC',
    name: 'Grand International Champion',
    phrases: ['Grand International Champion'],
    kind: 'title',
    registries: ['FIFe', 'WCF'],
    explanation: 'The title after International Champion, earned with CAGCIB certificates.',
  },
  {
    id: 'sc',
    term: 'SC',
    name: 'Supreme Champion',
    phrases: ['Supreme Champion'],
    kind: 'title',
    registries: ['FIFe'],
    explanation: 'FIFe’s highest title for an entire cat, earned with CACS certificates.',
  },
  {
    id: 'pr',
    term: 'PR',
    name: 'Premier',
    aliases: ['Pr', 'Pr.'],
    phrases: ['Premier', 'Premior'],
    kind: 'title',
    registries: ['FIFe', 'CFA', 'GCCF', 'WCF'],
    explanation:
      'The first title of a neutered or spayed cat: the neuters’ Champion. FIFe and WCF spell it Premior and award it with CAP certificates; GCCF with Premier Certificates (PC). TICA’s neuters earn Champion Alter (CHA) instead.',
  },
  {
    id: 'gp',
    term: 'GP',
    name: 'Grand Premier',
    aliases: ['Gr Pr', 'Gr. Pr.'],
    phrases: ['Grand Premier'],
    kind: 'title',
    registries: ['CFA', 'GCCF'],
    explanation: 'The title after Premier. CFA cats earn it with points from the finals, GCCF cats (written Gr Pr) with Grand Premier Certificates.',
  },
  {
    id: 'ip',
    term: 'IP',
    name: 'International Premier',
    phrases: ['International Premier', 'International Premior'],
    kind: 'title',
    registries: ['FIFe', 'WCF'],
    explanation: 'The neuters’ International Champion, earned with CAPIB certificates.',
  },
  {
    id: 'gip',
    term: 'GIP',
    name: 'Grand International Premier',
    phrases: ['Grand International Premier', 'Grand International Premior'],
    kind: 'title',
    registries: ['FIFe', 'WCF'],
    explanation: 'The neuters’ Grand International Champion, earned with CAGPIB certificates.',
  },
  {
    id: 'sp',
    term: 'SP',
    name: 'Supreme Premier',
    phrases: ['Supreme Premier', 'Supreme Premior'],
    kind: 'title',
    registries: ['FIFe'],
    explanation: 'FIFe’s highest title for a neutered cat, earned with CAPS certificates.',
  },
  {
    id: 'cha',
    term: 'CHA',
    name: 'Champion Alter',
    phrases: ['Champion Alter'],
    kind: 'title',
    registries: ['TICA'],
    explanation: 'TICA’s Champion for an alter (a neutered or spayed cat). Grand Champion Alter (GCA) and higher alter titles follow, as for entire cats.',
  },
  {
    id: 'gca',
    term: 'GCA',
    name: 'Grand Champion Alter',
    phrases: ['Grand Champion Alter'],
    kind: 'title',
    registries: ['TICA'],
    explanation: 'TICA’s Grand Champion for an alter, with enough points from the alter finals.',
  },
  {
    id: 'dsm',
    term: 'DSM',
    name: 'Distinguished Show Merit',
    kind: 'title',
    registries: ['FIFe'],
    explanation: 'A FIFe merit title for a cat nominated for Best in Show many times.',
  },
  {
    id: 'dvm',
    term: 'DVM',
    name: 'Distinguished Variety Merit',
    kind: 'title',
    registries: ['FIFe'],
    explanation: 'A FIFe merit title for a cat that has won Best in Variety (BIV) many times.',
  },
  {
    id: 'dm',
    term: 'DM',
    name: 'Distinguished Merit',
    kind: 'title',
    registries: ['FIFe', 'CFA'],
    explanation: 'A title for a breeding cat whose offspring have earned titles; each registry counts them its own way.',
  },
  {
    id: 'nw',
    term: 'NW',
    name: 'National Winner',
    kind: 'title',
    registries: ['FIFe', 'CFA'],
    explanation: 'One of the best cats of a year nationally: at a FIFe member’s National Winner show, or in CFA’s national standings of the season.',
  },
  {
    id: 'rw',
    term: 'RW',
    name: 'Regional Winner',
    kind: 'title',
    registries: ['TICA', 'CFA'],
    explanation: 'One of the best cats of its region in a show season.',
  },
  {
    id: 'ww',
    term: 'WW',
    name: 'World Winner',
    kind: 'title',
    registries: ['FIFe'],
    explanation: 'Won its group at FIFe’s World Show; often written with the year (WW’24).',
  },

  // ---- Grades and placings (FIFe's judging: each cat gets a written report and a grade).
  {
    id: 'ex',
    term: 'EX',
    name: 'Excellent',
    phrases: ['Excellent'],
    kind: 'grade',
    registries: ['FIFe'],
    explanation: 'The best grade a judge gives a cat measured against its breed standard. Certificates and placings go only to cats graded Excellent.',
  },
  {
    id: 'vg',
    term: 'VG',
    name: 'Very Good',
    phrases: ['Very Good'],
    kind: 'grade',
    registries: ['FIFe'],
    explanation: 'The grade below Excellent.',
  },
  {
    id: 'g',
    term: 'G',
    name: 'Good',
    kind: 'grade',
    registries: ['FIFe'],
    explanation: 'The grade below Very Good.',
  },
  {
    id: 'ex1',
    term: 'EX1',
    name: 'Excellent, placed first to fourth',
    aliases: ['EX2', 'EX3', 'EX4', 'EX 1', 'EX 2', 'EX 3', 'EX 4'],
    kind: 'grade',
    registries: ['FIFe'],
    explanation: 'EX1 to EX4: graded Excellent and placed first to fourth in its class by the judge. In a class that gives certificates, the certificate goes with EX1.',
  },

  // ---- Certificates: a judge's award towards the next title (FIFe and WCF name them in French).
  {
    id: 'cac',
    term: 'CAC',
    name: 'Certificat d’Aptitude au Championnat',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards Champion (CH), for an entire adult cat without a title yet.',
  },
  {
    id: 'cap',
    term: 'CAP',
    name: 'Certificat d’Aptitude au Premiorat',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards Premier (PR), for a neutered cat without a title yet.',
  },
  {
    id: 'cacib',
    term: 'CACIB',
    name: 'Certificat d’Aptitude au Championnat International de Beauté',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards International Champion (IC), for a Champion.',
  },
  {
    id: 'capib',
    term: 'CAPIB',
    name: 'Certificat d’Aptitude au Premiorat International de Beauté',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards International Premier (IP), for a Premier.',
  },
  {
    id: 'cagcib',
    term: 'CAGCIB',
    name: 'Certificat d’Aptitude au Grand Championnat International de Beauté',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards Grand International Champion (GIC), for an International Champion.',
  },
  {
    id: 'cagpib',
    term: 'CAGPIB',
    name: 'Certificat d’Aptitude au Grand Premiorat International de Beauté',
    kind: 'certificate',
    registries: ['FIFe', 'WCF'],
    explanation: 'A certificate towards Grand International Premier (GIP), for an International Premier.',
  },
  {
    id: 'cacs',
    term: 'CACS',
    name: 'Certificat d’Aptitude au Championnat Suprême',
    kind: 'certificate',
    registries: ['FIFe'],
    explanation: 'A certificate towards Supreme Champion (SC), for a Grand International Champion.',
  },
  {
    id: 'caps',
    term: 'CAPS',
    name: 'Certificat d’Aptitude au Premiorat Suprême',
    kind: 'certificate',
    registries: ['FIFe'],
    explanation: 'A certificate towards Supreme Premier (SP), for a Grand International Premier.',
  },
  {
    id: 'cc',
    term: 'CC',
    name: 'Challenge Certificate',
    kind: 'certificate',
    registries: ['GCCF'],
    explanation: 'A GCCF certificate towards Champion, won in the open class.',
  },
  {
    id: 'gcc',
    term: 'GCC',
    name: 'Grand Challenge Certificate',
    kind: 'certificate',
    registries: ['GCCF'],
    explanation: 'A GCCF certificate towards Grand Champion, won by champions.',
  },
  {
    id: 'pc',
    term: 'PC',
    name: 'Premier Certificate',
    kind: 'certificate',
    registries: ['GCCF'],
    explanation: 'The neuters’ Challenge Certificate: towards Premier.',
  },
  {
    id: 'gpc',
    term: 'GPC',
    name: 'Grand Premier Certificate',
    kind: 'certificate',
    registries: ['GCCF'],
    explanation: 'The neuters’ Grand Challenge Certificate: towards Grand Premier.',
  },

  // ---- Awards and Best in Show.
  {
    id: 'biv',
    term: 'BIV',
    name: 'Best in Variety',
    phrases: ['Best in Variety'],
    kind: 'award',
    registries: ['FIFe'],
    explanation:
      'The best cat of its variety (a breed, or a colour group of one) among those the judge placed first (EX1). A BIV winner can be nominated for Best in Show.',
  },
  {
    id: 'nom',
    term: 'NOM',
    name: 'Nomination',
    phrases: ['Nominated', 'Nomination'],
    kind: 'award',
    registries: ['FIFe', 'WCF'],
    explanation: 'The judge puts the cat forward for Best in Show: the best cat of its category, sex and age group (adult, neuter, young cat) that this judge saw.',
  },
  {
    id: 'bis',
    term: 'BIS',
    name: 'Best in Show',
    phrases: ['Best in Show'],
    kind: 'award',
    registries: ['FIFe', 'WCF', 'GCCF'],
    explanation:
      'Chosen from the nominated cats by a panel of judges, usually on stage at the end of the day. FIFe shows award it per category and group (BIS Category II, adult male). In TICA and CFA rings, Best Cat is the nearest thing.',
  },
  {
    id: 'bob',
    term: 'BOB',
    name: 'Best of Breed',
    phrases: ['Best of Breed'],
    kind: 'award',
    registries: ['TICA', 'CFA', 'GCCF'],
    explanation: 'The best cat of its breed in a ring (TICA, CFA) or at the show (GCCF).',
  },

  // ---- Ring finals (TICA, CFA: every ring is a show of its own, ending in a final).
  {
    id: 'top-10',
    term: 'Top 10',
    phrases: ['Top 5', 'Top 15', 'Top Ten', 'Top Five', 'Final', 'Finals'],
    kind: 'final',
    registries: ['TICA', 'CFA'],
    explanation:
      'At the end of a ring the judge calls the best cats back to the final and places them, usually ten (Top 10); five when the ring had few cats, and CFA places fifteen at a big show.',
  },
  {
    id: 'allbreed',
    term: 'Allbreed',
    phrases: ['All-breed', 'All breed'],
    kind: 'final',
    registries: ['TICA', 'CFA'],
    explanation: 'A ring that judges every breed together; its final places the best cats of all breeds.',
  },
  {
    id: 'specialty',
    term: 'Specialty',
    phrases: ['Longhair Specialty', 'Shorthair Specialty', 'LH Specialty', 'SH Specialty'],
    kind: 'final',
    registries: ['TICA', 'CFA'],
    explanation: 'A ring that judges longhairs and shorthairs apart; its finals place the best longhairs and the best shorthairs.',
  },
  {
    id: 'best-cat',
    term: 'Best Cat',
    phrases: ['Best Kitten', 'Best Alter', 'Best Household Pet', 'Best HHP', 'Best Adult', 'Best Neuter'],
    kind: 'final',
    registries: ['TICA', 'CFA'],
    explanation: 'First place in a ring’s final: Best Cat among the adults, Best Kitten, Best Alter among the neutered cats, Best Household Pet (HHP).',
  },

  // ---- Classes: who competes with whom.
  {
    id: 'kitten',
    term: 'Kitten',
    phrases: ['Kittens', 'Junior', 'Juniors'],
    kind: 'class',
    registries: ALL,
    explanation:
      'A young cat, shown from about four months old: at FIFe shows kittens up to 7 months, then juniors up to 10; at TICA and CFA shows up to 8 months. Kittens compete for placings and finals, not titles.',
  },
  {
    id: 'championship',
    term: 'Championship',
    phrases: ['Open', 'Adult', 'Adults'],
    kind: 'class',
    registries: ALL,
    explanation:
      'Entire (not neutered) adult pedigree cats, competing for the Champion titles: from 8 months at TICA and CFA shows, 10 months at FIFe shows. FIFe calls the class of adults without a title Open.',
  },
  {
    id: 'premiership',
    term: 'Premiership',
    phrases: ['Neuter', 'Neuters', 'Alter', 'Alters'],
    kind: 'class',
    registries: ALL,
    explanation: 'Neutered or spayed adult pedigree cats, with titles of their own: Premier (FIFe and WCF: Premior), or at TICA Champion Alter.',
  },
  {
    id: 'hhp',
    term: 'HHP',
    name: 'Household Pet',
    phrases: ['Household Pet', 'Household Pets', 'Domestic cat', 'Domestic cats'],
    kind: 'class',
    registries: ['TICA', 'CFA', 'GCCF', 'FIFe'],
    explanation: 'Cats without a pedigree, judged on condition, beauty and character rather than a breed standard. FIFe shows call them domestic cats.',
  },

  // ---- Codes in the catalogue.
  {
    id: 'ems',
    term: 'EMS',
    name: 'Easy Mind System',
    kind: 'code',
    registries: ['FIFe', 'WCF'],
    explanation:
      'The code a catalogue gives for a cat’s breed and colour: the breed’s three letters, a letter for the colour (n black, a blue, d red, e cream, f tortoiseshell, w white; s silver) and numbers for white (03 bicolour, 09 white spots), pattern (22 classic tabby, 23 mackerel, 24 spotted, 25 ticked, 33 colourpoint) and eye colour (61 to 67). MCO n 22 is a black classic tabby Maine Coon.',
  },
  {
    id: 'category',
    term: 'Category',
    phrases: ['Category I', 'Category II', 'Category III', 'Category IV', 'Cat. I', 'Cat. II', 'Cat. III', 'Cat. IV'],
    kind: 'code',
    registries: ['FIFe'],
    explanation:
      'FIFe’s four groups of breeds, each with a Best in Show of its own: I Persian and Exotic, II semi-longhair, III shorthair and Somali, IV Siamese and Oriental.',
  },

  // ---- Registries.
  {
    id: 'fife',
    term: 'FIFe',
    name: 'Fédération Internationale Féline',
    kind: 'registry',
    registries: ['FIFe'],
    explanation:
      'A federation of national cat clubs, most of them in Europe. Its judges grade each cat and give certificates towards titles; the show ends with Best in Show per category.',
  },
  {
    id: 'tica',
    term: 'TICA',
    name: 'The International Cat Association',
    kind: 'registry',
    registries: ['TICA'],
    explanation:
      'A registry from the United States with shows worldwide. Each ring is a show of its own, ending in a final; titles come from what a cat wins in the rings.',
  },
  {
    id: 'cfa',
    term: 'CFA',
    name: 'The Cat Fanciers’ Association',
    kind: 'registry',
    registries: ['CFA'],
    explanation:
      'A registry from the United States. As at TICA, each ring ends in a final; cats become Champions with winners ribbons, then Grand Champions with points.',
  },
  {
    id: 'gccf',
    term: 'GCCF',
    name: 'Governing Council of the Cat Fancy',
    kind: 'registry',
    registries: ['GCCF'],
    explanation: 'The oldest registry of the United Kingdom. Judges award Challenge and Premier Certificates towards titles, written Ch., Gr Ch, Pr, Gr Pr.',
  },
  {
    id: 'wcf',
    term: 'WCF',
    name: 'World Cat Federation',
    kind: 'registry',
    registries: ['WCF'],
    explanation:
      'A federation of clubs based in Germany, with members on several continents. Its shows work much like FIFe’s: certificates towards titles and nominations for Best in Show.',
  },
];

/** The entry of a registry's own name (its "Used by" link). */
export const registryEntryId = (registry: Registry): string => registry.toLowerCase();

/** Every visible text of the glossary page. */
export const GLOSSARY_TEXTS = {
  title: 'Glossary',
  heading: 'Cat show glossary',
  lead: 'The abbreviations and words of a cat show: in the catalogue, on the rings’ boards and in the results. Each registry has its own, so every entry says which use it.',
  filterLabel: 'Find a term',
  filterHint: 'An abbreviation (CACIB), a word (kitten) or a registry (TICA).',
  count: (shown: number, total: number) => (shown === total ? `${formatWholeNumber(total)} terms` : `${formatWholeNumber(shown)} of ${formatWholeNumber(total)} terms`),
  noMatches: (typed: string) => `No term matches “${typed}”.`,
  clearFilter: 'Show every term',
  alsoWritten: 'Also written',
  usedBy: 'Used by',
  kinds: {
    title: { heading: 'Titles', intro: 'Written before a cat’s name, the highest first: GIC Amberlight’s Tiger Lily.' },
    grade: { heading: 'Grades and placings', intro: 'How a judge rates each cat against its breed standard.' },
    certificate: { heading: 'Certificates', intro: 'A judge’s award towards the cat’s next title.' },
    award: { heading: 'Awards and Best in Show', intro: 'The best cats of the day, chosen by the judges.' },
    final: { heading: 'Ring finals', intro: 'At TICA and CFA shows every ring is a show of its own and ends in a final.' },
    class: { heading: 'Classes', intro: 'Who competes with whom.' },
    code: { heading: 'Codes in the catalogue', intro: 'What the catalogue writes after a cat’s breed.' },
    registry: { heading: 'Registries', intro: 'The bodies that keep pedigrees, write the rules and license the shows.' },
  } satisfies Record<GlossaryKind, { heading: string; intro: string }>,
  /** About's and the catalogue's link to the page. */
  link: 'What the abbreviations mean',
};

// Search: folding, ranking and the index built from mirror rows, as tables.
import { formatDateRange } from '../../shared/dates.ts';
import { describe, expect, it } from 'vitest';
import { fold, foldedAbbreviation, foldedLine, tokenise } from '../../src/lib/fold.ts';
import { createSearch, GROUP_CAP, makeEntry, matchTier, prepareQuery, searchEntries, SEARCH_KINDS, TIER, type SearchDoc } from '../../src/features/search/rank.ts';
import { buildSearchIndex, type SearchRows } from '../../src/features/search/search-index.ts';
import { SEARCH_TEXTS } from '../../src/features/search/search-texts.ts';

describe('fold', () => {
  it.each([
    ['sphynx', 'sphynx'],
    ['SPHYNX', 'sphynx'],
    ['Sphÿnx', 'sphynx'],
    ['Chartreux', 'chartreux'],
    ['CHARTREUX', 'chartreux'],
    ['Fédération Internationale Féline', 'federation internationale feline'],
    ['Straße', 'strasse'],
    ['STRASSE', 'strasse'],
    ['Ærø Kattehus', 'aero kattehus'],
    ['Østergaard', 'ostergaard'],
    ['Łódź', 'lodz'],
    ['Œuvre', 'oeuvre'],
    ['Þórshöfn', 'thorshofn'],
    ['İstanbul', 'istanbul'],
    ['ﬁne', 'fine'],
    ['Ｍａｉｎｅ', 'maine'],
    ['São Paulo', 'sao paulo'],
    ['Kočka', 'kocka'],
  ])('%s → %s', (text, folded) => expect(fold(text)).toBe(folded));

  it('makes "sphynx", "SPHYNX" and "Sphÿnx" one word', () => {
    expect(new Set(['sphynx', 'SPHYNX', 'Sphÿnx', 'Sphynx'].map(fold)).size).toBe(1);
  });
});

describe('tokenise', () => {
  it.each([
    ['Maine Coon', ['maine', 'coon']],
    ['  Maine-Coon  ', ['maine', 'coon']],
    ["The Cat Fanciers' Association", ['the', 'cat', 'fanciers', 'association']],
    ['O’Malley’s Cattery', ['omalleys', 'cattery']],
    ['Scratch & Snooze', ['scratch', 'snooze']],
    ['RAI Amsterdam, Hall 5', ['rai', 'amsterdam', 'hall', '5']],
    ['', []],
    ['  ·–  ', []],
  ])('%j → %j', (text, words) => expect(tokenise(text)).toEqual(words));

  it.each([
    ['Maine   coon', 'maine coon'],
    ['CCA-AFC', 'cca afc'],
  ])('foldedLine %j → %j', (text, line) => expect(foldedLine(text)).toBe(line));

  it.each([
    ['MCO', 'mco'],
    ['CCA-AFC', 'ccaafc'],
    ['FIFe', 'fife'],
  ])('foldedAbbreviation %j → %j', (text, abbreviation) => expect(foldedAbbreviation(text)).toBe(abbreviation));
});

const doc = (over: Partial<SearchDoc> & Pick<SearchDoc, 'id' | 'label'>): SearchDoc => ({ kind: 'breed', detail: '', path: `/x/${over.id}`, ...over });

describe('matchTier', () => {
  const maineCoon = makeEntry(doc({ id: 1, label: 'Maine Coon', abbreviations: ['MCO'], fields: ['Norway'] }));
  it.each([
    ['MCO', TIER.abbreviation],
    ['mco', TIER.abbreviation],
    ['maine', TIER.namePrefix],
    ['MAINE C', TIER.namePrefix],
    ['Maine-Coon', TIER.namePrefix],
    ['coon', TIER.nameWordPrefix],
    ['coon maine', TIER.nameWordPrefix],
    ['mc', TIER.wordPrefix],
    ['norw', TIER.wordPrefix],
    ['maine norway', TIER.wordPrefix],
    ['c', TIER.nameWordPrefix],
    ['n', TIER.wordPrefix],
    ['oon', TIER.substring],
    // A single letter counts only at a word's start.
    ['i', null],
    ['maine o', null],
    ['maine oo', TIER.substring],
    ['ine co', TIER.substring],
    ['persian', null],
    ['maine persian', null],
  ])('Maine Coon for %j: tier %s', (query, tier) => expect(matchTier(maineCoon, prepareQuery(query)!)).toBe(tier));

  it('has no query without letters or digits', () => {
    expect(prepareQuery('')).toBeNull();
    expect(prepareQuery('  - ')).toBeNull();
  });
});

describe('searchEntries', () => {
  const entries = [
    doc({ id: 1, label: 'Abyssinian', abbreviations: ['ABY'] }),
    doc({ id: 2, label: 'Maine Coon', abbreviations: ['MCO'] }),
    doc({ id: 3, label: 'Mandalay', abbreviations: ['MAN'] }),
    doc({ id: 4, label: 'Sphynx', abbreviations: ['SPH'] }),
    doc({ id: 5, label: 'Chartreux', abbreviations: ['CHA'] }),
    doc({ id: 6, label: 'Somali', abbreviations: ['SOM'] }),
    doc({ kind: 'cattery', id: 10, label: 'Coonland', abbreviations: ['TICA', 'MCO'], fields: ['Amsterdam', 'Maine Coon', 'The International Cat Association'] }),
    doc({ kind: 'cattery', id: 11, label: 'Amsterdam Mainecoons', fields: ['Utrecht'] }),
    doc({ kind: 'cattery', id: 12, label: 'Anna’s Cats', abbreviations: ['FIFe'], fields: ['Maine', 'Fédération Internationale Féline'] }),
    doc({ kind: 'litter', id: 20, label: 'Maine Coon litter', name: 'Maine Coon', abbreviations: ['MCO'], fields: ['Coonland', 'Amsterdam'] }),
    doc({ kind: 'session', id: 30, label: 'Maine Coon judging', fields: ['Ring 2'] }),
    doc({ kind: 'advertiser', id: 50, label: 'Pawsome Nutrition', fields: ['Amsterdam'] }),
    doc({ kind: 'event', id: 40, label: 'PurrFect Show 2026', fields: ['Amsterdam', 'RAI Amsterdam, Hall 5'] }),
  ].map(makeEntry);
  const ids = (query: string) => searchEntries(entries, query).map((g) => [g.kind, g.results.map((e) => e.id)]);

  it.each([
    // The exact abbreviation first, in every group.
    [
      'MCO',
      [
        ['breed', [2]],
        ['cattery', [10]],
        ['litter', [20]],
      ],
    ],
    // A name prefix before a word prefix before a substring.
    [
      'maine',
      [
        ['breed', [2]],
        ['cattery', [11, 12, 10]],
        ['litter', [20]],
        ['session', [30]],
      ],
    ],
    [
      'coon',
      [
        ['breed', [2]],
        ['cattery', [10, 11]],
        ['litter', [20]],
        ['session', [30]],
      ],
    ],
    [
      'ma',
      [
        ['breed', [2, 3, 6]],
        ['cattery', [11, 12, 10]],
        ['litter', [20]],
        ['session', [30]],
      ],
    ],
    // Groups always in the fixed order: breeds, catteries, litters, sessions, events, advertisers.
    [
      'amsterdam',
      [
        ['cattery', [11, 10]],
        ['litter', [20]],
        ['event', [40]],
        ['advertiser', [50]],
      ],
    ],
    ['Sphÿnx', [['breed', [4]]]],
    ['SPHYNX', [['breed', [4]]]],
    ['chartreux', [['breed', [5]]]],
    ['tica', [['cattery', [10]]]],
    ['federation feline', [['cattery', [12]]]],
    // One letter: word starts only (Somali has an "m" but no word starting with one).
    [
      'm',
      [
        ['breed', [2, 3]],
        ['cattery', [11, 12, 10]],
        ['litter', [20]],
        ['session', [30]],
      ],
    ],
    ['xyz', []],
    ['', []],
  ])('%j → %j', (query, expected) => expect(ids(query)).toEqual(expected));

  it('shows the groups in SEARCH_KINDS order', () => {
    expect(SEARCH_KINDS).toEqual(['breed', 'entry', 'cattery', 'litter', 'session', 'event', 'advertiser']);
  });

  it('answers a query typed key by key (narrowing on each longer query) as a fresh search does', () => {
    const search = createSearch(entries);
    const typed = [
      'm',
      'ma',
      'mai',
      'main',
      'maine',
      'maine ',
      'maine c',
      'maine co',
      'maine c',
      'maine',
      'mai',
      'am',
      'ams',
      'ams m',
      'coon',
      'coon m',
      'x',
      '',
      'mco',
      'o',
      'oo',
      'oon',
      's',
      'so',
      'som',
      'm c',
      'c',
      'z',
      'a m',
      '5',
    ];
    for (const query of typed) expect(search(query), query).toEqual(searchEntries(entries, query));
  });

  it('caps each group and counts what matched', () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      makeEntry(doc({ kind: 'litter', id: 100 + i, label: `Ragdoll litter ${String(i).padStart(2, '0')}`, name: 'Ragdoll' })),
    );
    const [group] = searchEntries(many, 'rag');
    expect(group!.total).toBe(20);
    expect(group!.results.map((e) => e.id)).toEqual([100, 101, 102, 103, 104, 105].slice(0, GROUP_CAP));
    expect(searchEntries(many, 'rag', 3)[0]!.results).toHaveLength(3);
  });
});

const ROWS: SearchRows = {
  breeds: [
    { id: 1, breed_name: 'Maine Coon', universal_breed_abbreviation: 'MCO' },
    { id: 2, breed_name: 'Sphynx', universal_breed_abbreviation: 'SPH' },
    { id: 3, breed_name: 'Chartreux', universal_breed_abbreviation: 'CHA' },
  ],
  organizations: [{ id: 1, name: 'Fédération Internationale Féline', abbreviation: 'FIFe' }],
  catteries: [
    { id: 1, name: 'Big Paws', city: 'Antwerp', country: 'Belgium', organization_id: 1 },
    { id: 2, name: 'Naked Truth', city: 'Amsterdam', country: 'Netherlands', organization_id: null },
  ],
  cattery_has_breed: [
    { cattery_id: 1, breed_id: 1 },
    { cattery_id: 1, breed_id: 3 },
    { cattery_id: 2, breed_id: 2 },
  ],
  litters: [
    { id: 7, cattery_id: 1, breed_id: 1, date_of_birth: '2026-09-01', available_male_kittens: 1, available_female_kittens: 2 },
    { id: 8, cattery_id: 2, breed_id: 2, date_of_birth: '2026-10-01', available_male_kittens: 0, available_female_kittens: 0 },
  ],
  events: [
    {
      id: 3,
      name: 'PurrFect Show 2026',
      city: 'Amsterdam',
      country: 'Netherlands',
      venue_name: 'RAI Amsterdam, Hall 5',
      start_date: '2026-11-26',
      end_date: '2026-11-28',
    },
  ],
  event_schedule: [
    {
      id: 11,
      event_id: 3,
      title: 'Maine Coon judging',
      location: 'Ring 2',
      schedule_date: '2026-11-28',
      start_time: '10:00:00',
      end_time: '11:30:00',
      status: 'scheduled',
    },
    {
      id: 12,
      event_id: 3,
      title: 'Grooming talk',
      location: 'Main Stage',
      schedule_date: '2026-11-27',
      start_time: '14:00:00',
      end_time: '14:45:00',
      status: 'cancelled',
    },
  ],
  advertisers: [{ id: 5, company_name: 'Pawsome Nutrition', city: 'Amsterdam', country: 'Netherlands' }],
  catalogue_entries: [
    { id: 21, event_id: 3, catalogue_number: '52', name: 'GIC Big Paws Ödin', breed_id: 1, colour: 'MCO n 22', cattery_id: 1, owner: null, pen: 'A17', absent: false },
    { id: 22, event_id: 3, catalogue_number: '52A', name: 'CH Naked Truth Luna', breed_id: 2, colour: null, cattery_id: 2, owner: 'J. Smit', pen: 'B3', absent: true },
  ],
};

describe('buildSearchIndex', () => {
  const { entries } = buildSearchIndex(ROWS);
  const find = (query: string) =>
    searchEntries(entries, query).map((g) => ({ kind: g.kind, results: g.results.map((e) => ({ label: e.label, detail: e.detail, path: e.path })) }));

  it('makes one entry per row of each kind', () => {
    expect(entries.map((e) => `${e.kind}:${e.id}`).sort()).toEqual(
      [
        'breed:1',
        'breed:2',
        'breed:3',
        'cattery:1',
        'cattery:2',
        'litter:7',
        'litter:8',
        'session:11',
        'session:12',
        'event:3',
        'advertiser:5',
        'entry:21',
        'entry:22',
      ].sort(),
    );
  });

  it('finds "maine": the breed, its cat in the catalogue, its cattery and litter, the session; each linking to its page', () => {
    expect(find('maine')).toEqual([
      { kind: 'breed', results: [{ label: 'Maine Coon', detail: 'MCO', path: '/breeds/MCO' }] },
      { kind: 'entry', results: [{ label: '52 · GIC Big Paws Ödin', detail: 'Maine Coon · MCO n 22 · Pen A17', path: '/catalogue/3/52' }] },
      { kind: 'cattery', results: [{ label: 'Big Paws', detail: 'Antwerp, Belgium · Maine Coon, Chartreux', path: '/catteries/big-paws' }] },
      { kind: 'litter', results: [{ label: SEARCH_TEXTS.litterOf('Maine Coon'), detail: `Big Paws · Antwerp · ${SEARCH_TEXTS.available(3)}`, path: '/litters/7' }] },
      {
        kind: 'session',
        results: [{ label: 'Maine Coon judging', detail: 'Sat 28 Nov 10:00–11:30 · Ring 2 · PurrFect Show 2026', path: '/events/3#session-11' }],
      },
    ]);
  });

  it('matches registry names and abbreviations, cities, venues and locations', () => {
    const kinds = (query: string) => searchEntries(entries, query).map((g) => `${g.kind}:${g.results.map((e) => e.id).join(',')}`);
    expect(kinds('FIFe')).toEqual(['cattery:1']);
    expect(kinds('feline')).toEqual(['cattery:1']);
    expect(kinds('amsterdam')).toEqual(['cattery:2', 'litter:8', 'event:3', 'advertiser:5']);
    expect(kinds('rai')).toEqual(['event:3']);
    expect(kinds('stage')).toEqual(['session:12']);
    expect(kinds('Sphÿnx')).toEqual(['breed:2', 'entry:22', 'cattery:2', 'litter:8']);
    expect(kinds('CHARTREUX')).toEqual(['breed:3', 'cattery:1']);
  });

  it('finds a cat by its catalogue number (52 first, then 52A), its name without accents, its owner and its pen', () => {
    const kinds = (query: string) => searchEntries(entries, query).map((g) => `${g.kind}:${g.results.map((e) => e.id).join(',')}`);
    expect(kinds('52')).toEqual(['entry:21,22']);
    expect(kinds('52a')).toEqual(['entry:22']);
    expect(kinds('odin')).toEqual(['entry:21']);
    expect(kinds('smit')).toEqual(['entry:22']);
    expect(kinds('a17')).toEqual(['entry:21']);
    expect(entries.find((e) => e.kind === 'entry' && e.id === 22)!.detail).toBe('Sphynx · Pen B3 · Absent');
  });

  it('says when a litter is sold out and a session cancelled', () => {
    const litter = entries.find((e) => e.kind === 'litter' && e.id === 8)!;
    expect(litter.detail).toBe(`Naked Truth · Amsterdam · ${SEARCH_TEXTS.available(0)}`);
    const session = entries.find((e) => e.kind === 'session' && e.id === 12)!;
    expect(session.detail).toBe(`Fri 27 Nov 14:00–14:45 · Main Stage · PurrFect Show 2026 · ${SEARCH_TEXTS.cancelled}`);
  });

  it('opens the session in its event, the event and the advertiser on their pages', () => {
    expect(find('grooming')[0]!.results[0]!.path).toBe('/events/3#session-12');
    expect(find('purrfect')).toEqual([
      {
        kind: 'event',
        results: [{ label: 'PurrFect Show 2026', detail: `Amsterdam, Netherlands · ${formatDateRange('2026-11-26', '2026-11-28', 'en-GB')}`, path: '/events/3' }],
      },
    ]);
    expect(find('pawsome')[0]!.results[0]!.path).toBe('/pet-products/5');
  });
});

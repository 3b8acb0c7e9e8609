// The show import's planner as tables: sheet rows and database rows in, the plan (or every problem) out.
// No server, no database, no folder: plan.ts is pure, so each case is its input and its expected answer.
import { describe, expect, it } from 'vitest';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import type { Sheet } from './folder.ts';
import { imagesToFind, planImport, planWrites, type ImageFind, type RowRef, type RowWrite } from './plan.ts';
import { headersOf, TABLE_SPECS, type DbRow } from './tables.ts';

/** A sheet as folder.ts reads it: the header is row 1, so the first data row is row 2. */
const sheet = (table: MirrorTable, headers: string[], ...rows: string[][]): Sheet => ({
  table,
  label: `${table}.csv`,
  headers,
  rows: rows.map((cells, i) => ({ row: i + 2, cells: Object.fromEntries(headers.map((h, j) => [h, cells[j] ?? ''])) })),
});

interface Case {
  sheets: Sheet[];
  db?: Partial<Record<MirrorTable, DbRow[]>>;
  images?: Record<string, ImageFind>;
  prune?: boolean;
  folderProblems?: string[];
  /** What the executor stored each uploaded image as. */
  stored?: Record<string, string>;
}

const ref = (r: RowRef | null) => (r === null ? null : 'id' in r ? r.id : `new ${r.inserted.at}`);
const row = (w: RowWrite): Record<string, unknown> => ({ at: w.at, ...w.values, ...Object.fromEntries(Object.entries(w.refs).map(([c, r]) => [c, ref(r)])) });

/** Runs both steps of the planner; the writes are shown with references as an id or "new <row>". */
function plan(c: Case) {
  const input = {
    sheets: c.sheets,
    folderProblems: c.folderProblems ?? [],
    db: new Map(Object.entries(c.db ?? {})) as Map<MirrorTable, DbRow[]>,
    images: new Map(Object.entries(c.images ?? {})),
    prune: c.prune ?? false,
  };
  const first = planImport(input);
  const { tables, writes } = planWrites(first, new Map(Object.entries(c.stored ?? {})));
  return {
    problems: first.problems,
    uploads: first.uploads,
    counts: Object.fromEntries(tables.map((t) => [t.table, [t.new, t.changed, t.unchanged, t.absent]])),
    inserts: writes.flatMap((w) => w.inserts.map(row)),
    updates: writes.flatMap((w) => w.updates.map((u): Record<string, unknown> => ({ id: u.id, ...row(u) }))),
    absent: Object.fromEntries(writes.filter((w) => w.absent.length).map((w) => [w.table, w.absent])),
  };
}

const CATTERY = ['id', 'name', 'email'];
const BREED = ['id', 'breed_name', 'universal_breed_abbreviation'];
const LITTER = ['id', 'cattery', 'breed', 'date_of_birth', 'num_male_kittens', 'available_male_kittens', 'dam'];
const forestGiants: DbRow = { id: 3, name: 'Forest Giants', email: 'info@forestgiants.example' };
const mco: DbRow = { id: 7, breed_name: 'Maine Coon', universal_breed_abbreviation: 'MCO' };
const fleur: DbRow = { id: 11, cattery_id: 3, breed_id: 7, date_of_birth: '2026-09-20', num_male_kittens: 3, available_male_kittens: 1, dam: 'Fleur' };

describe('planImport: every problem at once, as file:row:column — message', () => {
  it.each<[string, Case, string[]]>([
    [
      'an unknown column and a missing one',
      { sheets: [sheet('organizations', ['id', 'nme'], ['', 'FIFe'])] },
      [
        'organizations.csv:1:nme — unknown column (allowed: id, name, abbreviation, description)',
        'organizations.csv:1:name — missing column',
        'organizations.csv:2:name — Invalid input: expected string, received null',
      ],
    ],
    [
      'references to nothing: by name, by abbreviation, by id, by litter name',
      {
        sheets: [
          sheet('litters', LITTER, ['', 'Nowhere', 'MCO', '2026-09-20'], ['', '99', 'XYZ', '2026-09-20']),
          sheet('litter_images', ['id', 'litter', 'image_url'], ['', 'Forest Giants / 2026-09-20 / Nobody', 'photos/a.jpg']),
        ],
        db: { catteries: [forestGiants], breeds: [mco] },
        images: { 'photos/a.jpg': { inBucket: true } },
      },
      [
        'litters.csv:2:cattery — unknown cattery "Nowhere"',
        'litters.csv:3:cattery — unknown cattery id 99',
        'litters.csv:3:breed — unknown breed abbreviation "XYZ"',
        'litter_images.csv:2:litter — unknown litter "Forest Giants / 2026-09-20 / Nobody" (write "<cattery> / <date_of_birth> / <dam>" or the litter\'s id)',
      ],
    ],
    [
      "cells the database or the app's row schema would refuse",
      {
        sheets: [
          sheet('breeds', [...BREED, 'activity_level'], ['', 'Maine Coon', 'M', 'Hyper']),
          sheet('catteries', CATTERY, ['', 'Forest Giants', 'hello at forest']),
          sheet('litters', LITTER, ['', 'Forest Giants', '', '2026-02-30'], ['', 'Forest Giants', '', '2026-09-20', '1', '2']),
          sheet('events', ['name', 'start_date', 'end_date', 'time_zone'], ['Show', '2026-12-05', '2026-12-04', 'Mars/Olympus']),
        ],
      },
      [
        'breeds.csv:2:activity_level — unknown activity level "Hyper"; allowed: Very Calm, Calm, Moderate, Active, Very Active',
        'catteries.csv:2:email — not an e-mail address: "hello at forest"',
        'litters.csv:2:date_of_birth — not a date (YYYY-MM-DD): "2026-02-30"',
        'litters.csv:3:available_male_kittens — more than num_male_kittens (1)',
        'events.csv:2:end_date — before start_date (2026-12-05)',
        'events.csv:2:time_zone — not a time zone name such as Europe/Amsterdam: "Mars/Olympus"',
      ],
    ],
    [
      'the same id, the same key, an id that is no number',
      {
        sheets: [sheet('breeds', BREED, ['5', 'Maine Coon', 'MCO'], ['5', 'Sphynx', 'SPH'], ['', 'Maine Coon 2', 'mco'], ['x', 'Abyssinian', 'ABY'])],
      },
      [
        'breeds.csv:3:id — id 5 is also on row 2',
        'breeds.csv:4:universal_breed_abbreviation — the same universal_breed_abbreviation as row 2',
        'breeds.csv:5:id — not a whole number: "x"',
      ],
    ],
    [
      'catteries are the same by their slug',
      { sheets: [sheet('catteries', CATTERY, ['', 'Forest Giants'], ['', 'forest  giants!'])] },
      ['catteries.csv:3:name — the same name as row 2'],
    ],
    [
      'a unique name taken by a database row the folder leaves alone, or by another row of the folder',
      {
        sheets: [sheet('breeds', BREED, ['', 'Maine Coon', 'SPH'], ['', 'Abyssinian', 'ABY'], ['', 'Abyssinian', 'ABX'])],
        db: { breeds: [mco] },
      },
      ['breeds.csv:2:breed_name — already taken by breeds row 7, which is not in breeds.csv', 'breeds.csv:4:breed_name — the same breed_name as row 3'],
    ],
    [
      'images: not found, refused; stored paths, URLs and bucket objects are fine',
      {
        sheets: [
          sheet(
            'catteries',
            ['name', 'profile_image_url', 'detail_images'],
            ['A', 'photos/missing.jpg', 'https://example.org/x.jpg\nphotos/stored.jpg'],
            ['B', '../secret.jpg', 'photos/in-bucket.jpg'],
          ),
        ],
        db: { catteries: [{ id: 1, name: 'Old', profile_image_url: 'photos/stored.jpg' }] },
        images: {
          '../secret.jpg': { refused: '"../secret.jpg" is not inside the show folder: the import reads only files in it' },
          'photos/in-bucket.jpg': { inBucket: true },
        },
      },
      [
        'catteries.csv:2:profile_image_url — no image "photos/missing.jpg": not a file in the folder nor in the images bucket',
        'catteries.csv:3:profile_image_url — "../secret.jpg" is not inside the show folder: the import reads only files in it',
      ],
    ],
    [
      "the folder's own problems first",
      { sheets: [sheet('catteries', CATTERY, ['', 'A', 'nope'])], folderProblems: ['show.xlsx[cats] — unknown sheet'] },
      ['show.xlsx[cats] — unknown sheet', 'catteries.csv:2:email — not an e-mail address: "nope"'],
    ],
  ])('%s', (_, input, problems) => {
    expect(plan(input).problems).toEqual(problems);
  });

  it('--prune refuses to delete a row the folder points at, and only with --prune', () => {
    const input: Case = {
      sheets: [sheet('catteries', CATTERY, ['', 'Velvet Skin']), sheet('litters', LITTER, ['11', 'Forest Giants', 'MCO', '2026-09-20', '3', '1', 'Fleur'])],
      db: { catteries: [forestGiants], breeds: [mco], litters: [fleur] },
    };
    expect(plan({ ...input, prune: true }).problems).toEqual(['litters.csv:2:cattery — catteries row 3 is not in catteries.csv: --prune would delete it']);
    expect(plan(input).problems).toEqual([]);
  });
});

describe('planImport + planWrites: the rows to write', () => {
  it('inserts parents and children together, a child pointing at its new parent', () => {
    const p = plan({
      sheets: [
        sheet('breeds', BREED, ['', 'Maine Coon', 'MCO']),
        sheet('catteries', CATTERY, ['', 'Forest Giants', 'info@forestgiants.example']),
        sheet('litters', LITTER, ['', 'forest giants', 'mco', '2026-09-20', '3', '1', 'Fleur']),
        sheet('litter_images', ['litter', 'image_url'], ['Forest Giants / 2026-09-20 / Fleur', 'https://example.org/k.jpg']),
      ],
    });
    expect(p.problems).toEqual([]);
    expect(p.counts).toEqual({ breeds: [1, 0, 0, 0], catteries: [1, 0, 0, 0], litters: [1, 0, 0, 0], litter_images: [1, 0, 0, 0] });
    expect(p.inserts).toEqual([
      { at: 'breeds.csv:2', breed_name: 'Maine Coon', universal_breed_abbreviation: 'MCO' },
      { at: 'catteries.csv:2', name: 'Forest Giants', email: 'info@forestgiants.example' },
      {
        at: 'litters.csv:2',
        cattery_id: 'new catteries.csv:2',
        breed_id: 'new breeds.csv:2',
        date_of_birth: '2026-09-20',
        num_male_kittens: 3,
        available_male_kittens: 1,
        dam: 'Fleur',
      },
      { at: 'litter_images.csv:2', litter_id: 'new litters.csv:2', image_url: 'https://example.org/k.jpg' },
    ]);
    expect(p.updates).toEqual([]);
  });

  it.each<[string, Case, Partial<ReturnType<typeof plan>>]>([
    [
      'a row equal to its database row is unchanged, by id or by natural key, references by name or id',
      {
        sheets: [
          sheet('catteries', CATTERY, ['3', 'Forest Giants', 'info@forestgiants.example']),
          sheet('litters', LITTER, ['', 'Forest Giants', '7', '2026-09-20', '3', '1', 'Fleur']),
        ],
        db: { catteries: [forestGiants], breeds: [mco], litters: [fleur] },
      },
      { counts: { catteries: [0, 0, 1, 0], litters: [0, 0, 1, 0] }, inserts: [], updates: [], absent: {} },
    ],
    [
      'the natural key finds a row whatever its case; the new case is the change',
      {
        sheets: [sheet('litters', LITTER, ['', 'FOREST GIANTS', 'mco', '2026-09-20', '3', '1', ' fleur '])],
        db: { catteries: [forestGiants], breeds: [mco], litters: [fleur] },
      },
      { counts: { litters: [0, 1, 0, 0] }, inserts: [], updates: [{ id: 11, at: 'litters.csv:2', dam: 'fleur' }] },
    ],
    [
      'a changed cell is an update of that column only; a row left out is absent',
      {
        sheets: [sheet('catteries', CATTERY, ['', 'FOREST GIANTS', 'new@forestgiants.example'])],
        db: { catteries: [forestGiants, { id: 4, name: 'Velvet Skin', email: null }] },
      },
      {
        counts: { catteries: [0, 1, 0, 1] },
        updates: [{ id: 3, at: 'catteries.csv:2', email: 'new@forestgiants.example' }],
        absent: { catteries: [4] },
      },
    ],
    [
      'a changed reference is an update to the new row it points at',
      {
        sheets: [sheet('catteries', CATTERY, ['', 'Velvet Skin']), sheet('litters', LITTER, ['11', 'Velvet Skin', 'MCO', '2026-09-20', '3', '1', 'Fleur'])],
        db: { catteries: [forestGiants], breeds: [mco], litters: [fleur] },
      },
      {
        counts: { catteries: [1, 0, 0, 1], litters: [0, 1, 0, 0] },
        updates: [{ id: 11, at: 'litters.csv:2', cattery_id: 'new catteries.csv:2' }],
      },
    ],
    [
      'a photo of the folder is uploaded, and its row holds the stored path',
      {
        sheets: [sheet('catteries', ['id', 'name', 'profile_image_url'], ['3', 'Forest Giants', 'photos/new.jpg'])],
        db: { catteries: [{ ...forestGiants, profile_image_url: 'photos/old.jpg' }] },
        images: { 'photos/new.jpg': { file: 'photos/new.jpg', asIs: false } },
        stored: { 'photos/new.jpg': 'photos/0123456789abcdef/gallery.jpg' },
      },
      {
        uploads: [{ image: 'photos/new.jpg', file: 'photos/new.jpg', asIs: false, plan: false }],
        updates: [{ id: 3, at: 'catteries.csv:2', profile_image_url: 'photos/0123456789abcdef/gallery.jpg' }],
      },
    ],
    [
      'a row keyed by its image finds its database row once the photo has its stored path',
      {
        sheets: [sheet('litter_images', ['litter', 'image_url'], ['11', 'photos/kitten.jpg'])],
        db: { litters: [fleur], litter_images: [{ id: 20, litter_id: 11, image_url: 'photos/abc.jpg' }] },
        images: { 'photos/kitten.jpg': { file: 'images/photos/kitten.jpg', asIs: true } },
        stored: { 'photos/kitten.jpg': 'photos/abc.jpg' },
      },
      { counts: { litter_images: [0, 0, 1, 0] }, inserts: [], updates: [] },
    ],
  ])('%s', (_, input, expected) => {
    const p = plan(input);
    expect(p.problems).toEqual([]);
    expect(p).toMatchObject(expected);
  });

  it('a dry run (nothing stored) counts the photo rows as they are, without uploading', () => {
    const input: Case = {
      sheets: [sheet('litter_images', ['litter', 'image_url'], ['11', 'photos/kitten.jpg'])],
      db: { litters: [fleur], litter_images: [{ id: 20, litter_id: 11, image_url: 'photos/abc.jpg' }] },
      images: { 'photos/kitten.jpg': { file: 'photos/kitten.jpg', asIs: false } },
    };
    expect(plan(input)).toMatchObject({ problems: [], counts: { litter_images: [1, 0, 0, 1] } });
  });

  it('plans the same input the same way each time, and leaves the input as it was', () => {
    const input: Case = {
      sheets: [sheet('catteries', CATTERY, ['', 'Forest Giants']), sheet('litters', LITTER, ['', 'Forest Giants', '', '2026-09-20', '', '', 'Fleur'])],
    };
    const before = structuredClone(input);
    expect(plan(input)).toEqual(plan(input));
    expect(input).toEqual(before);
  });
});

describe('imagesToFind', () => {
  it('names the images of the sheets that are neither stored already nor URLs, once each', () => {
    const sheets = [
      sheet('catteries', ['name', 'profile_image_url', 'detail_images'], ['A', 'photos/a.jpg', 'photos/b.jpg\nhttps://example.org/c.jpg'], ['B', 'photos/a.jpg', '']),
      sheet('advertisers', ['company_name', 'product_images'], ['Shop', '{photos/stored.jpg,photos/d.jpg}']),
    ];
    const db = new Map<MirrorTable, DbRow[]>([['advertisers', [{ id: 1, company_name: 'Shop', product_images: ['photos/stored.jpg'] }]]]);
    expect(imagesToFind(sheets, db)).toEqual(['photos/a.jpg', 'photos/b.jpg', 'photos/d.jpg']);
  });
});

describe('the entries sheet (catalogue_entries)', () => {
  // The columns, in its order: the sheet an organiser fills has exactly these.
  const ENTRY = 'id event catalogue_number name breed colour sex date_of_birth class section cattery sire dam owner pen absent'.split(' ');
  const entries = (...rows: string[][]): Sheet => ({ ...sheet('catalogue_entries', ENTRY, ...rows), label: 'entries.csv' });

  it('has exactly the columns organisers are told of, in their order', () => {
    expect(headersOf(TABLE_SPECS.get('catalogue_entries')!)).toEqual(ENTRY);
  });
  const utrecht: DbRow = { id: 2, name: 'Utrecht Winter Cat Show' };
  const antwerp: DbRow = { id: 5, name: 'Antwerp Spring Cat Show' };
  const bruno: DbRow = {
    id: 40,
    event_id: 2,
    catalogue_number: '12',
    name: 'CH Forest Giants Bruno',
    breed_id: 7,
    colour: 'MCO n 22',
    sex: 'male',
    date_of_birth: '2023-05-14',
    class: '5 International Champion',
    section: null,
    cattery_id: 3,
    sire: null,
    dam: null,
    owner: null,
    pen: 'A4',
    absent: false,
  };
  const db = { events: [utrecht, antwerp], breeds: [mco], catteries: [forestGiants] };
  const brunoCells = [
    '',
    'Utrecht Winter Cat Show',
    '12',
    'CH Forest Giants Bruno',
    'MCO',
    'MCO n 22',
    'male',
    '2023-05-14',
    '5 International Champion',
    '',
    'Forest Giants',
    '',
    '',
    '',
    'A4',
    'false',
  ];

  it('reports what the catalogue cannot hold, each at its cell', () => {
    const p = plan({
      sheets: [
        entries(
          ['', 'Paris Cat Show', '0', 'A', 'XYZ', '', 'M', '14/05/2023', '', '', 'Nowhere', '', '', '', '', 'maybe'],
          ['', 'Utrecht Winter Cat Show', '052a', 'B', 'MCO', '', 'female', '', '', '', '', '', '', 'owner@example.org', 'A17 next to the stage door', ''],
          ['', 'Utrecht Winter Cat Show', '52A', '', 'MCO', '', 'male', '', '', '', '', '', '', '', '', ''],
          ['', 'Antwerp Spring Cat Show', '52A', 'C', 'mco', '', 'female', '', '', '', '', '', '', 'A. de Vries (+31 6 1234 5678)', '', ''],
          ['', 'Antwerp Spring Cat Show', '53', 'D', 'MCO', '', 'female', '', '', '', '', '', '', 'A. de Vries, since 2019', '', ''],
        ),
      ],
      db,
    });
    expect(p.problems).toEqual([
      'entries.csv:2:event — unknown event "Paris Cat Show"',
      'entries.csv:2:catalogue_number — not a catalogue number (a number such as 52, or 52A for a late entry): "0"',
      'entries.csv:2:breed — unknown breed abbreviation "XYZ"',
      'entries.csv:2:sex — unknown sex "M"; allowed: male, female',
      'entries.csv:2:date_of_birth — not a date (YYYY-MM-DD): "14/05/2023"',
      'entries.csv:2:cattery — unknown cattery "Nowhere"',
      'entries.csv:2:absent — not true or false: "maybe"',
      "entries.csv:3:owner — an e-mail address or phone number: the public catalogue shows only the owner's name, and only with the exhibitor's consent",
      'entries.csv:3:pen — at most 20 characters (this has 26)',
      'entries.csv:4:catalogue_number — the same catalogue_number + event as row 3',
      'entries.csv:4:name — required',
      "entries.csv:5:owner — an e-mail address or phone number: the public catalogue shows only the owner's name, and only with the exhibitor's consent",
    ]);
  });

  it('reads "052a" as 52A, an empty absent as false and an empty cattery as none; the same number in another event is another entry', () => {
    const p = plan({
      sheets: [
        entries(
          [
            '',
            'Utrecht Winter Cat Show',
            '052a',
            'Forest Giants Juno',
            'MCO',
            'MCO f 09 22',
            'female',
            '2026-09-20',
            '12 Kitten',
            'Category II',
            '',
            'Forest Giants Bruno',
            'Forest Giants Fleur',
            '',
            'A5',
            '',
          ],
          ['', 'Antwerp Spring Cat Show', '52A', 'Velvet Skin Odin', 'MCO', '', 'male', '', '', '', 'Forest Giants', '', '', '', '', 'yes'],
        ),
      ],
      db,
    });
    expect(p.problems).toEqual([]);
    expect(p.inserts).toEqual([
      {
        at: 'entries.csv:2',
        event_id: 2,
        catalogue_number: '52A',
        name: 'Forest Giants Juno',
        breed_id: 7,
        colour: 'MCO f 09 22',
        sex: 'female',
        date_of_birth: '2026-09-20',
        class: '12 Kitten',
        section: 'Category II',
        cattery_id: null,
        sire: 'Forest Giants Bruno',
        dam: 'Forest Giants Fleur',
        owner: null,
        pen: 'A5',
        absent: false,
      },
      expect.objectContaining({ at: 'entries.csv:3', event_id: 5, catalogue_number: '52A', cattery_id: 3, absent: true }),
    ]);
  });

  it('finds an entry again by event + catalogue number ("012" is 12): unchanged as it is, one column updated when edited, the pen as the console writes it', () => {
    expect(plan({ sheets: [entries(brunoCells)], db: { ...db, catalogue_entries: [bruno] } })).toMatchObject({
      problems: [],
      counts: { catalogue_entries: [0, 0, 1, 0] },
    });
    // The pen in the console's written form (shared/pens.ts): " b9 " is B9, so it is one change, not two.
    const moved = brunoCells.map((c, i) => (ENTRY[i] === 'pen' ? ' b9 ' : ENTRY[i] === 'catalogue_number' ? '012' : c));
    expect(plan({ sheets: [entries(moved)], db: { ...db, catalogue_entries: [bruno] } })).toMatchObject({
      problems: [],
      counts: { catalogue_entries: [0, 1, 0, 0] },
      updates: [{ id: 40, at: 'entries.csv:2', pen: 'B9' }],
    });
  });

  it('a renumbered entry may not take the number of an entry the sheet leaves out', () => {
    const other: DbRow = { ...bruno, id: 41, catalogue_number: '13', name: 'Forest Giants Fleur' };
    const renumbered = ['40', ...brunoCells.slice(1)].map((c, i) => (ENTRY[i] === 'catalogue_number' ? '13' : c));
    expect(plan({ sheets: [entries(renumbered)], db: { ...db, catalogue_entries: [bruno, other] } }).problems).toEqual([
      'entries.csv:2:catalogue_number — already taken by catalogue_entries row 41, which is not in entries.csv',
    ]);
  });
});

describe('the results sheet', () => {
  // The columns, in its order, then published (empty: published, as a judging program's export is final).
  const RESULT = 'id event ring award place catalogue_number judge published'.split(' ');
  const utrecht: DbRow = { id: 2, name: 'Utrecht Winter Cat Show' };
  const antwerp: DbRow = { id: 5, name: 'Antwerp Spring Cat Show' };
  const session: DbRow = { id: 30, event_id: 2, schedule_date: '2026-12-12', start_time: '10:00:00', title: 'Longhair judging', location: 'Ring 1' };
  const main: DbRow = { id: 31, event_id: 2, schedule_date: '2026-12-12', start_time: '16:00:00', title: 'Best in Show', location: 'Main Ring' };
  const entry = (id: number, event_id: number, catalogue_number: string): DbRow => ({ id, event_id, catalogue_number, name: `Cat ${catalogue_number}` });
  const db = {
    events: [utrecht, antwerp],
    event_schedule: [session, main],
    catalogue_entries: [entry(40, 2, '12'), entry(41, 2, '52A'), entry(42, 5, '13')],
  };
  const bestKitten: DbRow = { id: 70, event_id: 2, ring: 'Ring 1', award: 'Best Longhair Kitten', place: 1, entry_id: 40, judge: 'A. Judge', published: true };
  const results = (...rows: string[][]) => sheet('results', RESULT, ...rows);

  it('has exactly the columns organisers are told of, in their order', () => {
    expect(headersOf(TABLE_SPECS.get('results')!)).toEqual(RESULT);
  });

  it("names a cat by its catalogue number within the row's event, a ring as the schedule writes it; an empty published is published", () => {
    const p = plan({
      sheets: [
        results(
          ['', 'Utrecht Winter Cat Show', 'ring 1', 'Best Longhair Kitten', '1', '012', 'A. Judge', ''],
          ['', 'Utrecht Winter Cat Show', '', 'Best in Show', '', '52a', '', 'no'],
        ),
      ],
      db,
    });
    expect(p.problems).toEqual([]);
    expect(p.inserts).toEqual([
      { at: 'results.csv:2', ring: 'Ring 1', award: 'Best Longhair Kitten', place: 1, judge: 'A. Judge', published: true, event_id: 2, entry_id: 40 },
      { at: 'results.csv:3', ring: null, award: 'Best in Show', place: null, judge: null, published: false, event_id: 2, entry_id: 41 },
    ]);
  });

  it("reports every mistake at its cell: a number not in that event's catalogue, a ring where no session is held, a place out of range", () => {
    const p = plan({
      sheets: [
        results(
          ['', 'Utrecht Winter Cat Show', 'Ring 9', 'EX1', '', '12', '', ''],
          // 13 is in Antwerp's catalogue, not in Utrecht's.
          ['', 'Utrecht Winter Cat Show', 'Ring 1', 'EX1', '', '13', '', ''],
          ['', 'Utrecht Winter Cat Show', 'Ring 1', 'Best Kitten', '0', '12', '', ''],
          ['', 'Paris Cat Show', 'Ring 1', 'EX1', '', '12', '', ''],
          ['', 'Utrecht Winter Cat Show', 'Ring 1', '', '', 'twelve', '', ''],
          ['', 'Utrecht Winter Cat Show', 'RING 1', 'best kitten', '2', '12', '', 'maybe'],
          ['', 'Utrecht Winter Cat Show', '', "Visitor's Choice", '1', '12', '', ''],
        ),
      ],
      db,
    });
    expect(p.problems).toEqual([
      'results.csv:2:ring — No session of this show is held in "Ring 9" (its sessions are held in: Ring 1, Main Ring)',
      'results.csv:3:catalogue_number — no cat numbered 13 is in the catalogue of "Utrecht Winter Cat Show"',
      'results.csv:4:place — a place from 1 to 999, or empty for an award without places (EX1, NOM)',
      'results.csv:5:event — unknown event "Paris Cat Show"',
      'results.csv:6:award — required',
      'results.csv:6:catalogue_number — not a catalogue number (a number such as 52, or 52A for a late entry): "twelve"',
      'results.csv:7:event — the same event + ring + award + catalogue_number as row 4',
      'results.csv:7:published — not true or false: "maybe"',
      "results.csv:8:award — Visitor's Choice is published from the votes, on the organiser's results page, not imported",
    ]);
  });

  it('finds a result again by event + ring + award + catalogue number: unchanged as it is, one column when a place is edited', () => {
    const cells = ['', 'Utrecht Winter Cat Show', 'Ring 1', 'Best Longhair Kitten', '1', '12', 'A. Judge', 'true'];
    expect(plan({ sheets: [results(cells)], db: { ...db, results: [bestKitten] } })).toMatchObject({ problems: [], counts: { results: [0, 0, 1, 0] } });
    const moved = cells.map((c, i) => (RESULT[i] === 'place' ? '2' : c));
    expect(plan({ sheets: [results(moved)], db: { ...db, results: [bestKitten] } })).toMatchObject({
      problems: [],
      counts: { results: [0, 1, 0, 0] },
      updates: [{ id: 70, at: 'results.csv:2', place: 2 }],
    });
  });

  it("a cat of the same import's entries sheet may be placed before it is stored", () => {
    const ENTRY = ['event', 'catalogue_number', 'name', 'breed', 'sex'];
    const p = plan({
      sheets: [
        { ...sheet('catalogue_entries', ENTRY, ['Utrecht Winter Cat Show', '60', 'Forest Giants Juno', 'MCO', 'female']), label: 'entries.csv' },
        results(['', 'Utrecht Winter Cat Show', 'Main Ring', 'Best in Show', '1', '60', '', '']),
      ],
      db: { ...db, breeds: [mco] },
    });
    expect(p.problems).toEqual([]);
    expect(p.inserts[1]).toMatchObject({ at: 'results.csv:2', ring: 'Main Ring', entry_id: 'new entries.csv:2' });
  });
});

describe('the hall: floor_plans and places against the rows the database keeps', () => {
  const PLACE = ['event', 'kind', 'facility', 'label', 'x', 'y', 'width', 'height', 'location', 'pens'];
  const utrecht: DbRow = { id: 5, name: 'Utrecht Winter Cat Show' };
  const hall: DbRow = { id: 9, event_id: 5, image_url: 'photos/0123456789abcdef.svg', width: 1200, height: 800, description: null };
  const session: DbRow = { id: 30, event_id: 5, schedule_date: '2026-12-12', start_time: '10:00:00', title: 'Longhair judging', location: 'Ring 1' };
  const rowA: DbRow = {
    id: 50,
    floor_plan_id: 9,
    kind: 'benching',
    facility: null,
    label: 'Row A',
    x: 400,
    y: 80,
    width: 400,
    height: 40,
    location: null,
    pens: 'A1-A20',
  };
  const db = { events: [utrecht], floor_plans: [hall], event_schedule: [session], places: [rowA] };
  const places = (...rows: string[][]) => sheet('places', PLACE, ...rows.map((r) => ['Utrecht Winter Cat Show', ...r]));

  it('reads a kind and a facility whatever their case, "first aid" as first_aid, and a ring named by a session the sheets leave out', () => {
    expect(
      plan({ sheets: [places(['Ring', '', 'Ring 1', '80', '80', '240', '200', 'ring 1'], ['Facility', 'First Aid', 'First aid', '80', '680', '120', '80'])], db }),
    ).toMatchObject({
      problems: [],
      inserts: [
        { at: 'places.csv:2', kind: 'ring', facility: null, location: 'ring 1', floor_plan_id: 9 },
        { at: 'places.csv:3', kind: 'facility', facility: 'first_aid', floor_plan_id: 9 },
      ],
    });
  });

  it('a pen of a row the sheet leaves out is taken; with --prune that row goes, and so does the clash', () => {
    const rowC = places(['benching', '', 'Row C', '400', '200', '400', '40', '', 'A20, C1-C5']);
    expect(plan({ sheets: [rowC], db }).problems).toEqual([
      'places.csv:2:pens — pen A20 is also in places row 50 ("Row A"), which is not in places.csv: a pen sits in one row of a plan',
    ]);
    expect(plan({ sheets: [rowC], db, prune: true })).toMatchObject({ problems: [], absent: { places: [50] } });
  });

  it('a ring whose session the same import moves elsewhere is refused before anything is written', () => {
    const schedule = sheet(
      'event_schedule',
      ['id', 'event', 'schedule_date', 'start_time', 'end_time', 'title', 'location'],
      ['30', 'Utrecht Winter Cat Show', '2026-12-12', '10:00', '12:00', 'Longhair judging', 'Ring 2'],
    );
    expect(plan({ sheets: [schedule, places(['ring', '', 'Ring 1', '80', '80', '240', '200', 'Ring 1'])], db }).problems).toEqual([
      'places.csv:2:location — No session of this show is held in "Ring 1" (its sessions are held in: Ring 2)',
    ]);
  });

  it("a plan's empty width and height are its picture's size; a stored plan keeps its own when the picture is not a file", () => {
    const plans = (image: string) => sheet('floor_plans', ['event', 'image', 'width', 'height'], ['Utrecht Winter Cat Show', image, '', '']);
    const pictures = new Map([['photos/new-hall.png', { width: 4000, height: 1000 }]]);
    const first = planImport({
      sheets: [plans('photos/new-hall.png')],
      folderProblems: [],
      db: new Map<MirrorTable, DbRow[]>([['events', [utrecht]]]),
      images: new Map([['photos/new-hall.png', { file: 'photos/new-hall.png', asIs: false }]]),
      pictures,
      prune: false,
    });
    expect(first.problems).toEqual([]);
    expect(first.uploads).toEqual([{ image: 'photos/new-hall.png', file: 'photos/new-hall.png', asIs: false, plan: true }]);
    expect(first.rows.get('floor_plans')![0]!.values).toMatchObject({ width: 4000, height: 1000 });
    expect(plan({ sheets: [plans(hall.image_url as string)], db })).toMatchObject({ problems: [], counts: { floor_plans: [0, 0, 1, 0] } });
    expect(plan({ sheets: [plans('https://example.org/hall.png')], db: { events: [utrecht] } }).problems).toEqual([
      `floor_plans.csv:2:width — required: "https://example.org/hall.png" is not a picture file in the folder, so its size is not read from it — write the plan's width in the picture's units`,
      `floor_plans.csv:2:height — required: "https://example.org/hall.png" is not a picture file in the folder, so its size is not read from it — write the plan's height in the picture's units`,
    ]);
  });
});

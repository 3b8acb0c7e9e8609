// Seeds the demo show (server/seed/show.ts) into an empty database, or reseeds it (npm run db:reset).
import type { Db, Queryable } from '../db/types.ts';
import { insertEmailUser } from '../auth/users.ts';
import { emailIdentityData } from '../auth/shapes.ts';
import { hashPassword } from '../auth/validate.ts';
import { BREEDS_A } from './breeds-a.ts';
import { BREEDS_B } from './breeds-b.ts';
import { buildShow, FOREIGN_KEYS, type Row, type ShowData } from './show.ts';

import { IMAGE_BUCKET } from '../../shared/photos.ts';
export const DEMO_USER = { email: 'demo@purrfect-show.example', password: 'Purrfect#2026' } as const;
export const SHOW_BREEDS = [...BREEDS_A, ...BREEDS_B].sort((a, b) => a.breed_name.localeCompare(b.breed_name));

export interface SeedOptions {
  /** The moment the live event is built around; defaults to now. */
  now?: Date;
  /** Multiplies catteries, litters, schedule items, advertisers, catalogue entries, ring calls and results (benchmarks). */
  scale?: number;
}

type ShowTable = keyof Omit<ShowData, 'images'>;
/** Insert order: referenced tables first. */
const TABLES: ShowTable[] = [
  'organizations',
  'quality_labels',
  'breeds',
  'catteries',
  'cattery_has_breed',
  'cattery_has_quality_label',
  'litters',
  'litter_images',
  'events',
  'event_schedule',
  'advertisers',
  'catalogue_entries',
  'floor_plans',
  'places',
  'ring_calls',
  'results',
];
const ROWS_PER_INSERT = 500;
const IMAGES_PER_INSERT = 100;
/** The advisory lock that makes seeding happen once when several instances start together. */
const SEED_LOCK_KEY = 54322;

/** Seeds when the catalogue is empty; several instances starting together seed once. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.breeds');
    if (rows[0]!.n > 0) return false;
    await seed(tx, opts);
    return true;
  });
}

/** Removes all show data and seeds again. Deletes (not truncates) so clients receive tombstones. */
export async function reseed(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    for (const t of ['coupons', 'visitor_choice', 'verification_tokens', 'users']) await tx.query(`delete from public.${t}`);
    await tx.query('delete from auth.users');
    for (const t of [...TABLES].reverse()) await tx.query(`delete from public.${t}`);
    await tx.query(`delete from storage.objects where bucket_id = $1`, [IMAGE_BUCKET]);
    await tx.query('delete from _dev.mail');
    await seed(tx, opts);
  });
}

async function seed(tx: Queryable, opts: SeedOptions): Promise<void> {
  const show = buildShow({ now: opts.now ?? new Date(), scale: opts.scale ?? 1, breeds: SHOW_BREEDS });
  await tx.query(`insert into storage.buckets (id, name, public) values ($1, $1, true) on conflict (id) do update set public = true`, [IMAGE_BUCKET]);
  await putImages(tx, show);

  const offsets = new Map<string, number>();
  for (const table of TABLES) {
    const rows = show[table];
    // Fresh ids from the table's own sequence: a reseed never reuses an id a client holds a tombstone for.
    const { rows: seq } = await tx.query<{ first: string }>(`select nextval(pg_get_serial_sequence($1, 'id'))::text as first`, [`public.${table}`]);
    const offset = Number(seq[0]!.first) - 1;
    await tx.query(`select setval(pg_get_serial_sequence($1, 'id'), $2)`, [`public.${table}`, offset + Math.max(rows.length, 1)]);
    offsets.set(table, offset);
    const fks = FOREIGN_KEYS[table] ?? {};
    const shifted = rows.map((r) => shift(r, offset, fks, offsets));
    for (let i = 0; i < shifted.length; i += ROWS_PER_INSERT) {
      const chunk = shifted.slice(i, i + ROWS_PER_INSERT);
      const cols = Object.keys(chunk[0]!)
        .map((c) => `"${c}"`)
        .join(', ');
      await tx.query(
        `insert into public.${table} (${cols}) overriding system value
         select ${cols} from jsonb_populate_recordset(null::public.${table}, $1::jsonb)`,
        [JSON.stringify(chunk)],
      );
    }
  }
  await createDemoUser(tx, opts.now ?? new Date());
}

function shift(row: Row, offset: number, fks: Record<string, string>, offsets: Map<string, number>): Row {
  const out: Row = { ...row, id: row.id + offset };
  for (const [column, table] of Object.entries(fks)) {
    if (typeof row[column] === 'number') out[column] = (row[column] as number) + offsets.get(table)!;
  }
  return out;
}

async function putImages(tx: Queryable, show: ShowData): Promise<void> {
  for (let i = 0; i < show.images.length; i += IMAGES_PER_INSERT) {
    const batch = show.images.slice(i, i + IMAGES_PER_INSERT).map((im) => {
      const svg = im.render();
      return { name: im.name, size: Buffer.byteLength(svg), data: Buffer.from(svg).toString('base64') };
    });
    await tx.query(
      `with src as (select * from jsonb_to_recordset($2::jsonb) as x(name text, size int, data text)),
       o as (
         insert into storage.objects (bucket_id, name, metadata)
         select $1, name, jsonb_build_object('mimetype', 'image/svg+xml', 'size', size) from src
         on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
         returning id, name)
       insert into storage.object_data (object_id, data)
       select o.id, decode(src.data, 'base64') from o join src using (name)
       on conflict (object_id) do update set data = excluded.data`,
      [IMAGE_BUCKET, JSON.stringify(batch)],
    );
  }
}

/** A verified demo visitor, created the way sign-up creates users, so sign-in, the profile and coupons work at once. */
async function createDemoUser(tx: Queryable, now: Date): Promise<void> {
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

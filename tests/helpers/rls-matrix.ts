// The RLS matrix (table × role × select/insert/update/delete) and the rows each cell acts on: one source
// for tests/integration/rls-matrix.test.ts (through the venue server) and supabase-shape.test.ts (at SQL
// level on a Supabase-shaped PostgreSQL, docs/SUPABASE-SHAPE.md). Derived from
// supabase/migrations/*_security.sql and DESIGN.md "Database conventions".
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/db/types.ts';

/*
 * a  allowed: the effect happened (the row was read, inserted, changed or deleted)
 * d  denied with PostgREST's permission error: 42501, 401 for anon and 403 when signed in; nothing changed
 * f  filtered by RLS: no error, but the row is invisible (select) or 0 rows are affected; nothing changed
 * x  not exposed at all: 406 PGRST106 for another schema, 404 for a Storage write; nothing changed
 * -  no such role for this table (it has no row owner)
 *
 * "authenticated" is a verified visitor acting on rows that are not theirs; "owner" acts on their own.
 * "organiser" is a verified visitor whose app_metadata carries show_role = organiser: they
 * write the catalogue and read votes, and otherwise act like any visitor on rows that are not theirs.
 * Signed-in visitors hold the catalogue's write grants for the organisers' sake, so RLS filters their
 * updates and deletes (f) where the missing grant refused them (d) before; they change nothing either way.
 * Ring calls and results are written by organisers and ring clerks (tests/integration/ring-side.test.ts has
 * the clerks); a result's row here is published, since a draft is the clerks' and organisers' alone.
 * Votes are cast through submit_votes only (a direct insert could store 1,000 votes in one request).
 */
export const MATRIX = `
  table / role                 | anon     | authenticated | owner    | organiser | service_role
  (select insert update delete)| S I U D  | S I U D       | S I U D  | S I U D   | S I U D
  organizations                | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  breeds                       | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  catteries                    | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  cattery_has_breed            | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  quality_labels               | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  cattery_has_quality_label    | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  litters                      | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  litter_images                | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  events                       | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  event_schedule               | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  advertisers                  | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  show_notices                 | a d d d  | a d d d       | - - - -  | a d d d   | a a a a
  catalogue_entries            | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  floor_plans                  | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  places                       | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  ring_calls                   | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  results                      | a d d d  | a d f f       | - - - -  | a a a a   | a a a a
  organiser_operations         | d d d d  | d d d d       | - - - -  | d d d d   | a a a a
  sync_tombstones              | a d d d  | a d d d       | - - - -  | a d d d   | a a a a
  users                        | d d d d  | f d f d       | a d a d  | f d f d   | a a a a
  users (identity columns)     | - - d -  | - - d -       | - - d -  | - - d -   | - - a -
  verification_tokens          | d d d d  | d d d d       | - - - -  | d d d d   | a a a a
  visitor_choice               | d d d d  | f d d d       | - - - -  | a d d d   | a a a a
  coupons                      | d d d d  | d d d d       | d d d d  | d d d d   | a a a a
  storage.buckets              | x x x x  | x x x x       | - - - -  | x x x x   | x x x x
  storage.objects              | x x x x  | x x x x       | - - - -  | x x x x   | x x x x
  storage.objects (Storage API)| a d d d  | a d d d       | - - - -  | a d d d   | a a a x
  auth.users                   | x x x x  | x x x x       | x x x x  | x x x x   | x x x x
  auth.sessions                | x x x x  | x x x x       | x x x x  | x x x x   | x x x x
  auth.refresh_tokens          | x x x x  | x x x x       | x x x x  | x x x x   | x x x x
`;

export const ROLES = ['anon', 'authenticated', 'owner', 'organiser', 'service_role'] as const;
export const OPS = ['select', 'insert', 'update', 'delete'] as const;
export type Role = (typeof ROLES)[number];
export type Op = (typeof OPS)[number];
export type Letter = 'a' | 'd' | 'f' | 'x' | '-';

/** The matrix's rows by name: four letters (S I U D) per role, in ROLES order. */
export function parseMatrix(text: string): Map<string, Letter[]> {
  const rows = new Map<string, Letter[]>();
  for (const line of text.trim().split('\n').slice(2)) {
    const [name = '', ...cells] = line.split('|').map((s) => s.trim());
    rows.set(name, cells.join(' ').split(/\s+/) as Letter[]);
  }
  return rows;
}

export type Where = [column: string, value: string];

/** What the fixtures need: a connection that may write every table, and rows to hang new ones on. */
export interface MatrixCtx {
  db: Queryable;
  ids: { cattery: string; breed: string; label: string; litter: string; event: string; advertiser: string };
}

export interface Fixture {
  /** A fresh row made directly in the database, owned by `user` where the table has owners. */
  make(ctx: MatrixCtx, user: string, role: Role): Promise<Where>;
  /** An insert body for this role, and how to find the row it would create. */
  insert(ctx: MatrixCtx, user: string, role: Role): Promise<{ row: Record<string, unknown>; where: Where }>;
  /** The update: one column and its new value (compared as text). */
  patch: [column: string, value: string];
}

export const tag = () => randomUUID().slice(0, 8);
/** Catalogue numbers are unique per event: each entry a fixture makes takes the next. */
let catalogueNumbers = 0;

export async function one(ctx: MatrixCtx, sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await ctx.db.query<{ v: string }>(sql, params);
  return String(rows[0]!.v);
}

/** A catalogue table: rows made and inserted with the given columns (a unique marker in `marker`). */
function catalogue(table: string, marker: string, columns: (ctx: MatrixCtx, t: string) => Promise<Record<string, unknown>>, patch: [string, string]): Fixture {
  return {
    async make(ctx) {
      const t = tag();
      const row = await columns(ctx, t);
      const cols = Object.keys(row);
      const id = await one(
        ctx,
        `insert into public.${table} (${cols.join(', ')}) values (${cols.map((_, i) => `$${i + 1}`).join(', ')}) returning id::text as v`,
        Object.values(row),
      );
      return ['id', id];
    },
    async insert(ctx) {
      const t = tag();
      const row = await columns(ctx, t);
      return { row, where: [marker, String(row[marker])] };
    },
    patch,
  };
}

/** A new event of its own (a plan is one per event). */
function newEvent(ctx: MatrixCtx, t: string): Promise<string> {
  return one(ctx, `insert into public.events (name, start_date, end_date) values ($1, '2026-05-01', '2026-05-02') returning id::text as v`, [`RLS hall ${t}`]);
}

/** A floor plan on a new event. */
async function newFloorPlan(ctx: MatrixCtx, t: string): Promise<string> {
  return one(ctx, `insert into public.floor_plans (event_id, image_url, width, height) values ($1, $2, 1000, 600) returning id::text as v`, [
    await newEvent(ctx, t),
    `floor-plans/${t}.svg`,
  ]);
}

/** A new event held in "Ring 1", with one cat numbered 1 in its catalogue: a call's or a result's. */
async function newJudgedEvent(ctx: MatrixCtx, t: string): Promise<{ event: number; entry: number }> {
  const event = await newEvent(ctx, t);
  await ctx.db.query(
    `insert into public.event_schedule (event_id, schedule_date, start_time, end_time, title, location) values ($1, '2026-05-01', '10:00', '11:00', 'Judging', 'Ring 1')`,
    [event],
  );
  const entry = await one(
    ctx,
    `insert into public.catalogue_entries (event_id, catalogue_number, name, breed_id, sex) values ($1, '1', $2, $3, 'male') returning id::text as v`,
    [event, `RLS judged ${t}`, ctx.ids.breed],
  );
  return { event: Number(event), entry: Number(entry) };
}

/** An auth user whose profile row exists (made by the sign-up trigger), or not. */
async function authUser(ctx: MatrixCtx, withProfile: boolean): Promise<string> {
  const t = tag();
  const id = await one(
    ctx,
    `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, '{"first_name": "Rls", "last_name": "Matrix"}') returning id::text as v`,
    [`rls.${t}@example.com`],
  );
  if (!withProfile) await ctx.db.query('delete from public.users where id = $1', [id]);
  return id;
}

export const FIXTURES: Record<string, Fixture> = {
  organizations: catalogue('organizations', 'name', async (_, t) => ({ name: `RLS registry ${t}` }), ['description', 'changed']),
  breeds: catalogue('breeds', 'breed_name', async (_, t) => ({ breed_name: `RLS breed ${t}`, universal_breed_abbreviation: `R${t}` }), ['about', 'changed']),
  catteries: catalogue('catteries', 'name', async (_, t) => ({ name: `RLS cattery ${t}` }), ['description', 'changed']),
  cattery_has_breed: catalogue(
    'cattery_has_breed',
    'cattery_id',
    async (ctx, t) => ({
      cattery_id: await one(ctx, `insert into public.catteries (name) values ($1) returning id::text as v`, [`RLS link ${t}`]),
      breed_id: ctx.ids.breed,
    }),
    ['certification_url', 'https://changed.example'],
  ),
  quality_labels: catalogue('quality_labels', 'name', async (_, t) => ({ name: `RLS label ${t}` }), ['description', 'changed']),
  cattery_has_quality_label: catalogue(
    'cattery_has_quality_label',
    'cattery_id',
    async (ctx, t) => ({
      cattery_id: await one(ctx, `insert into public.catteries (name) values ($1) returning id::text as v`, [`RLS labelled ${t}`]),
      quality_label_id: ctx.ids.label,
    }),
    ['certificate_url', 'https://changed.example'],
  ),
  litters: catalogue('litters', 'sire', async (ctx, t) => ({ cattery_id: ctx.ids.cattery, date_of_birth: '2026-01-01', sire: `Sire ${t}` }), ['dam', 'changed']),
  litter_images: catalogue('litter_images', 'image_url', async (ctx, t) => ({ litter_id: ctx.ids.litter, image_url: `litters/${t}.svg` }), ['image_url', 'changed.svg']),
  events: catalogue('events', 'name', async (_, t) => ({ name: `RLS show ${t}`, start_date: '2026-05-01', end_date: '2026-05-02' }), ['description', 'changed']),
  event_schedule: catalogue(
    'event_schedule',
    'title',
    async (ctx, t) => ({ event_id: ctx.ids.event, schedule_date: '2026-05-01', start_time: '10:00', end_time: '11:00', title: `RLS talk ${t}` }),
    ['location', 'changed'],
  ),
  advertisers: catalogue('advertisers', 'company_name', async (_, t) => ({ company_name: `RLS Pet Food ${t}` }), ['intro_text', 'changed']),
  sync_tombstones: {
    async make(ctx) {
      const t = tag();
      await ctx.db.query(`insert into public.sync_tombstones (table_name, row_id) values ('breeds', $1)`, [`rls-${t}`]);
      return ['row_id', `rls-${t}`];
    },
    async insert() {
      const t = tag();
      return { row: { table_name: 'breeds', row_id: `rls-${t}` }, where: ['row_id', `rls-${t}`] };
    },
    patch: ['table_name', 'events'],
  },
  users: {
    // Non-owners act on another visitor's profile (a fresh one, so deletes harm nobody); owners on their own.
    async make(ctx, user, role) {
      return ['id', role === 'owner' ? user : await authUser(ctx, true)];
    },
    async insert(ctx, user, role) {
      // The owner tries a second profile of their own; the others a profile for an account that has none.
      const id = role === 'owner' ? user : await authUser(ctx, false);
      const email = `rls.${tag()}@example.com`;
      return { row: { id, first_name: 'Rls', last_name: 'Insert', email }, where: ['email', email] };
    },
    patch: ['city', 'Changed City'],
  },
  'users (identity columns)': {
    // `verified` is the server's to set: start from false so that a change is visible.
    async make(ctx, user, role) {
      const id = role === 'owner' ? user : await authUser(ctx, true);
      await ctx.db.query('update public.users set verified = false where id = $1', [id]);
      return ['id', id];
    },
    insert: () => Promise.reject(new Error('not in the matrix')),
    patch: ['verified', 'true'],
  },
  verification_tokens: {
    async make(ctx) {
      const token = tag().repeat(4);
      await ctx.db.query(`insert into public.verification_tokens (token, user_email, expires_at) values ($1, 'rls@example.com', now() + interval '1 day')`, [token]);
      return ['token', token];
    },
    async insert() {
      const token = tag().repeat(4);
      return { row: { token, user_email: 'rls@example.com', expires_at: new Date(Date.now() + 86_400_000).toISOString() }, where: ['token', token] };
    },
    patch: ['user_email', 'changed@example.com'],
  },
  catalogue_entries: catalogue(
    'catalogue_entries',
    'name',
    async (ctx, t) => ({
      event_id: Number(ctx.ids.event),
      catalogue_number: String(++catalogueNumbers),
      name: `RLS cat ${t}`,
      breed_id: Number(ctx.ids.breed),
      sex: 'female',
    }),
    ['pen', 'Z99'],
  ),
  // One plan per event: each fixture's plan gets an event of its own.
  floor_plans: catalogue(
    'floor_plans',
    'image_url',
    async (ctx, t) => ({ event_id: Number(await newEvent(ctx, t)), image_url: `floor-plans/${t}.svg`, width: 1000, height: 600 }),
    ['description', 'changed'],
  ),
  places: catalogue(
    'places',
    'label',
    async (ctx, t) => ({ floor_plan_id: Number(await newFloorPlan(ctx, t)), kind: 'area', label: `RLS area ${t}`, x: 10, y: 10, width: 100, height: 50 }),
    ['label', 'changed'],
  ),
  ring_calls: catalogue(
    'ring_calls',
    'label',
    async (ctx, t) => ({ event_id: (await newJudgedEvent(ctx, t)).event, ring: 'Ring 1', label: `RLS call ${t}`, catalogue_numbers: ['1'] }),
    ['status', 'judging'],
  ),
  results: catalogue(
    'results',
    'award',
    async (ctx, t) => {
      const { event, entry } = await newJudgedEvent(ctx, t);
      return { event_id: event, ring: 'Ring 1', award: `RLS award ${t}`, place: 1, entry_id: entry, published: true };
    },
    ['judge', 'changed'],
  ),
  show_notices: catalogue('show_notices', 'message', async (ctx, t) => ({ event_id: Number(ctx.ids.event), message: `RLS notice ${t}` }), ['message', 'changed']),
  organiser_operations: {
    async make(ctx) {
      const id = randomUUID();
      await ctx.db.query(`insert into public.organiser_operations (op_id, kind, result) values ($1, 'change_sessions', '{}')`, [id]);
      return ['op_id', id];
    },
    async insert() {
      const id = randomUUID();
      return { row: { op_id: id, kind: 'change_sessions', result: {} }, where: ['op_id', id] };
    },
    patch: ['kind', 'post_notice'],
  },
  visitor_choice: {
    async make(ctx) {
      const id = randomUUID();
      await ctx.db.query(`insert into public.visitor_choice (id, event_id, first_name, last_name, email, catalog_number) values ($1, $2, 'Rls', 'Voter', $3, '7')`, [
        id,
        ctx.ids.event,
        `voter.${tag()}@example.com`,
      ]);
      return ['id', id];
    },
    async insert(ctx) {
      const id = randomUUID();
      return {
        row: { id, event_id: Number(ctx.ids.event), first_name: 'Rls', last_name: 'Voter', email: `voter.${tag()}@example.com`, catalog_number: '7' },
        where: ['id', id],
      };
    },
    patch: ['catalog_number', '99'],
  },
  coupons: {
    // Coupons go to verified accounts only, one per visitor, advertiser and type: the owner is verified
    // again (the identity-column rows unverify them) and each row gets an advertiser of its own.
    async make(ctx, user) {
      const id = randomUUID();
      await ctx.db.query('update public.users set verified = true where id = $1', [user]);
      const advertiser = await one(ctx, `insert into public.advertisers (company_name) values ($1) returning id::text as v`, [`RLS shop ${tag()}`]);
      await ctx.db.query(
        `insert into public.coupons (id, user_id, email, advertiser_id, coupon_type, coupon_code, discount_amount)
         values ($1, $2, 'rls@example.com', $3, 'discount', $4, 5)`,
        [id, user, advertiser, `RLS-DSC-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`],
      );
      return ['id', id];
    },
    async insert(ctx, user) {
      const id = randomUUID();
      await ctx.db.query('update public.users set verified = true where id = $1', [user]);
      const advertiser = await one(ctx, `insert into public.advertisers (company_name) values ($1) returning id::text as v`, [`RLS shop ${tag()}`]);
      const code = `RLS-DSC-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
      return {
        row: { id, user_id: user, email: 'rls@example.com', advertiser_id: Number(advertiser), coupon_type: 'discount', coupon_code: code, discount_amount: 5 },
        where: ['id', id],
      };
    },
    patch: ['status', 'sent'],
  },
};

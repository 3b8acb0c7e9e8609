// The schema cache: tables, columns, keys, foreign keys and functions of `public`, read from pg_catalog.
import type { Queryable } from '../db/types.ts';
import { HttpError, restError } from '../http-error.ts';

export interface Column {
  name: string;
  /** format_type() output, valid as a cast target. */
  type: string;
}

export interface Table {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique index (the primary key included): a FK on one of them is one-to-one. */
  uniques: string[][];
}

interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

interface FnArg {
  /** '' for an unnamed argument. */
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface DbFunction {
  name: string;
  args: FnArg[];
  set: boolean;
  /** void; a scalar (incl. arrays, anonymous records); or rows with known columns. */
  returns: 'void' | 'scalar' | 'composite';
  /** The columns of a composite result; a public table's name when it returns that table's row type. */
  columns: Column[];
  table?: string;
}

export interface Schema {
  tables: Map<string, Table>;
  fks: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

/** Thrown when planning against the cache fails on a name; the cache reloads once and planning retries. */
export class SchemaMiss extends Error {
  override name = 'SchemaMiss';
  constructor(readonly error: HttpError) {
    super(error.message);
  }
}

const INTROSPECT = `
with cols as (
  select a.attrelid, a.attnum, a.attname as name, format_type(a.atttypid, a.atttypmod) as type
  from pg_attribute a where a.attnum > 0 and not a.attisdropped
),
rels as (
  select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
)
select json_build_object(
  'tables', (select coalesce(json_agg(json_build_object(
      'name', r.relname,
      'columns', (select coalesce(json_agg(json_build_object('name', c.name, 'type', c.type) order by c.attnum), '[]')
                  from cols c where c.attrelid = r.oid),
      'uniques', (select coalesce(json_agg(json_build_object('primary', i.indisprimary, 'columns',
                    (select json_agg(c.name order by k.ord) from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
                     join cols c on c.attrelid = i.indrelid and c.attnum = k.attnum))), '[]')
                  from pg_index i where i.indrelid = r.oid and i.indisunique and i.indpred is null and i.indexprs is null)
    )), '[]') from rels r),
  'fks', (select coalesce(json_agg(json_build_object(
      'name', co.conname, 'table', src.relname, 'refTable', dst.relname,
      'columns', (select json_agg(c.name order by k.ord) from unnest(co.conkey) with ordinality k(attnum, ord)
                  join cols c on c.attrelid = co.conrelid and c.attnum = k.attnum),
      'refColumns', (select json_agg(c.name order by k.ord) from unnest(co.confkey) with ordinality k(attnum, ord)
                     join cols c on c.attrelid = co.confrelid and c.attnum = k.attnum)
    )), '[]') from pg_constraint co join rels src on src.oid = co.conrelid join rels dst on dst.oid = co.confrelid
    where co.contype = 'f'),
  'functions', (select coalesce(json_agg(json_build_object(
      'name', p.proname, 'set', p.proretset, 'nargdefaults', p.pronargdefaults,
      'rettype', format_type(p.prorettype, null), 'typtype', t.typtype,
      'table', (select r.relname from rels r where r.oid = t.typrelid),
      'retcolumns', (select coalesce(json_agg(json_build_object('name', c.name, 'type', c.type) order by c.attnum), '[]')
                     from cols c where c.attrelid = t.typrelid),
      'argtypes', (select coalesce(json_agg(format_type(x, null) order by ord), '[]')
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, ord)),
      'argmodes', p.proargmodes::text[], 'argnames', p.proargnames
    )), '[]') from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
    where n.nspname = 'public' and p.prokind = 'f')
)::text as schema`;

interface RawFunction {
  name: string;
  set: boolean;
  nargdefaults: number;
  rettype: string;
  typtype: string;
  table: string | null;
  retcolumns: Column[];
  argtypes: string[];
  argmodes: string[] | null;
  argnames: string[] | null;
}

interface RawSchema {
  tables: { name: string; columns: Column[]; uniques: { primary: boolean; columns: string[] }[] }[];
  fks: ForeignKey[];
  functions: RawFunction[];
}

async function loadSchema(db: Queryable): Promise<Schema> {
  const { rows } = await db.query<{ schema: string }>(INTROSPECT);
  const raw = JSON.parse(rows[0]!.schema) as RawSchema;
  const tables = new Map<string, Table>();
  for (const t of raw.tables) {
    tables.set(t.name, {
      name: t.name,
      columns: new Map(t.columns.map((c) => [c.name, c])),
      primaryKey: t.uniques.find((u) => u.primary)?.columns ?? [],
      uniques: t.uniques.map((u) => u.columns),
    });
  }
  const functions = new Map<string, DbFunction[]>();
  for (const f of raw.functions) {
    const fn = toFunction(f);
    functions.set(fn.name, [...(functions.get(fn.name) ?? []), fn]);
  }
  return { tables, fks: raw.fks, functions };
}

function toFunction(f: RawFunction): DbFunction {
  const modes = f.argmodes ?? f.argtypes.map(() => 'i');
  const inputs: FnArg[] = [];
  const outputs: Column[] = [];
  f.argtypes.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    const name = f.argnames?.[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  inputs.forEach((a, i) => (a.hasDefault = i >= inputs.length - f.nargdefaults));

  const base = { name: f.name, args: inputs, set: f.set };
  if (f.rettype === 'void') return { ...base, returns: 'void', columns: [] };
  if (f.typtype === 'c') {
    return { ...base, returns: 'composite', columns: f.retcolumns, ...(f.table !== null && { table: f.table }) };
  }
  if (f.rettype === 'record' && outputs.length > 0) return { ...base, returns: 'composite', columns: outputs };
  return { ...base, returns: 'scalar', columns: [] };
}

/** One cache per app: reloaded when planning misses a name, so tables created later are found. */
export class SchemaCache {
  private current: Promise<Schema> | null = null;

  constructor(private readonly db: Queryable) {}

  get(): Promise<Schema> {
    if (!this.current) {
      const loading = loadSchema(this.db);
      // A failed load must not stick.
      loading.catch(() => {
        if (this.current === loading) this.current = null;
      });
      this.current = loading;
    }
    return this.current;
  }

  /** Reloads unless another request already did since `seen` was handed out. */
  refresh(seen: Schema): Promise<Schema> {
    return this.get().then((now) => {
      if (now !== seen) return now;
      this.current = null;
      return this.get();
    });
  }

  invalidate(): void {
    this.current = null;
  }

  /** Runs plan against the cache; on a SchemaMiss reloads once and retries, then reports the miss. */
  async plan<T>(plan: (schema: Schema) => T): Promise<T> {
    const schema = await this.get();
    try {
      return plan(schema);
    } catch (e) {
      if (!(e instanceof SchemaMiss)) throw e;
    }
    try {
      return plan(await this.refresh(schema));
    } catch (e) {
      throw e instanceof SchemaMiss ? e.error : e;
    }
  }
}

// ---------- lookups ----------

/** A few-edit neighbour of name among candidates, for PostgREST-style "Perhaps you meant" hints. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDist = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestDist) [best, bestDist] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

export function findTable(schema: Schema, name: string): Table {
  const t = schema.tables.get(name);
  if (t) return t;
  const near = closest(name, schema.tables.keys());
  throw new SchemaMiss(
    restError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, near ? `Perhaps you meant the table 'public.${near}'` : null),
  );
}

export function findColumn(table: Table, name: string): Column {
  const c = table.columns.get(name);
  if (c) return c;
  const near = closest(name, table.columns.keys());
  throw new SchemaMiss(
    restError(400, '42703', `column ${table.name}.${name} does not exist`, null, near ? `Perhaps you meant to reference the column "${table.name}.${near}".` : null),
  );
}

/** PGRST204: a payload or `columns` key that is not a column. */
export function findPayloadColumn(table: Table, name: string): Column {
  const c = table.columns.get(name);
  if (c) return c;
  throw new SchemaMiss(restError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`));
}

export interface Relationship {
  fk: ForeignKey;
  /** Column pairs [column of the embedding table, column of the embedded table]. */
  pairs: [string, string][];
  /** The embedded side yields at most one row: many-to-one, or one-to-one through a unique FK. */
  toOne: boolean;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
}

/**
 * A hint names the FK constraint or one of its columns. A self-referencing FK yields both directions:
 * there, like PostgREST, a column hint means many-to-one and the constraint name one-to-many.
 */
function matchesHint(r: Relationship, hint: string): boolean {
  const byName = r.fk.name === hint;
  const byColumn = r.fk.columns.includes(hint) || r.fk.refColumns.includes(hint);
  if (r.fk.table !== r.fk.refTable) return byName || byColumn;
  return r.cardinality === 'many-to-one' ? byColumn : byName;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Resolves `target!hint` from `source` through foreign keys in either direction. */
export function findRelationship(schema: Schema, source: Table, target: string, hint?: string): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of schema.fks) {
    if (fk.table === source.name && fk.refTable === target) {
      candidates.push({ fk, pairs: fk.columns.map((c, i) => [c, fk.refColumns[i]!]), toOne: true, cardinality: 'many-to-one' });
    }
    if (fk.refTable === source.name && fk.table === target) {
      const unique = schema.tables.get(target)?.uniques.some((u) => sameSet(u, fk.columns)) ?? false;
      candidates.push({
        fk,
        pairs: fk.refColumns.map((c, i) => [c, fk.columns[i]!]),
        toOne: unique,
        cardinality: unique ? 'one-to-one' : 'one-to-many',
      });
    }
  }
  const matching = hint ? candidates.filter((r) => matchesHint(r, hint)) : candidates;
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0) {
    const near = schema.tables.has(target) ? undefined : closest(target, schema.tables.keys());
    throw new SchemaMiss(
      restError(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
        `Searched for a foreign key relationship between '${source.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
        near ? `Perhaps you meant '${near}' instead of '${target}'.` : null,
      ),
    );
  }
  throw ambiguous(source.name, target, matching);
}

/** PGRST201: details is a list of the candidate relationships, as PostgREST sends it. */
function ambiguous(source: string, target: string, rels: Relationship[]): HttpError {
  return new HttpError(300, {
    code: 'PGRST201',
    details: rels.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${source} with ${target}`,
      relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})`,
    })),
    hint: `Try changing '${target}' to one of the following: ${rels.map((r) => `'${target}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    message: `Could not embed because more than one relationship was found for '${source}' and '${target}'`,
  });
}

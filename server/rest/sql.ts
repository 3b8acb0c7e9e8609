// Turns parsed requests into single SQL statements that build the response JSON inside Postgres.
// Names are checked against the schema cache and quoted; every value travels as a bind parameter.
import { restError } from '../http-error.ts';
import type { Condition, Field, Filter, FilterOp, LevelParams, OrderTerm, ParsedQuery, SelectItem } from './parse.ts';
import { findColumn, findPayloadColumn, findRelationship, type Column, type DbFunction, type Relationship, type Schema, type Table } from './schema.ts';

export class Params {
  readonly values: string[] = [];
  add(v: string): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const relation = (table: string): string => `"public".${ident(table)}`;

/** The cap on rows a read returns, like hosted Supabase's `max_rows`. */
export const MAX_ROWS = 1000;

const BINARY_OPS: Partial<Record<FilterOp, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const TSQUERY: Partial<Record<FilterOp, string>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

// ---------- read plans ----------

/** How much one read may ask for (config.restBudget): embed nesting, rows per embedded level, answer bytes. */
export interface ReadBudget {
  maxEmbedDepth: number;
  /** Like max_rows, for each embedded level: at most this many rows per parent row. */
  maxEmbedRows: number;
  maxResponseBytes: number;
}

/** One resource level: the root relation or an embed, with its SQL alias. */
interface Level {
  table: Table;
  alias: string;
  /** The cap on this level's rows (embedded levels), or undefined. */
  maxRows?: number;
  items: SelectItem[];
  params: LevelParams;
  /** Embeds by their select item, and by output name for filters such as `images=not.is.null`. */
  embeds: Map<SelectItem, Embed>;
  embedsByName: Map<string, Embed>;
}

interface Embed {
  name: string;
  rel: Relationship;
  inner: boolean;
  /** `table()` selects nothing: only there to filter (with !inner). */
  hidden: boolean;
  level: Level;
}

export interface ReadPlan {
  root: Level;
  params: Params;
  maxResponseBytes?: number;
}

const EMPTY: LevelParams = { conditions: [] };

/**
 * Resolves the select tree against the schema. rootParams overrides the root level's
 * params (mutations apply the root filters to the DML instead).
 */
export function planRead(schema: Schema, table: Table, q: ParsedQuery, p: Params, rootParams?: LevelParams, budget?: ReadBudget): ReadPlan {
  let n = 0;
  const used = new Set<string>();
  const level = (t: Table, path: string, items: SelectItem[], params?: LevelParams, depth = 0): Level => {
    used.add(path);
    if (budget && depth > budget.maxEmbedDepth) {
      throw restError(
        400,
        'PGRST100',
        `'${path}' is nested ${depth} embeds deep; this server allows at most ${budget.maxEmbedDepth}`,
        null,
        'Embed fewer levels, or ask for the deeper rows in another request',
      );
    }
    const lvl: Level = {
      table: t,
      alias: `t${n++}`,
      ...(budget && depth > 0 && { maxRows: budget.maxEmbedRows }),
      items,
      params: params ?? q.levels.get(path) ?? EMPTY,
      embeds: new Map(),
      embedsByName: new Map(),
    };
    for (const item of items) {
      if (item.type === 'star') continue;
      if (item.type === 'column') {
        findColumn(t, item.field.name);
        continue;
      }
      const rel = findRelationship(schema, t, item.target, item.hint);
      const target = schema.tables.get(item.target)!;
      const name = item.alias ?? item.target;
      const e: Embed = {
        name,
        rel,
        inner: item.inner,
        hidden: item.select.length === 0,
        level: level(target, path ? `${path}.${name}` : name, item.select, undefined, depth + 1),
      };
      lvl.embeds.set(item, e);
      lvl.embedsByName.set(name, e);
    }
    return lvl;
  };
  const root = level(table, '', q.select, rootParams);
  for (const path of q.levels.keys()) {
    if (!used.has(path)) {
      throw restError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
  return { root, params: p, ...(budget && { maxResponseBytes: budget.maxResponseBytes }) };
}

/** `"t0"."data"->'a'->>'b'` */
function fieldSql(lvl: Level, f: Field, p: Params): string {
  findColumn(lvl.table, f.name);
  let sql = `${ident(lvl.alias)}.${ident(f.name)}`;
  // Array indexes go in as int literals (bounded so they stay ints), keys as text parameters.
  for (const step of f.json) sql += step.arrow + (/^-?\d{1,9}$/.test(step.key) ? step.key : `${p.add(step.key)}::text`);
  return sql;
}

function outputName(f: Field): string {
  return f.json.length ? f.json[f.json.length - 1]!.key : f.name;
}

function selectList(lvl: Level, p: Params): string {
  const parts: string[] = [];
  for (const item of lvl.items) {
    if (item.type === 'star') parts.push(`${ident(lvl.alias)}.*`);
    else if (item.type === 'column') {
      const expr = fieldSql(lvl, item.field, p);
      parts.push(`${item.cast ? `(${expr})::${item.cast}` : expr} as ${ident(item.alias ?? outputName(item.field))}`);
    } else {
      const e = lvl.embeds.get(item)!;
      if (!e.hidden) parts.push(`${embedSql(e, lvl, p)} as ${ident(e.name)}`);
    }
  }
  return parts.join(', ');
}

function joinSql(e: Embed, parent: Level): string {
  return e.rel.pairs.map(([mine, theirs]) => `${ident(e.level.alias)}.${ident(theirs)} = ${ident(parent.alias)}.${ident(mine)}`).join(' and ');
}

function embedSql(e: Embed, parent: Level, p: Params): string {
  const lvl = e.level;
  const row = ident(`${lvl.alias}_row`);
  const rows =
    `select ${selectList(lvl, p)} from ${relation(lvl.table.name)} as ${ident(lvl.alias)}` +
    ` where ${[joinSql(e, parent), ...conditions(lvl, p)].join(' and ')}${pageSql(lvl, p, lvl.maxRows)}`;
  return e.rel.toOne ? `(select to_json(${row}) from (${rows}) as ${row})` : `coalesce((select json_agg(${row}) from (${rows}) as ${row}), '[]')`;
}

function existsSql(e: Embed, parent: Level, p: Params): string {
  const lvl = e.level;
  const where = [joinSql(e, parent), ...conditions(lvl, p)].join(' and ');
  return `exists (select 1 from ${relation(lvl.table.name)} as ${ident(lvl.alias)} where ${where})`;
}

/** A level's WHERE terms: its filters plus the existence checks of its !inner embeds. */
function conditions(lvl: Level, p: Params): string[] {
  const terms = lvl.params.conditions.map((c) => conditionSql(lvl, c, p));
  for (const e of lvl.embeds.values()) if (e.inner) terms.push(existsSql(e, lvl, p));
  return terms;
}

function conditionSql(lvl: Level, c: Condition, p: Params): string {
  if (c.type === 'logic') {
    const body = c.children.map((child) => conditionSql(lvl, child, p)).join(` ${c.op} `);
    return `${c.negate ? 'not ' : ''}(${body})`;
  }
  const sql = filterSql(lvl, c, p);
  return c.negate ? `not (${sql})` : sql;
}

function filterSql(lvl: Level, f: Filter, p: Params): string {
  // `images=is.null`: filter parents on the presence of an embedded row.
  const embed = f.field.json.length === 0 && !lvl.table.columns.has(f.field.name) ? lvl.embedsByName.get(f.field.name) : undefined;
  if (embed && f.op === 'is' && (f.value === 'null' || f.value === 'not_null')) {
    const exists = existsSql(embed, lvl, p);
    return f.value === 'null' ? `not ${exists}` : exists;
  }
  // `in.()` matches nothing; the column is still checked, but its JSON-path keys must not become unused parameters.
  if (f.op === 'in' && f.value.length === 0) {
    findColumn(lvl.table, f.field.name);
    return 'false';
  }
  const col = fieldSql(lvl, f.field, p);
  const value = f.value;
  if (f.op === 'in') return `${col} in (${(value as string[]).map((v) => p.add(v)).join(', ')})`;
  if (f.op === 'is') return `${col} is ${value === 'not_null' ? 'not null' : value}`;
  const fts = TSQUERY[f.op];
  if (fts) return `${col} @@ ${fts}(${f.config ? `${p.add(f.config)}::regconfig, ` : ''}${p.add(value as string)})`;
  const text = f.op === 'like' || f.op === 'ilike' ? (value as string).replaceAll('*', '%') : (value as string);
  if (f.quant) return `${col} ${BINARY_OPS[f.op]} ${f.quant}(${p.add(text)})`;
  return `${col} ${BINARY_OPS[f.op]} ${p.add(text)}`;
}

function orderSql(lvl: Level, order: OrderTerm[] | undefined, p: Params): string {
  if (!order?.length) return '';
  const terms = order.map((t) => `${fieldSql(lvl, t.field, p)} ${t.dir ?? 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`);
  return ` order by ${terms.join(', ')}`;
}

function pageSql(lvl: Level, p: Params, maxRows?: number): string {
  const { limit, offset } = lvl.params;
  const cap = maxRows === undefined ? limit : Math.min(limit ?? maxRows, maxRows);
  return `${orderSql(lvl, lvl.params.order, p)}${cap !== undefined ? ` limit ${cap}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

export interface BodyOptions {
  single: boolean;
  stripNulls: boolean;
  count: boolean;
  maxRows?: number;
}

/**
 * `[with …] select <json> as body, <rows> as page[, <total> as total]`. fromItem must expose the
 * root relation under the root alias (t0). With the plan's byte budget, also `bytes`, and a body over
 * the budget comes back null (never copied out of Postgres).
 */
export function readSql(plan: ReadPlan, fromItem: string, opts: BodyOptions, withClause = ''): string {
  const { root, params: p } = plan;
  const where = conditions(root, p);
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  const rows = `select ${selectList(root, p)} from ${fromItem}${whereSql}${pageSql(root, p, opts.maxRows)}`;
  let body = opts.single ? `(json_agg("pgrst_r") -> 0)` : `coalesce(json_agg("pgrst_r"), '[]')`;
  if (opts.stripNulls) body = `json_strip_nulls(${body})`;
  const total = opts.count ? `, (select count(*) from ${fromItem}${whereSql})::text as total` : '';
  const answer = `select ${body}::text as body, count(*)::text as page${total} from (${rows}) as "pgrst_r"`;
  const cap = plan.maxResponseBytes;
  if (cap === undefined) return `${withClause}${answer}`;
  const b = `"pgrst_b"."body"`;
  return (
    `${withClause}select case when octet_length(${b}) > ${Math.floor(cap)} then null else ${b} end as body,` +
    ` octet_length(${b})::text as bytes, "pgrst_b"."page"${opts.count ? `, "pgrst_b"."total"` : ''} from (${answer}) as "pgrst_b"`
  );
}

export function tableFrom(table: Table): string {
  return `${relation(table.name)} as "t0"`;
}

// ---------- writes ----------

export interface Payload {
  /** The request body as sent (an object or an array of objects): passed to Postgres untouched. */
  raw: string;
  rows: Record<string, unknown>[];
  isArray: boolean;
}

/** The insert's target columns: `columns=` if given, else the keys every row has (PGRST204 for unknown ones). */
export function payloadColumns(table: Table, payload: Payload, columns?: string[]): string[] {
  if (columns) return columns.map((c) => findPayloadColumn(table, c).name);
  const keys = new Set(payload.rows.flatMap((r) => Object.keys(r)));
  return [...keys].map((k) => findPayloadColumn(table, k).name);
}

/** Rows batched with per-row DEFAULTs need one parameter each; stay well inside the protocol's 65535. */
const MAX_DEFAULT_ROWS = 30_000;

export function insertSql(
  table: Table,
  payload: Payload,
  cols: string[],
  opts: { missingDefault: boolean; resolution?: 'merge-duplicates' | 'ignore-duplicates'; onConflict?: string[] },
  p: Params,
): string {
  const target = relation(table.name);
  const colList = cols.map(ident).join(', ');
  const record = `null::${target}`;
  const missing = opts.missingDefault && payload.rows.some((r) => cols.some((c) => !(c in r)));
  let source: string;
  if (missing) {
    if (payload.rows.length > MAX_DEFAULT_ROWS) {
      throw restError(400, 'PGRST102', `At most ${MAX_DEFAULT_ROWS} rows per request with Prefer: missing=default`);
    }
    // Per-row VALUES so that absent keys can take the column DEFAULT.
    const tuples = payload.rows.map((r) => {
      // A row with none of the columns is all defaults and binds nothing: an unused parameter would be
      // refused by Postgres (08P01).
      if (!cols.some((c) => c in r)) return `(${cols.map(() => 'default').join(', ')})`;
      const rec = `json_populate_record(${record}, ${p.add(JSON.stringify(r))}::json)`;
      return `(${cols.map((c) => (c in r ? `(${rec}).${ident(c)}` : 'default')).join(', ')})`;
    });
    source = `values ${tuples.join(', ')}`;
  } else {
    const body = p.add(payload.isArray ? payload.raw : `[${payload.raw}]`);
    source = `select ${colList} from json_populate_recordset(${record}, ${body}::json) as "pgrst_body"`;
  }
  let sql = `insert into ${target} as "t0"${cols.length ? ` (${colList})` : ''} ${source}`;
  if (opts.resolution) {
    const keys = (opts.onConflict ?? table.primaryKey).map((c) => findPayloadColumn(table, c).name);
    if (keys.length) {
      const merge = opts.resolution === 'merge-duplicates' && cols.length > 0;
      sql += ` on conflict (${keys.map(ident).join(', ')}) do ${merge ? `update set ${cols.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}` : 'nothing'}`;
    }
  }
  return sql;
}

/** PATCH: null when the body names no column (nothing to update). */
export function updateSql(table: Table, raw: string, cols: string[], where: string[], p: Params): string | null {
  if (!cols.length) return null;
  const sets = cols.map((c) => `${ident(c)} = "pgrst_body".${ident(c)}`).join(', ');
  return (
    `update ${relation(table.name)} as "t0" set ${sets}` +
    ` from json_populate_record(null::${relation(table.name)}, ${p.add(raw)}::json) as "pgrst_body"` +
    (where.length ? ` where ${where.join(' and ')}` : '')
  );
}

export function deleteSql(table: Table, where: string[]): string {
  return `delete from ${relation(table.name)} as "t0"${where.length ? ` where ${where.join(' and ')}` : ''}`;
}

/** The root filters of a PATCH/DELETE, applied to the DML itself. */
export function mutationWhere(schema: Schema, table: Table, q: ParsedQuery, p: Params): string[] {
  const { root } = planRead(schema, table, { ...q, select: [], levels: new Map([['', q.levels.get('') ?? EMPTY]]) }, p);
  return conditions(root, p);
}

/** A write's representation: the DML in a CTE, then the select over what it returned. */
export function representationSql(plan: ReadPlan, dml: string | null, opts: BodyOptions): string {
  // An empty PATCH updates nothing: represent it as no rows.
  const rows = dml ? `${dml} returning "t0".*` : `select "t0".* from ${tableFrom(plan.root.table)} where false`;
  return readSql(plan, `"pgrst_mut" as "t0"`, opts, `with "pgrst_mut" as (${rows}) `);
}

// ---------- rpc ----------

export interface RpcCall {
  /** FROM items that must precede the call (the decoded arguments), or ''. */
  argsFrom: string;
  call: string;
}

/**
 * Picks the overload whose named arguments match the given keys, or one taking a single
 * unnamed json/jsonb argument (then passed the whole body).
 */
export function chooseFunction(schema: Schema, name: string, keys: string[]): DbFunction | undefined {
  const overloads = schema.functions.get(name) ?? [];
  const named = overloads.filter((f) => keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)));
  if (named.length > 1) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${named.map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  return named[0] ?? overloads.find((f) => f.args.length === 1 && f.args[0]!.name === '' && /^jsonb?$/.test(f.args[0]!.type));
}

export function rpcCall(fn: DbFunction, argsJson: string, keys: string[], p: Params): RpcCall {
  const target = `"public".${ident(fn.name)}`;
  const only = fn.args[0];
  if (fn.args.length === 1 && only?.name === '') {
    return { argsFrom: '', call: `${target}(${p.add(argsJson)}::${only.type})` };
  }
  const given = fn.args.filter((a) => keys.includes(a.name));
  if (!given.length) return { argsFrom: '', call: `${target}()` };
  const defs = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const named = given.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} => "pgrst_args".${ident(a.name)}`);
  return {
    argsFrom: `json_to_record(${p.add(argsJson)}::json) as "pgrst_args"(${defs})`,
    call: `${target}(${named.join(', ')})`,
  };
}

/** The pseudo-table an rpc result is read through: the returned table (for embeds) or its columns. */
export function resultTable(schema: Schema, fn: DbFunction): Table {
  const table = fn.table ? schema.tables.get(fn.table) : undefined;
  if (table) return table;
  return {
    name: fn.name,
    columns: new Map(fn.columns.map((c): [string, Column] => [c.name, c])),
    primaryKey: [],
    uniques: [],
  };
}

export function scalarRpcSql(fn: DbFunction, rpc: RpcCall): string {
  const from = rpc.argsFrom ? ` from ${rpc.argsFrom}` : '';
  if (fn.returns === 'void') return `select ${rpc.call}${from}`;
  if (!fn.set) return `select to_json(${rpc.call})::text as body${from}`;
  const items = [rpc.argsFrom, `${rpc.call} as "pgrst_v"`].filter(Boolean).join(', ');
  return `select coalesce(json_agg("pgrst_v"), '[]')::text as body, count(*)::text as page from ${items}`;
}

/** Composite results go through a CTE (called once even when counted) and then the read builder. */
export function compositeRpcWith(rpc: RpcCall): string {
  const items = [rpc.argsFrom, `${rpc.call} as "t0"`].filter(Boolean).join(', ');
  return `with "pgrst_call" as (select "t0".* from ${items}) `;
}

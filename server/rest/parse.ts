// PostgREST's query-string grammar: select, filters (incl. or/and trees), order, columns, limit/offset.
import { restError, type HttpError } from '../http-error.ts';

interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field; alias?: string; cast?: string }
  | { type: 'embed'; target: string; alias?: string; hint?: string; inner: boolean; select: SelectItem[] };

/** PostgREST's filter operators, as the parser knows them (the fuzz tries each: tests/helpers/fuzz-requests.ts). */
export const FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

const QUANTIFIABLE = new Set<FilterOp>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<FilterOp>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface Filter {
  type: 'filter';
  field: Field;
  negate: boolean;
  op: FilterOp;
  /** `eq(any).{a,b}`: compare against any/all elements of an array literal. */
  quant?: 'any' | 'all';
  /** Text-search configuration: `fts(english).cat`. */
  config?: string;
  /** A list for `in`, else the raw value. */
  value: string | string[];
}

export interface Logic {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything one resource level (the root or an embed path) receives from the query string. */
export interface LevelParams {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path: '' is the root, 'images' or 'cattery.owner' an embed (by alias or table name). */
  levels: Map<string, LevelParams>;
  columns?: string[];
  onConflict?: string[];
  /** GET /rpc arguments: the params whose key isArg accepted. */
  args: Record<string, string>;
}

/** Nesting deeper than this is refused before it could exhaust Postgres' stack. */
const MAX_DEPTH = 16;

function parseError(what: string, src: string, pos: number, expected: string): HttpError {
  const found = pos >= src.length ? 'end of input' : `"${src[pos]}"`;
  return restError(400, 'PGRST100', `"failed to parse ${what} (${src})" (line 1, column ${pos + 1})`, `unexpected ${found} expecting ${expected}`);
}

const NAME_CHAR = /[\p{L}\p{N}_$]/u;

/** A tiny scanner with the position-aware errors PostgREST gives. */
class Cursor {
  pos = 0;
  constructor(
    readonly src: string,
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.src.length;
  }
  peek(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.peek(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string): void {
    if (!this.eat(s)) throw this.fail(`"${s}"`);
  }
  fail(expected: string): HttpError {
    return parseError(this.what, this.src, this.pos, expected);
  }
  end(): void {
    if (!this.done) throw this.fail('end of input');
  }

  /** A bare identifier or a "double quoted" one. */
  name(label = 'field name'): string {
    if (this.peek('"')) return this.quoted();
    const start = this.pos;
    while (!this.done && NAME_CHAR.test(this.src[this.pos]!)) this.pos++;
    if (this.pos === start) throw this.fail(label);
    return this.src.slice(start, this.pos);
  }

  /** `"…"` with backslash escapes. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && !this.peek('"')) {
      if (this.eat('\\') && this.done) break;
      out += this.src[this.pos++];
    }
    this.expect('"');
    return out;
  }

  /** Raw text up to (not including) the first top-level char in stops; `{…}` nests. */
  until(stops: string): string {
    const start = this.pos;
    let depth = 0;
    while (!this.done) {
      const ch = this.src[this.pos]!;
      if (ch === '{') depth++;
      else if (ch === '}') depth = Math.max(0, depth - 1);
      else if (depth === 0 && stops.includes(ch)) break;
      this.pos++;
    }
    return this.src.slice(start, this.pos);
  }

  field(): Field {
    const name = this.name();
    const json: JsonStep[] = [];
    for (;;) {
      const arrow = this.eat('->>') ? '->>' : this.eat('->') ? '->' : null;
      if (!arrow) break;
      const neg = this.eat('-') ? '-' : '';
      json.push({ arrow, key: neg + this.name('json key') });
    }
    return { name, json };
  }
}

// ---------- select ----------

export function parseSelect(src: string): SelectItem[] {
  if (src === '') return [{ type: 'star' }];
  const cur = new Cursor(src, 'select parameter');
  const items = selectList(cur, 0, false);
  cur.end();
  return items;
}

function selectList(cur: Cursor, depth: number, allowEmpty: boolean): SelectItem[] {
  if (depth > MAX_DEPTH) throw cur.fail(`at most ${MAX_DEPTH} nested embeds`);
  const items: SelectItem[] = [];
  if (allowEmpty && cur.peek(')')) return items;
  do items.push(selectItem(cur, depth));
  while (cur.eat(','));
  return items;
}

function selectItem(cur: Cursor, depth: number): SelectItem {
  if (cur.eat('*')) return { type: 'star' };
  if (cur.peek('...')) throw cur.fail('field name (spread embeds are not supported)');
  let alias: string | undefined;
  const start = cur.pos;
  const first = cur.name();
  if (cur.peek(':') && !cur.peek('::')) {
    cur.pos++;
    alias = first;
  } else {
    cur.pos = start;
  }
  const nameStart = cur.pos;
  const name = cur.name();
  if (cur.peek('!') || cur.peek('(')) return embed(cur, name, alias, depth);
  cur.pos = nameStart;
  const field = cur.field();
  let cast: string | undefined;
  if (cur.eat('::')) {
    // One type identifier, optionally an array: it goes into the SQL as written.
    const m = /^[A-Za-z_][A-Za-z0-9_]*(\[\])*/.exec(cur.src.slice(cur.pos));
    if (!m) throw cur.fail('type name');
    cast = m[0];
    cur.pos += cast.length;
  }
  return { type: 'column', field, ...(alias !== undefined && { alias }), ...(cast !== undefined && { cast }) };
}

function embed(cur: Cursor, target: string, alias: string | undefined, depth: number): SelectItem {
  let hint: string | undefined;
  let inner = false;
  while (cur.eat('!')) {
    const at = cur.pos;
    const h = cur.name('relationship hint');
    if (h === 'inner') inner = true;
    else if (h === 'left') inner = false;
    else if (hint === undefined) hint = h;
    else {
      cur.pos = at;
      throw cur.fail('"inner" or "left" (only one relationship hint is allowed)');
    }
  }
  cur.expect('(');
  const select = selectList(cur, depth + 1, true);
  cur.expect(')');
  return { type: 'embed', target, inner, select, ...(alias !== undefined && { alias }), ...(hint !== undefined && { hint }) };
}

// ---------- filters ----------

const OPS_LABEL = `operator (${FILTER_OPS.join(', ')})`;

/** The part after the op: its modifier, then `.value`. inLogic: values end at `,`/`)` unless quoted. */
function filterTail(cur: Cursor, field: Field, inLogic: boolean): Filter {
  const negate = cur.eat('not.');
  const opStart = cur.pos;
  while (!cur.done && /[a-z]/.test(cur.src[cur.pos]!)) cur.pos++;
  const op = cur.src.slice(opStart, cur.pos) as FilterOp;
  if (!FILTER_OPS.includes(op)) {
    cur.pos = opStart;
    throw cur.fail(negate ? OPS_LABEL : `"not" or ${OPS_LABEL}`);
  }
  const f: Filter = { type: 'filter', field, negate, op, value: '' };
  if (cur.eat('(')) {
    if (FTS.has(op)) f.config = cur.name('text search configuration');
    else if (QUANTIFIABLE.has(op) && (cur.peek('any') || cur.peek('all'))) {
      f.quant = cur.src.slice(cur.pos, cur.pos + 3) as 'any' | 'all';
      cur.pos += 3;
    } else throw cur.fail(FTS.has(op) ? 'text search configuration' : '"any" or "all"');
    cur.expect(')');
  }
  cur.expect('.');
  if (op === 'in') {
    f.value = inList(cur);
  } else if (op === 'is') {
    const start = cur.pos;
    const v = (inLogic ? cur.until(',)') : cur.src.slice(cur.pos)).toLowerCase();
    if (!IS_VALUES.has(v)) {
      cur.pos = start;
      throw cur.fail('null, not_null, true, false or unknown');
    }
    cur.pos = start + v.length;
    f.value = v;
  } else if (!inLogic) {
    f.value = cur.src.slice(cur.pos);
    cur.pos = cur.src.length;
  } else {
    f.value = cur.peek('"') ? cur.quoted() : cur.until(',)');
  }
  if ((op === 'match' || op === 'imatch') && hasBackreference(f.value as string)) {
    throw restError(
      400,
      'PGRST100',
      `"${op}" refuses backreferences (\\1 to \\9)`,
      null,
      "A backreference makes Postgres' regex engine take exponential time; match without one, or use like/ilike",
    );
  }
  return f;
}

/**
 * A regex backreference: a backslash (not itself escaped) before 1-9. Even one group is seconds on the
 * catalogue, three are minutes; without backreferences Postgres' regex engine stays fast. A
 * `\1` in a bracket expression or under `***=` is refused too: rare, and cheap to refuse.
 */
export function hasBackreference(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[i + 1];
    if (next !== undefined && next >= '1' && next <= '9') return true;
    i++; // the escaped character
  }
  return false;
}

/** `(a,"b,c",3)` */
function inList(cur: Cursor): string[] {
  cur.expect('(');
  const values: string[] = [];
  if (cur.eat(')')) return values;
  do values.push(cur.peek('"') ? cur.quoted() : cur.until(',)'));
  while (cur.eat(','));
  cur.expect(')');
  return values;
}

/** `col=<value>` of the query string, e.g. value `not.in.(1,2)`. */
export function parseFilter(key: string, value: string): Filter {
  const fieldCur = new Cursor(key, 'filter');
  const field = fieldCur.field();
  fieldCur.end();
  const cur = new Cursor(value, 'filter');
  const f = filterTail(cur, field, false);
  cur.end();
  return f;
}

/** The value of `or=`/`and=`: `(a.eq.1,and(b.gt.2,c.not.is.null))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  const cur = new Cursor(value, 'logic tree');
  const tree = logicBody(cur, op, negate, 0);
  cur.end();
  return tree;
}

function logicBody(cur: Cursor, op: 'and' | 'or', negate: boolean, depth: number): Logic {
  if (depth > MAX_DEPTH) throw cur.fail(`at most ${MAX_DEPTH} nested conditions`);
  cur.expect('(');
  const children: Condition[] = [];
  do children.push(logicItem(cur, depth));
  while (cur.eat(','));
  cur.expect(')');
  return { type: 'logic', op, negate, children };
}

function logicItem(cur: Cursor, depth: number): Condition {
  const start = cur.pos;
  const negate = cur.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cur.peek(`${op}(`)) {
      cur.pos += op.length;
      return logicBody(cur, op, negate, depth + 1);
    }
  }
  cur.pos = start;
  const field = cur.field();
  cur.expect('.');
  return filterTail(cur, field, true);
}

// ---------- order, columns, numbers ----------

export function parseOrder(src: string): OrderTerm[] {
  const cur = new Cursor(src, 'order');
  const terms: OrderTerm[] = [];
  do {
    const term: OrderTerm = { field: cur.field() };
    while (cur.eat('.')) {
      const word = cur.name('"asc", "desc", "nullsfirst" or "nullslast"');
      if ((word === 'asc' || word === 'desc') && !term.dir && !term.nulls) term.dir = word;
      else if ((word === 'nullsfirst' || word === 'nullslast') && !term.nulls) term.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else {
        cur.pos -= word.length;
        throw cur.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
    }
    terms.push(term);
  } while (cur.eat(','));
  cur.end();
  return terms;
}

/** `columns` and `on_conflict`: `a,b` or `"a","b"`. */
export function parseNameList(src: string, what: string): string[] {
  const cur = new Cursor(src, what);
  const names: string[] = [];
  do names.push(cur.name('column name'));
  while (cur.eat(','));
  cur.end();
  return names;
}

export function parseNonNegative(src: string, what: string): number {
  const n = /^\d{1,15}$/.test(src) ? Number(src) : NaN;
  if (!Number.isSafeInteger(n)) throw parseError(`${what} parameter`, src, 0, 'a non-negative integer');
  return n;
}

// ---------- the whole query string ----------

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);

export function parseQuery(params: URLSearchParams, isArg: (key: string) => boolean = () => false): ParsedQuery {
  const levels = new Map<string, LevelParams>();
  const level = (path: string): LevelParams => {
    let l = levels.get(path);
    if (!l) levels.set(path, (l = { conditions: [] }));
    return l;
  };
  level('');
  const args: Record<string, string> = {};

  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (isArg(key)) {
      args[key] = value;
      continue;
    }
    const { path, last } = splitKey(key);
    const l = level(path);
    const logic = /^(not\.)?(and|or)$/.exec(last);
    if (logic) l.conditions.push(parseLogic(logic[2] as 'and' | 'or', !!logic[1], value));
    else if (last === 'order') l.order = parseOrder(value);
    else if (last === 'limit') l.limit = parseNonNegative(value, 'limit');
    else if (last === 'offset') l.offset = parseNonNegative(value, 'offset');
    else l.conditions.push(parseFilter(last, value));
  }

  const select = params.get('select');
  const columns = params.get('columns');
  const onConflict = params.get('on_conflict');
  return {
    select: parseSelect(select ?? '*'),
    levels,
    args,
    ...(columns !== null && { columns: parseNameList(columns, 'columns parameter') }),
    ...(onConflict !== null && { onConflict: parseNameList(onConflict, 'on_conflict parameter') }),
  };
}

/** `images.tags.order` ⇒ path `images.tags`, last `order`; `not.or` and JSON arrows stay in `last`. */
function splitKey(key: string): { path: string; last: string } {
  const parts = key.split('.');
  let i = parts.length - 1;
  if (i > 0 && parts[i - 1] === 'not' && (parts[i] === 'or' || parts[i] === 'and')) i--;
  return { path: parts.slice(0, i).join('.'), last: parts.slice(i).join('.') };
}

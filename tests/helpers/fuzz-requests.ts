// Generators of hostile requests for every endpoint of the venue server, driven by a seeded Rng.
import type { FuzzRequest } from './fuzz-http.ts';
import type { Forgeries } from './fuzz-jwt.ts';
import { BAD_JSON, deepJson, nastyJsonValue, nastyText, type Rng } from './fuzz-random.ts';
import { FILTER_OPS } from '../../server/rest/parse.ts';

export interface FuzzWorld {
  /** Public tables and views → their columns. */
  tables: Map<string, string[]>;
  /** Table → tables it can embed through a foreign key (either direction), and the FK names. */
  related: Map<string, string[]>;
  fkNames: string[];
  /** Public functions → their input argument names. */
  functions: Map<string, string[]>;
  /** "bucket/name" of public storage objects. */
  objects: string[];
  anonKey: string;
  serviceKey: string;
  attacker: { id: string; email: string; accessToken: string; refreshToken: string };
  victim: { id: string; email: string };
  emails: string[];
  advertiserIds: number[];
  eventIds: number[];
  forged: Forgeries;
}

// ---------- encoding ----------

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Percent-encodes the UTF-8 bytes of s (lone surrogates become U+FFFD, as any client would send them). */
function pct(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * s unencoded in the request target (quotes, braces, stray `%`, `#`, `&`, `=` …); only what Node's
 * own parser would refuse before the app sees it (controls, space, DEL, non-ASCII bytes) is encoded.
 */
function raw(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) out += b <= 0x20 || b >= 0x7f ? `%${b.toString(16).padStart(2, '0')}` : String.fromCharCode(b);
  return out;
}

/** A header value Node will send: UTF-8 bytes as latin1, control characters replaced. */
function hv(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) out += (b < 0x20 && b !== 0x09) || b === 0x7f ? '?' : String.fromCharCode(b);
  return out;
}

const enc = (rng: Rng, s: string): string => (rng.chance(0.85) ? pct(s) : raw(s));

function query(rng: Rng, pairs: [string, string][]): string {
  if (!pairs.length) return '';
  return `?${pairs.map(([k, v]) => (rng.chance(0.03) ? enc(rng, k) : `${enc(rng, k)}=${enc(rng, v)}`)).join(rng.chance(0.02) ? '&&' : '&')}`;
}

// ---------- who is calling ----------

export type CallerKind = 'anon' | 'attacker' | 'refused' | 'odd' | 'noKey' | 'badKey' | 'userAsKey' | 'service';

function token(rng: Rng, w: FuzzWorld, kind: CallerKind): string {
  if (kind === 'attacker') return w.attacker.accessToken;
  if (kind === 'refused') return rng.pick(w.forged.refused);
  if (kind === 'odd') return rng.pick(w.forged.oddButSigned);
  if (kind === 'service') return w.serviceKey;
  return w.anonKey;
}

/** The apikey and Authorization headers of one caller kind, with some mangling of their syntax. */
function callerHeaders(rng: Rng, w: FuzzWorld, kind: CallerKind): Record<string, string> {
  const h: Record<string, string> = {};
  if (kind === 'noKey') return rng.chance(0.5) ? {} : { authorization: `Bearer ${w.anonKey}` };
  if (kind === 'badKey') h.apikey = hv(rng.chance(0.5) ? rng.pick(w.forged.refused) : nastyText(rng));
  else if (kind === 'userAsKey') h.apikey = w.attacker.accessToken;
  else h.apikey = kind === 'service' ? w.serviceKey : w.anonKey;
  if (kind === 'anon' || kind === 'badKey' || kind === 'userAsKey' || kind === 'service') {
    if (kind !== 'service' && rng.chance(0.3)) h.authorization = `Bearer ${w.anonKey}`;
    if (kind === 'service') h.authorization = `Bearer ${w.serviceKey}`;
    return h;
  }
  const t = token(rng, w, kind);
  h.authorization = rng.weighted<string>([
    [20, `Bearer ${t}`],
    [1, `bearer ${t}`],
    [1, `Bearer  ${t}`],
    [1, `Bearer ${t} extra`],
    [1, `Basic ${Buffer.from('postgres:postgres').toString('base64')}`],
    [1, 'Bearer'],
    [1, `Token ${t}`],
    [1, hv(`Bearer ${nastyText(rng)}`)],
  ]);
  return h;
}

/** A hostile caller. The service role (the operator's key, without a statement timeout) is fuzzed separately. */
function pickCaller(rng: Rng): CallerKind {
  return rng.weighted<CallerKind>([
    [30, 'anon'],
    [25, 'attacker'],
    [20, 'refused'],
    [5, 'odd'],
    [4, 'noKey'],
    [6, 'badKey'],
    [3, 'userAsKey'],
  ]);
}

/** Request headers PostgREST reads, mostly garbled. */
function restHeaders(rng: Rng, writing: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (rng.chance(0.35)) {
    h.prefer = hv(
      rng.pick([
        'return=representation',
        'return=minimal',
        'return=headers-only',
        'count=exact',
        'count=planned',
        'return=representation, count=exact',
        'resolution=merge-duplicates',
        'resolution=ignore-duplicates, return=representation',
        'missing=default',
        'missing=default, return=representation',
        'handling=strict, max-affected=0',
        'handling=strict, max-affected=99999999999999999999',
        'tx=rollback',
        'return==',
        ',,,,',
        'return',
        'count=exact'.repeat(500),
        nastyText(rng),
      ]),
    );
  }
  if (rng.chance(0.25)) {
    h.accept = hv(
      rng.pick([
        'application/vnd.pgrst.object+json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.array+json;nulls=stripped',
        'application/json',
        'text/csv',
        'application/geo+json',
        'application/openapi+json',
        'text/html',
        '*/*',
        'application/json;q=0',
        'application/vnd.pgrst.plan+json',
        '',
        ',',
        nastyText(rng),
      ]),
    );
  }
  if (rng.chance(0.15)) {
    h.range = hv(rng.pick(['0-9', '10-5', 'items=0-', '0-', '-5', 'abc', '0-999999999999999', '999999999999999-999999999999999', '5-5', 'bytes=0-1', nastyText(rng)]));
  }
  if (rng.chance(0.05)) h[writing ? 'content-profile' : 'accept-profile'] = hv(rng.pick(['public', 'storage', 'auth', 'pg_catalog', '', nastyText(rng)]));
  if (writing || rng.chance(0.1)) h['content-type'] = contentType(rng);
  return h;
}

function contentType(rng: Rng): string {
  return hv(
    rng.weighted<string>([
      [12, 'application/json'],
      [1, 'application/json; charset=latin1'],
      [1, 'text/plain'],
      [1, 'application/x-www-form-urlencoded'],
      [1, 'multipart/form-data; boundary=xyz'],
      [1, 'application/octet-stream'],
      [1, 'text/csv'],
      [1, 'application/vnd.pgrst.object+json'],
      [1, nastyText(rng)],
    ]),
  );
}

/** Headers anyone can add: proxies, encodings, caches and junk. */
function noiseHeaders(rng: Rng): Record<string, string> {
  const h: Record<string, string> = {};
  if (rng.chance(0.1)) h['x-forwarded-for'] = hv(rng.pick(['1.2.3.4', '::1', '1.2.3.4, 5.6.7.8', 'unknown', '', 'x'.repeat(2000), nastyText(rng)]));
  if (rng.chance(0.1)) h['accept-encoding'] = hv(rng.pick(['gzip', 'br', 'deflate', 'zstd', 'gzip;q=0', '*', 'identity;q=0, *;q=0', nastyText(rng)]));
  if (rng.chance(0.05)) h['if-none-match'] = hv(rng.pick(['*', '"abc"', 'W/"x"', nastyText(rng)]));
  if (rng.chance(0.05)) h['x-client-info'] = hv(nastyText(rng));
  if (rng.chance(0.03)) h['x-huge'] = 'h'.repeat(rng.pick([1000, 8000, 14_000]));
  if (rng.chance(0.03)) h[`x-${rng.chars(rng.int(1, 30), 'abcdefghijklmnopqrstuvwxyz0123456789-')}`] = hv(nastyText(rng));
  return h;
}

// ---------- PostgREST query strings ----------

const CASTS = [
  'text',
  'int',
  'int4',
  'bigint',
  'numeric',
  'json',
  'jsonb',
  'bool',
  'date',
  'uuid',
  'text[]',
  'regclass',
  'oid',
  'xml',
  'nope',
  'int;drop',
  'pg_catalog.text',
  'tsvector',
  'money',
  'bytea',
  'int[][]',
];
const OPS: readonly string[] = FILTER_OPS;
const BAD_OPS = ['xx', 'EQ', '', 'not', 'not.not.eq', 'eq.eq', 'in(', 'equals', 'gt(any', 'fts(', 'like(all)', 'is(any)'];

function colOf(rng: Rng, w: FuzzWorld, table: string): string {
  const cols = w.tables.get(table) ?? [];
  return cols.length && rng.chance(0.85) ? rng.pick(cols) : rng.pick(['nope', 'id', 'ID', '"id"', '"a""b"', '', '*', nastyText(rng)]);
}

function fieldOf(rng: Rng, w: FuzzWorld, table: string): string {
  const col = colOf(rng, w, table);
  if (!rng.chance(0.2)) return col;
  const steps = Array.from(
    { length: rng.int(1, rng.chance(0.1) ? 60 : 3) },
    () => `${rng.pick(['->', '->>'])}${rng.pick(['a', '0', '-1', '99999999999', 'key', '"q"', '', "'x'"])}`,
  );
  return col + steps.join('');
}

function selectExpr(rng: Rng, w: FuzzWorld, table: string, depth = 0): string {
  if (rng.chance(0.04)) return 'a('.repeat(rng.int(17, 200)) + '*' + ')'.repeat(rng.int(0, 200));
  if (rng.chance(0.04)) return nastyText(rng);
  const n = rng.int(1, 4);
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = rng.int(0, depth > 2 ? 5 : 8);
    if (kind === 0) items.push('*');
    else if (kind <= 2) items.push(fieldOf(rng, w, table));
    else if (kind === 3) items.push(`${fieldOf(rng, w, table)}::${rng.pick(CASTS)}`);
    else if (kind === 4) items.push(`${rng.pick(['x', 'alias', '"a b"', 'id', 'select'])}:${fieldOf(rng, w, table)}`);
    else if (kind === 5) items.push(rng.pick(['count()', 'id.count()', '...breeds(*)', 'sum(id)', '', ',', '()', 'id::', ':id', 'a:b:c']));
    else {
      const rel = w.related.get(table) ?? [];
      const target = rel.length && rng.chance(0.85) ? rng.pick(rel) : rng.pick([...w.tables.keys(), 'nope']);
      const hint = rng.weighted<string>([
        [6, ''],
        [2, '!inner'],
        [1, '!left'],
        [2, `!${rng.pick(w.fkNames)}`],
        [1, `!${rng.pick(w.fkNames)}!inner`],
        [1, '!a!b!c'],
        [1, '!'],
      ]);
      const inner = rng.chance(0.1) ? '' : selectExpr(rng, w, target, depth + 1);
      const close = rng.chance(0.05) ? '' : ')';
      items.push(`${rng.chance(0.2) ? 'e:' : ''}${target}${hint}(${inner}${close}`);
    }
  }
  return items.join(rng.chance(0.03) ? ',,' : ',');
}

function operand(rng: Rng, w: FuzzWorld, op: string): string {
  if (op === 'in') {
    return rng.pick([
      `(${Array.from({ length: rng.int(0, 5) }, () => (rng.chance(0.3) ? `"${nastyText(rng)}"` : nastyText(rng))).join(',')})`,
      '(1,2',
      '()',
      '(,)',
      '1,2',
      `(${Array.from({ length: 3000 }, (_, i) => i).join(',')})`,
    ]);
  }
  if (op === 'is') return rng.pick(['null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'maybe', '', nastyText(rng)]);
  if (op === 'cs' || op === 'cd' || op === 'ov') return rng.pick(['{a,b}', '{1,2}', '[1,2]', '{"a":1}', '(1,2)', '{', '{}', nastyText(rng)]);
  if (op === 'sl' || op === 'sr' || op === 'nxr' || op === 'nxl' || op === 'adj')
    return rng.pick(['[1,5)', '(1,5]', '[,]', '[2026-01-01,2026-02-01)', '[5,1]', nastyText(rng)]);
  if (op === 'match' || op === 'imatch') return rng.pick(['^a', '(', '[[:alpha:]', '(a+)+$', '\\', '*', '(?<=a)', '.{1,100000}', nastyText(rng)]);
  return rng.chance(0.1) ? String(rng.pick(w.eventIds)) : nastyText(rng);
}

function filterValue(rng: Rng, w: FuzzWorld): string {
  if (rng.chance(0.08)) return nastyText(rng);
  const bad = rng.chance(0.1);
  const op = bad ? rng.pick(BAD_OPS) : rng.pick(OPS);
  const neg = rng.chance(0.15) ? 'not.' : '';
  const mod = rng.weighted<string>([
    [12, ''],
    [1, '(any)'],
    [1, '(all)'],
    [1, `(${rng.pick(['english', 'simple', 'nope', 'pg_catalog.english', ''])})`],
    [1, '('],
  ]);
  return `${neg}${op}${mod}.${operand(rng, w, op)}`;
}

function logicTree(rng: Rng, w: FuzzWorld, table: string, depth: number): string {
  if (rng.chance(0.03)) return '('.repeat(rng.int(1, 300)) + 'id.eq.1' + ')'.repeat(rng.int(0, 300));
  if (rng.chance(0.03)) return `(${'and('.repeat(rng.int(15, 120))}id.eq.1${')'.repeat(rng.int(15, 121))})`;
  const n = rng.int(rng.chance(0.05) ? 0 : 1, 4);
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    if (depth < 3 && rng.chance(0.25)) items.push(`${rng.chance(0.2) ? 'not.' : ''}${rng.pick(['and', 'or', 'xor'])}${logicTree(rng, w, table, depth + 1)}`);
    else items.push(`${fieldOf(rng, w, table)}.${filterValue(rng, w)}`);
  }
  const close = rng.chance(0.05) ? '' : ')';
  return `(${items.join(rng.chance(0.05) ? ',,' : ',')}${close}`;
}

function orderValue(rng: Rng, w: FuzzWorld, table: string): string {
  return Array.from({ length: rng.int(1, 3) }, () => {
    const mods = Array.from({ length: rng.int(0, 3) }, () => rng.pick(['asc', 'desc', 'nullsfirst', 'nullslast', 'up', '', 'desc.desc']));
    return [fieldOf(rng, w, table), ...mods].join('.');
  }).join(rng.chance(0.05) ? ',,' : ',');
}

const NUMBERS = ['0', '1', '5', '-1', '1e3', '1.5', '99999999999999999999', '999999999999999', '1000000000', ' 1', '0x10', 'abc', '', '١٢'];

function restParams(rng: Rng, w: FuzzWorld, table: string, writing: boolean): [string, string][] {
  const pairs: [string, string][] = [];
  if (rng.chance(0.6)) pairs.push(['select', selectExpr(rng, w, table)]);
  for (let i = rng.int(0, 3); i > 0; i--) {
    const prefix = rng.chance(0.1) ? `${rng.pick([...(w.related.get(table) ?? []), 'nope', 'e'])}.` : '';
    pairs.push([prefix + fieldOf(rng, w, table), filterValue(rng, w)]);
  }
  if (rng.chance(0.2)) pairs.push([rng.pick(['or', 'and', 'not.or', 'not.and', 'xor', 'breeds.or']), logicTree(rng, w, table, 0)]);
  if (rng.chance(0.2)) pairs.push([rng.chance(0.85) ? 'order' : `${rng.pick([...(w.related.get(table) ?? []), 'nope'])}.order`, orderValue(rng, w, table)]);
  if (rng.chance(0.2)) pairs.push([rng.pick(['limit', 'offset', 'e.limit', 'nope.offset']), rng.pick(NUMBERS)]);
  if (writing && rng.chance(0.2)) pairs.push(['columns', rng.pick([colOf(rng, w, table), `${colOf(rng, w, table)},${colOf(rng, w, table)}`, '', ',', '"a"b'])]);
  if (writing && rng.chance(0.15)) pairs.push(['on_conflict', rng.pick([colOf(rng, w, table), '', 'id,id', nastyText(rng)])]);
  if (rng.chance(0.05)) pairs.push(['apikey', rng.pick([w.anonKey, nastyText(rng)])]);
  if (rng.chance(0.08) && pairs.length) pairs.push(rng.pick(pairs)); // repeated params
  if (rng.chance(0.02)) pairs.push(['select', 'x'.repeat(rng.pick([5000, 12_000]))]);
  return pairs;
}

// ---------- JSON bodies ----------

function rowFor(rng: Rng, w: FuzzWorld, table: string): Record<string, unknown> {
  const cols = w.tables.get(table) ?? ['id'];
  const row: Record<string, unknown> = {};
  for (let i = rng.int(0, Math.min(6, cols.length)); i > 0; i--) row[rng.chance(0.9) ? rng.pick(cols) : nastyText(rng)] = nastyJsonValue(rng);
  if (table === 'visitor_choice' && rng.chance(0.5)) {
    // Plausible votes: some valid, so the insert path itself is exercised.
    Object.assign(row, {
      event_id: rng.pick(w.eventIds),
      first_name: rng.chance(0.8) ? 'Fuzz' : nastyText(rng),
      last_name: rng.chance(0.8) ? 'Voter' : nastyText(rng),
      email: rng.chance(0.7) ? `fuzz.${rng.int(0, 1e9)}@example.com` : nastyText(rng),
      catalog_number: rng.chance(0.8) ? String(rng.int(1, 300)) : nastyText(rng),
    });
  }
  return row;
}

/**
 * Bodies past this are cut here: a few thousand rows of 10 KB strings once made a 355 MB body, whose
 * writing blocked the test process (client and server share it) for 10 s. Cut, it still passes the
 * server's 1 MB limit, which is what such a body is for.
 */
const MAX_FUZZ_BODY_CHARS = 3_000_000;

function jsonBody(rng: Rng, build: () => unknown): string | Uint8Array {
  const body = anyJsonBody(rng, build);
  return typeof body === 'string' && body.length > MAX_FUZZ_BODY_CHARS ? body.slice(0, MAX_FUZZ_BODY_CHARS) : body;
}

function anyJsonBody(rng: Rng, build: () => unknown): string | Uint8Array {
  return rng.weighted<() => string | Uint8Array>([
    [40, () => JSON.stringify(build())],
    [10, () => JSON.stringify(Array.from({ length: rng.int(0, 5) }, build))],
    [18, () => rng.pick(BAD_JSON)],
    [4, () => `{"a": ${deepJson(rng.pick([64, 500, 5000, 100_000]), rng.chance(0.5) ? 'array' : 'object')}}`],
    [2, () => deepJson(rng.pick([64, 5000, 100_000]), 'array')],
    [4, () => rng.bytes(rng.int(1, 2000))],
    [4, () => JSON.stringify(nastyJsonValue(rng))],
    [2, () => JSON.stringify(Array.from({ length: rng.pick([1000, 5000]) }, build))],
    [1, () => JSON.stringify({ a: 'x'.repeat(rng.pick([900_000, 1_100_000])) })],
    [1, () => `{"n": ${rng.pick(['1e400', '-1e400', '123456789012345678901234567890', '1.0e-400', '-0.0'])}}`],
  ])();
}

// ---------- the endpoint groups ----------

const TABLE_METHODS: readonly (readonly [number, string])[] = [
  [35, 'GET'],
  [8, 'HEAD'],
  [22, 'POST'],
  [15, 'PATCH'],
  [12, 'DELETE'],
  [3, 'PUT'],
  [2, 'OPTIONS'],
];

function tableName(rng: Rng, w: FuzzWorld): string {
  if (rng.chance(0.88)) return pct(rng.pick([...w.tables.keys()]));
  return rng.pick([
    'nope',
    'BREEDS',
    'breeds%00',
    'breeds%2f..%2fusers',
    'breeds/extra',
    'rpc',
    'auth.users',
    'pg_catalog.pg_authid',
    '..%2f..%2fauth%2fv1%2fuser',
    'breeds;drop%20table%20breeds',
    '%ff%fe',
    'x'.repeat(3000),
    pct(nastyText(rng)),
  ]);
}

export function restTableRequest(rng: Rng, w: FuzzWorld, caller?: CallerKind): FuzzRequest {
  const method = rng.weighted(
    caller === 'service'
      ? ([
          [3, 'POST'],
          [2, 'PATCH'],
          [1, 'DELETE'],
          [2, 'GET'],
          [1, 'HEAD'],
        ] as const)
      : TABLE_METHODS,
  );
  const writing = method === 'POST' || method === 'PATCH' || method === 'PUT';
  const who = caller ?? pickCaller(rng);
  const name = tableName(rng, w);
  const table = decodeURIComponentSafe(name);
  const headers = { ...callerHeaders(rng, w, who), ...restHeaders(rng, writing), ...noiseHeaders(rng) };
  const body = writing ? jsonBody(rng, () => rowFor(rng, w, table)) : rng.chance(0.05) ? rng.pick(BAD_JSON) : undefined;
  return {
    group: 'rest tables',
    method,
    path: `/rest/v1/${name}${query(rng, restParams(rng, w, table, writing))}`,
    headers,
    ...(body !== undefined && { body }),
    mayReset: typeof body !== 'undefined' && body.length > 800_000,
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const UNKNOWN_FUNCTIONS = [
  'nope',
  'pg_sleep',
  'sync_prune_tombstones',
  'handle_new_user',
  'users_guard_update',
  'sync_touch',
  'sync_tombstone',
  'set_config',
  'SYNC_PULL',
  'sync_pull%00',
  'sync_pull;',
  '..%2fbreeds',
  'x'.repeat(500),
];

function rpcArgs(rng: Rng, w: FuzzWorld, fn: string, args: string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const a of args) if (rng.chance(0.7)) body[a] = nastyJsonValue(rng);
  if (fn === 'sync_pull' && rng.chance(0.6)) {
    body.p_cursors = rng.pick<unknown>([
      {},
      { breeds: { updated_at: nastyText(rng), id: nastyJsonValue(rng) } },
      { _tombstones: { deleted_at: nastyText(rng), table_name: nastyText(rng), row_id: nastyText(rng) } },
      { [rng.pick([...w.tables.keys()])]: { updated_at: '2020-01-01T00:00:00Z', id: rng.pick([1, -1, 1e20, 'x']) } },
      [],
      'x',
      null,
    ]);
    if (rng.chance(0.5)) body.p_limit = rng.pick<unknown>([1, 0, -5, 1e10, 'ten', null, 1.5, 2 ** 31]);
  }
  if (fn === 'submit_votes' && rng.chance(0.7)) {
    body.p_votes = Array.from({ length: rng.pick([0, 1, 3, 50, 51, 500]) }, () => ({
      id: rng.chance(0.8) ? crypto.randomUUID() : nastyJsonValue(rng),
      ...rowFor(rng, w, 'visitor_choice'),
    }));
  }
  if (fn === 'verify_account' && rng.chance(0.6)) body.p_token = rng.pick([rng.chars(32, 'ABCDEFabcdef0123456789'), '', ' ', nastyText(rng)]);
  if (rng.chance(0.1)) body[nastyText(rng)] = nastyJsonValue(rng);
  return body;
}

export function rpcRequest(rng: Rng, w: FuzzWorld, caller?: CallerKind): FuzzRequest {
  const known = rng.chance(0.85);
  const fn = known ? rng.pick([...w.functions.keys()]) : rng.pick(UNKNOWN_FUNCTIONS);
  const args = w.functions.get(fn) ?? [];
  const method = rng.weighted<string>([
    [55, 'POST'],
    [25, 'GET'],
    [8, 'HEAD'],
    [3, 'PATCH'],
    [3, 'DELETE'],
    [2, 'PUT'],
  ]);
  const who = caller ?? pickCaller(rng);
  const headers = { ...callerHeaders(rng, w, who), ...restHeaders(rng, method === 'POST'), ...noiseHeaders(rng) };
  const pairs: [string, string][] = [];
  let body: string | Uint8Array | undefined;
  if (method === 'POST') {
    body = rng.chance(0.8) ? JSON.stringify(rpcArgs(rng, w, fn, args)) : jsonBody(rng, () => rpcArgs(rng, w, fn, args));
  } else {
    for (const [k, v] of Object.entries(rpcArgs(rng, w, fn, args))) pairs.push([k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]);
  }
  pairs.push(...restParams(rng, w, fn, false).filter(() => rng.chance(0.5)));
  return {
    group: 'rest rpc',
    method,
    path: `/rest/v1/rpc/${known ? pct(fn) : fn}${query(rng, pairs)}`,
    headers,
    ...(body !== undefined && { body }),
    mayReset: typeof body !== 'undefined' && body.length > 800_000,
  };
}

function email(rng: Rng, w: FuzzWorld): string {
  return rng.weighted<string>([
    [4, rng.pick(w.emails)],
    [2, w.victim.email],
    [2, `fuzz.${rng.int(0, 1e9)}@example.com`],
    [2, `${'_'.repeat(rng.int(1, 30))}@example.com`],
    [1, `${w.victim.email.toUpperCase()}  `],
    [1, `${w.victim.email}\u0000`],
    [1, 'a@b'],
    [4, nastyText(rng)],
    [1, `${'x'.repeat(300)}@example.com`],
  ]);
}

function password(rng: Rng): string {
  return rng.weighted<string>([
    [3, 'weak'],
    // Near misses only: the fuzz must not know a real visitor's password (that would be a legitimate sign-in).
    [2, 'Whiskers#2025'],
    [2, nastyText(rng)],
    [1, 'Aa1!'.repeat(30)],
    [1, 'Ünïcødé#2026'],
  ]);
}

export function authRequest(rng: Rng, w: FuzzWorld): FuzzRequest {
  const who = pickCaller(rng);
  const headers: Record<string, string> = { ...callerHeaders(rng, w, who), ...noiseHeaders(rng) };
  if (rng.chance(0.9)) headers['content-type'] = contentType(rng);
  // Spread over many "client addresses" so the per-IP limit does not end the fuzz early.
  if (!headers['x-forwarded-for']) headers['x-forwarded-for'] = `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(0, 255)}`;
  const endpoint = rng.weighted<string>([
    [14, 'signup'],
    [6, 'token-password'],
    [10, 'token-refresh'],
    [4, 'token-other'],
    [10, 'user-get'],
    [10, 'user-put'],
    [6, 'logout'],
    [6, 'recover'],
    [6, 'verify-get'],
    [8, 'verify-post'],
    [5, 'unknown'],
  ]);
  const body = (build: () => unknown) => jsonBody(rng, build);
  const req = (method: string, path: string, b?: string | Uint8Array): FuzzRequest => ({
    group: 'auth',
    method,
    path: `/auth/v1${path}`,
    headers,
    ...(b !== undefined && { body: b }),
    mayReset: typeof b !== 'undefined' && b.length > 800_000,
  });
  switch (endpoint) {
    case 'signup': {
      // Few strong passwords: each successful sign-up costs a bcrypt hash.
      const strong = rng.chance(0.1);
      return req(
        'POST',
        '/signup',
        body(() => ({
          email: rng.chance(0.5) ? email(rng, w) : nastyJsonValue(rng),
          password: strong ? 'Whiskers#2026' : rng.chance(0.5) ? 'weak' : nastyJsonValue(rng),
          data: rng.pick<unknown>([
            { first_name: 'Fuzz', last_name: 'User' },
            { first_name: nastyText(rng), last_name: nastyText(rng), role: 'service_role', verified: true },
            nastyJsonValue(rng),
            { first_name: 'a', last_name: 'b', deep: JSON.parse(deepJson(rng.pick([10, 60]), 'object')) as unknown },
            Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, 'v'])),
          ]),
        })),
      );
    }
    case 'token-password':
      // The password grant always runs one bcrypt comparison; keep these few and mostly cheap to refuse.
      return req('POST', `/token?grant_type=password`, rng.chance(0.5) ? rng.pick(BAD_JSON) : JSON.stringify({ email: email(rng, w), password: password(rng) }));
    case 'token-refresh':
      return req(
        'POST',
        `/token?grant_type=refresh_token`,
        body(() => ({
          refresh_token: rng.pick<unknown>([nastyText(rng), '', null, 12, rng.chars(32, 'abcdefghijklmnopqrstuvwxyz0123456789-_'), [w.attacker.refreshToken]]),
        })),
      );
    case 'token-other':
      return req(
        'POST',
        `/token${query(rng, [['grant_type', rng.pick(['', 'client_credentials', 'id_token', 'pkce', 'password&grant_type=refresh_token', nastyText(rng)])]])}`,
        body(() => nastyJsonValue(rng)),
      );
    case 'user-get':
      return req(rng.pick(['GET', 'GET', 'HEAD']), '/user');
    case 'user-put': {
      const h = { ...headers, authorization: rng.chance(0.6) ? `Bearer ${w.attacker.accessToken}` : `Bearer ${rng.pick(w.forged.refused)}` };
      return {
        ...req(
          'PUT',
          '/user',
          body(() => ({
            ...(rng.chance(0.5) && {
              data: rng.pick<unknown>([
                { city: nastyText(rng) },
                nastyJsonValue(rng),
                { role: 'service_role' },
                { nested: JSON.parse(deepJson(40, 'array')) as unknown },
              ]),
            }),
            ...(rng.chance(0.2) && { email: rng.pick([w.victim.email, w.attacker.email, nastyText(rng)]) }),
            ...(rng.chance(0.1) && { password: rng.pick(['weak', nastyText(rng), 'x'.repeat(100)]) }),
            ...(rng.chance(0.1) && { phone: nastyText(rng) }),
            ...(rng.chance(0.1) && { app_metadata: { role: 'service_role' }, role: 'service_role' }),
          })),
        ),
        headers: h,
      };
    }
    case 'logout': {
      // Never with the attacker's own token and a real scope: that would end the session the fuzz uses.
      const scope = rng.pick(['global', 'local', 'others', '', 'everyone', nastyText(rng)]);
      const own = headers.authorization?.includes(w.attacker.accessToken);
      const q = own ? `?scope=${pct(`x${scope}x`)}` : rng.chance(0.8) ? query(rng, [['scope', scope]]) : '';
      return req('POST', `/logout${q}`, rng.chance(0.3) ? rng.pick(BAD_JSON) : undefined);
    }
    case 'recover':
      return req(
        'POST',
        `/recover${rng.chance(0.3) ? query(rng, [['redirect_to', rng.pick(['https://evil.example', 'javascript:alert(1)', '//evil', nastyText(rng)])]]) : ''}`,
        body(() => ({ email: email(rng, w) })),
      );
    case 'verify-get': {
      const pairs: [string, string][] = [];
      if (rng.chance(0.9)) pairs.push(['type', rng.pick(['recovery', 'signup', 'magiclink', 'invite', 'email_change', '', nastyText(rng)])]);
      if (rng.chance(0.9)) pairs.push(['token', rng.pick([rng.chars(43, 'abcdefghijklmnopqrstuvwxyz0123456789-_'), '', nastyText(rng)])]);
      if (rng.chance(0.5))
        pairs.push(['redirect_to', rng.pick(['https://evil.example/steal', 'javascript:alert(1)', '/\\evil.example', 'http://127.0.0.1:1/x', nastyText(rng)])]);
      const h = rng.chance(0.5) ? {} : headers; // mail clients send no apikey
      return { ...req('GET', `/verify${query(rng, pairs)}`), headers: h };
    }
    case 'verify-post':
      return req(
        'POST',
        '/verify',
        body(() => ({
          type: rng.pick<unknown>(['recovery', 'signup', 'magiclink', 'sms', nastyJsonValue(rng)]),
          ...(rng.chance(0.6) && { token_hash: rng.pick<unknown>([rng.chars(64, '0123456789abcdef'), nastyJsonValue(rng)]) }),
          ...(rng.chance(0.4) && { token: nastyJsonValue(rng) }),
          ...(rng.chance(0.5) && { email: rng.chance(0.5) ? email(rng, w) : nastyJsonValue(rng) }),
        })),
      );
    default:
      return req(
        rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']),
        rng.pick([
          '/settings',
          '/health',
          '/admin/users',
          `/admin/users/${w.victim.id}`,
          '/authorize',
          '/otp',
          '/magiclink',
          '/factors',
          '/token',
          '/signup',
          '/user/../admin/users',
          '/%2e%2e/rest/v1/breeds',
          `/${pct(nastyText(rng))}`,
        ]),
        rng.chance(0.5) ? body(() => nastyJsonValue(rng)) : undefined,
      );
  }
}

export function functionRequest(rng: Rng, w: FuzzWorld): FuzzRequest {
  const name = rng.weighted<string>([
    [45, 'send-coupon'],
    [40, 'send-verification'],
    [2, 'send-coupon/extra/path'],
    [3, 'nope'],
    [1, 'SEND-COUPON'],
    [1, '%2e%2e'],
    [1, 'send-coupon%00'],
    [1, '_shared'],
    [1, pct(nastyText(rng))],
  ]);
  const method = rng.weighted<string>([
    [80, 'POST'],
    [6, 'GET'],
    [3, 'PUT'],
    [3, 'DELETE'],
    [3, 'OPTIONS'],
    [2, 'PATCH'],
    [2, 'HEAD'],
  ]);
  const who = pickCaller(rng);
  const headers: Record<string, string> = { ...callerHeaders(rng, w, who), ...noiseHeaders(rng) };
  if (rng.chance(0.9)) headers['content-type'] = contentType(rng);
  if (rng.chance(0.3)) headers['idempotency-key'] = hv(rng.chance(0.5) ? crypto.randomUUID() : nastyText(rng));
  const build = (): unknown =>
    name.startsWith('send-coupon')
      ? {
          ...(rng.chance(0.8) && { request_id: rng.chance(0.7) ? crypto.randomUUID() : nastyJsonValue(rng) }),
          ...(rng.chance(0.9) && {
            advertiser_id: rng.pick<unknown>([rng.pick(w.advertiserIds), 0, -1, 1e20, 2 ** 63, '1e3', '12', 'lots', 1.5, null, 99999999]),
          }),
          ...(rng.chance(0.9) && { coupon_type: rng.pick<unknown>(['discount', 'rebate', 'free', '', nastyJsonValue(rng)]) }),
        }
      : { email: rng.chance(0.7) ? email(rng, w) : nastyJsonValue(rng) };
  const body = method === 'GET' || method === 'HEAD' ? undefined : jsonBody(rng, build);
  return {
    group: 'functions',
    method,
    path: `/functions/v1/${name}`,
    headers,
    ...(body !== undefined && { body }),
    mayReset: typeof body !== 'undefined' && body.length > 800_000,
  };
}

export function storageRequest(rng: Rng, w: FuzzWorld): FuzzRequest {
  const object = rng.pick(w.objects);
  const [bucket = 'images', ...rest] = object.split('/');
  const name = rest.join('/');
  const path = rng.weighted<string>([
    [30, `/object/public/${bucket}/${name.split('/').map(pct).join('/')}`],
    [5, `/object/public/${bucket}/${pct(name)}`],
    [5, `/object/public/${pct(nastyText(rng))}/${pct(nastyText(rng))}`],
    [5, `/object/public/${bucket}/${enc(rng, nastyText(rng))}`],
    [3, `/object/public/${bucket}/..%2f..%2f${pct(name)}`],
    [3, `/object/public/${bucket}/%00`],
    [2, `/object/public/${bucket}/%E0%A4%A`],
    [2, `/object/public/${bucket}%00/${pct(name)}`],
    [2, `/object/public/${bucket}/${'x'.repeat(rng.pick([300, 5000]))}`],
    [2, `/object/public/${bucket}`],
    [2, `/object/public/`],
    [4, `/object/${bucket}/${pct(name)}`],
    [3, `/object/authenticated/${bucket}/${pct(name)}`],
    [2, `/object/list/${bucket}`],
    [2, '/bucket'],
    [2, `/bucket/${bucket}`],
    [2, `/object/sign/${bucket}/${pct(name)}`],
    [2, `/render/image/public/${bucket}/${pct(name)}?width=${pct(rng.pick(NUMBERS))}`],
  ]);
  const method = rng.weighted<string>([
    [60, 'GET'],
    [12, 'HEAD'],
    [10, 'POST'],
    [6, 'PUT'],
    [8, 'DELETE'],
    [2, 'PATCH'],
    [2, 'OPTIONS'],
  ]);
  const headers: Record<string, string> = { ...(rng.chance(0.5) ? callerHeaders(rng, w, pickCaller(rng)) : {}), ...noiseHeaders(rng) };
  if (rng.chance(0.15)) headers.range = hv(rng.pick(['bytes=0-10', 'bytes=-5', 'bytes=99999999-', 'bytes=5-1', nastyText(rng)]));
  const writing = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (writing) headers['content-type'] = rng.pick(['image/svg+xml', 'application/json', 'multipart/form-data; boundary=x']);
  return {
    group: 'storage',
    method,
    path: `/storage/v1${path}`,
    headers,
    ...(writing && { body: rng.chance(0.5) ? `<svg xmlns="http://www.w3.org/2000/svg">${SECRET_FREE}</svg>` : rng.bytes(rng.int(1, 5000)) }),
  };
}

const SECRET_FREE = '<text>overwritten by the fuzz</text>';

export function devMailRequest(rng: Rng, w: FuzzWorld): FuzzRequest {
  const pairs: [string, string][] = [];
  if (rng.chance(0.5)) pairs.push(['format', rng.pick(['json', 'html', '', nastyText(rng)])]);
  if (rng.chance(0.5)) pairs.push(['to', rng.chance(0.5) ? email(rng, w) : nastyText(rng)]);
  if (rng.chance(0.4)) pairs.push(['limit', rng.pick(NUMBERS)]);
  const path = rng.weighted<string>([
    [60, `/_dev/mail${query(rng, pairs)}`],
    [20, `/_dev/mail/${rng.pick(['1', '0', '-1', '99999999999999999999', '1.5', 'abc', pct(nastyText(rng))])}`],
    [5, '/_dev/mail/1/2'],
  ]);
  const headers: Record<string, string> = noiseHeaders(rng);
  if (rng.chance(0.3)) headers.accept = rng.pick(['text/html', 'application/json', '*/*']);
  return {
    group: 'dev mail',
    method: rng.weighted([
      [85, 'GET'],
      [8, 'HEAD'],
      [5, 'POST'],
      [2, 'PUT'],
    ]),
    path,
    headers,
  };
}

export function staticRequest(rng: Rng): FuzzRequest {
  const path = rng.pick([
    '/',
    '/index.html',
    '/breeds/abyssinian',
    '/catteries/some-cattery',
    '/assets/index-abc123.js',
    '/assets/missing.js',
    '/assets/',
    '/sw.js',
    '/manifest.webmanifest',
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '//secret.txt',
    '/.%2e/secret.txt',
    '/%00',
    '/assets/%00.js',
    '/%ff%fe',
    '/index.html%00.js',
    '/secret.txt',
    `/${'a/'.repeat(2000)}`,
    `/${pct(nastyText(rng))}`,
    `/${raw(nastyText(rng))}`,
    '/_health',
    '/v2/anything',
    '/rest/v2/breeds',
    '/rest',
    '/auth',
  ]);
  const headers: Record<string, string> = noiseHeaders(rng);
  if (rng.chance(0.2)) headers.range = hv(rng.pick(['bytes=0-1', 'bytes=5-1', 'bytes=99999-', 'bytes=-0', 'items=0-9', nastyText(rng)]));
  if (rng.chance(0.1)) headers['if-modified-since'] = hv(rng.pick(['Wed, 21 Oct 2015 07:28:00 GMT', 'never', nastyText(rng)]));
  return {
    group: 'static',
    method: rng.weighted([
      [80, 'GET'],
      [10, 'HEAD'],
      [5, 'POST'],
      [3, 'DELETE'],
      [2, 'OPTIONS'],
    ]),
    path,
    headers,
  };
}

/** Raw HTTP/1.1 exchanges no client library would produce: the server must answer (not 5xx) or close, and live on. */
export function rawRequests(w: FuzzWorld, host: string): { name: string; bytes: string | Buffer; halfClose?: boolean }[] {
  const key = `apikey: ${w.anonKey}\r\n`;
  const vote = JSON.stringify({ event_id: w.eventIds[0], first_name: 'Raw', last_name: 'Voter', email: 'raw@example.com', catalog_number: '1' });
  return [
    { name: 'Content-Length not a number', bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Length: abc\r\n\r\n{}` },
    { name: 'Content-Length negative', bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Length: -5\r\n\r\n{}` },
    {
      name: 'Content-Length twice, different',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Length: 2\r\nContent-Length: 20\r\n\r\n{}`,
    },
    {
      name: 'Content-Length and chunked',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    },
    { name: 'bad chunk size', bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n` },
    {
      name: 'Content-Length says less than sent',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n${vote}`,
    },
    {
      name: 'Content-Length says more than sent, then the client closes',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Type: application/json\r\nContent-Length: 500\r\n\r\n${vote}`,
      halfClose: true,
    },
    {
      name: 'Content-Length beyond the body limit, tiny body',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Type: application/json\r\nContent-Length: 999999999\r\nConnection: close\r\n\r\n{}`,
      halfClose: true,
    },
    {
      name: 'chunked body beyond the limit',
      bytes: Buffer.concat([
        Buffer.from(
          `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        ),
        ...Array.from({ length: 20 }, () => Buffer.from(`10000\r\n${'x'.repeat(0x10000)}\r\n`)),
        Buffer.from('0\r\n\r\n'),
      ]),
    },
    { name: 'NUL in the path', bytes: `GET /rest/v1/breeds\u0000 HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'space in the path', bytes: `GET /rest/v1/bre eds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'header without a colon', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}Broken header\r\n\r\n` },
    { name: 'header with a bare CR', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}X-A: a\rb\r\n\r\n` },
    { name: 'obsolete line folding', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}X-A: a\r\n  folded\r\n\r\n` },
    { name: 'no Host', bytes: `GET /rest/v1/breeds HTTP/1.1\r\n${key}\r\n` },
    { name: 'garbage Host', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: a b [::1\r\n${key}\r\n` },
    { name: 'Host with a path', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: evil.example/x?y#z\r\n${key}\r\n` },
    { name: 'two Hosts', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n${key}\r\n` },
    { name: 'absolute-form target', bytes: `GET http://evil.example/rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'asterisk target', bytes: `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
    { name: 'target without a slash', bytes: `GET rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'unknown method', bytes: `BREW /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'lower-case method', bytes: `get /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'TRACE', bytes: `TRACE /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'CONNECT', bytes: `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n` },
    { name: 'HTTP/1.0 without Host', bytes: `GET /rest/v1/breeds HTTP/1.0\r\n${key}\r\n` },
    { name: 'HTTP/2.0 request line', bytes: `GET /rest/v1/breeds HTTP/2.0\r\nHost: ${host}\r\n${key}\r\n` },
    { name: 'HTTP/2 preface', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n' },
    { name: 'TLS hello on a plain port', bytes: Buffer.from('16030100a5010000a10303', 'hex') },
    { name: 'header block of 20 KB', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}X-Big: ${'b'.repeat(20_000)}\r\n\r\n` },
    { name: '500 headers', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}${Array.from({ length: 500 }, (_, i) => `X-H${i}: v\r\n`).join('')}\r\n` },
    { name: 'URL of 20 KB', bytes: `GET /rest/v1/breeds?select=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n` },
    {
      name: 'invalid UTF-8 in the target',
      bytes: Buffer.concat([Buffer.from('GET /rest/v1/breeds?name=eq.'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(` HTTP/1.1\r\nHost: ${host}\r\n${key}\r\n`)]),
    },
    {
      name: 'invalid UTF-8 in a header',
      bytes: Buffer.concat([Buffer.from(`GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}Prefer: `), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('\r\n\r\n')]),
    },
    { name: 'apikey header twice', bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}apikey: garbage\r\n\r\n` },
    {
      name: 'Authorization twice',
      bytes: `GET /rest/v1/breeds HTTP/1.1\r\nHost: ${host}\r\n${key}Authorization: Bearer ${w.forged.refused[3]}\r\nAuthorization: Bearer ${w.serviceKey.slice(0, 20)}\r\n\r\n`,
    },
    {
      name: 'pipelined requests',
      bytes: `GET /rest/v1/breeds?limit=1 HTTP/1.1\r\nHost: ${host}\r\n${key}\r\nGET /rest/v1/nope HTTP/1.1\r\nHost: ${host}\r\n${key}Connection: close\r\n\r\n`,
    },
    { name: 'only a request line, then close', bytes: 'GET / HTTP/1.1\r\n', halfClose: true },
    { name: 'empty connection', bytes: '', halfClose: true },
    {
      name: 'expect 100-continue, body never sent',
      bytes: `POST /rest/v1/visitor_choice HTTP/1.1\r\nHost: ${host}\r\n${key}Content-Type: application/json\r\nContent-Length: 10\r\nExpect: 100-continue\r\n\r\n`,
      halfClose: true,
    },
  ];
}

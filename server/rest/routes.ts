// /rest/v1: the PostgREST subset supabase-js uses. Every statement runs as the caller's role, so RLS decides.
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps.ts';
import { resolveCaller, type Caller } from '../api-auth.ts';
import { JwtError } from '../auth/jwt.ts';
import { clientIp } from '../auth/rate-limit.ts';
import { CLIENT_ADDRESS_HEADER, runAs } from '../db/context.ts';
import { isPgError, type Tx } from '../db/types.ts';
import { HttpError, restError } from '../http-error.ts';
import { bracketDepth, jsonLimitProblem, MAX_JSON_ARRAY_LENGTH, MAX_JSON_DEPTH } from '../json-limits.ts';
import { encodeBody } from './compress.ts';
import { assertMaxAffected, assertSingle, fromJwtError, fromPgError, invalidJson } from './errors.ts';
import { checkProfile, parseAccept, parsePrefer, parseRange, type Accept, type Prefs, type Range } from './headers.ts';
import { parseQuery, type LevelParams, type ParsedQuery } from './parse.ts';
import { closest, findTable, SchemaCache, SchemaMiss, type DbFunction, type Schema, type Table } from './schema.ts';
import {
  chooseFunction,
  compositeRpcWith,
  deleteSql,
  ident,
  insertSql,
  MAX_ROWS,
  mutationWhere,
  Params,
  payloadColumns,
  planRead,
  readSql,
  representationSql,
  resultTable,
  rpcCall,
  scalarRpcSql,
  tableFrom,
  updateSql,
  type Payload,
} from './sql.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** What every handler needs about the request. */
interface RestRequest {
  c: Context;
  deps: AppDeps;
  cache: SchemaCache;
  method: string;
  path: string;
  url: URL;
  caller: Caller;
  prefs: Prefs;
  accept: Accept;
}

interface Statement {
  sql: string;
  params: string[];
}

interface BodyRow {
  body: string | null;
  page: string;
  total?: string;
  /** The body's size, where the statement measured it (a body over the budget then comes back null). */
  bytes?: string | null;
}

export function restRoutes(deps: AppDeps): Hono {
  const cache = new SchemaCache(deps.db);
  const app = new Hono();

  app.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', async (c) => rpc(await prepare(c, deps, cache, 'representation'), c.req.param('fn')));

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'], '/:table', async (c) => {
    const table = c.req.param('table');
    const req = await prepare(c, deps, cache, 'minimal');
    if (req.method === 'POST') return insert(req, table);
    if (req.method === 'PATCH') return update(req, table);
    if (req.method === 'DELETE') return remove(req, table);
    return read(req, table);
  });

  return app;
}

async function prepare(c: Context, deps: AppDeps, cache: SchemaCache, defaultReturn: Prefs['return']): Promise<RestRequest> {
  const method = c.req.method;
  const reading = method === 'GET' || method === 'HEAD';
  checkProfile(c.req.header(reading ? 'accept-profile' : 'content-profile'));
  let caller: Caller;
  try {
    caller = await resolveCaller(c, deps.config);
  } catch (e) {
    throw e instanceof JwtError ? fromJwtError(e) : e;
  }
  const url = new URL(c.req.url);
  // A filter's value may be cast to json or an array by Postgres: nothing deep gets that far.
  for (const [key, value] of url.searchParams) {
    if (bracketDepth(value) > MAX_JSON_DEPTH) {
      throw restError(400, 'PGRST100', `"${key.slice(0, 64)}" parameter nests [ and { deeper than ${MAX_JSON_DEPTH} levels`);
    }
  }
  return {
    c,
    deps,
    cache,
    method,
    path: url.pathname.replace(/^\/rest\/v1/, ''),
    url,
    caller,
    prefs: parsePrefer(c.req.header('prefer'), defaultReturn),
    accept: parseAccept(c.req.header('accept')),
  };
}

/** Runs fn in the caller's role; Postgres errors become PostgREST's answers. */
async function run<T>(req: RestRequest, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  try {
    return await runAs(
      req.deps.db,
      {
        role: req.caller.role,
        claims: req.caller.claims,
        readOnly,
        method: req.method,
        path: req.path,
        // The resolved address replaces whatever the client sent under that name (votes record it).
        headers: { ...Object.fromEntries(req.c.req.raw.headers), [CLIENT_ADDRESS_HEADER]: clientIp(req.c, req.deps) },
      },
      fn,
    );
  } catch (e) {
    if (e instanceof HttpError || !isPgError(e)) throw e;
    // A table, column or function that vanished since the cache was loaded.
    if (e.code === '42P01' || e.code === '42703' || e.code === '42883') req.cache.invalidate();
    throw fromPgError(e, req.caller.role);
  }
}

/** PostgREST-shaped 400 for an answer over config.restBudget.maxResponseBytes. */
function tooLargeAnswer(req: RestRequest, bytes: number): HttpError {
  const cap = req.deps.config.restBudget.maxResponseBytes;
  return restError(
    400,
    'PGRST100',
    `The response would be ${bytes} bytes; this server answers at most ${cap} bytes`,
    null,
    'Ask for fewer rows (limit, Range), fewer columns or fewer embeds',
  );
}

/** One row of body (and page, total); the write rolls back when the answer is over the byte budget. */
async function queryBody(req: RestRequest, st: Statement, check?: (rows: number) => void): Promise<BodyRow> {
  return run(req, async (tx) => {
    const row = (await tx.query<BodyRow>(st.sql, st.params)).rows[0]!;
    const cap = req.deps.config.restBudget.maxResponseBytes;
    const bytes = row.bytes != null ? Number(row.bytes) : row.body !== null && row.body.length > cap / 3 ? Buffer.byteLength(row.body) : 0;
    if (bytes > cap) throw tooLargeAnswer(req, bytes);
    check?.(Number(row.page));
    return row;
  });
}

async function respond(req: RestRequest, status: number, body: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const h = new Headers(headers);
  if (body !== null) h.set('Content-Type', req.accept.single ? OBJECT_TYPE : JSON_TYPE);
  if (body === null || req.method === 'HEAD') return new Response(null, { status, headers: h });
  return new Response(await encodeBody(body, req.c.req.header('accept-encoding'), h), { status, headers: h });
}

/** Content-Range as `first-last/total`, with `*` for an empty page or an uncounted total. */
function contentRange(offset: number, rows: number, total?: number): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** A Range header narrows the limit/offset params (both are absolute row windows). */
function applyRange(level: LevelParams, range: Range | undefined): void {
  if (!range) return;
  const start = Math.max(range.offset, level.offset ?? 0);
  const ends = [range.limit === undefined ? Infinity : range.offset + range.limit, level.limit === undefined ? Infinity : (level.offset ?? 0) + level.limit];
  const end = Math.min(...ends);
  level.offset = start;
  level.limit = end === Infinity ? undefined : Math.max(0, end - start);
}

function rootLevel(q: ParsedQuery): LevelParams {
  return q.levels.get('')!;
}

// ---------- GET / HEAD ----------

async function read(req: RestRequest, table: string): Promise<Response> {
  const q = parseQuery(req.url.searchParams);
  const root = rootLevel(q);
  applyRange(root, parseRange(req.c.req.header('range')));
  const st = await req.cache.plan((schema): Statement => {
    const t = findTable(schema, table);
    const p = new Params();
    const plan = planRead(schema, t, q, p, undefined, req.deps.config.restBudget);
    const opts = { single: req.accept.single, stripNulls: req.accept.stripNulls, count: req.prefs.count, maxRows: MAX_ROWS };
    return { sql: readSql(plan, tableFrom(t), opts), params: p.values };
  });
  const row = await queryBody(req, st, req.accept.single ? assertSingle : undefined);
  const total = row.total === undefined ? undefined : Number(row.total);
  return respond(req, 200, row.body, { 'Content-Range': contentRange(root.offset ?? 0, Number(row.page), total) });
}

// ---------- POST / PATCH / DELETE ----------

/** The body, parsed and within the limits (server/json-limits.ts) before any of it reaches the database. */
function parseJson(raw: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidJson();
  }
  const problem = jsonLimitProblem(value);
  if (problem) throw tooComplex(`Request body refused: ${problem}`);
  return value;
}

function tooComplex(message: string): HttpError {
  return restError(400, 'PGRST102', message, null, `Arrays and objects may nest ${MAX_JSON_DEPTH} levels and hold ${MAX_JSON_ARRAY_LENGTH} items.`);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readPayload(req: RestRequest, allowArray: boolean): Promise<Payload> {
  const raw = await req.c.req.text();
  if (!raw.trim()) throw invalidJson();
  const value = parseJson(raw);
  if (isObject(value)) return { raw, rows: [value], isArray: false };
  if (allowArray && Array.isArray(value) && value.every(isObject)) return { raw, rows: value, isArray: true };
  throw invalidJson(allowArray ? 'Expected a JSON object or an array of JSON objects' : 'Expected a JSON object');
}

/** The representation of a write: the select (and embeds) over the written rows. */
function writeRepresentation(req: RestRequest, schema: Schema, t: Table, q: ParsedQuery, p: Params, dml: string | null): string {
  const plan = planRead(schema, t, q, p, { conditions: [], order: rootLevel(q).order }, req.deps.config.restBudget);
  return representationSql(plan, dml, { single: req.accept.single, stripNulls: req.accept.stripNulls, count: false });
}

async function insert(req: RestRequest, table: string): Promise<Response> {
  const q = parseQuery(req.url.searchParams);
  const payload = await readPayload(req, true);
  const { prefs } = req;
  const { st, pk } = await req.cache.plan((schema) => {
    const t = findTable(schema, table);
    const p = new Params();
    const cols = payloadColumns(t, payload, q.columns);
    const opts = {
      missingDefault: prefs.missingDefault,
      ...(prefs.resolution && { resolution: prefs.resolution }),
      ...(q.onConflict && { onConflict: q.onConflict }),
    };
    const dml = insertSql(t, payload, cols, opts, p);
    const pk = prefs.return === 'headers-only' ? t.primaryKey : [];
    let sql: string;
    if (prefs.return === 'representation') sql = writeRepresentation(req, schema, t, q, p, dml);
    else if (pk.length) sql = `${dml} returning ${pk.map((c) => `"t0".${ident(c)}::text as ${ident(c)}`).join(', ')}`;
    else {
      planRead(schema, t, q, p, undefined, req.deps.config.restBudget); // validates select and embed params even when nothing is returned
      sql = dml;
    }
    return { st: { sql, params: p.values }, pk };
  });

  if (prefs.return === 'representation') {
    const row = await queryBody(req, st, req.accept.single ? assertSingle : undefined);
    const n = Number(row.page);
    return respond(req, 201, row.body, { 'Content-Range': `*/${prefs.count ? n : '*'}` });
  }
  const { rows, affectedRows } = await run(req, (tx) => tx.query<Record<string, string>>(st.sql, st.params));
  const n = pk.length ? rows.length : (affectedRows ?? 0);
  const headers: Record<string, string> = { 'Content-Range': `*/${prefs.count ? n : '*'}` };
  const first = rows[0];
  // Prefer: return=headers-only ⇒ where to find the (first) new row.
  if (pk.length && first) {
    headers.Location = `/${table}?${pk.map((c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(first[c] ?? '')}`).join('&')}`;
  }
  return respond(req, 201, null, headers);
}

async function update(req: RestRequest, table: string): Promise<Response> {
  const payload = await readPayload(req, false);
  return mutate(req, table, (schema, t, q, p) => {
    const cols = payloadColumns(t, payload);
    // The filters are checked even when the body names no column, but nothing then binds their values.
    const where = mutationWhere(schema, t, q, p);
    if (!cols.length) {
      p.values.length = 0;
      return null;
    }
    return updateSql(t, payload.raw, cols, where, p);
  });
}

async function remove(req: RestRequest, table: string): Promise<Response> {
  return mutate(req, table, (schema, t, q, p) => deleteSql(t, mutationWhere(schema, t, q, p)));
}

/** PATCH and DELETE: filters select the rows; 0 rows is not an error. */
async function mutate(req: RestRequest, table: string, build: (schema: Schema, t: Table, q: ParsedQuery, p: Params) => string | null): Promise<Response> {
  const q = parseQuery(req.url.searchParams);
  const root = rootLevel(q);
  if (root.limit !== undefined || root.offset !== undefined) {
    throw restError(400, 'PGRST100', `limit and offset are not supported on ${req.method}`);
  }
  const { prefs } = req;
  const representation = prefs.return === 'representation';
  const st = await req.cache.plan((schema): Statement | null => {
    const t = findTable(schema, table);
    const p = new Params();
    const dml = build(schema, t, q, p);
    const sql = representation ? writeRepresentation(req, schema, t, q, p, dml) : dml;
    if (!representation) planRead(schema, t, q, p, undefined, req.deps.config.restBudget);
    return sql === null ? null : { sql, params: p.values };
  });

  const range = (n: number) => ({ 'Content-Range': contentRange(0, n, prefs.count ? n : undefined) });
  if (!st) return respond(req, 204, null, range(0));
  if (representation) {
    const row = await queryBody(req, st, (n) => {
      assertMaxAffected(n, prefs.maxAffected);
      if (req.accept.single) assertSingle(n);
    });
    return respond(req, 200, row.body, range(Number(row.page)));
  }
  const n = await run(req, async (tx) => {
    const affected = (await tx.query(st.sql, st.params)).affectedRows ?? 0;
    assertMaxAffected(affected, prefs.maxAffected);
    return affected;
  });
  return respond(req, 204, null, range(n));
}

// ---------- RPC ----------

function functionMissing(schema: Schema, name: string, keys: string[]): SchemaMiss {
  const list = keys.join(', ');
  const near = closest(name, schema.functions.keys());
  return new SchemaMiss(
    restError(
      404,
      'PGRST202',
      `Could not find the function public.${name}${keys.length ? `(${list})` : ' without parameters'} in the schema cache`,
      `Searched for the function public.${name} ${keys.length ? `with parameters ${list}` : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      near && near !== name ? `Perhaps you meant to call the function public.${near}` : null,
    ),
  );
}

/** GET args arrive as text; json/jsonb ones are decoded so they reach the function as JSON values. */
function getArgsJson(args: Record<string, string>, overloads: DbFunction[]): string {
  const isJson = (k: string) => overloads.some((f) => f.args.some((a) => a.name === k && /^jsonb?$/.test(a.type)));
  const decode = (v: string): unknown => {
    let value: unknown;
    try {
      value = JSON.parse(v);
    } catch {
      return v;
    }
    const problem = jsonLimitProblem(value);
    if (problem) throw tooComplex(`Function argument refused: ${problem}`);
    return value;
  };
  return JSON.stringify(Object.fromEntries(Object.entries(args).map(([k, v]) => [k, isJson(k) ? decode(v) : v])));
}

async function rpc(req: RestRequest, name: string): Promise<Response> {
  let body: Record<string, unknown> | undefined;
  let raw = '{}';
  if (req.method === 'POST') {
    raw = (await req.c.req.text()).trim() || '{}';
    const value = parseJson(raw);
    if (!isObject(value)) throw invalidJson('Expected a JSON object of function arguments');
    body = value;
  }

  const { st, fn, q } = await req.cache.plan((schema) => {
    const overloads = schema.functions.get(name) ?? [];
    // On GET the params naming an argument are arguments; the others filter the result.
    const isArg = (k: string) => !body && overloads.some((f) => f.args.some((a) => a.name === k));
    const q = parseQuery(req.url.searchParams, isArg);
    const keys = Object.keys(body ?? q.args);
    const fn = chooseFunction(schema, name, keys);
    if (!fn) throw functionMissing(schema, name, keys);
    const p = new Params();
    const call = rpcCall(fn, body ? raw : getArgsJson(q.args, overloads), keys, p);
    if (fn.returns !== 'composite') return { st: { sql: scalarRpcSql(fn, call), params: p.values }, fn, q };
    const plan = planRead(schema, resultTable(schema, fn), q, p, undefined, req.deps.config.restBudget);
    const opts = {
      single: req.accept.single || !fn.set,
      stripNulls: req.accept.stripNulls,
      count: req.prefs.count,
      ...(fn.set && { maxRows: MAX_ROWS }),
    };
    const sql = readSql(plan, `"pgrst_call" as "t0"`, opts, compositeRpcWith(call));
    return { st: { sql, params: p.values }, fn, q };
  });

  if (fn.returns === 'void') {
    await run(req, (tx) => tx.query(st.sql, st.params));
    return respond(req, 204, null);
  }
  const row = await queryBody(req, st, fn.set && req.accept.single ? assertSingle : undefined);
  if (!fn.set) return respond(req, 200, row.body ?? 'null');
  const page = Number(row.page);
  // Scalar sets are neither filtered nor paged: the page is the total.
  const total = row.total !== undefined ? Number(row.total) : fn.returns === 'scalar' && req.prefs.count ? page : undefined;
  const headers = { 'Content-Range': contentRange(rootLevel(q).offset ?? 0, page, total) };
  // supabase-js asks for return=minimal when it only wants the count (rpc with head: true).
  if (req.prefs.return === 'minimal') return respond(req, 204, null, headers);
  return respond(req, 200, row.body, headers);
}

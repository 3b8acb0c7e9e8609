// Storage objects kept in the database: public reads (/storage/v1/object/public/<bucket>/<path>) for everyone,
// and, for the service role only (the show importer), what storage-js sends to upload (POST/PUT
// /object/<bucket>/<path>), check (HEAD /object/<bucket>/<path>) and list (POST /object/list/<bucket>), and
// its bucket calls: list (GET /bucket), get (GET /bucket/<id>), create (POST /bucket), update (PUT /bucket/<id>).
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http-error.ts';
import type { Queryable } from './db/types.ts';
import { checkApiKey, resolveCaller } from './api-auth.ts';
import { encodeBody } from './rest/compress.ts';

/** Storage API's error body: {statusCode, error, message} (statusCode a string). */
const storageError = (status: number, error: string, message: string, statusCode = String(status)) => new HttpError(status, { statusCode, error, message });
const notFound = () => storageError(404, 'not_found', 'Object not found');

/** Largest object an upload may carry: a processed photo variant is well under 1 MB; an original is not stored. */
export const MAX_OBJECT_BYTES = 10 * 1024 * 1024;
const MAX_NAME_LENGTH = 1024;
/** Objects that are text, and worth compressing: drawings, JSON, plain text. */
const TEXT_OBJECT = /^(image\/svg\+xml|application\/json|text\/[a-z]+)(;|$)/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** The bytes as text, or null when they are not UTF-8 (then they go out as stored). */
function utf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
/** A bucket call's JSON body: a name, a flag and a short list. */
const MAX_BUCKET_BODY_BYTES = 16 * 1024;

interface ObjectRow {
  data: Uint8Array;
  mimetype: string | null;
  cache_control: string | null;
  etag: string;
  updated_at: Date | string;
}

export function storageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.on(['GET', 'HEAD'], '/object/public/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const prefix = `/object/public/${bucket}/`;
    const idx = c.req.path.indexOf(prefix);
    let name: string;
    try {
      name = decodeURIComponent(c.req.path.slice(idx + prefix.length));
    } catch {
      throw notFound();
    }
    // Postgres text cannot hold NUL: no object has one in its name, and the query would fail.
    if (bucket.includes('\0') || name.includes('\0')) throw notFound();
    const { rows } = await deps.db.query<ObjectRow>(
      `select d.data, o.metadata->>'mimetype' as mimetype, o.metadata->>'cacheControl' as cache_control, md5(d.data) as etag, o.updated_at
         from storage.objects o
         join storage.buckets b on b.id = o.bucket_id and b.public
         join storage.object_data d on d.object_id = o.id
        where o.bucket_id = $1 and o.name = $2`,
      [bucket, name],
    );
    const row = rows[0];
    if (!row) throw notFound();
    const etag = `"${row.etag}"`;
    const headers = {
      'Content-Type': row.mimetype ?? 'application/octet-stream',
      // An upload's own cache-control (content-hashed photos are kept a year); the seed's pictures an hour.
      'Cache-Control': row.cache_control ?? 'max-age=3600',
      // The ETag alone revalidates (a Last-Modified beside it is a line every picture's answer pays).
      ETag: etag,
      // Objects share the app's origin on the venue server: an SVG or HTML opened directly runs no script.
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const text = c.req.method !== 'HEAD' && TEXT_OBJECT.test(headers['Content-Type']) ? utf8(row.data) : null;
    if (text !== null) {
      // A drawing (the demo show's pictures are SVG) in brotli, as the API's answers are, not the app-wide gzip.
      const out = new Headers(headers);
      return new Response(await encodeBody(text, c.req.header('accept-encoding'), out), { status: 200, headers: out });
    }
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(row.data), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(row.data.byteLength) },
    });
  });

  // Everything below is the authenticated API: a project key, then the service role's bearer token.
  const serviceRoleOnly = async (c: Context, next: () => Promise<void>) => {
    await checkApiKey(c, deps.config);
    let role: string;
    try {
      role = (await resolveCaller(c, deps.config)).role;
    } catch (e) {
      throw storageError(403, 'Unauthorized', (e as Error).message, '403');
    }
    if (role !== 'service_role') throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
    await next();
  };
  app.use('/object/*', serviceRoleOnly);
  const smallBody = bodyLimit({
    maxSize: MAX_BUCKET_BODY_BYTES,
    onError: () => {
      throw storageError(413, 'Payload too large', 'The request body exceeded the maximum allowed size');
    },
  });
  // '/bucket/*' covers /bucket itself too.
  app.use('/bucket/*', serviceRoleOnly, smallBody);
  app.route('/bucket', bucketRoutes(deps.db));
  app.use(
    '/object/*',
    bodyLimit({
      maxSize: MAX_OBJECT_BYTES,
      onError: () => {
        throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      },
    }),
  );

  app.post('/object/list/:bucket', async (c) => {
    const bucket = c.req.param('bucket');
    await requireBucket(deps.db, bucket);
    const body = listBody.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success) throw storageError(400, 'InvalidRequest', `Invalid list request: ${body.error.issues[0]?.message ?? 'bad body'}`);
    return c.json(await listObjects(deps.db, bucket, body.data));
  });

  app.on(['POST', 'PUT'], '/object/:bucket/*', async (c) => {
    const { bucket, name } = objectKey(c, '/object/');
    await requireBucket(deps.db, bucket);
    const { data, mimetype } = await uploadedBody(c);
    // POST replaces only with x-upsert: true; PUT (storage-js update) always replaces.
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    if (!upsert) {
      const { rows } = await deps.db.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]);
      if (rows.length) throw storageError(409, 'Duplicate', 'The resource already exists', '409');
    }
    const cacheControl = /^max-age=(\d{1,10})$/.exec(c.req.header('cache-control') ?? '')?.[1];
    const id = await putObject(deps.db, bucket, name, data, mimetype, cacheControl ? `max-age=${cacheControl}` : undefined);
    return c.json({ Id: id, Key: `${bucket}/${name}` });
  });

  app.on(['HEAD', 'GET'], '/object/:bucket/*', async (c) => {
    const { bucket, name } = objectKey(c, '/object/');
    const { rows } = await deps.db.query<{ mimetype: string | null; size: number | null }>(
      `select o.metadata->>'mimetype' as mimetype, (o.metadata->>'size')::int as size
         from storage.objects o where o.bucket_id = $1 and o.name = $2`,
      [bucket, name],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (c.req.method === 'GET') throw storageError(400, 'InvalidRequest', 'Authenticated download is not supported here: use the public URL');
    return new Response(null, {
      status: 200,
      headers: { 'Content-Type': row.mimetype ?? 'application/octet-stream', 'Content-Length': String(row.size ?? 0) },
    });
  });

  app.all('*', () => {
    throw notFound();
  });
  return app;
}

/**
 * The bucket calls of storage-js, answered as hosted Storage answers them (supabase/storage
 * src/http/routes/bucket). storage.buckets here has no file_size_limit or allowed_mime_types columns
 * (server/sql/bootstrap.sql): both are accepted and checked but not kept, and read back as null.
 */
function bucketRoutes(db: Queryable): Hono {
  const app = new Hono();
  const columns = `id, name, '' as owner, public, null::bigint as file_size_limit, null::text[] as allowed_mime_types, created_at, updated_at`;
  const bucketOf = (r: BucketRow) => ({ ...r, created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString() });
  const bucketBody = async <T extends z.ZodTypeAny>(c: Context, schema: T): Promise<z.infer<T>> => {
    const body = schema.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success)
      throw storageError(400, 'InvalidRequest', `Invalid bucket request: ${body.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}`);
    return body.data;
  };

  app.get('/', async (c) => {
    const { rows } = await db.query<BucketRow>(`select ${columns}, 'STANDARD' as type from storage.buckets order by name`);
    return c.json(rows.map(bucketOf));
  });
  app.get('/:id', async (c) => {
    const { rows } = await db.query<BucketRow>(`select ${columns} from storage.buckets where id = $1`, [bucketId(c.req.param('id'))]);
    if (!rows[0]) throw storageError(404, 'Bucket not found', 'Bucket not found');
    return c.json(bucketOf(rows[0]));
  });
  app.post('/', async (c) => {
    const body = await bucketBody(c, createBucketBody);
    const id = bucketId(body.id || body.name);
    const { rows } = await db.query(`insert into storage.buckets (id, name, public) values ($1, $2, $3) on conflict do nothing returning id`, [
      id,
      bucketId(body.name),
      body.public ?? false,
    ]);
    if (!rows.length) throw storageError(409, 'Duplicate', 'The resource already exists', '409');
    return c.json({ name: body.name });
  });
  app.put('/:id', async (c) => {
    const body = await bucketBody(c, updateBucketBody);
    const { rows } = await db.query(`update storage.buckets set public = coalesce($2, public), updated_at = now() where id = $1 returning id`, [
      bucketId(c.req.param('id')),
      body.public ?? null,
    ]);
    if (!rows.length) throw storageError(404, 'Bucket not found', 'Bucket not found');
    return c.json({ message: 'Successfully updated' });
  });
  return app;
}

interface BucketRow {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Hosted Storage's bucket name rule: up to 100 of letters, digits and a few punctuation marks. */
function bucketId(name: string): string {
  if (!/^[\w!\-.*'() &$@=;:+,?]{1,100}$/.test(name)) throw storageError(400, 'InvalidBucketName', 'Bucket name invalid');
  return name;
}

const fileSizeLimit = z
  .union([z.number().int().min(0), z.string().regex(/^\d+(\.\d+)?\s*(B|KB|MB|GB)?$/i)])
  .nullable()
  .optional();
const mimeTypes = z.array(z.string().max(255)).max(100).nullable().optional();
const createBucketBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  public: z.boolean().optional(),
  type: z.enum(['STANDARD']).optional(),
  file_size_limit: fileSizeLimit,
  allowed_mime_types: mimeTypes,
});
const updateBucketBody = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: fileSizeLimit,
  allowed_mime_types: mimeTypes,
});

/** Bucket and object name from /object/<bucket>/<name>, refused when the name is not a plain key. */
function objectKey(c: Context, base: string): { bucket: string; name: string } {
  const bucket = c.req.param('bucket') ?? '';
  const prefix = `${base}${bucket}/`;
  const idx = c.req.path.indexOf(prefix);
  let name: string;
  try {
    name = decodeURIComponent(c.req.path.slice(idx + prefix.length));
  } catch {
    throw storageError(400, 'InvalidKey', 'Invalid key: not URL-encoded');
  }
  const segments = name.split('/');
  if (
    !name ||
    name.length > MAX_NAME_LENGTH ||
    bucket.includes('\0') ||
    [...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw storageError(400, 'InvalidKey', `Invalid key: ${name.slice(0, 100)}`);
  }
  return { bucket, name };
}

async function requireBucket(db: Queryable, bucket: string): Promise<void> {
  if (bucket.includes('\0')) throw storageError(404, 'Bucket not found', 'Bucket not found');
  const { rows } = await db.query(`select 1 from storage.buckets where id = $1`, [bucket]);
  if (!rows.length) throw storageError(404, 'Bucket not found', 'Bucket not found');
}

/** The file of an upload: the raw body (storage-js with bytes) or the file part of a form (with a Blob). */
async function uploadedBody(c: Context): Promise<{ data: Uint8Array; mimetype: string }> {
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw storageError(400, 'InvalidRequest', 'Malformed form body');
    }
    const file = Object.values(form).find((v): v is File => v instanceof File);
    if (!file) throw storageError(400, 'InvalidRequest', 'No file in the form');
    return { data: new Uint8Array(await file.arrayBuffer()), mimetype: file.type || 'application/octet-stream' };
  }
  const data = new Uint8Array(await c.req.arrayBuffer());
  if (!data.byteLength) throw storageError(400, 'InvalidRequest', 'Empty object');
  const mimetype = type.split(';')[0]?.trim() || 'application/octet-stream';
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(mimetype)) throw storageError(400, 'InvalidMimeType', `Invalid content type: ${mimetype.slice(0, 100)}`);
  return { data, mimetype };
}

const listBody = z.object({
  prefix: z.string().max(MAX_NAME_LENGTH).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({ column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'), order: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(MAX_NAME_LENGTH).optional(),
});

interface ListedObject {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/** storage-js list(): the files and folders directly under a prefix, folders with id null. */
async function listObjects(db: Queryable, bucket: string, q: z.infer<typeof listBody>): Promise<ListedObject[]> {
  const folder = q.prefix.replace(/^\/+|\/+$/g, '');
  const start = folder ? `${folder}/` : '';
  const { rows } = await db.query<{ name: string; id: string; created_at: Date | string; updated_at: Date | string; metadata: Record<string, unknown> }>(
    `select name, id, created_at, updated_at, metadata from storage.objects
      where bucket_id = $1 and left(name, length($2)) = $2`,
    [bucket, start],
  );
  const byName = new Map<string, ListedObject>();
  for (const r of rows) {
    const rest = r.name.slice(start.length);
    const slash = rest.indexOf('/');
    const name = slash < 0 ? rest : rest.slice(0, slash);
    if (q.search && !name.toLowerCase().startsWith(q.search.toLowerCase())) continue;
    if (slash >= 0) {
      if (!byName.has(name)) byName.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      continue;
    }
    const updated = new Date(r.updated_at).toISOString();
    byName.set(name, {
      name,
      id: r.id,
      updated_at: updated,
      created_at: new Date(r.created_at).toISOString(),
      last_accessed_at: updated,
      metadata: { ...r.metadata, contentLength: r.metadata.size, lastModified: updated, httpStatusCode: 200 },
    });
  }
  const col = q.sortBy.column;
  const sorted = [...byName.values()].sort((a, b) => {
    const x = col === 'name' ? a.name : (a[col] ?? '');
    const y = col === 'name' ? b.name : (b[col] ?? '');
    return x < y ? -1 : x > y ? 1 : 0;
  });
  if (q.sortBy.order === 'desc') sorted.reverse();
  return sorted.slice(q.offset, q.offset + q.limit);
}

/** Stores (or replaces) an object; used by the seed and by uploads. Returns the object's id. */
async function putObject(db: Queryable, bucket: string, name: string, data: Uint8Array, mimetype: string, cacheControl?: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `with o as (
       insert into storage.objects (bucket_id, name, metadata)
       values ($1, $2, jsonb_strip_nulls(jsonb_build_object('mimetype', $3::text, 'size', $4::int, 'eTag', '"' || md5($5::bytea) || '"', 'cacheControl', $6::text)))
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
       returning id)
     insert into storage.object_data (object_id, data) select id, $5::bytea from o
     on conflict (object_id) do update set data = excluded.data
     returning object_id as id`,
    [bucket, name, mimetype, data.byteLength, data, cacheControl ?? null],
  );
  return rows[0]!.id;
}

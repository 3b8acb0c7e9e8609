// Public storage objects (/storage/v1/object/public/<bucket>/<path>), read from storage.objects in the database.
import { Hono } from 'hono';
import type { AppDeps } from './app.ts';
import { HttpError } from './http-error.ts';
import type { Queryable } from './db/types.ts';

const notFound = () => new HttpError(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });

interface ObjectRow {
  data: Uint8Array;
  mimetype: string | null;
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
      `select d.data, o.metadata->>'mimetype' as mimetype, md5(d.data) as etag, o.updated_at
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
      'Cache-Control': 'max-age=3600',
      ETag: etag,
      'Last-Modified': new Date(row.updated_at).toUTCString(),
      // Objects share the app's origin on the venue server: an SVG or HTML opened directly runs no script.
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(row.data), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(row.data.byteLength) },
    });
  });
  app.all('*', () => {
    throw notFound();
  });
  return app;
}

/** Stores (or replaces) a public object; used by the seed. */
export async function putObject(
  db: Queryable,
  bucket: string,
  name: string,
  data: Uint8Array,
  mimetype: string,
): Promise<void> {
  await db.query(
    `with o as (
       insert into storage.objects (bucket_id, name, metadata)
       values ($1, $2, jsonb_build_object('mimetype', $3::text, 'size', $4::int))
       on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
       returning id)
     insert into storage.object_data (object_id, data) select id, $5 from o
     on conflict (object_id) do update set data = excluded.data`,
    [bucket, name, mimetype, data.byteLength, data],
  );
}

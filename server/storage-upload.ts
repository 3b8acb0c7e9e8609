// Service-role uploads to storage (POST/PUT /storage/v1/object/<bucket>/<path>), as supabase-js's
// storage.from(bucket).upload() sends them: the show import stores its photos through this.
import { Hono, type Context } from 'hono';
import type { AppDeps } from './app.ts';
import { resolveCaller } from './api-auth.ts';
import { HttpError } from './http-error.ts';
import { putObject } from './storage.ts';

const storageError = (status: number, error: string, message: string) =>
  new HttpError(status, { statusCode: String(status), error, message });

/** The object's bytes and type: a raw body, or the first file of a multipart form (a Blob upload). */
async function objectBody(c: Context): Promise<{ data: Uint8Array; type: string }> {
  const type = c.req.header('content-type') ?? 'application/octet-stream';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody();
    const file = Object.values(form).find((v): v is File => v instanceof File);
    if (!file) throw storageError(400, 'invalid_request', 'No file in the form');
    return { data: new Uint8Array(await file.arrayBuffer()), type: file.type || 'application/octet-stream' };
  }
  return { data: new Uint8Array(await c.req.arrayBuffer()), type };
}

export function storageUploadRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.on(['POST', 'PUT'], '/object/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const prefix = `/object/${bucket}/`;
    let name: string;
    try {
      name = decodeURIComponent(c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length));
    } catch {
      throw storageError(400, 'invalid_key', 'Invalid object name');
    }
    let role: string;
    try {
      role = (await resolveCaller(c, deps.config)).role;
    } catch {
      throw storageError(403, 'Unauthorized', 'Invalid JWT');
    }
    // Only the organiser's tools (service role) write: visitors' keys never reach storage writes.
    if (role !== 'service_role') throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
    if (!name || name.includes('\0') || bucket.includes('\0') || name.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw storageError(400, 'invalid_key', 'Invalid object name');
    }
    const { rows } = await deps.db.query<{ id: string }>('select id from storage.buckets where id = $1', [bucket]);
    if (!rows[0]) throw storageError(404, 'Bucket not found', 'Bucket not found');
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    if (!upsert) {
      const existing = await deps.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
      if (existing.rows.length) throw storageError(409, 'Duplicate', 'The resource already exists');
    }
    const { data, type } = await objectBody(c);
    await putObject(deps.db, bucket, name, data, type);
    return c.json({ Key: `${bucket}/${name}`, Id: name }, 200);
  });
  return app;
}

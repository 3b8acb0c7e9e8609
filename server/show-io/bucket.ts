// The public `images` bucket every show picture lives in, made ready through supabase-js before an import
// stores pictures: created when missing (as supabase/config.toml's [storage.buckets.images] describes it),
// made public when it is private, the same on hosted Storage and the venue server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { IMAGE_BUCKET } from '../../shared/photos.ts';

/** What the bucket needs (a dry run), or what was done. */
export type BucketState = 'public' | 'missing' | 'private';
export type BucketChange = 'none' | 'created' | 'made public';

const CONFIG_TOML = join(import.meta.dirname, '../../supabase/config.toml');

/** `allowed_mime_types` of a `[storage.buckets.<name>]` table in config.toml text; null when it has none. */
export function allowedMimeTypes(toml: string, bucket = IMAGE_BUCKET): string[] | null {
  const section = new RegExp(`^\\[storage\\.buckets\\.${bucket}\\]\\s*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(toml)?.[1];
  const value = section && /^allowed_mime_types\s*=\s*(\[[^\]]*\])/m.exec(section)?.[1];
  if (!value) return null;
  // A TOML array of basic strings is JSON once a trailing comma is gone.
  const list: unknown = JSON.parse(value.replace(/,\s*\]$/, ']'));
  if (!Array.isArray(list) || !list.every((t) => typeof t === 'string'))
    throw new Error(`supabase/config.toml: allowed_mime_types of [storage.buckets.${bucket}] is not a list of strings`);
  return list;
}

const isNotFound = (e: { message: string; status?: number; statusCode?: string }) => e.status === 404 || e.statusCode === '404' || /not found/i.test(e.message);

/** The images bucket as it is: public, private or missing. */
export async function imageBucketState(client: SupabaseClient): Promise<BucketState> {
  const { data, error } = await client.storage.getBucket(IMAGE_BUCKET);
  if (error) {
    if (isNotFound(error)) return 'missing';
    throw new Error(`Reading the ${IMAGE_BUCKET} bucket: ${error.message}`);
  }
  return data.public ? 'public' : 'private';
}

/** Creates the images bucket (public) when it is missing, or makes it public; says which it did. */
export async function ensureImageBucket(client: SupabaseClient): Promise<BucketChange> {
  const state = await imageBucketState(client);
  if (state === 'public') return 'none';
  if (state === 'private') {
    const { error } = await client.storage.updateBucket(IMAGE_BUCKET, { public: true });
    if (error) throw new Error(`Making the ${IMAGE_BUCKET} bucket public: ${error.message}`);
    return 'made public';
  }
  const allowed = allowedMimeTypes(readFileSync(CONFIG_TOML, 'utf8'));
  const { error } = await client.storage.createBucket(IMAGE_BUCKET, { public: true, ...(allowed && { allowedMimeTypes: allowed }) });
  if (error) {
    // Another import created it meanwhile: fine if it is public now.
    if (/already exists|duplicate/i.test(error.message)) return (await imageBucketState(client)) === 'public' ? 'none' : ensureImageBucket(client);
    throw new Error(`Creating the ${IMAGE_BUCKET} bucket: ${error.message}`);
  }
  return 'created';
}

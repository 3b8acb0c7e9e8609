// Where a photo file of the folder goes: the injected storePhoto (server/show-io/photos.ts makes the hall
// sizes); this default stores the original bytes under a content-hashed name.
import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

import { IMAGE_BUCKET } from '../../shared/photos.ts';
import { fetchWithDeadline } from './deadline.ts';

const timedFetch = fetchWithDeadline();

export { IMAGE_BUCKET };

/** A photo file once stored: what every photo store answers (storeOriginal, photos.ts's createPhotoStore, a test's own). */
interface StoredPhoto {
  /** The storage path in the public images bucket, what the row's image column holds. */
  path: string;
  /** Size of the original file. */
  bytesBefore: number;
  /** What the bucket holds for it: the original's size, or the sum of its stored variants. */
  bytesAfter: number;
  /** False when every file was in the bucket already (the same photo imported again); absent counts as sent. */
  uploaded?: boolean;
}

export type StorePhoto = (file: { name: string; bytes: Uint8Array }) => Promise<StoredPhoto>;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The content type of an image file, by its extension. */
export function contentType(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  return CONTENT_TYPES[ext ?? ''] ?? 'application/octet-stream';
}

/** Where the images bucket serves a stored path to anyone (each segment percent-encoded). */
export function publicUrl(url: string, path: string): string {
  return `${url.replace(/\/$/, '')}/storage/v1/object/public/${IMAGE_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** Uploads the bytes as they are to photos/<sha256, 16 hex>.<ext>, unless that object is already there. */
export function storeOriginal(client: SupabaseClient, url: string): StorePhoto {
  return async ({ name, bytes }) => {
    const ext = (name.split('.').pop() ?? 'bin').toLowerCase();
    const path = `photos/${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.${ext}`;
    const head = await timedFetch(publicUrl(url, path), { method: 'HEAD' });
    const uploaded = !head.ok;
    if (uploaded) {
      const { error } = await client.storage.from(IMAGE_BUCKET).upload(path, bytes, { upsert: true, contentType: contentType(name) });
      if (error) throw new Error(`Storing ${name}: ${error.message}`);
    }
    return { path, bytesBefore: bytes.byteLength, bytesAfter: bytes.byteLength, uploaded };
  };
}

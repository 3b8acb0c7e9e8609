// Carries out a show import's plan (plan.ts): stores the folder's photos, then writes the rows, parents first
// (a new litter's cattery has its id by then), and with --prune deletes the rows left out, children first.
import type { SupabaseClient } from '@supabase/supabase-js';
import { SHOW_TABLES } from './tables.ts';
import { lookInFolder, readFolderFile } from './folder-files.ts';
import { planVariants, processedPlanFolder } from '../../shared/photos.ts';
import { PHOTO_FILE_MAX_BYTES } from './limits.ts';
import { createPhotoStore, createPlanStore } from './photos.ts';
import type { RowRef, RowWrite, TableWrites, Upload } from './plan.ts';
import { inParallel, readTableRows } from './requests.ts';
import { IMAGE_BUCKET, contentType, storeOriginal, type StorePhoto } from './store-photo.ts';

/** Rows sent in one insert. */
const ROWS_PER_INSERT = 500;
/** Row ids sent in one delete. */
const IDS_PER_DELETE = 500;

interface PhotoCounts {
  stored: number;
  uploaded: number;
  bytesBefore: number;
  bytesAfter: number;
}

interface WrittenCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

/** Photos become the hall sizes (photos.ts); a drawing (SVG) scales by itself and is kept whole. */
export function defaultPhotoStore(client: SupabaseClient, url: string): StorePhoto {
  const original = storeOriginal(client, url);
  const sized = createPhotoStore(client);
  return (file) => (/\.svg$/i.test(file.name) ? original(file) : sized(file));
}

/** A floor plan's picture: an SVG kept whole (import.ts has refused one that could run script), a raster one in the plan sizes. */
export function defaultPlanStore(client: SupabaseClient, url: string): StorePhoto {
  const original = storeOriginal(client, url);
  const sized = createPlanStore(client);
  return (file) => (/\.svg$/i.test(file.name) ? original(file) : sized(file));
}

/** Stores every upload of the plan; gives each cell's name its stored path. */
export async function storePhotos(
  client: SupabaseClient,
  folder: string,
  uploads: readonly Upload[],
  stores: { photo: StorePhoto; plan: StorePhoto },
): Promise<{ stored: Map<string, string>; photos: PhotoCounts }> {
  const stored = new Map<string, string>();
  const photos: PhotoCounts = { stored: 0, uploaded: 0, bytesBefore: 0, bytesAfter: 0 };
  await inParallel(uploads, async ({ image, file, asIs, plan }) => {
    // Read again through the same checks: the folder may have changed since it was looked at.
    const bytes = new Uint8Array(readFolderFile(folder, file, PHOTO_FILE_MAX_BYTES));
    if (asIs) {
      // A raster plan's other sizes, where the export wrote them beside it; the row's file last, as the plan store does.
      const planFolder = processedPlanFolder(image);
      const siblings = planFolder ? planVariants(planFolder).filter((v) => v.path !== image && 'file' in lookInFolder(folder, `images/${v.path}`)) : [];
      for (const { path } of siblings) {
        const { error } = await client.storage
          .from(IMAGE_BUCKET)
          .upload(path, readFolderFile(folder, `images/${path}`, PHOTO_FILE_MAX_BYTES), { upsert: true, contentType: contentType(path) });
        if (error) throw new Error(`Uploading ${path}: ${error.message}`);
        photos.uploaded++;
      }
      const { error } = await client.storage.from(IMAGE_BUCKET).upload(image, bytes, { upsert: true, contentType: contentType(image) });
      if (error) throw new Error(`Uploading ${image}: ${error.message}`);
      photos.uploaded++;
      stored.set(image, image);
      return;
    }
    const photo = await (plan ? stores.plan : stores.photo)({ name: image, bytes });
    photos.stored++;
    if (photo.uploaded !== false) photos.uploaded++;
    photos.bytesBefore += photo.bytesBefore;
    photos.bytesAfter += photo.bytesAfter;
    stored.set(image, photo.path);
  });
  return { stored, photos };
}

/** Inserts, updates and (with prune) deletes the planned rows. */
export async function writeRows(client: SupabaseClient, writes: readonly TableWrites[], prune: boolean): Promise<WrittenCounts> {
  const written: WrittenCounts = { inserted: 0, updated: 0, deleted: 0 };
  const insertedIds = new Map<RowWrite, number>();
  const idOf = (ref: RowRef | null) => (!ref ? null : 'id' in ref ? ref.id : insertedIds.get(ref.inserted));
  const payload = (row: RowWrite) => ({
    ...row.values,
    ...Object.fromEntries(Object.entries(row.refs).map(([column, ref]) => [column, idOf(ref)])),
  });
  for (const { table, inserts, updates } of writes) {
    for (let i = 0; i < inserts.length; i += ROWS_PER_INSERT) {
      const chunk = inserts.slice(i, i + ROWS_PER_INSERT);
      const { data, error } = await client.from(table).insert(chunk.map(payload)).select('id');
      if (error) throw new Error(`Inserting into ${table}: ${error.message}`);
      (data as { id: number }[]).forEach((r, j) => insertedIds.set(chunk[j]!, Number(r.id)));
      written.inserted += chunk.length;
    }
    await inParallel(updates, async (row) => {
      const { error } = await client.from(table).update(payload(row)).eq('id', row.id);
      if (error) throw new Error(`Updating ${table} ${row.id}: ${error.message}`);
      written.updated++;
    });
  }
  if (prune) written.deleted = await deleteAbsent(client, writes);
  return written;
}

/** Deletes the rows left out of the folder, children first; counts the ones still there to delete. */
async function deleteAbsent(client: SupabaseClient, writes: readonly TableWrites[]): Promise<number> {
  let deleted = 0;
  for (const { table, absent } of [...writes].reverse()) {
    if (!absent.length) continue;
    const spec = SHOW_TABLES.find((s) => s.table === table)!;
    const planned = new Set(absent);
    // Rows a cascade already removed are gone from the database: ask for the ones still there.
    const gone = (await readTableRows(client, { ...spec, columns: [] })).map((r) => r.id).filter((id) => planned.has(id));
    for (let i = 0; i < gone.length; i += IDS_PER_DELETE) {
      const { error } = await client
        .from(table)
        .delete()
        .in('id', gone.slice(i, i + IDS_PER_DELETE));
      if (error) throw new Error(`Deleting from ${table}: ${error.message}`);
    }
    deleted += gone.length;
  }
  return deleted;
}

// `npm run show -- import <folder>`: validates every sheet (the app's zod row schemas, the quiz vocabulary,
// references, the database's own checks), reports every problem at once, and only then writes the rows
// that differ through supabase-js, so a re-import writes nothing and an edit reaches phones as one delta.
//
// This module reads and writes; what to write is decided by the pure planner (plan.ts) and carried out by
// execute.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MirrorTable } from '../../shared/mirror-tables.ts';
import { readFolder } from './folder.ts';
import { SHOW_TABLES, type DbRow } from './tables.ts';
import { IMAGE_BUCKET, type StorePhoto } from './store-photo.ts';
import { ensureImageBucket, imageBucketState, type BucketChange, type BucketState } from './bucket.ts';
import { defaultPhotoStore, defaultPlanStore, storePhotos, writeRows } from './execute.ts';
import { findImages } from './find-images.ts';
import { imagesToFind, planImport, planPicturesToRead, planWrites, type TablePlan } from './plan.ts';
import { inspectPictures } from './plan-pictures.ts';
import { readTableRows } from './requests.ts';

export { publicUrl } from './store-photo.ts';

export interface ImportOptions {
  folder: string;
  client: SupabaseClient;
  /** The project URL (public images are checked at <url>/storage/v1/object/public/...). */
  url: string;
  dryRun?: boolean;
  prune?: boolean;
  storePhoto?: StorePhoto;
  /** Where a floor plan's picture file goes (default: an SVG as it is, a raster picture in the plan sizes). */
  storePlan?: StorePhoto;
}

export interface ImportResult {
  problems: string[];
  plan: TablePlan[];
  /** Rows inserted, updated and deleted (0 on a dry run or with problems). */
  written: { inserted: number; updated: number; deleted: number };
  photos: { stored: number; uploaded: number; bytesBefore: number; bytesAfter: number; pending: number };
  /** The images bucket before the import, and what the import did to it (nothing on a dry run or with problems). */
  bucket: { before: BucketState; change: BucketChange };
}

export async function importShow(opts: ImportOptions): Promise<ImportResult> {
  const { folder, client } = opts;
  const storePhoto = opts.storePhoto ?? defaultPhotoStore(client, opts.url);
  const storePlan = opts.storePlan ?? defaultPlanStore(client, opts.url);
  const read = await readFolder(folder);
  const db = new Map<MirrorTable, DbRow[]>();
  for (const spec of SHOW_TABLES) db.set(spec.table, await readTableRows(client, spec));
  const images = await findImages(folder, opts.url, imagesToFind(read.sheets, db));
  // An unsafe SVG becomes a refusal at its cell; a plan's picture gives the plan its size.
  const pictures = await inspectPictures(folder, images, planPicturesToRead(read.sheets));
  const plan = planImport({ sheets: read.sheets, folderProblems: read.problems, db, images, pictures, prune: !!opts.prune });
  const result: ImportResult = {
    problems: plan.problems,
    plan: [],
    written: { inserted: 0, updated: 0, deleted: 0 },
    photos: { stored: 0, uploaded: 0, bytesBefore: 0, bytesAfter: 0, pending: 0 },
    bucket: { before: 'public', change: 'none' },
  };
  const write = !plan.problems.length && !opts.dryRun;

  // The bucket the pictures go to: public, so the app's URLs (<root>/<row's path>) answer anyone.
  result.bucket.before = await imageBucketState(client);
  if (write) result.bucket.change = await ensureImageBucket(client);
  let stored = new Map<string, string>();
  if (write) {
    const done = await storePhotos(client, folder, plan.uploads, { photo: storePhoto, plan: storePlan });
    stored = done.stored;
    result.photos = { ...done.photos, pending: 0 };
  } else result.photos.pending = plan.uploads.length;

  const writes = planWrites(plan, stored);
  result.plan = writes.tables;
  if (write) result.written = await writeRows(client, writes.writes, !!opts.prune);
  return result;
}

/** The plan as the command prints it. */
export function formatPlan(r: ImportResult, prune: boolean): string {
  const lines = r.plan.map(
    (p) =>
      `  ${p.table}: ${p.new} new, ${p.changed} changed, ${p.unchanged} unchanged, ` +
      (prune ? `${p.absent} to delete` : `${p.absent} not in the folder (kept; --prune deletes them)`),
  );
  if (r.photos.pending) lines.push(`  photos: ${r.photos.pending} files to store`);
  const bucket = {
    created: 'created (public)',
    'made public': 'was private: made public, so the pictures answer anyone',
    none: r.bucket.before === 'missing' ? 'missing: the import creates it (public)' : r.bucket.before === 'private' ? 'private: the import makes it public' : '',
  }[r.bucket.change];
  if (bucket) lines.push(`  ${IMAGE_BUCKET} bucket: ${bucket}`);
  return lines.join('\n');
}

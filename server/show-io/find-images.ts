// Where each image a sheet names is (plan.ts decides what that means for the import): a file of the folder, an
// object already in the public images bucket, or the bucket's own copy under images/<path> in the folder.
// Only the folder's own files are looked at (folder-files.ts): a name leading outside it or through a link
// is refused, and so is a file too big to be a photo.
import { fetchWithDeadline } from './deadline.ts';
import { lookInFolder, megabytes } from './folder-files.ts';
import { PHOTO_FILE_MAX_BYTES } from './limits.ts';
import type { ImageFind } from './plan.ts';
import { inParallel } from './requests.ts';
import { publicUrl } from './store-photo.ts';

const timedFetch = fetchWithDeadline();

/** The folder's file of that name, a refusal, or nothing there. */
function lookForFile(folder: string, name: string): { file: string } | { refused: string } | 'missing' {
  const found = lookInFolder(folder, name);
  if ('missing' in found) return 'missing';
  if ('refused' in found) return { refused: found.refused };
  if (found.stat.size > PHOTO_FILE_MAX_BYTES) {
    return { refused: `"${name}" is ${megabytes(found.stat.size)}: a photo may be at most ${megabytes(PHOTO_FILE_MAX_BYTES)}` };
  }
  return { file: name };
}

/** Looks for each image: in the folder, else in the bucket (<url> is the project), else in the folder's images/. */
export async function findImages(folder: string, url: string, names: readonly string[]): Promise<Map<string, ImageFind>> {
  const finds = new Map<string, ImageFind>();
  const notInFolder: string[] = [];
  for (const name of names) {
    const found = lookForFile(folder, name);
    if (found === 'missing') notInFolder.push(name);
    else finds.set(name, 'file' in found ? { file: found.file, asIs: false } : found);
  }
  const inBucket = new Set<string>();
  await inParallel(notInFolder, async (name) => {
    const res = await timedFetch(publicUrl(url, name), { method: 'HEAD' });
    if (res.ok) inBucket.add(name);
  });
  for (const name of notInFolder) {
    if (inBucket.has(name)) {
      finds.set(name, { inBucket: true });
      continue;
    }
    const copy = lookForFile(folder, `images/${name}`);
    finds.set(name, copy === 'missing' ? { missing: true } : 'file' in copy ? { file: copy.file, asIs: true } : copy);
  }
  return finds;
}

// The files a show folder holds, found by path segments inside the folder and never through a symbolic
// link: a sheet may name "../show-private/x.svg", and a photo or a folder in it may be a link to .env.local,
// so every part of a path under the folder is checked with lstat, and a file is opened with O_NOFOLLOW and
// checked to be the very file that was looked at (a link swapped in meanwhile is refused too).
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, writeSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export type Lookup =
  /** A regular file inside the folder, reached through real folders only. */
  | { file: string; stat: Stats }
  /** Nothing there (or not a regular file): the caller may look elsewhere (the images bucket). */
  | { missing: true }
  /** A name the import must not follow: the message says why. */
  | { refused: string };

/** The folder-relative segments of a name, or null when it leads outside the folder (or is the folder). */
function segmentsInside(root: string, name: string): string[] | null {
  if (name.includes('\0')) return null;
  const rel = relative(root, resolve(root, name));
  const segments = rel.split(sep);
  return rel === '' || isAbsolute(rel) || segments.includes('..') ? null : segments;
}

const linkMessage = (name: string, link: string) =>
  `"${name}"${link === name ? '' : ` goes through ${link}, which`} is a symbolic link: the import reads only files in the show folder itself, never through a link`;

/** Where a name in a sheet leads: a file of the folder, nothing, or a refusal (outside the folder, a link). */
export function lookInFolder(folder: string, name: string): Lookup {
  const root = resolve(folder);
  const segments = segmentsInside(root, name);
  if (!segments) return { refused: `"${name}" is not inside the show folder: the import reads only files in it` };
  let path = root;
  for (const [i, segment] of segments.entries()) {
    path = join(path, segment);
    let stat: Stats | undefined;
    try {
      stat = lstatSync(path, { throwIfNoEntry: false });
    } catch (e) {
      return { refused: `"${name}" cannot be read: ${(e as Error).message}` };
    }
    if (!stat) return { missing: true };
    if (stat.isSymbolicLink()) return { refused: linkMessage(name, relative(root, path)) };
    const last = i === segments.length - 1;
    if (last ? !stat.isFile() : !stat.isDirectory()) return { missing: true };
    if (last) return { file: path, stat };
  }
  return { missing: true };
}

/** A file of the folder read whole, refused when it is a link, outside the folder, or over maxBytes. */
export function readFolderFile(folder: string, name: string, maxBytes: number): Buffer {
  const found = lookInFolder(folder, name);
  if ('refused' in found) throw new Error(found.refused);
  if ('missing' in found) throw new Error(`"${name}" is not a file in the show folder`);
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO swapped in after the look is not waited on (it fails the check below).
    fd = openSync(found.file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(linkMessage(name, name));
    throw new Error(`"${name}" cannot be read: ${(e as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.ino !== found.stat.ino || stat.dev !== found.stat.dev) throw new Error(`"${name}" changed while it was read: import again`);
    if (stat.size > maxBytes) throw new Error(`"${name}" is ${megabytes(stat.size)}: at most ${megabytes(maxBytes)} is read`);
    const bytes = Buffer.alloc(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a file of an export folder: inside it by path segments, its folders made as needed, and never
 * through a link already there (an export into a folder holding `litters.csv -> ~/.bashrc` must not write
 * ~/.bashrc). Throws with the reason when it may not.
 */
export function writeFolderFile(folder: string, name: string, bytes: Uint8Array): void {
  const root = resolve(folder);
  const segments = segmentsInside(root, name);
  if (!segments) throw new Error(`"${name}" is not inside the export folder`);
  mkdirSync(root, { recursive: true });
  let path = root;
  for (const segment of segments.slice(0, -1)) {
    path = join(path, segment);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) throw new Error(linkMessage(name, relative(root, path)));
    if (!stat) mkdirSync(path);
    else if (!stat.isDirectory()) throw new Error(`"${name}": ${relative(root, path)} is not a folder`);
  }
  let fd: number;
  try {
    fd = openSync(join(path, segments.at(-1)!), constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(linkMessage(name, name));
    throw e;
  }
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`"${name}" is not a regular file`);
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(fd, bytes, written, bytes.byteLength - written);
  } finally {
    closeSync(fd);
  }
}

/** "1.6 KB", "32 MB": sizes in a message. */
export function megabytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${Math.round(bytes / (1024 * 1024))} MB`;
}

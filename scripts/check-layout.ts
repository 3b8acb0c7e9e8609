// `npm run lint`'s layout check: README.md's "Layout" section is a newcomer's map, so it must name every
// top-level folder git tracks, and every path it names must exist.
//
// The section's first code block holds one entry per line that starts in the first column: a path (a
// folder ends in "/") and then what it holds; indented lines continue the entry above. In the words
// after the path, a token that ends in "/" or in a file extension is a path too, looked for under the
// entry's folder (exactly, or as the end of a deeper path: "startup.ts" under src/ is src/app/startup.ts)
// and then from the repository's root. Names in backticks, or holding <, * or {, are not paths.
//
//   npx tsx scripts/check-layout.ts [root]   prints one line when the layout is true; else README.md:line — why, exit 1
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface LayoutProblem {
  line: number;
  message: string;
}

interface Entry {
  line: number;
  path: string;
  /** Tokens of the description, each with its line. */
  words: { line: number; word: string }[];
}

const FILE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|json|md|sql|toml|css|html|csv|svg|png|lock)$/;
const PATH_TOKEN = /^\.?[\w-]+(?:[./][\w-]+)*\/?$/;

/** The files git tracks (and would track), relative to root; a walk of the tree where git is not there. */
function trackedFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.split('\0').filter((f) => f !== '');
  } catch {
    return walk(root, '');
  }
}

function walk(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === '.git' || entry.name === 'node_modules') continue;
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...walk(root, path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** The entries of README's layout block; null when README has no "## Layout" section with a code block. */
export function readLayout(readme: string): Entry[] | null {
  const lines = readme.split('\n');
  const heading = lines.findIndex((l) => /^##\s+Layout\s*$/.test(l));
  if (heading < 0) return null;
  const open = lines.findIndex((l, i) => i > heading && l.startsWith('```'));
  if (open < 0 || lines.slice(heading + 1, open).some((l) => /^##\s/.test(l))) return null;
  const entries: Entry[] = [];
  for (let i = open + 1; i < lines.length && !lines[i]!.startsWith('```'); i++) {
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const words = text
      .replace(/`[^`]*`/g, ' ')
      .split(/[\s,;:()]+/)
      .filter((w) => w !== '');
    const lineNumber = i + 1;
    if (!/^\s/.test(text)) {
      const [path = '', ...rest] = words;
      entries.push({ line: lineNumber, path, words: rest.map((word) => ({ line: lineNumber, word })) });
    } else if (entries.length > 0) {
      entries.at(-1)!.words.push(...words.map((word) => ({ line: lineNumber, word })));
    }
  }
  return entries;
}

const isPathWord = (word: string) => PATH_TOKEN.test(word) && (word.endsWith('/') || FILE_EXTENSION.test(word));

/** Checks README.md's layout against the files; the problems in line order. */
export function checkLayout(readme: string, files: readonly string[]): LayoutProblem[] {
  const entries = readLayout(readme);
  if (!entries) return [{ line: 1, message: 'README.md has no "## Layout" section with a code block listing the folders' }];
  const problems: LayoutProblem[] = [];
  const fileSet = new Set(files);
  const folders = new Set<string>();
  for (const f of files) {
    const parts = f.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  const exists = (path: string) => (path.endsWith('/') ? folders.has(path) : fileSet.has(path));
  const existsUnder = (folder: string, path: string) => {
    const prefix = folder.endsWith('/') ? folder : '';
    if (exists(prefix + path)) return true;
    const candidates = path.endsWith('/') ? folders : fileSet;
    for (const c of candidates) if (c.startsWith(prefix) && `/${c}`.endsWith(`/${path}`)) return true;
    return false;
  };

  const named = new Set<string>();
  for (const entry of entries) {
    if (!exists(entry.path)) {
      problems.push({ line: entry.line, message: `${entry.path}: the layout names it, but the repository has no such ${entry.path.endsWith('/') ? 'folder' : 'file'}` });
    }
    if (entry.path.endsWith('/')) named.add(`${entry.path.split('/')[0]}/`);
    for (const { line, word } of entry.words) {
      if (!isPathWord(word) || /[<*{]/.test(word)) continue;
      if (!existsUnder(entry.path, word) && !exists(word)) {
        problems.push({ line, message: `${word} (under ${entry.path}): the layout names it, but it is neither under ${entry.path} nor at the root` });
      }
    }
  }
  const topFolders = [...new Set(files.filter((f) => f.includes('/')).map((f) => `${f.split('/')[0]}/`))].sort();
  for (const folder of topFolders) {
    if (!named.has(folder)) problems.push({ line: entries[0]?.line ?? 1, message: `${folder}: a top-level folder in git that README.md's layout does not name` });
  }
  return problems.sort((a, b) => a.line - b.line);
}

function main(): void {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const files = trackedFiles(root);
  const problems = checkLayout(readFileSync(join(root, 'README.md'), 'utf8'), files);
  if (problems.length > 0) {
    for (const p of problems) console.error(`README.md:${p.line}: ${p.message}`);
    console.error(`check-layout: ${problems.length} problem(s) in README.md's layout`);
    process.exitCode = 1;
    return;
  }
  const folders = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
  console.log(`check-layout: README.md's layout names all ${folders.size} top-level folders, and every path it names exists`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

// `npm run lint`'s reference check: every document the code and the docs cite must be in the repository,
// and every numbered section they cite must be a heading of that document. A newcomer who clones the
// project can then read each rule the code says it follows.
//
// What counts as a reference, on one line:
//   a path ending in ".md"                     README.md, docs/HALL-SETUP.md, ../docs/SPEC.md
//   such a path followed by sections           docs/DESIGN.md §5, DESIGN.md §4.2
//   such a path followed by a quoted heading   DESIGN.md "The outbox", DESIGN.md, "The outbox"
//   a bare upper-case name and a section       SPEC §5 (docs/SPEC.md), DESIGN §4 (docs/DESIGN.md),
//                                              any other upper-case name means that name with ".md"
// Further sections joined by commas, slashes or "and" count too (SPEC §2, §4 and §9). A path is looked
// for beside the citing file, at the repository's root, then in docs/. URLs are not references.
//
//   npx tsx scripts/check-references.ts [root]   prints one line when all resolve; else file:line — why, exit 1
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Bare names that mean a document in docs/. */
const BARE_NAMES: Readonly<Record<string, string>> = { SPEC: 'docs/SPEC.md', DESIGN: 'docs/DESIGN.md' };
/** Upper-case names before "§" that cite an outside standard, not a document of ours. */
const OUTSIDE_STANDARDS = new Set(['RFC', 'ISO', 'ECMA', 'IEEE']);
/** Files that are text and may cite a document. */
const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|sql|toml|json|css|html|ya?ml|sh|txt)$|(^|\/)\.env\.example$|(^|\/)\.ci\/[^/]+$/;
/** Generated or vendored files, and the lockfile, say nothing of ours. */
const SKIPPED = /(^|\/)(node_modules|dist|coverage|\.data|\.git|test-results|bench\/results)(\/|$)|(^|\/)package-lock\.json$/;

const PATH_MD = /(?<![\w/.*-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]*[A-Za-z0-9_-]\.md)\b/g;
const BARE_SECTION = /(?<![\w.-])([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*) ?§ ?(\d+(?:\.\d+)*)/g;
const WEB_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)>\]]+/gi;
/** After a reference: more sections ("§4", ", §5", "/§6", " and §7"), ignoring quoted labels between them. */
const MORE_SECTIONS = /^(?:\s*(?:,|\/|and|&)?\s*(?:§ ?(\d+(?:\.\d+)*)|["“][^"”]{1,80}["”]))/;
/** Right after a path: sections, or a quoted heading (optionally after a comma or §). */
const AFTER_PATH_SECTION = /^,? ?§ ?(\d+(?:\.\d+)*)/;
const AFTER_PATH_HEADING = /^(?:,? ?§? ?)["“]([^"”]{1,80})["”]/;

interface ReferenceProblem {
  file: string;
  line: number;
  message: string;
}

interface Headings {
  numbers: Set<string>;
  titles: string[];
}

/** The repository's text files, relative to root: what git tracks or would track, else a walk of the tree. */
function listFiles(root: string): string[] {
  let files: string[];
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    files = out.split('\0').filter((f) => f !== '' && existsSync(join(root, f)));
  } catch {
    files = walk(root, '');
  }
  return files.filter((f) => TEXT_FILE.test(f) && !SKIPPED.test(f)).sort();
}

function walk(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.test(path)) continue;
    if (entry.isDirectory()) found.push(...walk(root, path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** The numbers ("4", "4.2") and titles of a markdown file's headings, outside code fences. */
export function readHeadings(markdown: string): Headings {
  const numbers = new Set<string>();
  const titles: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = heading[1]!;
    const numbered = /^(?:§\s*)?(\d+(?:\.\d+)*)\.?(?:\s+|$)(.*)$/.exec(text);
    if (numbered) numbers.add(numbered[1]!);
    titles.push(plain(numbered ? numbered[2]! : text));
  }
  return { numbers, titles };
}

const plain = (text: string) => text.replace(/[`*_]/g, '').trim().toLowerCase();

/** Checks every reference in the repository at root; the problems, in file and line order. */
export function checkReferences(root: string, files: readonly string[] = listFiles(root)): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  const headingsOf = new Map<string, Headings>();
  const headings = (absolute: string): Headings => {
    let found = headingsOf.get(absolute);
    if (!found) {
      found = readHeadings(readFileSync(absolute, 'utf8'));
      headingsOf.set(absolute, found);
    }
    return found;
  };

  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    if (text.includes('\0')) continue;
    text.split('\n').forEach((raw, index) => {
      const line = raw.replace(WEB_ADDRESS, (url) => ' '.repeat(url.length));
      const report = (message: string) => problems.push({ file, line: index + 1, message });

      const checkSections = (target: string, shownAs: string, rest: string, first: string | undefined) => {
        const sections = first === undefined ? [] : [first];
        let tail = rest;
        for (let more = MORE_SECTIONS.exec(tail); more; more = MORE_SECTIONS.exec(tail)) {
          if (more[1]) sections.push(more[1]);
          tail = tail.slice(more[0].length);
        }
        const { numbers } = headings(target);
        for (const section of sections) {
          if (!numbers.has(section)) report(`${shownAs} §${section}: ${relative(root, target).split(sep).join('/')} has no heading numbered ${section}`);
        }
      };

      for (const match of line.matchAll(PATH_MD)) {
        const cited = match[1]!;
        const target = resolveDocument(root, file, cited);
        if (!target) {
          report(`${cited}: no such file (looked beside ${file}, at the root and in docs/)`);
          continue;
        }
        const after = line.slice(match.index + match[0].length);
        const section = AFTER_PATH_SECTION.exec(after);
        if (section) {
          checkSections(target, cited, after.slice(section[0].length), section[1]);
          continue;
        }
        const heading = AFTER_PATH_HEADING.exec(after);
        if (heading) {
          const wanted = plain(heading[1]!);
          if (!headings(target).titles.some((title) => title.includes(wanted))) {
            report(`${cited} "${heading[1]}": ${relative(root, target).split(sep).join('/')} has no heading of that title`);
          }
        }
      }

      for (const match of line.matchAll(BARE_SECTION)) {
        const name = match[1]!;
        if (OUTSIDE_STANDARDS.has(name)) continue;
        const cited = BARE_NAMES[name] ?? `${name}.md`;
        const target = resolveDocument(root, file, cited);
        if (!target) {
          report(`${name} §${match[2]}: ${cited} does not exist (looked beside ${file}, at the root and in docs/)`);
          continue;
        }
        checkSections(target, name, line.slice(match.index + match[0].length), match[2]);
      }
    });
  }
  return problems;
}

/** Where a cited document is: beside the citing file, at the root, or in docs/; null when nowhere. */
function resolveDocument(root: string, citingFile: string, cited: string): string | null {
  const candidates = [resolve(root, dirname(citingFile), cited), resolve(root, cited), resolve(root, 'docs', cited)];
  return candidates.find((path) => isFileInside(root, path)) ?? null;
}

function isFileInside(root: string, path: string): boolean {
  const inside = relative(root, path);
  if (inside.startsWith('..') || SKIPPED.test(inside.split(sep).join('/'))) return false;
  return existsSync(path) && statSync(path).isFile();
}

function main(): void {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const files = listFiles(root);
  const problems = checkReferences(root, files);
  if (problems.length > 0) {
    for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
    console.error(`check-references: ${problems.length} reference(s) to a document or section that does not exist`);
    process.exitCode = 1;
    return;
  }
  console.log(`check-references: ${files.length} files, every cited document and section exists`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

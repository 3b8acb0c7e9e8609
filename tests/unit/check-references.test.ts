import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReferences, readHeadings } from '../../scripts/check-references.ts';

// The check reads this file too: references it must not resolve are put together at run time.
const MD = '.md';
const S = '§';

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

/** A repository in a temporary folder (not a git checkout: the check walks it). */
function repo(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'check-references-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const SPEC_DOC = ['# Rules', '## 1. Routes', '### 1.2 Home', '## 2. Texts', '```', '## 9. not a heading (in a fence)', '```'].join('\n');
const DESIGN_DOC = ['# Design', '## 4. The sync contract', '### 4.4 Pokes', '## 5. The outbox'].join('\n');

describe('readHeadings', () => {
  it('numbers headings with and without a trailing dot, and skips code fences', () => {
    const { numbers, titles } = readHeadings(SPEC_DOC);
    expect([...numbers].sort()).toEqual(['1', '1.2', '2']);
    expect(titles).toEqual(['rules', 'routes', 'home', 'texts']);
  });
});

describe('checkReferences', () => {
  it('passes when every cited file and section exists, however it is cited', () => {
    const dir = repo({
      [`docs/SPEC${MD}`]: SPEC_DOC,
      [`docs/DESIGN${MD}`]: DESIGN_DOC,
      [`README${MD}`]: `See [the rules](docs/SPEC${MD}) and docs/DESIGN${MD} ${S}4.4.`,
      'src/a.ts': [
        `// SPEC ${S}1.2, ${S}2 and ${S}1 (bare names mean docs/)`,
        `// DESIGN ${S}5; DESIGN${MD} ${S}4; ../docs/DESIGN${MD}, "The outbox"`,
        `// https://example.org/NOWHERE${MD} is a URL, and RFC 5545 ${S}3.1 an outside standard`,
      ].join('\n'),
    });
    expect(checkReferences(dir)).toEqual([]);
  });

  it('fails on a document that is not in the repository, with its file and line', () => {
    const dir = repo({ [`docs/SPEC${MD}`]: SPEC_DOC, 'src/a.ts': `// one\n// see NOTES${MD} for why` });
    expect(checkReferences(dir)).toEqual([{ file: 'src/a.ts', line: 2, message: `NOTES${MD}: no such file (looked beside src/a.ts, at the root and in docs/)` }]);
  });

  it('fails on a bare name whose document does not exist', () => {
    const dir = repo({ 'server/b.ts': `// WIRE ${S}3: the shapes` });
    const [problem, ...rest] = checkReferences(dir);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ file: 'server/b.ts', line: 1 });
    expect(problem!.message).toContain(`WIRE${MD} does not exist`);
  });

  it('fails on a section that has no heading with that number, also later in a list', () => {
    const dir = repo({
      [`docs/SPEC${MD}`]: SPEC_DOC,
      [`docs/DESIGN${MD}`]: DESIGN_DOC,
      'src/c.ts': `// SPEC ${S}1, ${S}9\n// docs/DESIGN${MD} ${S}4.7`,
    });
    expect(checkReferences(dir)).toEqual([
      { file: 'src/c.ts', line: 1, message: `SPEC ${S}9: docs/SPEC${MD} has no heading numbered 9` },
      { file: 'src/c.ts', line: 2, message: `docs/DESIGN${MD} ${S}4.7: docs/DESIGN${MD} has no heading numbered 4.7` },
    ]);
  });

  it('fails on a quoted heading the document does not have', () => {
    const dir = repo({ [`docs/DESIGN${MD}`]: DESIGN_DOC, 'sw/d.ts': `// DESIGN${MD} "Sync and outbox"` });
    expect(checkReferences(dir)).toEqual([{ file: 'sw/d.ts', line: 1, message: `DESIGN${MD} "Sync and outbox": docs/DESIGN${MD} has no heading of that title` }]);
  });

  it('resolves a path beside the citing file before the root', () => {
    const dir = repo({ [`server/sql/NOTES${MD}`]: '## 1. Roles', 'server/sql/e.sql': `-- NOTES${MD} ${S}1` });
    expect(checkReferences(dir)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkLayout, readLayout } from '../../scripts/check-layout.ts';

const FILES = ['package.json', 'src/main.tsx', 'src/app/startup.ts', 'src/data/sync/engine.ts', 'server/cli.ts', 'server/seed/index.ts', '.ci/run'];

const readme = (block: string) => ['# Project', '', '## Layout', '', 'Folders:', '', '```', block, '```', '', '## Next'].join('\n');

const GOOD = [
  'package.json    scripts',
  'src/            the app: main.tsx; app/ (startup.ts); data/ (sync/ the engine),',
  '                features/<area>/ and `dist/` (built, in backticks)',
  'server/         cli.ts, seed/ (the demo show)',
  '.ci/            run: what CI runs',
].join('\n');

describe('readLayout', () => {
  it('reads one entry per unindented line, continuation lines included', () => {
    const entries = readLayout(readme(GOOD))!;
    expect(entries.map((e) => e.path)).toEqual(['package.json', 'src/', 'server/', '.ci/']);
    expect(entries[1]!.words.map((w) => w.word)).toContain('features/<area>/');
    expect(entries[1]!.words.map((w) => w.word)).not.toContain('dist/');
  });
});

describe('checkLayout', () => {
  it('passes when every tracked top-level folder is named and every named path exists', () => {
    expect(checkLayout(readme(GOOD), FILES)).toEqual([]);
  });

  it('fails on a top-level folder the layout does not name', () => {
    expect(checkLayout(readme(GOOD), [...FILES, 'tools/gen.ts'])).toEqual([
      { line: 8, message: "tools/: a top-level folder in git that README.md's layout does not name" },
    ]);
  });

  it('fails on an entry or a named file that does not exist, with its README line', () => {
    const stale = GOOD.replace('server/         cli.ts, seed/ (the demo show)', 'server/         cli.ts, seed.ts (the demo show)').concat(
      '\nbench/          the benches',
    );
    expect(checkLayout(readme(stale), FILES)).toEqual([
      { line: 11, message: 'seed.ts (under server/): the layout names it, but it is neither under server/ nor at the root' },
      { line: 13, message: 'bench/: the layout names it, but the repository has no such folder' },
    ]);
  });

  it('fails when README has no layout block', () => {
    expect(checkLayout('# Project\n\n## Layout\n\nNothing here.\n\n## Next\n', FILES)).toHaveLength(1);
  });
});

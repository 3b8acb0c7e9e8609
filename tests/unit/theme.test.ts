// The palette (src/app/app.css): one set of custom properties for the light theme and one for the dark
// (the system's setting). Every text/background pair the screens use keeps WCAG AA in both, and no other
// stylesheet paints text or a background with a literal colour, so every screen follows the theme.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP_CSS = readFileSync('src/app/app.css', 'utf8');

/** The `--name: #hex` declarations of a block of CSS text. */
function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{3,6})\b/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

/** The first `{ … }` block after `start` (no nested braces inside it). */
function blockAfter(css: string, start: string): string {
  const at = css.indexOf(start);
  if (at < 0) throw new Error(`${start} is not in app.css`);
  const open = css.indexOf('{', at + start.length - 1);
  return css.slice(open + 1, css.indexOf('}', open));
}

const LIGHT = variables(blockAfter(APP_CSS, ':root {'));
const DARK_BLOCK = blockAfter(APP_CSS, '@media (prefers-color-scheme: dark) {\n  :root {');
const DARK = { ...LIGHT, ...variables(DARK_BLOCK) };

function luminance(hex: string): number {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** [foreground, background, minimum ratio]: a variable name or a literal colour. */
const TEXT = 4.5;
const UI = 3;
const PAIRS: [string, string, number][] = [
  ...['--bg', '--card', '--tint', '--sunken', '--warn-bg'].flatMap((bg) => [
    ['--ink', bg, TEXT] as [string, string, number],
    ['--muted', bg, TEXT] as [string, string, number],
    ['--brand', bg, TEXT] as [string, string, number],
  ]),
  ['--ink', '--tint-2', TEXT],
  ['--brand', '--tint-2', TEXT],
  ['--on-brand', '--brand', TEXT],
  ['--danger', '--bg', TEXT],
  ['--danger', '--card', TEXT],
  ['--danger', '--bad-bg', TEXT],
  ['--brand', '--bad-bg', TEXT],
  ['--ok', '--ok-bg', TEXT],
  ['--ok', '--card', TEXT],
  ['--warn', '--warn-bg', TEXT],
  ['--warn', '--card', TEXT],
  ['--warn-bg', '--warn', TEXT],
  ['--info', '--info-bg', TEXT],
  ['#fff', '--inverse', TEXT],
  ['#ddd6fe', '--inverse', TEXT],
  ['--field', '--bg', UI],
  ['--field', '--card', UI],
  ['--focus', '--bg', UI],
  ['--focus', '--card', UI],
  ['--focus', '--inverse', UI],
];

describe('the palette', () => {
  it('defines every colour in both themes, and the dark theme changes the page', () => {
    const darkNames = Object.keys(variables(DARK_BLOCK));
    // Only --field stays: its violet keeps 3:1 on both pages.
    expect(Object.keys(LIGHT).filter((name) => !darkNames.includes(name))).toEqual(['--field']);
    expect(darkNames.filter((name) => !(name in LIGHT))).toEqual([]);
    expect(DARK['--bg']).not.toBe(LIGHT['--bg']);
    expect(contrast(DARK['--bg']!, '#000000')).toBeLessThan(contrast(LIGHT['--bg']!, '#000000'));
    expect(APP_CSS).toMatch(/color-scheme: light dark/);
  });

  it.each([
    ['light', LIGHT],
    ['dark', DARK],
  ] as const)('keeps WCAG AA for every pair in the %s theme', (_theme, palette) => {
    const colour = (c: string) => (c.startsWith('--') ? palette[c] : c);
    const failing = PAIRS.filter(([fg, bg]) => !colour(fg) || !colour(bg))
      .map(([fg, bg]) => `${fg} on ${bg}: undefined`)
      .concat(
        PAIRS.filter(([fg, bg, min]) => colour(fg) && colour(bg) && contrast(colour(fg)!, colour(bg)!) < min).map(
          ([fg, bg, min]) => `${fg} on ${bg}: ${contrast(colour(fg)!, colour(bg)!).toFixed(2)} < ${min}`,
        ),
      );
    expect(failing).toEqual([]);
  });

  it('leaves no literal colour for text or a background outside the palette', () => {
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'));
    const found: string[] = [];
    for (const file of files) {
      let css = readFileSync(join('src', file), 'utf8');
      if (file === join('app', 'app.css')) css = css.slice(css.indexOf('@media (max-width: 767px) { :root'));
      for (const m of css.matchAll(/(?:^|[;{\s])(color|background(?:-color)?)\s*:\s*([^;}]*#[0-9a-f]{3,8}\b[^;}]*)/gi)) {
        const value = m[2]!.trim().toLowerCase();
        // White stays white where it must: text on the --inverse banners, and under logos, product pictures
        // and QR codes (a scanner needs dark on light); the banners' link colour is checked above. The sync
        // state's green and amber dots read on both headers, beside the state in words.
        const allowed = m[1] === 'color' ? ['#fff', '#ddd6fe'] : ['#fff', '#22c55e', '#f59e0b'];
        if (!allowed.includes(value)) found.push(`${file}: ${m[1]}: ${value}`);
      }
    }
    expect(found).toEqual([]);
  });
});

// axe-core in real Chromium. The source goes in through page.evaluate (DevTools protocol), which the
// app's Content-Security-Policy does not govern, unlike an injected <script>.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** Every violation axe finds in the page as it is now (all impacts). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // `;0` keeps the evaluated value serialisable whatever the bundle's last expression is.
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;0`);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  const results = await page.evaluate(
    (opts) => (window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(document, opts),
    options,
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' >>> '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
  }));
}

export type ColorScheme = 'light' | 'dark';

/**
 * axe on the page as it is, once per colour scheme (the app follows the system's setting): the same DOM
 * scanned light, then dark, then the page is left light again. One extra scan, no extra navigation.
 */
export async function runAxeInBothSchemes(page: Page): Promise<Record<ColorScheme, AxeViolation[]>> {
  const light = await runAxe(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    return { light, dark: await runAxe(page) };
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/** A report a reader can fix from: rule, impact, help, and each offending element's selector. */
export function formatViolations(screen: string, violations: AxeViolation[]): string {
  const lines = [`${screen}: ${violations.length} axe violation(s)`];
  for (const v of violations) {
    lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const n of v.nodes) lines.push(`    ${n.target} — ${n.summary}`);
  }
  return lines.join('\n');
}

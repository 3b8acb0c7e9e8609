// Shared by the browser sections (lighthouse, pwa, venue): small statistics for rows of per-run figures.
import { median, round } from './report.ts';

/** "median of 1,234, 1,301, 1,250 ms" for a figure's detail line. */
export function runsDetail(values: number[], unit: string, digits = 0): string {
  const f = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: digits });
  const text = values.length === 1 ? `1 run: ${f(values[0]!)}` : `median of ${values.map(f).join(', ')}`;
  return unit ? `${text} ${unit}` : text;
}

export const medianOf = (values: number[], digits = 0): number => round(median(values), digits);

/**
 * An init script from a function, runnable in the page: tsx (esbuild keepNames) wraps named inner
 * functions in `__name(...)`, which exists only in Node, so the page gets a no-op one.
 */
export function initScript(fn: () => void): { content: string } {
  return { content: `var __name = (f) => f;\n(${fn.toString()})();` };
}

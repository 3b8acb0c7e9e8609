// One table of figure, budget and verdict for `npm run bench`.

/**
 * `exact` figures come out the same on every run (bytes, counts, scores, lost/duplicated rows) and
 * always gate. `timing` figures depend on how busy the machine is: they gate on a developer's
 * machine and are printed, never enforced, under `--ci` (CI machines are shared and noisy).
 */
export type Gate = 'exact' | 'timing';
type Comparison = '<=' | '>=' | '==';

export interface Figure {
  /** What was measured, in the show's words: "first-route JS (gzip)", "sync_pull no-change on PGlite". */
  name: string;
  value: number;
  unit: string;
  comparison: Comparison;
  budget: number;
  gate: Gate;
  /** Optional context printed under the row, e.g. the three runs behind a median. */
  detail?: string;
}

export interface BenchOptions {
  /** CI mode: only exact budgets gate; timing figures are printed. */
  ci: boolean;
  /** Runs behind each noisy figure's median (3, 1 under --ci, or --runs N). */
  runs: number;
  /** Demo-show size multiplier (--scale N). */
  scale: number;
  /** The built app to measure (PURRFECT_DIST or dist/). */
  distDir: string;
}

export class Report {
  readonly figures: Figure[] = [];
  /** Sections that could not run at all (a crash is a failed gate, never a silent gap). */
  readonly failures: { section: string; error: string }[] = [];

  add(figure: Figure): void {
    this.figures.push(figure);
  }

  /** Shorthands for the two common kinds of budget. */
  atMost(name: string, value: number, unit: string, budget: number, gate: Gate, detail?: string): void {
    this.add({ name, value, unit, comparison: '<=', budget, gate, detail });
  }

  atLeast(name: string, value: number, unit: string, budget: number, gate: Gate, detail?: string): void {
    this.add({ name, value, unit, comparison: '>=', budget, gate, detail });
  }

  exactly(name: string, value: number, unit: string, budget: number, detail?: string): void {
    this.add({ name, value, unit, comparison: '==', budget, gate: 'exact', detail });
  }

  sectionFailed(section: string, error: unknown): void {
    this.failures.push({ section, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }

  /** Prints the table; returns true when something that gates in this mode missed its budget. */
  print(ci: boolean): boolean {
    const rows = this.figures.map((f) => {
      const met = meets(f);
      const gates = f.gate === 'exact' || !ci;
      const verdict = met ? 'pass' : gates ? 'FAIL' : 'over (timing, not gated in CI)';
      return { f, met, gates, verdict };
    });
    const nameWidth = Math.min(72, Math.max(20, ...rows.map((r) => r.f.name.length)));
    console.log(`\n${'figure'.padEnd(nameWidth)}  ${'value'.padStart(12)}  ${'budget'.padEnd(16)}  gate    verdict`);
    console.log('-'.repeat(nameWidth + 56));
    for (const { f, verdict } of rows) {
      const value = `${format(f.value)} ${f.unit}`.trim();
      const budget = `${f.comparison} ${format(f.budget)} ${f.unit}`.trim();
      console.log(`${f.name.padEnd(nameWidth)}  ${value.padStart(12)}  ${budget.padEnd(16)}  ${f.gate.padEnd(6)}  ${verdict}`);
      if (f.detail) console.log(`${''.padEnd(nameWidth)}    ${f.detail}`);
    }
    for (const failure of this.failures) console.log(`\nSECTION FAILED: ${failure.section}\n${failure.error}`);
    const failed = rows.some((r) => !r.met && r.gates) || this.failures.length > 0;
    const over = rows.filter((r) => !r.met);
    console.log(
      `\n${rows.length} figures: ${rows.length - over.length} within budget, ${over.length} over` +
        `${ci ? ' (under --ci only exact budgets gate)' : ''}; ${this.failures.length} section(s) failed to run.`,
    );
    return failed;
  }
}

function meets(f: Pick<Figure, 'value' | 'comparison' | 'budget'>): boolean {
  if (!Number.isFinite(f.value)) return false;
  if (f.comparison === '<=') return f.value <= f.budget;
  if (f.comparison === '>=') return f.value >= f.budget;
  return f.value === f.budget;
}

function format(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-GB');
  return n.toLocaleString('en-GB', { maximumFractionDigits: Math.abs(n) < 10 ? 2 : 1 });
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** n to `digits` decimals, for figures that read as measured (54.3 KiB, not 54.2871…). */
export const round = (n: number, digits = 0): number => Math.round(n * 10 ** digits) / 10 ** digits;

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
};

export async function timed<T>(fn: () => PromiseLike<T>): Promise<[number, T]> {
  const t = performance.now();
  const out = await fn();
  return [performance.now() - t, out];
}

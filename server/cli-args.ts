import { ConfigError } from './config.ts';

/** `--scale N` multiplies catteries, litters, schedule items and advertisers (benchmarks). */
export function parseScale(args: string[]): number {
  const i = args.indexOf('--scale');
  if (i === -1) return 1;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new ConfigError('--scale takes a whole number from 1 to 100.');
  return n;
}

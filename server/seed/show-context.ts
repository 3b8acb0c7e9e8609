// What every builder of the demo show draws from (the random source, the seed day, the scale and the list of
// pictures to render), and the venue-clock helpers they share.
import { PLACES } from './places.ts';
import type { Random } from './random.ts';

/** A row with its local id (1..n per table), shifted to a real id on insert. */
export type Row = Record<string, unknown> & { id: number };

export interface ShowImage {
  /** Path inside the public images bucket. */
  name: string;
  render(): string;
}

export interface ShowContext {
  rnd: Random;
  /** The live event's venue wall clock at the moment of seeding, held in a Date's UTC fields. */
  today: Date;
  /** Catteries, rings, advertisers and catalogue entries are multiplied by this whole number (benchmarks). */
  scale: number;
  /** Lists a picture to render at seed time; returns its path in the images bucket. */
  image(name: string, render: () => string): string;
}

export const pad = (n: number) => String(n).padStart(2, '0');
// Dates are venue wall clocks held in a Date's UTC fields: no process zone, no DST arithmetic.
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (d: Date, days: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, d.getUTCHours(), d.getUTCMinutes()));

export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
export const slugOf = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const placeOf = (city: string) => {
  const place = PLACES.find((p) => p.city === city);
  if (!place) throw new Error(`No place named ${city}`);
  return place;
};

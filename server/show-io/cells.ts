// One cell's text ⇄ the value stored in its column, by the column's kind (tables.ts).
import { normaliseCatalogueNumber } from '../../shared/catalogue.ts';
import { normalisePen } from '../../shared/pens.ts';
import { parseListText, toListText } from '../../shared/list-text.ts';
import type { ColumnSpec } from './tables.ts';

export type Parsed = { value: unknown } | { error: string };

const isDate = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** "HH:MM" or "HH:MM:SS" as Postgres prints a time, or null. */
function normalTime(s: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s.trim());
  if (!m) return null;
  const [h, min, sec = '00'] = [Number(m[1]), Number(m[2]), m[3]];
  if (h > 23 || min > 59 || Number(sec) > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}:${sec}`;
}

/** A list cell: one item per line, or a list written as text ({a,b}, "a","b", ["a","b"]). */
function listItems(text: string): string[] {
  const t = text.trim();
  if (/^[[{"]/.test(t)) return parseListText(t);
  return t
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Text that is a list written as text (kept as text in a list-or-text column). */
const isListText = (t: string): boolean => /^[{"]/.test(t.trim());

/** The most points an outline may have (the floor_plans migration's check on places.outline). */
const OUTLINE_POINTS_MAX = 200;

/** "x y, x y, x y" as [[x, y], …]: three points or more, each two numbers. */
function parseOutline(text: string): Parsed {
  const points: [number, number][] = [];
  for (const item of text.split(',')) {
    const pair = item.trim().split(/\s+/);
    const [x, y] = pair.map(Number);
    if (pair.length !== 2 || !Number.isFinite(x) || !Number.isFinite(y)) {
      return { error: `"${item.trim()}" is not a point: write the outline as x y, x y, x y (two numbers per point, points separated by commas)` };
    }
    points.push([x!, y!]);
  }
  if (points.length < 3) return { error: `an outline has three points or more (this has ${points.length}): x y, x y, x y` };
  if (points.length > OUTLINE_POINTS_MAX) return { error: `an outline has at most ${OUTLINE_POINTS_MAX} points (this has ${points.length})` };
  return { value: points };
}

export function parseCell(spec: ColumnSpec, raw: string): Parsed {
  const text = raw.trim();
  if (text === '') {
    if (spec.required) return { error: 'required' };
    return { value: spec.empty ?? null };
  }
  switch (spec.kind) {
    case 'text':
    case 'image':
    case 'ref':
      return { value: raw.trim() === raw ? raw : text };
    case 'int':
      return /^-?\d+$/.test(text) ? { value: Number(text) } : { error: `not a whole number: "${text}"` };
    case 'number': {
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? { value: n } : { error: `not a number: "${text}"` };
    }
    case 'bool': {
      const t = text.toLowerCase();
      if (['true', 'yes', '1'].includes(t)) return { value: true };
      if (['false', 'no', '0'].includes(t)) return { value: false };
      return { error: `not true or false: "${text}"` };
    }
    case 'pen':
      return { value: normalisePen(text) };
    case 'choice':
      return { value: text.toLowerCase().replace(/[\s-]+/g, '_') };
    case 'outline':
      return parseOutline(text);
    case 'catalogueNumber': {
      const number = normaliseCatalogueNumber(text);
      return number ? { value: number } : { error: `not a catalogue number (a number such as 52, or 52A for a late entry): "${text}"` };
    }
    case 'date':
      return isDate(text) ? { value: text } : { error: `not a date (YYYY-MM-DD): "${text}"` };
    case 'time': {
      const t = normalTime(text);
      return t ? { value: t } : { error: `not a time (HH:MM): "${text}"` };
    }
    case 'imageList':
      return { value: listItems(text) };
    case 'imageListText':
      return { value: text };
    case 'listOrText':
    case 'imageListOrText':
      return { value: isListText(text) ? text : listItems(text) };
  }
}

/** The images a parsed value names (image columns only). */
export function imagesOf(spec: ColumnSpec, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (spec.kind === 'image') return [value as string];
  if (spec.kind === 'imageList') return value as string[];
  if (spec.kind === 'imageListText') return parseListText(value);
  if (spec.kind === 'imageListOrText') return parseListText(value);
  return [];
}

/** The value with its images renamed (a file in the folder becomes its storage path). */
export function renameImages(spec: ColumnSpec, value: unknown, rename: (image: string) => string): unknown {
  const items = imagesOf(spec, value);
  if (!items.some((i) => rename(i) !== i)) return value;
  if (spec.kind === 'image') return rename(value as string);
  if (spec.kind === 'imageList' || Array.isArray(value)) return items.map(rename);
  return toListText(items.map(rename));
}

/** A stored value as one cell's text (the inverse of parseCell). */
export function formatCell(spec: ColumnSpec, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (spec.kind === 'outline' && Array.isArray(value)) return (value as number[][]).map((point) => point.join(' ')).join(', ');
  if (Array.isArray(value)) return value.join('\n');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** A value in a form that compares equal for equal contents (numbers, times, lists). */
export function canonical(spec: ColumnSpec, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (spec.kind === 'int' || spec.kind === 'number') return JSON.stringify(Number(value));
  if (spec.kind === 'time' && typeof value === 'string') return JSON.stringify(normalTime(value) ?? value);
  return JSON.stringify(value);
}

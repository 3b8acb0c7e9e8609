// The request headers PostgREST reads: Prefer, Accept, Range and the schema profiles.
import { restError } from '../http-error.ts';

export interface Prefs {
  return: 'minimal' | 'representation' | 'headers-only';
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  /** `handling=strict` + `max-affected=n`: refuse writes touching more rows. */
  maxAffected?: number;
}

/** `Prefer: return=representation, count=exact` (values may also arrive as repeated headers, joined by commas). */
export function parsePrefer(header: string | undefined, defaultReturn: Prefs['return']): Prefs {
  const prefs: Prefs = { return: defaultReturn, count: false, missingDefault: false };
  let strict = false;
  let maxAffected: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [k = '', v = ''] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing') prefs.missingDefault = v === 'default';
    else if (k === 'handling') strict = v === 'strict';
    else if (k === 'max-affected' && /^\d+$/.test(v)) maxAffected = Number(v);
  }
  if (strict && maxAffected !== undefined) prefs.maxAffected = maxAffected;
  return prefs;
}

export interface Accept {
  /** application/vnd.pgrst.object+json: exactly one row, answered as an object. */
  single: boolean;
  stripNulls: boolean;
}

const OBJECT = 'application/vnd.pgrst.object+json';
const ARRAY_TYPES = new Set(['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*']);

/** The first media type of the Accept list we can produce; 406 PGRST107 when there is none. */
export function parseAccept(header: string | undefined): Accept {
  if (!header?.trim()) return { single: false, stripNulls: false };
  for (const entry of header.split(',')) {
    const [type = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === OBJECT || type === 'application/vnd.pgrst.object') return { single: true, stripNulls };
    if (ARRAY_TYPES.has(type)) return { single: false, stripNulls };
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${header}`);
}

export interface Range {
  offset: number;
  limit?: number;
}

/** `Range: 0-9` (items); malformed ranges are ignored like PostgREST does, inverted ones refused. */
export function parseRange(header: string | undefined): Range | undefined {
  const m = header ? /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header) : null;
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (m[2] === '') return { offset };
  const last = Number(m[2]);
  if (last < offset) throw restError(416, 'PGRST103', 'Requested range not satisfiable', `Range ${offset}-${last} is empty`);
  return { offset, limit: last - offset + 1 };
}

/** Only the public schema is exposed. */
export function checkProfile(profile: string | undefined): void {
  if (profile !== undefined && profile !== 'public') {
    throw restError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
  }
}

// A seeded PRNG and the hostile building blocks the fuzz test combines: same seed, same requests.

/** mulberry32: small, fast and good enough to pick test inputs reproducibly. */
export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** Picks by weight: [[weight, value], …]. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    const total = items.reduce((s, [w]) => s + w, 0);
    let r = this.next() * total;
    for (const [w, v] of items) {
      if ((r -= w) < 0) return v;
    }
    return items[items.length - 1]![1];
  }
  /** A string of n characters drawn from alphabet. */
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  bytes(n: number): Uint8Array {
    const b = new Uint8Array(n);
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.next() * 256);
    return b;
  }
}

/** Text that has broken parsers, drivers or SQL before: NUL, lone surrogates, RTL marks, quotes, SQL. */
const NASTY_TEXT: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '🐈‍⬛🐾',
  'ﬃ',
  'Ⅻ',
  'e\u0301',
  '\r\n',
  '\t',
  "'",
  '"',
  '\\',
  '`',
  "1' or '1'='1",
  "'); drop table public.breeds; --",
  '1; delete from auth.users',
  '$1',
  '$$',
  '%',
  '_',
  '*',
  '%00',
  '%%',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0x10',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999999999999999999',
  '1.5',
  '2026-13-45',
  '2026-02-30T25:61:00Z',
  'infinity',
  'epoch',
  'allballs',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-fffffffffffff',
  '{',
  '}',
  '{a,b',
  '{"a":1}',
  '[1,2',
  '(',
  ')',
  '((',
  ',',
  '.',
  'not.',
  'eq.',
  'true',
  'TRUE',
  't',
  'yes',
];

export function nastyText(rng: Rng): string {
  const r = rng.next();
  if (r < 0.6) return rng.pick(NASTY_TEXT);
  if (r < 0.75) return rng.chars(rng.int(1, 20), 'abcxyz019 ._-,()"\\\'*%:;!{}[]<>=&?#/\u0000é🐈');
  if (r < 0.85) return rng.pick(NASTY_TEXT).repeat(rng.int(2, 50));
  if (r < 0.95) return 'x'.repeat(rng.pick([255, 256, 1000, 4096, 10_000]));
  return String.fromCharCode(...Array.from({ length: rng.int(1, 12) }, () => rng.int(0, 0xffff)));
}

/** A JSON value of a random type, sometimes a hostile one. */
export function nastyJsonValue(rng: Rng, depth = 0): unknown {
  const kind = rng.int(0, depth > 2 ? 7 : 10);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e300, Number.MAX_SAFE_INTEGER, 1e-300]);
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
      return nastyText(rng);
    case 8:
      return Array.from({ length: rng.int(0, 4) }, () => nastyJsonValue(rng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: rng.int(0, 4) }, () => [rng.pick(['a', '__proto__', 'constructor', 'role', 'id', '']), nastyJsonValue(rng, depth + 1)]),
      );
  }
}

/** Nested arrays or objects, `depth` levels deep, as raw JSON text. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Raw JSON texts that are not JSON, or JSON of a shape nobody expects. */
export const BAD_JSON: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  '[1,2',
  "{'a': 1}",
  '{"a": 1,}',
  '[,]',
  'nul',
  'undefined',
  'NaN',
  '\ufeff{}',
  '{"a": 01}',
  '{"a": .5}',
  '{"a": 1e999999}',
  '{"a": -}',
  '{"a": "\\u00"}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": "\u0000"}',
  '"just a string"',
  '123',
  '-0',
  'null',
  'true',
  '[]',
  '[1,2,3]',
  '[{}, 1]',
  '[[]]',
  '{}',
  '{"__proto__": {"role": "service_role"}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"a": 1, "a": 2}',
  '\u0000',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
];

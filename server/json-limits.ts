// Shapes of JSON no caller needs and the database must never see: Postgres' (and PGlite's) jsonb parser
// recurses per level, and a few thousand levels overflow PGlite's stack and leave it damaged.

/** Arrays and objects nested deeper than this are refused (the app's deepest body nests 3). */
export const MAX_JSON_DEPTH = 64;
/** Longest array accepted in a body (the app sends at most 50 votes at a time). */
export const MAX_JSON_ARRAY_LENGTH = 10_000;

/** Why a parsed JSON value is refused, or null. Iterative: the value may be a million levels deep. */
export function jsonLimitProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(v)) {
      if (v.length > MAX_JSON_ARRAY_LENGTH) return `JSON array of ${v.length} items, more than ${MAX_JSON_ARRAY_LENGTH}`;
      for (const child of v) stack.push([child, depth + 1]);
    } else {
      for (const child of Object.values(v)) stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * How deeply `[` and `{` nest in text that may be cast to json, jsonb or an array in SQL (a query
 * parameter). Brackets inside strings count too: an overestimate, never an under one.
 */
export function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x5b || ch === 0x7b) max = Math.max(max, ++depth);
    else if ((ch === 0x5d || ch === 0x7d) && depth > 0) depth--;
  }
  return max;
}

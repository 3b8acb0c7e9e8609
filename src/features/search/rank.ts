// Ranking of search entries: exact abbreviation > name prefix > word prefix > substring,
// in groups of one kind each, in a fixed order, each capped. Pure: the index is built once, each keystroke
// is a pass over it in memory.
import { foldedAbbreviation, foldedLine, tokenise } from '../../lib/fold.ts';

/** The kinds of result, in the order their groups are shown. */
/** 'entry' is a cat of the show's catalogue. */
export const SEARCH_KINDS = ['breed', 'entry', 'cattery', 'litter', 'session', 'event', 'advertiser'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results shown per group; the group says how many more matched. */
export const GROUP_CAP = 6;

/** How well an entry matches, best (lowest) first. */
export const TIER = {
  /** The whole query is one of its abbreviations ("MCO", "tica") or a cat's catalogue number ("52a"). */
  abbreviation: 0,
  /** Its name starts with the query ("maine c" → Maine Coon). */
  namePrefix: 1,
  /** Every query word starts a word of its name ("coon" → Maine Coon). */
  nameWordPrefix: 2,
  /** Every query word starts a word of some field (its city, its breeds, its registry…). */
  wordPrefix: 3,
  /** Every query word is inside its text somewhere ("oon"); a one-letter word only at a word's start. */
  substring: 4,
} as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

/** What an entry is made from: its own words, before folding. */
export interface SearchDoc {
  kind: SearchKind;
  id: number;
  /** What the result says, and what name prefixes are checked against unless `name` is given. */
  label: string;
  /** A second line: where, when, which breeds. */
  detail: string;
  /** The app path the result opens. */
  path: string;
  /** The text whose prefix ranks highest (defaults to the label). */
  name?: string;
  /** Abbreviations matched whole (breed, registry). */
  abbreviations?: readonly (string | null | undefined)[];
  /** Other matched texts: cities, registry names, a litter's cattery… */
  fields?: readonly (string | null | undefined)[];
  /** Order among results of the same tier (defaults to the folded name). */
  order?: string;
}

/** An entry of the index: the doc's visible parts, and its texts folded once. */
export interface SearchEntry {
  kind: SearchKind;
  id: number;
  label: string;
  detail: string;
  path: string;
  /** The name's words as one folded line. */
  name: string;
  /** The name's line after a space: " maine coon" (a word starts where " " + its start is found). */
  nameStarts: string;
  abbreviations: readonly string[];
  /** Every word of every matched text (name and abbreviations included), once each, each after a space. */
  text: string;
  order: string;
}

export function makeEntry(doc: SearchDoc): SearchEntry {
  const name = foldedLine(doc.name ?? doc.label);
  const nameWords = name === '' ? [] : name.split(' ');
  const abbreviations = (doc.abbreviations ?? []).flatMap((a) => (a ? [foldedAbbreviation(a)] : [])).filter((a) => a !== '');
  // The fields folded in one pass: a space between them splits words as tokenising each would.
  const fieldWords = doc.fields ? tokenise(doc.fields.filter((f) => f).join(' ')) : [];
  // Each word once, after a space (loops, not spreads: thousands of entries are made as the screen opens).
  const seen = new Set<string>();
  const words: string[] = [];
  for (const list of [nameWords, abbreviations, fieldWords]) {
    for (const word of list) {
      if (seen.has(word)) continue;
      seen.add(word);
      words.push(word);
    }
  }
  return {
    kind: doc.kind,
    id: doc.id,
    label: doc.label,
    detail: doc.detail,
    path: doc.path,
    name,
    nameStarts: ` ${name}`,
    abbreviations,
    // Joined, not concatenated key by key: a flat string, so the first search does not flatten thousands.
    text: words.length === 0 ? '' : ` ${words.join(' ')}`,
    order: doc.order ?? name,
  };
}

export interface PreparedQuery {
  /** The folded query words, longest first (the rarest: the fastest rejection). */
  tokens: readonly string[];
  /** Each token after a space (" mai"): found in an entry's spaced text where a word starts with it. */
  starts: readonly string[];
  /** The words as one line, in the order typed: for the name prefix. */
  line: string;
  /** The words run together: for an abbreviation. */
  compact: string;
  /** The last word typed: the one a next key extends. */
  lastWord: string;
}

/** The query folded and split; null when it has no letters or digits. */
export function prepareQuery(query: string): PreparedQuery | null {
  const typed = tokenise(query);
  if (typed.length === 0) return null;
  const tokens = [...new Set(typed)].sort((a, b) => b.length - a.length);
  return { tokens, starts: tokens.map((t) => ` ${t}`), line: typed.join(' '), compact: typed.join(''), lastWord: typed.at(-1)! };
}

/** How the entry matches the query, or null when it does not. */
export function matchTier(entry: SearchEntry, q: PreparedQuery): Tier | null {
  for (const token of q.tokens) if (!entry.text.includes(token)) return null;
  if (entry.abbreviations.includes(q.compact)) return TIER.abbreviation;
  if (entry.name.startsWith(q.line)) return TIER.namePrefix;
  // Plain loops, no closures: this runs for every entry a first key matches.
  if (allIn(entry.nameStarts, q.starts)) return TIER.nameWordPrefix;
  if (allIn(entry.text, q.starts)) return TIER.wordPrefix;
  // A single letter inside words would match nearly everything: it counts only where a word starts.
  for (let i = 0; i < q.tokens.length; i++) if (q.tokens[i]!.length === 1 && !entry.text.includes(q.starts[i]!)) return null;
  return TIER.substring;
}

function allIn(text: string, parts: readonly string[]): boolean {
  for (const part of parts) if (!text.includes(part)) return false;
  return true;
}

export interface SearchGroup {
  kind: SearchKind;
  /** How many entries of this kind matched. */
  total: number;
  /** The best of them, at most the cap. */
  results: SearchEntry[];
}

/** Negative when (tierA, a) ranks before (tierB, b): tier, then the entry's order, then its id. */
const compareRank = (tierA: Tier, a: SearchEntry, tierB: Tier, b: SearchEntry) => tierA - tierB || (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id - b.id);

const KIND_AT: Readonly<Record<SearchKind, number>> = Object.fromEntries(SEARCH_KINDS.map((k, i) => [k, i])) as Record<SearchKind, number>;

/**
 * One pass over the candidates: every match is counted and kept (for the next, longer query), and only
 * each kind's best `cap` are held in order (no sort of thousands of matches for a first letter).
 */
function rank(candidates: readonly SearchEntry[], q: PreparedQuery, cap: number): { groups: SearchGroup[]; matched: SearchEntry[] } {
  const totals = SEARCH_KINDS.map(() => 0);
  const best: { entry: SearchEntry; tier: Tier }[][] = SEARCH_KINDS.map(() => []);
  const matched: SearchEntry[] = [];
  for (const entry of candidates) {
    const tier = matchTier(entry, q);
    if (tier === null) continue;
    matched.push(entry);
    const k = KIND_AT[entry.kind];
    totals[k]!++;
    const top = best[k]!;
    if (cap <= 0) continue;
    if (top.length === cap) {
      const last = top[cap - 1]!;
      if (compareRank(tier, entry, last.tier, last.entry) >= 0) continue;
      top.pop();
    }
    let at = top.length;
    while (at > 0 && compareRank(tier, entry, top[at - 1]!.tier, top[at - 1]!.entry) < 0) at--;
    top.splice(at, 0, { entry, tier });
  }
  const groups = SEARCH_KINDS.flatMap((kind, k) => (totals[k] === 0 ? [] : [{ kind, total: totals[k]!, results: best[k]!.map((m) => m.entry) }]));
  return { groups, matched };
}

/** The groups with a match, in SEARCH_KINDS order, each ranked and capped; none for an empty query. */
export function searchEntries(entries: readonly SearchEntry[], query: string, cap: number = GROUP_CAP): SearchGroup[] {
  const q = prepareQuery(query);
  return q ? rank(entries, q, cap).groups : [];
}

/** The entries with a word starting with each letter or digit, in index order: what a one-letter word can match. */
function byInitial(entries: readonly SearchEntry[]): Map<string, SearchEntry[]> {
  const lists = new Map<string, SearchEntry[]>();
  const seen = new Set<string>();
  for (const entry of entries) {
    seen.clear();
    // entry.text is " word word…": each word's first letter follows a space.
    for (let at = entry.text.indexOf(' '); at !== -1; at = entry.text.indexOf(' ', at + 1)) {
      const initial = entry.text[at + 1];
      if (initial === undefined || seen.has(initial)) continue;
      seen.add(initial);
      const list = lists.get(initial);
      if (list) list.push(entry);
      else lists.set(initial, [entry]);
    }
  }
  return lists;
}

/**
 * searchEntries for a field being typed in: a query that extends the previous one (more letters, more
 * words) can only match entries the previous one matched, so only those are looked at again; a query
 * with a one-letter word (the first key) looks only at the entries with a word starting with it.
 */
export function createSearch(entries: readonly SearchEntry[]): (query: string, cap?: number) => SearchGroup[] {
  const initials = byInitial(entries);
  const none: readonly SearchEntry[] = [];
  let last: { q: PreparedQuery; matched: readonly SearchEntry[] } | null = null;
  return (query, cap = GROUP_CAP) => {
    const q = prepareQuery(query);
    if (!q) return [];
    // A one-letter last word matched only word starts: once longer, it may match inside words too.
    const narrows = last !== null && q.line.startsWith(last.q.line) && (last.q.lastWord.length > 1 || q.line === last.q.line);
    const letter = q.tokens.at(-1)!; // tokens are longest first: a one-letter word, if any, is last
    const candidates = narrows ? last!.matched : letter.length === 1 ? (initials.get(letter) ?? none) : entries;
    const { groups, matched } = rank(candidates, q, cap);
    last = { q, matched };
    return groups;
  };
}

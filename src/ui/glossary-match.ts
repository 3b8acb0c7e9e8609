// Finds the glossary's words in a text (a cat's name with its titles, a class, an award) so each can link to
// its entry. Whole words only; abbreviations match as written (case-sensitive), so "Chloe" and "Pricilla" stay
// plain while "CH Bella" links CH; a one-letter abbreviation ("G", a grade) only when it is the whole text.
import { fold } from '../lib/fold.ts';
import { GLOSSARY, GLOSSARY_TEXTS, isAbbreviationEntry, type GlossaryEntry } from './glossary-texts.ts';

/** A piece of the text: plain, or a glossary word with its entry. */
export type GlossarySegment = { text: string } | { text: string; entry: GlossaryEntry; abbreviation: boolean };

interface Form {
  text: string;
  /** Lower-cased for a phrase (matched in any case); as written for an abbreviation. */
  key: string;
  entry: GlossaryEntry;
  abbreviation: boolean;
}

/** Every form of every entry, the longest first ("Grand International Champion" before "Champion"). */
function formsOf(entries: readonly GlossaryEntry[]): Form[] {
  const forms: Form[] = [];
  for (const entry of entries) {
    const abbreviations = [...(isAbbreviationEntry(entry) ? [entry.term] : []), ...(entry.aliases ?? [])];
    for (const text of abbreviations) forms.push({ text, key: text, entry, abbreviation: true });
    const phrases = [...(isAbbreviationEntry(entry) ? [] : [entry.term]), ...(entry.phrases ?? [])];
    for (const text of phrases) forms.push({ text, key: text.toLowerCase(), entry, abbreviation: false });
  }
  return forms.sort((a, b) => b.text.length - a.text.length);
}

let defaultForms: Form[] | undefined;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const isWordCharacter = (c: string | undefined) => c !== undefined && WORD_CHARACTER.test(c);

/**
 * The text cut into plain pieces and glossary words. `phrases`: also the words written out ("International
 * Champion", "Best Kitten", "Kitten") — for classes and awards; a cat's name links its abbreviations only.
 */
export function glossarySegments(text: string, { phrases = false }: { phrases?: boolean } = {}, entries: readonly GlossaryEntry[] = GLOSSARY): GlossarySegment[] {
  const forms = entries === GLOSSARY ? (defaultForms ??= formsOf(GLOSSARY)) : formsOf(entries);
  const lower = text.toLowerCase();
  const segments: GlossarySegment[] = [];
  let plainFrom = 0;
  let at = 0;
  while (at < text.length) {
    const found = isWordCharacter(text[at - 1]) ? undefined : forms.find((f) => matchesAt(f, text, lower, at, phrases));
    if (!found) {
      at += 1;
      continue;
    }
    if (plainFrom < at) segments.push({ text: text.slice(plainFrom, at) });
    segments.push({ text: text.slice(at, at + found.text.length), entry: found.entry, abbreviation: found.abbreviation });
    at += found.text.length;
    plainFrom = at;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom) });
  return segments;
}

function matchesAt(form: Form, text: string, lower: string, at: number, phrases: boolean): boolean {
  if (!form.abbreviation && !phrases) return false;
  const end = at + form.text.length;
  if ((form.abbreviation ? text : lower).slice(at, end) !== form.key) return false;
  // Whole words: nothing after the form runs on into a word ("CH" in "CHLOE", "Ch." in "Ch.Bella").
  if (isWordCharacter(text[end])) return false;
  if (form.abbreviation && form.text.length === 1) return text.trim() === form.text;
  return true;
}

let haystacks: Map<string, string> | undefined;

/**
 * The glossary page's filter: the entries whose words, what they stand for, registries or kind ("Certificates")
 * hold the typed text, whatever its case and accents (all of them for an empty filter). Not the explanations:
 * "best" finds the awards and finals named Best, not every entry that mentions Best in Show.
 */
export function filterGlossary(typed: string): GlossaryEntry[] {
  const needle = fold(typed.trim());
  if (!needle) return [...GLOSSARY];
  haystacks ??= new Map(
    GLOSSARY.map((e) => [
      e.id,
      fold([e.term, e.name ?? '', ...(e.aliases ?? []), ...(e.phrases ?? []), ...e.registries, GLOSSARY_TEXTS.kinds[e.kind].heading].join(' | ')),
    ]),
  );
  return GLOSSARY.filter((e) => haystacks!.get(e.id)!.includes(needle));
}

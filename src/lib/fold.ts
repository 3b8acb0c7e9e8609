// Search text folding: case- and accent-insensitive, so "Sphÿnx", "SPHYNX" and "sphynx"
// are one word, and letters that Unicode does not decompose (ß, æ, ø, ł…) fold to their usual spelling.

/** Letters with no decomposition, by their lower-case form, as they are commonly written without the mark. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
};
const SPELLED_LETTER = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'gu');
/** Apostrophes join the word they are in ("O’Malley" is "omalley", "Fanciers'" is "fanciers"). */
const APOSTROPHE = /['’ʼ`´]/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/u;

/** Text that folds by lower case alone: printable ASCII has no compatibility forms, marks or letters to spell out. */
const ASCII = /^[\t\n\r -~]*$/;

/** Lower case, compatibility-decomposed (ﬁ → fi, ² → 2), marks removed, undecomposable letters spelled out. */
export function fold(text: string): string {
  // Most of a show's names are plain ASCII: the index folds thousands of them when the screen opens.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPELLED_LETTER, (letter) => SPELLED[letter]!);
}

/** The folded words of a text: letters and digits, split at everything else. */
export function tokenise(text: string): string[] {
  return fold(text)
    .replace(APOSTROPHE, '')
    .split(NOT_WORD)
    .filter((word) => word !== '');
}

/** A text as one folded line of its words ("  Maine-Coon " → "maine coon"): what prefixes are checked against. */
export const foldedLine = (text: string): string => tokenise(text).join(' ');

/** An abbreviation as one folded word ("CCA-AFC" → "ccaafc", "FIFe" → "fife"). */
export const foldedAbbreviation = (text: string): string => tokenise(text).join('');

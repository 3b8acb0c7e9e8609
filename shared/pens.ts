// A cat's pen (its cage in the benching rows, "B12"): one written form, so "b12 " and "B12" are the same pen
// for the console, its check that a pen holds one cat, and the server (organiser_change_entry says the same).

/** The column's limit (catalogue_entries.pen). */
export const PEN_MAX_LENGTH = 20;

/** The pen as stored: trimmed, inner spaces as one, capital letters ("b 12" → "B 12"); null when empty. */
export function normalisePen(typed: string): string | null {
  const pen = typed.trim().replace(/\s+/g, ' ').toUpperCase();
  return pen === '' ? null : pen;
}

/** Why a typed pen cannot be saved, or null when it can. */
export function penProblem(typed: string): string | null {
  const pen = normalisePen(typed);
  if (pen !== null && pen.length > PEN_MAX_LENGTH) return `A pen is at most ${PEN_MAX_LENGTH} characters (e.g. B12).`;
  return null;
}

/** An entry as far as pens go. */
export interface PennedEntry {
  id: number;
  catalogue_number: string;
  name: string;
  pen: string | null;
}

/** The other entry of the same event already in that pen, if any: two cats in one pen is almost always a typo. */
export function penHolder<T extends PennedEntry>(entries: readonly T[], entryId: number, pen: string | null): T | undefined {
  if (pen === null) return undefined;
  return entries.find((e) => e.id !== entryId && e.pen !== null && normalisePen(e.pen) === pen);
}

/** The words when the pen is taken: which cat holds it, and what to check. */
export function penTakenText(pen: string, holder: { catalogue_number: string; name: string }): string {
  return `Pen ${pen} already holds ${holder.catalogue_number} ${holder.name}. Two cats cannot share a pen: check the pen, or move ${holder.catalogue_number} first.`;
}

// Catalogue numbers as printed: digits, and a letter for a late entry ("52A" comes after "52" and before
// "53"). One form and one order for every place that reads a number someone typed.

const NUMBER = /^\s*0*([1-9]\d{0,4})\s*([A-Za-z]?)\s*$/;

/** The number as the catalogue prints it ("052a " → "52A"; the database's form), or null when it is not one. */
export function normaliseCatalogueNumber(typed: string): string | null {
  const m = NUMBER.exec(typed);
  return m ? `${Number(m[1])}${m[2]!.toUpperCase()}` : null;
}

/** Catalogue order: by the number's value, then a late entry's letter after the plain number. */
export function compareCatalogueNumbers(a: string, b: string): number {
  const [na, nb] = [NUMBER.exec(a), NUMBER.exec(b)];
  if (!na || !nb) return a.localeCompare(b);
  return Number(na[1]) - Number(nb[1]) || na[2]!.toUpperCase().localeCompare(nb[2]!.toUpperCase());
}

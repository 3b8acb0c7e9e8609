// Text that leaves us in a spreadsheet (the votes CSV, the show export) must never be run as a formula
// (OWASP "CSV injection"): a cell starting like a formula gets an apostrophe, which spreadsheets read as
// "this is text". The show import takes that apostrophe off again, so an exported show re-imports unchanged.

/** What a spreadsheet reads as the start of a formula: = + - @, tab, CR, and their full-width forms (Numbers). */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const DEFUSED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The cell as text a spreadsheet shows and never runs: an apostrophe before one that starts like a formula.
 * A cell that already starts with apostrophes before such a character gets one more, so undoing is exact.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text defuseFormula was given (a cell a person wrote as '=… is the text =…, as a spreadsheet reads it). */
export function undoDefuseFormula(cell: string): string {
  return DEFUSED.test(cell) ? cell.slice(1) : cell;
}

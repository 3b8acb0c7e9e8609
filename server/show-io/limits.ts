// How big a show folder's sheets may be, checked before they are read (a workbook is a zip: a 1.6 KB file
// can declare a million rows). The show of the year is the seed at --scale 10: 5,206 rows in its largest
// sheet (litter_images), 20 columns in its widest (breeds), 71,000 cells, a 0.5 MB workbook of 4.3 MB
// XML, 0.7 MB in its largest CSV. The seed's largest show (--scale 100) is ten times that and still fits:
// 52,531 rows, 696,000 cells, a 4.5 MB workbook of 42.5 MB XML that exceljs reads in about 560 MB.

/** Bytes of one sheet file: the workbook, or one CSV. */
export const SHEET_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** Rows of one sheet, the header included. */
export const SHEET_MAX_ROWS = 100_000;
/** Columns of one sheet: the widest table has 20, the rest is room for an organiser's own notes. */
export const SHEET_MAX_COLUMNS = 100;
/**
 * Cells: of one sheet read as a table (its rows × its widest row), and of a whole workbook (its filled cells,
 * and every cell a merge, a data validation or a defined name spans: exceljs makes an object for each).
 */
export const SHEET_MAX_CELLS = 1_500_000;
/** Bytes of a workbook's parts once unzipped (sheets, shared strings, styles): a zip bomb stops here. */
export const WORKBOOK_MAX_UNZIPPED_BYTES = 128 * 1024 * 1024;
/** Parts in a workbook's zip: a spreadsheet program writes a few dozen. */
export const WORKBOOK_MAX_PARTS = 1_000;
/** Bytes of one photo file: a 50-megapixel camera's JPEG is about 25 MB (photos.ts refuses more pixels). */
export const PHOTO_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** Excel's last column (XFD): a column setting past it is no spreadsheet's. */
export const EXCEL_MAX_COLUMN = 16_384;

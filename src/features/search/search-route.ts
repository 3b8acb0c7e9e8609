// Where search lives and what the header's link calls it: the only search module the first route loads,
// so it stays a few bytes.

/** The header link's accessible name (the magnifier is its only visible part). */
export const SEARCH_LINK_LABEL = 'Search';
export const SEARCH_PATH = '/search';

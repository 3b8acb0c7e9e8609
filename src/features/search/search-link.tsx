// The header's way into search (issue 20 part 4), on every page; the search screen itself loads lazily.
import { Link } from 'react-router';
import { SEARCH_LINK_LABEL, SEARCH_PATH } from './search-route.ts';

export function SearchLink() {
  return (
    <Link to={SEARCH_PATH} className="search-link" aria-label={SEARCH_LINK_LABEL}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="10" cy="10" r="6" />
        <path d="m15 15 6 6" />
      </svg>
    </Link>
  );
}

// The star of "My show": a toggle button with its pressed state and a label naming
// the row ("Add Maine Coon to My show"); the name is heard, not shown, so the button stays short.
import { toggleFavourite, useFavourite, type FavouriteKind } from '../data/favourites.ts';
import { STAR_VISIBLE } from './my-show-texts.ts';
import './star-button.css';

export interface StarButtonProps {
  kind: FavouriteKind;
  /** The mirror row's id. */
  id: number | string;
  /** The row's name, as the label says it and /my-show lists it. */
  label: string;
  /** What /my-show needs once the show has deleted the row (see data/favourites.ts). */
  snapshot?: Record<string, unknown>;
  className?: string;
}

export function StarButton({ kind, id, label, snapshot = {}, className }: StarButtonProps) {
  const key = String(id);
  const starred = useFavourite(kind, key);
  const [before, after] = starred ? STAR_VISIBLE.remove : STAR_VISIBLE.add;
  return (
    <button
      type="button"
      className={`star-button${className ? ` ${className}` : ''}`}
      aria-pressed={starred === true}
      // Until the favourites store answers, a press could undo a star it has not read yet.
      disabled={starred === undefined}
      onClick={() => void toggleFavourite(kind, key, label, { name: label, ...snapshot })}
    >
      <span className="star-button-icon" aria-hidden="true">
        {starred ? '★' : '☆'}
      </span>
      <span>
        {before}
        <span className="visually-hidden"> {label}</span> {after}
      </span>
    </button>
  );
}

// One line of the catalogue: the number as printed, the name with titles, what the cat is and where it sits,
// and "Absent" in words when it did not come. The whole line opens the cat's page. The catalogue, a cattery's
// page and a breed's list cats with it, in an EntryList.
//
// The lines are plain links and their list opens them in the app (one click handler for the list): a
// router Link per line costs a phone a few milliseconds each, and the catalogue's search redraws fifty lines
// on a key.
import { memo, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths.ts';
import type { Breed, CatalogueEntry, Cattery } from '../../shared/row-schemas.ts';
import { CATALOGUE_TEXTS as T } from './catalogue-texts.ts';
import './catalogue-entry-line.css';

/** An entry with the breed and cattery it names (the data layer's CatalogueCat). */
type Cat = CatalogueEntry & { breed: Pick<Breed, 'breed_name'> | undefined; cattery: Pick<Cattery, 'name'> | undefined };

/** "Maine Coon · MCO n 22 · Female · Champion". */
const entryDetail = (cat: Cat): string =>
  [cat.breed?.breed_name, cat.colour, T.sexWord[cat.sex], cat.class].filter((part) => part !== null && part !== undefined && part !== '').join(' · ');

/**
 * Memoised: a key that narrows the catalogue's search keeps most lines, and they are not drawn again. `call`
 * and `award` are the cat's judging in words ("Called to Ring 3", "Placed"), texts so a line whose cat did not
 * change is not drawn again when another is called.
 */
export const EntryLine = memo(function EntryLine({ cat, eventId, call, award }: { cat: Cat; eventId: number; call?: string | undefined; award?: string | undefined }) {
  return (
    <li className={`catalogue-entry${cat.absent ? ' is-absent' : ''}${call ? ' is-called' : ''}`}>
      <a href={paths.catalogueEntry(eventId, cat.catalogue_number)} className="catalogue-entry-link">
        <span className="catalogue-number">{cat.catalogue_number}</span>
        <span className="catalogue-entry-body">
          <span className="catalogue-entry-name">{cat.name}</span>
          <span className="catalogue-entry-detail">{entryDetail(cat)}</span>
          {cat.cattery && <span className="catalogue-entry-detail">{cat.cattery.name}</span>}
        </span>
        <span className="catalogue-entry-where">
          {cat.pen && <span className="catalogue-pen">{T.pen(cat.pen)}</span>}
          {cat.absent && <span className="catalogue-absent">{T.absent}</span>}
          {call && <span className="catalogue-mark catalogue-called">{call}</span>}
          {award && <span className="catalogue-mark catalogue-placed">{award}</span>}
        </span>
      </a>
    </li>
  );
});

/** A list of EntryLines that opens a line in the app, as a router link would (a modified click opens a tab). */
export function EntryList({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const open = (e: MouseEvent<HTMLUListElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest('a.catalogue-entry-link');
    const href = link?.getAttribute('href');
    if (!href) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // The links inside take the keyboard and the click; the list only routes what they open.
    <ul className="catalogue-entries" onClick={open}>
      {children}
    </ul>
  );
}

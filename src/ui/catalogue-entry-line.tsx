// One line of the catalogue: the number as printed, the name with titles, what the cat is and where it sits,
// and "Absent" in words when it did not come. The whole line opens the cat's page. The catalogue, a cattery's
// page and a breed's list cats with it.
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths.ts';
import type { Breed, CatalogueEntry, Cattery } from '../../shared/row-schemas.ts';
import { CATALOGUE_TEXTS as T } from './catalogue-texts.ts';
import './catalogue-entry-line.css';

/** An entry with the breed and cattery it names (the data layer's CatalogueCat). */
type Cat = CatalogueEntry & { breed: Pick<Breed, 'breed_name'> | undefined; cattery: Pick<Cattery, 'name'> | undefined };

/** "Maine Coon · MCO n 22 · Female · Champion". */
const entryDetail = (cat: Cat): string =>
  [cat.breed?.breed_name, cat.colour, T.sexWord[cat.sex], cat.class].filter((part) => part !== null && part !== undefined && part !== '').join(' · ');

/** Memoised: a key that narrows the catalogue's search keeps most lines, and they are not drawn again. */
export const EntryLine = memo(function EntryLine({ cat, eventId }: { cat: Cat; eventId: number }) {
  return (
    <li className={`catalogue-entry${cat.absent ? ' is-absent' : ''}`}>
      <Link to={paths.catalogueEntry(eventId, cat.catalogue_number)} className="catalogue-entry-link">
        <span className="catalogue-number">{cat.catalogue_number}</span>
        <span className="catalogue-entry-body">
          <span className="catalogue-entry-name">{cat.name}</span>
          <span className="catalogue-entry-detail">{entryDetail(cat)}</span>
          {cat.cattery && <span className="catalogue-entry-detail">{cat.cattery.name}</span>}
        </span>
        <span className="catalogue-entry-where">
          {cat.pen && <span className="catalogue-pen">{T.pen(cat.pen)}</span>}
          {cat.absent && <span className="catalogue-absent">{T.absent}</span>}
        </span>
      </Link>
    </li>
  );
});

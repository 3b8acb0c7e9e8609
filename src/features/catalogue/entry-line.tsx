// One line of the catalogue: the number as printed, the name with titles, what the cat is and where it sits,
// and "Absent" in words when it did not come. The whole line opens the cat's page.
import { Link } from 'react-router';
import { paths } from '../../../shared/paths.ts';
import type { CatalogueCat } from '../../data/mirror.ts';
import { CATALOGUE_TEXTS as T } from '../../ui/catalogue-texts.ts';

/** "Maine Coon · MCO n 22 · Female · Champion". */
export const entryDetail = (cat: CatalogueCat): string =>
  [cat.breed?.breed_name, cat.colour, T.sexWord[cat.sex], cat.class].filter((part) => part !== null && part !== undefined && part !== '').join(' · ');

export function EntryLine({ cat, eventId }: { cat: CatalogueCat; eventId: number }) {
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
}

// The catalogue where a breed or a cattery is shown: a breed page says how many of its cats are on show and
// links to them in the catalogue; a cattery page lists its cats with their pens. Nothing when no show is on
// or the show has none of them.
import { Link } from 'react-router';
import type { Breed, CatalogueEntry, Cattery, ShowEvent } from '../../shared/row-schemas.ts';
import { paths } from '../../shared/paths.ts';
import { EntryLine, EntryList } from './catalogue-entry-line.tsx';
import { CATALOGUE_TEXTS as T } from './catalogue-texts.ts';
import { FLOOR_PLAN_TEXTS } from './floor-plan-texts.ts';
import './cats-on-show.css';

/** What the data layer's readCatsOnShow answers: the show and the cats, or null when no show is on. */
interface OnShow {
  event: Pick<ShowEvent, 'id' | 'name'>;
  cats: (CatalogueEntry & { breed: Pick<Breed, 'breed_name'> | undefined; cattery: Pick<Cattery, 'name'> | undefined })[];
}

export function BreedOnShow({ onShow, breed, abbreviation }: { onShow: OnShow | null | undefined; breed: string; abbreviation: string }) {
  if (!onShow || onShow.cats.length === 0) return null;
  return (
    <p className="breed-on-show">
      {T.breedOnShow(onShow.cats.length, breed, onShow.event.name)}{' '}
      <Link to={`${paths.catalogue(onShow.event.id)}?breed=${encodeURIComponent(abbreviation)}`}>{T.breedOnShowLink(breed)}</Link>
    </p>
  );
}

/** `planLink`: the show's floor plan opened on the cats' pens, when its plan holds them. */
export function CatteryOnShow({ onShow, planLink }: { onShow: OnShow | null | undefined; planLink?: string | undefined }) {
  if (!onShow || onShow.cats.length === 0) return null;
  return (
    <section className="cattery-section" aria-labelledby="cattery-on-show">
      <h2 id="cattery-on-show">{T.catsAtShow(onShow.event.name)}</h2>
      {planLink && (
        <p>
          <Link to={planLink}>{FLOOR_PLAN_TEXTS.showOnPlan}</Link>
        </p>
      )}
      <EntryList>
        {onShow.cats.map((cat) => (
          <EntryLine key={cat.id} cat={cat} eventId={onShow.event.id} />
        ))}
      </EntryList>
    </section>
  );
}

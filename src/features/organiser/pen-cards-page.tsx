// /organiser/pen-cards: a card for each cat's pen — its catalogue number, large, name, breed, colour, class,
// pen, and a QR code to its page in the app — four to an A4 sheet through the browser's print dialog
// (pen-cards.css; no PDF library), for one section of the catalogue or the whole show.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEventCatalogue, type CatalogueCat } from '../../data/mirror.ts';
import { appConfig } from '../../config.ts';
import { appLink } from '../../lib/share.ts';
import { paths } from '../../../shared/paths.ts';
import { activeEvent, upcomingEvents } from '../../../shared/schedule.ts';
import { QrCode } from '../../ui/qr-code.tsx';
import { Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { CATALOGUE_CONSOLE_TEXTS } from './catalogue-console-texts.ts';
import { ConsoleNav } from './console-nav.tsx';
import { useConsoleData } from './use-console-data.ts';
import './console.css';
import './pen-cards.css';

const T = CATALOGUE_CONSOLE_TEXTS.penCards;

/** Cards on one A4 sheet: two by two. */
const CARDS_PER_SHEET = 4;
/** The QR code's size on screen (px); print sizes it in millimetres. */
const QR_SCREEN_PX = 128;

/** The sections the catalogue prints, in catalogue order (where each first appears). */
function catalogueSections(entries: readonly { section: string | null }[]): string[] {
  return [...new Set(entries.map((e) => e.section).filter((s): s is string => s !== null && s !== ''))];
}

/** The cards in sheets of four. */
function sheetsOf<T>(cards: readonly T[]): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_SHEET) sheets.push(cards.slice(i, i + CARDS_PER_SHEET));
  return sheets;
}

export function PenCardsPage() {
  const now = useNow(60_000);
  const data = useConsoleData();
  const [chosen, setChosen] = useState<number | null>(null);
  const [params, setParams] = useSearchParams();
  const choices = data ? upcomingEvents(data.events, now) : [];
  const event = choices.find((e) => e.id === chosen) ?? activeEvent(choices, now);
  const catalogue = useEventCatalogue(event?.id);
  const sections = catalogue ? catalogueSections(catalogue.entries) : [];
  const asked = params.get('section') ?? '';
  const section = sections.includes(asked) ? asked : '';
  const cards = catalogue ? catalogue.entries.filter((e) => section === '' || e.section === section) : [];
  const sheets = sheetsOf(cards);

  return (
    <main className="page console pen-cards-page">
      <div className="pen-cards-controls">
        <ConsoleNav />
        <h1>{T.title}</h1>
        <p className="muted">{T.intro}</p>
        {!data || (event && !catalogue) ? (
          <Loading>{T.loading}</Loading>
        ) : !event ? (
          <p>No event is running or coming up. Import a show first (npm run show -- import).</p>
        ) : catalogue && catalogue.entries.length === 0 ? (
          <p>{CATALOGUE_CONSOLE_TEXTS.empty}</p>
        ) : (
          <div className="pen-cards-choices">
            {choices.length > 1 && (
              <p className="form-row console-event">
                <label htmlFor="pen-cards-event">Event</label>
                <select id="pen-cards-event" value={event.id} onChange={(e) => setChosen(Number(e.target.value))}>
                  {choices.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </select>
              </p>
            )}
            <p className="form-row console-event">
              <label htmlFor="pen-cards-section">{T.sectionLabel}</label>
              <select
                id="pen-cards-section"
                value={section}
                onChange={(e) => setParams((p) => (e.target.value ? p.set('section', e.target.value) : p.delete('section'), p), { replace: true })}
              >
                <option value="">{T.wholeShow}</option>
                {sections.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </p>
            <p className="pen-cards-print">
              <button type="button" onClick={() => window.print()}>
                {T.print}
              </button>{' '}
              <span role="status">{T.count(cards.length, sheets.length)}</span>
            </p>
          </div>
        )}
      </div>
      {event && sheets.length > 0 && (
        <div className="pen-sheets">
          {sheets.map((sheet) => (
            <section key={sheet[0]!.id} className="pen-sheet" aria-label={`Cards ${sheet[0]!.catalogue_number} to ${sheet.at(-1)!.catalogue_number}`}>
              {sheet.map((cat) => (
                <PenCard key={cat.id} cat={cat} eventId={event.id} />
              ))}
            </section>
          ))}
        </div>
      )}
    </main>
  );
}

function PenCard({ cat, eventId }: { cat: CatalogueCat; eventId: number }) {
  const url = appLink(location.origin, appConfig().basePath, paths.catalogueEntry(eventId, cat.catalogue_number));
  const facts: [string, string | null | undefined][] = [
    [T.facts.breed, cat.breed?.breed_name],
    [T.facts.colour, cat.colour],
    [T.facts.class, cat.class],
    [T.facts.pen, cat.pen],
  ];
  return (
    <article className="pen-card" data-number={cat.catalogue_number}>
      <p className="pen-card-number">{cat.catalogue_number}</p>
      <h2 className="pen-card-name">{cat.name}</h2>
      <dl className="pen-card-facts">
        {facts.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="pen-card-qr">
        <QrCode text={url} label={T.qrLabel(cat.catalogue_number, cat.name)} size={QR_SCREEN_PX} />
      </div>
    </article>
  );
}

// The console's catalogue: find a cat by its number as printed ("52", "52a"), then mark it absent or present
// or move it to another pen. Each change goes through the console's confirmation and the outbox, and reaches
// the phones live; a pen another cat of the event already holds is refused here, before anything is queued.
import { useId, useState, type FormEvent } from 'react';
import { entryOf, useEventCatalogue, type CatalogueCat } from '../../data/mirror.ts';
import { normaliseCatalogueNumber } from '../../../shared/catalogue.ts';
import { normalisePen, PEN_MAX_LENGTH, penHolder, penProblem, penTakenText } from '../../../shared/pens.ts';
import { CATALOGUE_CONSOLE_TEXTS as T } from './catalogue-console-texts.ts';
import { ConsoleSection } from './console-section.tsx';
import type { AskChange } from './pending-change.ts';

export function CatalogueSection({ eventId, ask }: { eventId: number; ask: AskChange }) {
  const catalogue = useEventCatalogue(eventId);
  const [typed, setTyped] = useState('');
  const ids = { number: useId(), hint: useId() };
  const cat = catalogue && entryOf(catalogue, typed);
  const number = normaliseCatalogueNumber(typed);

  return (
    <ConsoleSection title={T.title}>
      {catalogue?.entries.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <>
          <p className="form-row console-find">
            <label htmlFor={ids.number}>{T.numberLabel}</label>
            <input id={ids.number} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} aria-describedby={ids.hint} />
            <span id={ids.hint} className="muted">
              {T.numberHint}
            </span>
          </p>
          <div aria-live="polite">
            {catalogue && typed.trim() !== '' && !cat && <p className="console-entry-missing">{number === null ? T.notANumber : T.numberMissing(number)}</p>}
          </div>
          {/* Keyed by the pen too: a pen changed since (here or elsewhere) shows in the field. */}
          {catalogue && cat && <EntryCard key={`${cat.id} ${cat.pen ?? ''}`} cat={cat} entries={catalogue.entries} ask={ask} />}
        </>
      )}
    </ConsoleSection>
  );
}

function EntryCard({ cat, entries, ask }: { cat: CatalogueCat; entries: readonly CatalogueCat[]; ask: AskChange }) {
  const [pen, setPen] = useState(cat.pen ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), pen: useId() };
  const name = `${cat.catalogue_number} ${cat.name}`;
  const details = [cat.breed?.breed_name, cat.colour, cat.class].filter((d): d is string => !!d);

  const mark = (absent: boolean) => {
    setError(null);
    ask({ label: absent ? T.markAbsentLabel(name) : T.markPresentLabel(name), input: { type: 'change_entry', entry_id: cat.id, change: { absent } } });
  };
  const move = (e: FormEvent) => {
    e.preventDefault();
    const target = normalisePen(pen);
    const problem = penProblem(pen) ?? (target === (cat.pen === null ? null : normalisePen(cat.pen)) ? T.samePen(name, target) : null);
    const holder = penHolder(entries, cat.id, target);
    if (problem) return setError(problem);
    if (holder && target !== null) return setError(penTakenText(target, holder));
    setError(null);
    ask({
      label: target === null ? T.clearPenLabel(name, cat.pen ?? '') : T.moveLabel(name, target),
      input: { type: 'change_entry', entry_id: cat.id, change: { pen: target } },
    });
  };

  return (
    <article className={`console-entry${cat.absent ? ' is-absent' : ''}`} aria-labelledby={ids.title}>
      <p className="console-entry-head">
        <span className="console-entry-number">{cat.catalogue_number}</span>{' '}
        <strong id={ids.title} className="console-entry-name">
          {cat.name}
        </strong>
      </p>
      {details.length > 0 && <p className="console-entry-details">{details.join(' · ')}</p>}
      <p className="console-entry-state">
        <span className={`entry-mark ${cat.absent ? 'entry-absent' : 'entry-present'}`}>{cat.absent ? T.absent : T.present}</span>{' '}
        <span className="console-entry-pen">{cat.pen === null ? T.noPen : T.pen(cat.pen)}</span>
      </p>
      <p className="console-actions" role="group" aria-label={T.changeGroup(name)}>
        {cat.absent ? (
          <button type="button" className="secondary" onClick={() => mark(false)}>
            {T.markPresent}
          </button>
        ) : (
          <button type="button" className="secondary" onClick={() => mark(true)}>
            {T.markAbsent}
          </button>
        )}
      </p>
      <form className="console-inline" onSubmit={move} noValidate>
        <label htmlFor={ids.pen}>{T.penLabel}</label>
        <input
          id={ids.pen}
          className="console-pen-input"
          value={pen}
          maxLength={PEN_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setPen(e.target.value)}
          aria-invalid={error !== null}
        />
        <button type="submit">{T.move}</button>
        {error && (
          <span className="console-error" role="alert">
            {error}
          </span>
        )}
      </form>
    </article>
  );
}

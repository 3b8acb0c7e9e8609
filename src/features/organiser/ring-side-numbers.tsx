// The catalogue numbers field of the ring-side screen: numbers and ranges ("251-256, 260") with each cat's
// name, breed and absence shown as they are typed, and what names no cat said in words before sending.
import { useId } from 'react';
import type { EventCatalogue } from '../../data/mirror.ts';
import { numberListProblem, parseNumberList } from '../../../shared/number-list.ts';
import { RING_SIDE_TEXTS as T } from './ring-side-texts.ts';

/** The typed list read against the catalogue, and what is wrong with it (null: it can be sent). */
export function readNumbers(typed: string, catalogue: EventCatalogue | undefined, once: boolean): { numbers: string[]; problem: string | null } {
  const list = parseNumberList(
    typed,
    (catalogue?.entries ?? []).map((e) => e.catalogue_number),
  );
  return { numbers: list.numbers, problem: numberListProblem(list, { once }) };
}

export function NumbersField({
  value,
  onChange,
  catalogue,
  hint,
  once,
  showProblem,
}: {
  value: string;
  onChange: (value: string) => void;
  catalogue: EventCatalogue | undefined;
  hint: string;
  /** Each cat only once (a final's places). */
  once: boolean;
  /** Say what is wrong even before anything is typed (after a send was tried). */
  showProblem: boolean;
}) {
  const ids = { input: useId(), hint: useId(), problem: useId() };
  const { numbers, problem } = readNumbers(value, catalogue, once);
  const shown = problem !== null && (showProblem || value.trim() !== '');
  return (
    <div className="form-row ring-numbers">
      <label htmlFor={ids.input}>{T.numbersLabel}</label>
      <input
        id={ids.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${ids.hint}${shown ? ` ${ids.problem}` : ''}`}
        aria-invalid={shown}
      />
      <span id={ids.hint} className="muted">
        {hint}
      </span>
      <div aria-live="polite">
        {shown && (
          <p id={ids.problem} className="console-error">
            {problem}
          </p>
        )}
      </div>
      {numbers.length > 0 && catalogue && (
        <ol className="ring-cats" aria-label={T.cats(numbers.length)}>
          {numbers.map((n) => {
            const cat = catalogue.byNumber.get(n);
            const details = [cat?.breed?.breed_name, cat?.absent ? T.absent : null].filter((d): d is string => !!d);
            return (
              <li key={n}>
                <span className="ring-cat-number">{n}</span> <span className="ring-cat-name">{cat?.name ?? ''}</span>
                {details.length > 0 && <span className={`ring-cat-details${cat?.absent ? ' is-absent' : ''}`}> · {details.join(' · ')}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

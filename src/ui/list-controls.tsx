// The filter controls, the "Show more" step and the no-match state shared by the long lists (kittens, breeders).
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import './list-controls.css';

/**
 * The list's filters as search parameters, so Back, reload and a shared link bring them along. A change
 * replaces the history entry: Back leaves the list rather than stepping through filter changes.
 */
export function useFilterParams<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<Name, string>;
  const setFilter = (name: Name, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const clearFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of names) next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const filterKey = names.map((name) => `${name}=${values[name]}`).join('&');
  const query = params.toString();
  /** The current query with its "?", for links that come back to the list as it is. */
  const search = query ? `?${query}` : '';
  return { values, setFilter, clearFilters, filterKey, search };
}

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * The router applies a search-parameter change in a transition, so a control bound only to the URL would
 * spring back until the longer list has rendered. It shows the new value at once and follows the URL after.
 */
function useShownValue<T>(value: T): [T, (next: T) => void] {
  const [shown, setShown] = useState({ value, from: value });
  let current = shown;
  if (!Object.is(shown.from, value)) {
    current = { value, from: value };
    setShown(current);
  }
  return [current.value, (next) => setShown({ value: next, from: value })];
}

export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
}) {
  const [shown, setShown] = useShownValue(value);
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value);
          onChange(e.target.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A checkbox filter ("Show sold-out litters (32)"). */
export function FilterToggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const [shown, setShown] = useShownValue(checked);
  return (
    <label className="list-toggle">
      <input
        type="checkbox"
        checked={shown}
        onChange={(e) => {
          setShown(e.target.checked);
          onChange(e.target.checked);
        }}
      />
      {label}
    </label>
  );
}

/** A fieldset of filters with the count in words ("12 of 150 litters") read out as it changes. */
export function ListFilters({ legend, count, children }: { legend: string; count: string; children: ReactNode }) {
  return (
    <>
      <fieldset className="list-filters">
        <legend>{legend}</legend>
        {children}
      </fieldset>
      <p className="list-count" role="status">
        {count}
      </p>
    </>
  );
}

export function NoMatches({ children, onClear }: { children: ReactNode; onClear: () => void }) {
  return (
    <div className="list-no-matches">
      <p className="state state-empty">{children}</p>
      <button type="button" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}

/** "Showing 20 of 48" and a button for the next step, while some are still hidden. */
export function ShowMore({ shown, total, step, noun, onShowMore }: { shown: number; total: number; step: number; noun: string; onShowMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="list-show-more">
      <p className="muted">
        Showing {shown} of {total} {noun}
      </p>
      <button type="button" onClick={onShowMore}>
        Show {Math.min(step, total - shown)} more
      </button>
    </div>
  );
}

// The selected place's form in the floor-plan editor: what it is (a ring and its schedule location, a
// benching row and its pens, a stand and its advertiser, a facility and its kind, an area), its label,
// and its rectangle in the plan's units. Checked here, in words at each field, before anything is queued.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Advertiser, FacilityKind, PlaceDraft, PlaceKind } from '../../data/mirror.ts';
import { FACILITY_KINDS, PLACE_KINDS } from '../../../shared/row-schemas.ts';
import { parsePens } from '../../../shared/floor-plan.ts';
import { FLOOR_PLAN_EDITOR_TEXTS } from './floor-plan-editor-texts.ts';
import { draftOf, moved, type EditorPlace, type PlanBox } from './hall-changes.ts';

const T = FLOOR_PLAN_EDITOR_TEXTS;
const F = T.form;
/** The label field's id: the editor focuses it when a place has just been drawn. */
const PLACE_LABEL_ID = 'place-label';
type Field = 'label' | 'location' | 'pens' | 'advertiser' | 'x' | 'y' | 'width' | 'height';

interface Props {
  place: EditorPlace;
  plan: PlanBox;
  locations: string[];
  advertisers: Advertiser[];
  /** A place just drawn: its label takes the focus, to be named next. */
  focusLabel: boolean;
  onSave: (after: PlaceDraft) => void;
  onDelete: () => void;
}

const fieldsOf = (place: PlaceDraft) => ({
  kind: place.kind,
  label: place.label,
  location: place.location ?? '',
  pens: place.pens ?? '',
  advertiser: place.advertiser_id === null ? '' : String(place.advertiser_id),
  facility: place.facility ?? ('entrance' as FacilityKind),
});
const rectOf = (place: PlaceDraft) => ({ x: String(place.x), y: String(place.y), width: String(place.width), height: String(place.height) });

export function PlaceForm({ place, plan, locations, advertisers, focusLabel, onSave, onDelete }: Props) {
  const [fields, setFields] = useState(() => fieldsOf(place));
  const [rect, setRect] = useState(() => rectOf(place));
  // When the place changes (dragged, sent, changed on another device) the rectangle's fields follow it, and
  // the others too unless the organiser has started changing them: nothing typed is lost.
  const [dirty, setDirty] = useState(false);
  const seen = JSON.stringify(draftOf(place));
  const [seenBefore, setSeenBefore] = useState(seen);
  if (seen !== seenBefore) {
    setSeenBefore(seen);
    setRect(rectOf(place));
    if (!dirty) setFields(fieldsOf(place));
  }
  const { kind, label, location, pens, advertiser, facility } = fields;
  const set =
    <K extends keyof typeof fields>(k: K) =>
    (v: (typeof fields)[K]) => {
      setDirty(true);
      setFields((f) => ({ ...f, [k]: v }));
    };
  const setKind = set('kind');
  const setLabel = set('label');
  const setLocation = set('location');
  const setPens = set('pens');
  const setAdvertiser = set('advertiser');
  const setFacility = set('facility');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const labelRef = useRef<HTMLInputElement>(null);
  // Once, as the form of a place just drawn shows (not on every change the form starts again for).
  useEffect(() => {
    if (focusLabel) labelRef.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (label.trim() === '') found.label = F.labelMissing;
    if (kind === 'ring' && location === '') found.location = F.locationMissing;
    if (kind === 'benching') {
      const parsed = parsePens(pens);
      if ('error' in parsed) found.pens = parsed.error;
    }
    if (kind === 'stand' && advertiser === '') found.advertiser = F.advertiserMissing;
    const n = { x: Number(rect.x), y: Number(rect.y), width: Number(rect.width), height: Number(rect.height) };
    for (const f of ['x', 'y', 'width', 'height'] as const) if (rect[f].trim() === '' || !Number.isFinite(n[f])) found[f] = F.numberWrong(F[f]);
    if (!found.width && !found.height && (n.width <= 0 || n.height <= 0)) found.width = F.sizeWrong;
    if (!found.x && !found.y && !found.width && (n.x < 0 || n.y < 0 || n.x + n.width > plan.width || n.y + n.height > plan.height)) found.x = F.outside;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setDirty(false);
    // Moved by its fields: an outline moves with it (a new size keeps the outline only if it still fits).
    const shifted = moved(place, n.x - place.x, n.y - place.y, plan);
    const sameSize = n.width === place.width && n.height === place.height;
    onSave({
      kind,
      label: label.trim(),
      x: n.x,
      y: n.y,
      width: n.width,
      height: n.height,
      outline: sameSize ? shifted.outline : null,
      location: kind === 'ring' ? location : null,
      pens: kind === 'benching' ? pens.trim() : null,
      advertiser_id: kind === 'stand' ? Number(advertiser) : null,
      facility: kind === 'facility' ? facility : null,
    });
  };

  const error = (f: Field) =>
    errors[f] ? (
      <span id={id(`${f}-error`)} className="console-error" role="alert">
        {errors[f]}
      </span>
    ) : null;
  const described = (f: Field, hint?: string) => [hint, errors[f] ? id(`${f}-error`) : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form className="place-form" onSubmit={submit} noValidate aria-labelledby={id('title')}>
      <h2 id={id('title')}>{F.title(place.label)}</h2>
      <p className="place-field">
        <label htmlFor={id('kind')}>{F.kind}</label>
        <select id={id('kind')} value={kind} onChange={(e) => setKind(e.target.value as PlaceKind)}>
          {PLACE_KINDS.map((k) => (
            <option key={k} value={k}>
              {T.kinds[k]}
            </option>
          ))}
        </select>
      </p>
      <p className="place-field">
        <label htmlFor={PLACE_LABEL_ID}>{F.label}</label>
        <input
          id={PLACE_LABEL_ID}
          ref={labelRef}
          value={label}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={!!errors.label}
          aria-describedby={described('label')}
        />
        {error('label')}
      </p>
      <WhatItIs
        kind={kind}
        field={{ location, pens, advertiser, facility }}
        set={{ location: setLocation, pens: setPens, advertiser: setAdvertiser, facility: setFacility }}
        choices={{ locations: place.location && !locations.includes(place.location) ? [place.location, ...locations] : locations, advertisers }}
        id={id}
        error={error}
        described={described}
        invalid={(f) => !!errors[f]}
      />
      <fieldset className="place-rect">
        <legend>{F.units(plan.width, plan.height)}</legend>
        {(['x', 'y', 'width', 'height'] as const).map((f) => (
          <p key={f} className="place-field">
            <label htmlFor={id(f)}>{F[f]}</label>
            <input
              id={id(f)}
              type="number"
              inputMode="decimal"
              step="any"
              value={rect[f]}
              onChange={(e) => setRect((r) => ({ ...r, [f]: e.target.value }))}
              aria-invalid={!!errors[f]}
              aria-describedby={described(f)}
            />
            {error(f)}
          </p>
        ))}
      </fieldset>
      <p className="console-actions">
        <button type="submit">{F.save}</button>
        <button type="button" className="secondary" onClick={onDelete}>
          {F.delete}
        </button>
      </p>
    </form>
  );
}

interface WhatItIsProps {
  kind: PlaceKind;
  field: { location: string; pens: string; advertiser: string; facility: FacilityKind };
  set: { location: (v: string) => void; pens: (v: string) => void; advertiser: (v: string) => void; facility: (v: FacilityKind) => void };
  choices: { locations: string[]; advertisers: Advertiser[] };
  id: (f: string) => string;
  error: (f: Field) => ReactNode;
  described: (f: Field, hint?: string) => string | undefined;
  invalid: (f: Field) => boolean;
}

/** What the place is, by its kind: a ring's location, a row's pens, a stand's advertiser, a facility's kind. */
function WhatItIs({ kind, field, set, choices, id, error, described, invalid }: WhatItIsProps) {
  return (
    <>
      {kind === 'ring' && (
        <p className="place-field">
          <label htmlFor={id('location')}>{F.location}</label>
          {choices.locations.length === 0 ? (
            <span className="console-error">{F.noLocations}</span>
          ) : (
            <select
              id={id('location')}
              value={field.location}
              onChange={(e) => set.location(e.target.value)}
              aria-invalid={invalid('location')}
              aria-describedby={described('location')}
            >
              <option value="">{F.chooseLocation}</option>
              {choices.locations.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          )}
          {error('location')}
        </p>
      )}
      {kind === 'benching' && (
        <p className="place-field">
          <label htmlFor={id('pens')}>{F.pens}</label>
          <input
            id={id('pens')}
            value={field.pens}
            maxLength={500}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set.pens(e.target.value)}
            aria-invalid={invalid('pens')}
            aria-describedby={described('pens', id('pens-hint'))}
          />
          <span id={id('pens-hint')} className="muted">
            {F.pensHint}
          </span>
          {error('pens')}
        </p>
      )}
      {kind === 'stand' && (
        <p className="place-field">
          <label htmlFor={id('advertiser')}>{F.advertiser}</label>
          <select
            id={id('advertiser')}
            value={field.advertiser}
            onChange={(e) => set.advertiser(e.target.value)}
            aria-invalid={invalid('advertiser')}
            aria-describedby={described('advertiser')}
          >
            <option value="">{F.chooseAdvertiser}</option>
            {choices.advertisers.map((a) => (
              <option key={a.id} value={a.id}>
                {a.company_name}
              </option>
            ))}
          </select>
          {error('advertiser')}
        </p>
      )}
      {kind === 'facility' && (
        <p className="place-field">
          <label htmlFor={id('facility')}>{F.facility}</label>
          <select id={id('facility')} value={field.facility} onChange={(e) => set.facility(e.target.value as FacilityKind)}>
            {FACILITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {T.facilities[k]}
              </option>
            ))}
          </select>
        </p>
      )}
    </>
  );
}

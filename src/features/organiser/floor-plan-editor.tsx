// The floor-plan editor: the plan's picture with its places drawn over it (an SVG in the plan's own
// coordinates), drawn, moved and resized with a mouse, a finger or a pen, or with the keyboard; the
// selected place's form; Undo. Each change goes through the console's outbox (saved on this device first,
// then sent once), so the drawing shows it at once and the phones as soon as it is sent; a change the
// server refuses is said in words and leaves the drawing, which shows what is stored again.
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { discardOutboxItem } from '../../data/backend.ts';
import { useOutbox, useSyncStatus, type Advertiser, type FloorPlan, type HallPlace, type PlaceItem } from '../../data/mirror.ts';
import { ERROR_FALLBACK, outboxFailureText } from '../../../shared/messages.ts';
import { imageUrl } from '../../ui/image-url.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { FLOOR_PLAN_EDITOR_TEXTS as T } from './floor-plan-editor-texts.ts';
import { currentKey, drawnPlaces, placeChangesOf, type Corner, type EditorPlace, type PlaceKey } from './hall-changes.ts';
import { PlaceForm } from './place-form.tsx';
import { usePlaceChanges } from './use-place-changes.ts';
import { usePlanGestures, type PlanGestures } from './use-plan-gestures.ts';

/** On screen, a corner handle is a 44 px target and a label 14 px high, whatever the plan's units. */
const HANDLE_PX = 44;
const LABEL_PX = 14;
const LABEL_MIN_PX = 8;
const HANDLE_DOT_PX = 7;
const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

interface Props {
  eventName: string;
  plan: FloorPlan;
  stored: HallPlace[];
  locations: string[];
  advertisers: Advertiser[];
  userId: string;
}

export function FloorPlanEditor({ eventName, plan, stored, locations, advertisers, userId }: Props) {
  const outbox = useOutbox();
  const now = useNow(10_000);
  const items = placeChangesOf(outbox, plan.id);
  const places = drawnPlaces(stored, items, now.getTime());
  const [selectedKey, setSelectedKey] = useState<PlaceKey | null>(null);
  // A place just drawn: its label field takes the focus once its form shows.
  const [labelNext, setLabelNext] = useState<PlaceKey | null>(null);
  const select = (key: PlaceKey | null) => {
    setSelectedKey(key);
    setLabelNext(null);
  };
  const box = { width: plan.width, height: plan.height };
  const changes = usePlaceChanges({ planId: plan.id, userId, items, places, select });
  const svgRef = useRef<SVGSVGElement>(null);
  const gestures = usePlanGestures({ svgRef, plan: box, commit: changes.commit, select, drawn: setLabelNext });
  const howId = useId();

  const shown = (p: EditorPlace): EditorPlace => (gestures.live && currentKey(gestures.live.key, items) === p.key ? { ...p, ...gestures.live.place } : p);
  const raw = selectedKey === null ? undefined : places.find((p) => p.key === currentKey(selectedKey, items));
  const selected = raw && shown(raw);

  return (
    <div className="floor-plan-editor">
      <p className="muted floor-plan-small">{T.smallScreen}</p>
      <p id={howId} className="muted floor-plan-how">
        {T.howTo}
      </p>
      <EditorState items={items} canUndo={changes.canUndo} undo={() => void changes.undo()} note={changes.note} />
      <div className="floor-plan-layout">
        <PlanDrawing
          plan={plan}
          eventName={eventName}
          describedBy={howId}
          places={places.map(shown)}
          selected={selected}
          gestures={gestures}
          svgRef={svgRef}
          rawOf={(key) => places.find((p) => p.key === key)!}
        />
        <div className="floor-plan-side">
          {raw && selected && (
            <PlaceForm
              // One form per place: it follows the place's changes itself (place-form.tsx).
              key={selectedKey}
              place={selected}
              plan={box}
              locations={locations}
              advertisers={advertisers}
              focusLabel={labelNext !== null && currentKey(labelNext, items) === selected.key}
              onSave={(after) => void changes.commit('change', raw.key, raw, after)}
              onDelete={() => void gestures.remove(raw)}
            />
          )}
          <PlaceList places={places} selected={selected?.key} select={select} />
        </div>
      </div>
    </div>
  );
}

/** Undo, whether changes are waiting or the device is offline, and each change the server refused. */
function EditorState({ items, canUndo, undo, note }: { items: PlaceItem[]; canUndo: boolean; undo: () => void; note: string | null }) {
  const { online } = useSyncStatus();
  const failed = items.filter((i) => i.status === 'failed');
  const waiting = items.filter((i) => i.status === 'queued' || i.status === 'sending' || i.status === 'needs_sign_in').length;
  return (
    <>
      <div className="floor-plan-bar">
        <button type="button" className="secondary" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z">
          {T.undo}
        </button>
        <span role="status" className="floor-plan-state">
          {!online ? T.offline : waiting > 0 ? T.waiting(waiting) : ''}
        </span>
      </div>
      <div aria-live="polite">
        {note && <p className="floor-plan-note">{note}</p>}
        {failed.map((i) => (
          <ErrorBox key={i.id}>
            {T.notSaved(i.payload.label, outboxFailureText(i) ?? ERROR_FALLBACK)}{' '}
            <button type="button" className="secondary" onClick={() => void discardOutboxItem(i.id)}>
              {T.dismiss}
            </button>
          </ErrorBox>
        ))}
      </div>
    </>
  );
}

interface DrawingProps {
  plan: FloorPlan;
  eventName: string;
  describedBy: string;
  /** The places as shown (a dragged one where it is dragged). */
  places: EditorPlace[];
  selected: EditorPlace | undefined;
  gestures: PlanGestures;
  svgRef: RefObject<SVGSVGElement | null>;
  /** A place as stored or queued, for the gesture that starts on it. */
  rawOf: (key: PlaceKey) => EditorPlace;
}

/** The plan's picture and, over it, its places, the selected one's corner handles and the rectangle being drawn. */
function PlanDrawing({ plan, eventName, describedBy, places, selected, gestures, svgRef, rawOf }: DrawingProps) {
  const unitsPerPx = useUnitsPerPx(svgRef, plan.width);
  const src = imageUrl(plan.image_url);
  return (
    <div className="floor-plan-canvas" style={{ aspectRatio: `${plan.width} / ${plan.height}` }}>
      {src && <img src={src} alt={T.pictureAlt(plan.description)} draggable={false} />}
      <svg ref={svgRef} viewBox={`0 0 ${plan.width} ${plan.height}`} role="group" aria-label={T.planLabel(eventName)} aria-describedby={describedBy} {...gestures.plan}>
        {places.map((p) => (
          <g
            key={p.key}
            className={`plan-place plan-${p.kind}${p.key === selected?.key ? ' is-selected' : ''}${p.pending ? ' is-pending' : ''}`}
            tabIndex={0}
            role="button"
            aria-pressed={p.key === selected?.key}
            aria-label={`${T.placeButton(p.label, T.kinds[p.kind])}${p.pending ? `, ${T.pending}` : ''}`}
            data-place={p.label}
            onPointerDown={(e) => gestures.startMove(e, rawOf(p.key))}
            onKeyDown={(e) => gestures.onPlaceKey(e, rawOf(p.key))}
          >
            {p.outline ? (
              <polygon className="plan-shape" points={p.outline.map(([x, y]) => `${x},${y}`).join(' ')} vectorEffect="non-scaling-stroke" />
            ) : (
              <rect className="plan-shape" x={p.x} y={p.y} width={p.width} height={p.height} vectorEffect="non-scaling-stroke" />
            )}
            {labelSize(p, unitsPerPx) !== null && (
              <text x={p.x + p.width / 2} y={p.y + p.height / 2} fontSize={labelSize(p, unitsPerPx)!} textAnchor="middle" dominantBaseline="central" aria-hidden="true">
                {p.label}
              </text>
            )}
          </g>
        ))}
        {selected &&
          CORNERS.map((corner) => {
            const cx = corner.includes('w') ? selected.x : selected.x + selected.width;
            const cy = corner.includes('n') ? selected.y : selected.y + selected.height;
            // A small dot to see, a 44 px circle to take the finger.
            return (
              <g key={corner} className="plan-handle" data-corner={corner} onPointerDown={(e) => gestures.startResize(e, rawOf(selected.key), corner)}>
                <title>{T.resizeHandle(selected.label, T.corners[corner])}</title>
                <circle className="plan-handle-target" cx={cx} cy={cy} r={(HANDLE_PX / 2) * unitsPerPx} />
                <circle className="plan-handle-dot" cx={cx} cy={cy} r={HANDLE_DOT_PX * unitsPerPx} vectorEffect="non-scaling-stroke" />
              </g>
            );
          })}
        {gestures.drawing && <rect className="plan-drawing" {...gestures.drawing} vectorEffect="non-scaling-stroke" />}
      </svg>
    </div>
  );
}

/**
 * A label's size in the plan's units: 14 px on screen, smaller where the place is narrower than its label,
 * none below 8 px (the list and the place's name in words carry it then).
 */
function labelSize(p: EditorPlace, unitsPerPx: number): number | null {
  const fits = Math.min((p.width * 0.9) / (0.6 * Math.max(1, p.label.length)), p.height * 0.6);
  const size = Math.min(LABEL_PX * unitsPerPx, fits);
  return size < LABEL_MIN_PX * unitsPerPx ? null : size;
}

/** How many of the plan's units one CSS pixel is, as the plan is shown now. */
function useUnitsPerPx(ref: RefObject<SVGSVGElement | null>, planWidth: number): number {
  const [pxWidth, setPxWidth] = useState(0);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const observer = new ResizeObserver(() => setPxWidth(svg.getBoundingClientRect().width));
    observer.observe(svg);
    return () => observer.disconnect();
  }, [ref]);
  return planWidth / (pxWidth > 0 ? pxWidth : 800);
}

/** Every place as a button: the plan's places without a pointer, and in words. */
function PlaceList({ places, selected, select }: { places: EditorPlace[]; selected: PlaceKey | undefined; select: (key: PlaceKey) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="floor-plan-list">
      <h2 id={id}>{T.placesTitle}</h2>
      {places.length === 0 ? (
        <p className="muted">{T.noPlaces}</p>
      ) : (
        <ul>
          {places.map((p) => (
            <li key={p.key}>
              <button type="button" className="secondary" aria-pressed={p.key === selected} onClick={() => select(p.key)}>
                {T.placeButton(p.label, T.kinds[p.kind])}
                {p.pending && <span className="muted"> · {T.pending}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

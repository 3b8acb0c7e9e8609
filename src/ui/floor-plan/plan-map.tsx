// The plan itself, drawn with Leaflet and loaded lazily by floor-plan-view.tsx (the 'leaflet' chunk), so
// neither Leaflet nor its CSS is in the first route. CRS.Simple: the plan's own units, no tiles, no network but
// the plan's picture. The plan's y runs down from the picture's top; Leaflet's lat runs up, so y is flipped.
import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  CRS,
  divIcon,
  imageOverlay,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker,
  polygon,
  rectangle,
  type LatLngBounds,
  type LatLngTuple,
  type Map as LeafletMap,
} from 'leaflet';
import type { PlanRect } from '../../../shared/floor-plan.ts';
import { FLOOR_PLAN_TEXTS as T } from '../floor-plan-texts.ts';
import { rectBounds, type PlanPlace } from './hall.ts';

/** Zoom steps past "the whole plan fits" a visitor may go (4 = 16×: a pen's number is readable on a phone). */
const ZOOM_IN_STEPS = 4;
/** How close a focused place opens, past "the whole plan fits". */
const FOCUS_ZOOM_STEPS = 2;

export interface PlanMapProps {
  imageUrl: string;
  width: number;
  height: number;
  /** The picture in words (its alt text). */
  description: string;
  places: readonly (PlanPlace & { judgingNow: boolean })[];
  /** Outlined places (a link's focus, the chosen place). */
  highlighted: readonly number[];
  /** Pens' own slices, highlighted inside their rows. */
  penRects: readonly { pen: string; rect: PlanRect }[];
  /** Changes when the plan should move to the highlighted places (a new link, a place chosen in the list). */
  centreKey: string;
  onSelect: (placeId: number) => void;
  onPicture: (state: 'loaded' | 'failed') => void;
}

function labelIcon(place: PlanPlace & { judgingNow: boolean }, highlighted: boolean) {
  // Built as elements, not HTML text: labels are organisers' words.
  const html = document.createElement('span');
  html.className = 'plan-label-text';
  const name = document.createElement('span');
  name.textContent = place.label;
  html.append(name);
  if (place.judgingNow) {
    const now = document.createElement('span');
    now.className = 'plan-label-now';
    now.textContent = T.judgingNow;
    html.append(now);
  }
  return divIcon({ html, className: `plan-label plan-label-${place.kind}${highlighted ? ' is-highlighted' : ''}`, iconSize: [0, 0] });
}

/** A label drawn over its place, hidden while wider than the place on screen (zoom in to read it). */
interface DrawnLabel {
  el: HTMLElement;
  planWidth: number;
  /** Highlighted or judging now: always shown. */
  always: boolean;
}

/** Labels wider than their place would overlap their neighbours' (a row of stands): they wait for a closer zoom. */
function fitLabels(map: LeafletMap, labels: readonly DrawnLabel[]) {
  const scale = 2 ** map.getZoom();
  for (const { el, planWidth, always } of labels) {
    const text = el.firstElementChild as HTMLElement | null;
    el.classList.toggle('is-crowded', !always && text !== null && text.offsetWidth > planWidth * scale + 4);
  }
}

export function PlanMap(props: PlanMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const fitZoom = useRef(0);
  const placesLayer = useRef(layerGroup());
  const labels = useRef<DrawnLabel[]>([]);
  // Leaflet's handlers, bound once, call the latest props.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const { imageUrl, width, height, description } = props;

  // The map and its picture: made once per plan.
  useEffect(() => {
    const el = box.current!;
    const bounds = latLngBounds([0, 0], [height, width]);
    const map = leafletMap(el, { crs: CRS.Simple, attributionControl: false, zoomSnap: 0.25, zoomDelta: 0.5, minZoom: -8, maxBoundsViscosity: 0.8 });
    map.fitBounds(bounds);
    fitZoom.current = map.getZoom();
    map.setMinZoom(fitZoom.current - 0.5);
    map.setMaxZoom(fitZoom.current + ZOOM_IN_STEPS);
    map.setMaxBounds(bounds.pad(0.25));
    const picture = imageOverlay(imageUrl, bounds, { alt: description, className: 'plan-picture' });
    picture.on('load', () => {
      latest.current.onPicture('loaded');
    });
    picture.on('error', () => latest.current.onPicture('failed'));
    picture.addTo(map);
    placesLayer.current.addTo(map);
    map.on('zoomend', () => fitLabels(map, labels.current));
    mapRef.current = map;
    // A resized box (a phone turned, the page's column) refits what is shown.
    const resized = new ResizeObserver(() => map.invalidateSize());
    resized.observe(el);
    return () => {
      resized.disconnect();
      map.remove();
      mapRef.current = null;
    };
  }, [imageUrl, width, height, description]);

  // The places, redrawn when they, the rings judging now or the highlight change (a few dozen shapes).
  const { places, highlighted, penRects } = props;
  useEffect(() => {
    const layer = placesLayer.current;
    layer.clearLayers();
    const drawn: DrawnLabel[] = [];
    for (const place of places) {
      const lit = highlighted.includes(place.id);
      const className = `plan-place plan-place-${place.kind}${place.judgingNow ? ' is-now' : ''}${lit ? ' is-highlighted' : ''}`;
      const style = { className, weight: lit ? 4 : 1.5 };
      const shape = place.outline
        ? polygon(
            place.outline.map(([x, y]): LatLngTuple => [height - y, x]),
            style,
          )
        : rectangle(rectBounds(place, height), style);
      shape.on('click', () => latest.current.onSelect(place.id));
      layer.addLayer(shape);
      const centre: LatLngTuple = [height - place.y - place.height / 2, place.x + place.width / 2];
      const label = marker(centre, { icon: labelIcon(place, lit), keyboard: true, title: place.label, riseOnHover: true });
      label.on('click', () => latest.current.onSelect(place.id));
      label.on('keydown', (e) => {
        const key = (e as unknown as { originalEvent: KeyboardEvent }).originalEvent.key;
        if (key === 'Enter' || key === ' ') latest.current.onSelect(place.id);
      });
      layer.addLayer(label);
      const el = label.getElement();
      if (el) drawn.push({ el, planWidth: place.width, always: lit || place.judgingNow });
    }
    labels.current = drawn;
    if (mapRef.current) fitLabels(mapRef.current, drawn);
    for (const { pen, rect } of penRects) {
      layer.addLayer(rectangle(rectBounds(rect, height), { className: 'plan-pen is-highlighted', weight: 3, interactive: false }));
      // The pen's own label: its row's may sit far along a long row, off the screen.
      const text = document.createElement('span');
      text.className = 'plan-label-text';
      text.textContent = T.penLine(pen);
      const centre: LatLngTuple = [height - rect.y - rect.height / 2, rect.x + rect.width / 2];
      layer.addLayer(
        marker(centre, { icon: divIcon({ html: text, className: 'plan-label plan-label-pen is-highlighted', iconSize: [0, 0] }), keyboard: false, interactive: false }),
      );
    }
  }, [places, highlighted, penRects, height]);

  // Opens on the highlighted places: centred, closer than the whole plan.
  const { centreKey } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map || centreKey === '') return;
    // Pens: their own slices (a row is as long as the hall); else the highlighted places.
    const { penRects: pens, places: all, highlighted: ids } = latest.current;
    const lit: readonly PlanRect[] = pens.length > 0 ? pens.map((p) => p.rect) : all.filter((p) => ids.includes(p.id));
    if (lit.length === 0) return;
    let target: LatLngBounds = latLngBounds(rectBounds(lit[0]!, height));
    for (const p of lit.slice(1)) target = target.extend(latLngBounds(rectBounds(p, height)));
    map.fitBounds(target, { padding: [24, 24], maxZoom: fitZoom.current + FOCUS_ZOOM_STEPS, animate: false });
  }, [centreKey, height]);

  // The box takes the plan's shape (up to 70% of the screen's height), so the plan fills it.
  return <div ref={box} className="plan-map" aria-label={description} role="region" style={{ ['--plan-aspect' as string]: `${width} / ${height}` }} />;
}

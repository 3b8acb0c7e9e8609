// The shared location map (SPEC §7 "Maps"): leaflet loads lazily, with tiles and geocoder, when there is
// a VITE_MAPS_KEY. Without one nothing is downloaded and there is no map, only the address as text; both
// ways, "Open in Maps" hands the place to the phone's map app, with OpenStreetMap beside it.
import { Component, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { appConfig } from '../../config.ts';
import { geocodeAddress, geocodeMessage, mapAppLinks, normalizeAddress, toLatLng, type GeocodeOutcome, type LatLng } from './geo.ts';
import { GeocodeCacheContext } from './geocode-cache.ts';
import './show-map.css';

const LeafletMap = lazy(() => import('./leaflet-map.tsx').then((m) => ({ default: m.LeafletMap })));

const MAPS_SCRIPT_FAILED = 'Failed to load the maps script';
const MAP_UNAVAILABLE = 'Map unavailable for this address';

/** Catches a failed chunk load of the lazy map (SPEC §8: the maps script cannot load). */
class MapScriptBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <p className="error-box" role="alert">
          {MAPS_SCRIPT_FAILED}
        </p>
      );
    }
    return this.props.children;
  }
}

/** Geocodes the address when asked to (a key and no stored coordinates); null while it runs. */
function useGeocode(address: string, mapsKey: string | null, enabled: boolean): GeocodeOutcome | null {
  const cache = useContext(GeocodeCacheContext);
  const [result, setResult] = useState<{ request: string; outcome: GeocodeOutcome } | null>(null);
  const request = `${mapsKey ?? ''}\n${normalizeAddress(address)}`;
  useEffect(() => {
    if (!enabled || !mapsKey) return;
    const controller = new AbortController();
    geocodeAddress(address, mapsKey, { cache, fetch: globalThis.fetch.bind(globalThis), signal: controller.signal }).then(
      (outcome) => setResult({ request, outcome }),
      (e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setResult({ request, outcome: { ok: false, status: e instanceof Error ? e.message : 'UNKNOWN_ERROR' } });
      },
    );
    return () => controller.abort();
  }, [address, mapsKey, enabled, request, cache]);
  return result?.request === request ? result.outcome : null;
}

/** "Open in Maps" (the phone's map app, via geo:) and the same place on OpenStreetMap, for any browser. */
function MapAppLinks({ links }: { links: { geo: string; web: string } }) {
  return (
    <>
      <p className="show-map-links">
        <a className="button show-map-open" href={links.geo}>
          Open in Maps
        </a>
        <a className="show-map-web" href={links.web} rel="noopener noreferrer">
          Open in OpenStreetMap
        </a>
      </p>
      <p className="hint">Open in Maps uses your phone’s map app; OpenStreetMap opens in the browser.</p>
    </>
  );
}

/**
 * With a maps key: a map with a marker at zoom 15 for stored coordinates, else for the geocoded address.
 * Without one: the address as text. Both with links to open the place in a map app.
 * `addressShown`: the page prints the address itself, so it is not repeated here.
 */
export function ShowMap(props: { latitude: number | null; longitude: number | null; address: string; label: string; addressShown?: boolean }) {
  const { latitude, longitude, address, label, addressShown = false } = props;
  const mapsKey = appConfig().mapsKey;
  const stored = toLatLng(latitude, longitude);
  const geocoded = useGeocode(address, mapsKey, stored === null && mapsKey !== null && address.trim() !== '');

  let position: LatLng | null = stored;
  if (!position && geocoded?.ok) position = geocoded.position;
  const links = mapAppLinks(position, address, label);
  const addressText = !addressShown && address.trim() !== '' && <p className="show-map-address">{address}</p>;

  if (!mapsKey) {
    return (
      <div className="show-map show-map-keyless" role="region" aria-label={`Directions to ${label}`}>
        {addressText}
        {links ? <MapAppLinks links={links} /> : <p className="show-map-unavailable">{MAP_UNAVAILABLE}</p>}
      </div>
    );
  }

  let body: ReactNode;
  if (position) {
    body = (
      <MapScriptBoundary>
        <Suspense fallback={<div className="show-map-canvas show-map-loading" aria-hidden="true" />}>
          <LeafletMap position={position} label={label} mapsKey={mapsKey} />
        </Suspense>
      </MapScriptBoundary>
    );
  } else if (address.trim() === '') {
    body = <p className="show-map-unavailable">{MAP_UNAVAILABLE}</p>;
  } else if (geocoded === null) {
    body = (
      <p className="state state-loading show-map-unavailable" role="status">
        <span className="spinner" aria-hidden="true" />
        Locating address…
      </p>
    );
  } else if (!geocoded.ok) {
    body = (
      <p className="error-box" role="alert">
        {geocodeMessage(geocoded.status)}
      </p>
    );
  }

  return (
    <div className="show-map" role="region" aria-label={`Map of ${label}`}>
      {body}
      {addressText}
      {links && <MapAppLinks links={links} />}
    </div>
  );
}

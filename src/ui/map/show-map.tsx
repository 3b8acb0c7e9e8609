// The shared location map (SPEC §7 "Maps"): leaflet loads lazily; without VITE_MAPS_KEY nothing is
// downloaded (no tiles, no geocoder) and the marker sits on a plain background.
import { Component, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { appConfig } from '../../config.ts';
import { geocodeAddress, geocodeMessage, normalizeAddress, toLatLng, type GeocodeOutcome, type LatLng } from './geo.ts';
import { GeocodeCacheContext } from './geocode-cache.ts';
import './show-map.css';

const LeafletMap = lazy(() => import('./leaflet-map.tsx').then((m) => ({ default: m.LeafletMap })));

export const MAPS_SCRIPT_FAILED = 'Failed to load the maps script';
export const MAP_UNAVAILABLE = 'Map unavailable for this address';

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

/** A map with a marker at zoom 15 for stored coordinates, else for the geocoded address (with a key). */
export function ShowMap(props: { latitude: number | null; longitude: number | null; address: string; label: string }) {
  const { latitude, longitude, address, label } = props;
  const mapsKey = appConfig().mapsKey;
  const stored = toLatLng(latitude, longitude);
  const geocoded = useGeocode(address, mapsKey, stored === null && mapsKey !== null && address.trim() !== '');

  let body: ReactNode;
  let position: LatLng | null = stored;
  if (!position && geocoded?.ok) position = geocoded.position;
  if (position) {
    body = (
      <MapScriptBoundary>
        <Suspense fallback={<div className="show-map-canvas show-map-loading" aria-hidden="true" />}>
          <LeafletMap position={position} label={label} mapsKey={mapsKey} />
        </Suspense>
      </MapScriptBoundary>
    );
  } else if (!mapsKey || address.trim() === '') {
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
      {address && <p className="show-map-address">{address}</p>}
    </div>
  );
}

// The leaflet map itself, loaded lazily by show-map.tsx so leaflet and its CSS stay out of the first route.
import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { MAP_ZOOM, TILE_ATTRIBUTION, tileUrlTemplate, type LatLng } from './geo.ts';

// leaflet's default marker is a PNG that is not shipped here; an inline SVG pin needs no download.
const PIN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 42" width="32" height="42" aria-hidden="true">' +
  '<path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1Z" fill="#6d28d9" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>';

const PIN_ICON = divIcon({ html: PIN_SVG, className: 'show-map-pin', iconSize: [32, 42], iconAnchor: [16, 41] });

/** The keyed map: tiles and a marker (show-map.tsx shows no map at all without a key). */
export function LeafletMap({ position, label, mapsKey }: { position: LatLng; label: string; mapsKey: string }) {
  const center: [number, number] = [position.lat, position.lng];
  return (
    <MapContainer
      // A new position means a new map: MapContainer reads center only once.
      key={`${position.lat},${position.lng}`}
      center={center}
      zoom={MAP_ZOOM}
      scrollWheelZoom={false}
      className="show-map-canvas"
    >
      <TileLayer url={tileUrlTemplate(mapsKey)} attribution={TILE_ATTRIBUTION} maxZoom={19} />
      <Marker position={center} icon={PIN_ICON} title={label} alt={label} keyboard={false} />
    </MapContainer>
  );
}

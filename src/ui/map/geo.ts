// Pure map helpers plus the geocoder call; the cache is injected (the app provides db.meta through
// geocode-cache.ts's context), so this module imports nothing from the app and is tested without a browser.

/** Zoom of every location map (SPEC §7 "Maps"). */
export const MAP_ZOOM = 15;

/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * The keyed map provider: MapTiler, one key for raster tiles and the geocoder.
 * Tiles:    https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key=KEY
 * Geocoder: https://api.maptiler.com/geocoding/{query}.json?key=KEY&limit=1 (GeoJSON, feature.center = [lng, lat])
 * Without a key nothing is fetched and there is no map: the address and links to a map app (mapAppLinks).
 */
export function tileUrlTemplate(key: string): string {
  return `https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key=${encodeURIComponent(key)}`;
}

export const TILE_ATTRIBUTION =
  '<a href="https://www.maptiler.com/copyright/" target="_blank" rel="noopener noreferrer">&copy; MapTiler</a> <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">&copy; OpenStreetMap contributors</a>';

export function geocodeUrl(address: string, key: string): string {
  return `https://api.maptiler.com/geocoding/${encodeURIComponent(address)}.json?key=${encodeURIComponent(key)}&limit=1`;
}

/** A URI component with parentheses escaped too (a geo: label sits inside them). */
const component = (text: string) => encodeURIComponent(text).replace(/\(/g, '%28').replace(/\)/g, '%29');

/**
 * Where "Open in Maps" points: a geo: URI (RFC 5870, with Android's ?q= query for a labelled pin), which
 * the phone's map app opens; and an OpenStreetMap page for browsers without one (iPhones, computers).
 * Null when there is neither a position nor an address.
 */
export function mapAppLinks(position: LatLng | null, address: string, label: string): { geo: string; web: string } | null {
  if (position) {
    const { lat, lng } = position;
    return {
      geo: `geo:${lat},${lng}?q=${lat},${lng}(${component(label)})`,
      web: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${MAP_ZOOM}/${lat}/${lng}`,
    };
  }
  const query = normalizeAddress(address);
  if (!query) return null;
  return { geo: `geo:0,0?q=${component(query)}`, web: `https://www.openstreetmap.org/search?query=${component(query)}` };
}

/** The db.meta key under which a geocoded address is cached. */
export function geocodeCacheKey(address: string): string {
  return `geocode:${normalizeAddress(address)}`;
}

/** Collapses whitespace so "a,  b" and "a, b " share one cache entry and one request. */
export function normalizeAddress(address: string): string {
  return address.trim().replace(/\s+/g, ' ');
}

/** "street, postal code city, country", skipping blank parts. */
export function joinAddress(
  street: string | null | undefined,
  postalCode: string | null | undefined,
  city: string | null | undefined,
  country: string | null | undefined,
): string {
  const locality = [postalCode, city]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
  return [street?.trim(), locality, country?.trim()].filter(Boolean).join(', ');
}

/** Stored coordinates as a point, or null when either is missing, not finite or out of range. */
export function toLatLng(latitude: unknown, longitude: unknown): LatLng | null {
  const lat = typeof latitude === 'string' && latitude.trim() !== '' ? Number(latitude) : latitude;
  const lng = typeof longitude === 'string' && longitude.trim() !== '' ? Number(longitude) : longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

/**
 * The first result of a geocoder response, or null when there is none. Accepts MapTiler/Mapbox
 * GeoJSON (center or Point geometry, both [lng, lat]) and Nominatim arrays ({lat, lon} strings).
 */
export function parseGeocodeResponse(body: unknown): LatLng | null {
  if (Array.isArray(body)) {
    const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    return first ? toLatLng(first.lat, first.lon) : null;
  }
  if (body && typeof body === 'object' && Array.isArray((body as { features?: unknown }).features)) {
    const feature = (body as { features: unknown[] }).features[0] as { center?: unknown; geometry?: { type?: unknown; coordinates?: unknown } } | undefined;
    if (!feature) return null;
    const pair = Array.isArray(feature.center)
      ? feature.center
      : feature.geometry?.type === 'Point' && Array.isArray(feature.geometry.coordinates)
        ? feature.geometry.coordinates
        : null;
    return pair ? toLatLng(pair[1], pair[0]) : null;
  }
  return null;
}

/** The outcome of a geocoding attempt; `status` fills SPEC §8's 'Failed to geocode address: {status}'. */
export type GeocodeOutcome = { ok: true; position: LatLng } | { ok: false; status: string };

/** Where geocoded positions are kept between visits (db.meta in the app, a Map in tests). */
export interface GeocodeCache {
  get(key: string): Promise<{ key: string; value: unknown } | undefined>;
  put(entry: { key: string; value: unknown }): Promise<unknown>;
}

export function geocodeMessage(status: string): string {
  return `Failed to geocode address: ${status}`;
}

/**
 * Geocodes an address once: a cached position is returned without a request; a found one is cached.
 * Failures are not cached, so the next visit (perhaps online) tries again. AbortError passes untouched.
 */
export async function geocodeAddress(address: string, key: string, deps: { cache: GeocodeCache; fetch: typeof fetch; signal?: AbortSignal }): Promise<GeocodeOutcome> {
  const cacheKey = geocodeCacheKey(address);
  const cached = await deps.cache.get(cacheKey).catch(() => undefined);
  const hit = cached ? toLatLng((cached.value as Partial<LatLng> | null)?.lat, (cached.value as Partial<LatLng> | null)?.lng) : null;
  if (hit) return { ok: true, position: hit };

  let response: Response;
  try {
    response = await deps.fetch(geocodeUrl(normalizeAddress(address), key), { signal: deps.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    return { ok: false, status: 'NETWORK_ERROR' };
  }
  if (!response.ok) return { ok: false, status: String(response.status) };
  let body: unknown;
  try {
    body = await response.json();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    return { ok: false, status: 'INVALID_RESPONSE' };
  }
  const position = parseGeocodeResponse(body);
  if (!position) return { ok: false, status: 'ZERO_RESULTS' };
  await deps.cache.put({ key: cacheKey, value: position }).catch(() => undefined);
  return { ok: true, position };
}

import { describe, expect, it, vi } from 'vitest';
import { geocodeAddress, geocodeCacheKey, geocodeMessage, joinAddress, mapAppLinks, parseGeocodeResponse, toLatLng, type GeocodeCache } from '../../src/ui/map/geo.ts';

function memoryCache(initial: Record<string, unknown> = {}): GeocodeCache & { store: Map<string, unknown> } {
  const store = new Map(Object.entries(initial));
  return {
    store,
    get: async (key) => (store.has(key) ? { key, value: store.get(key) } : undefined),
    put: async ({ key, value }) => store.set(key, value),
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('toLatLng', () => {
  it.each([
    [52.37, 4.89, { lat: 52.37, lng: 4.89 }],
    [0, 0, { lat: 0, lng: 0 }],
    [-90, 180, { lat: -90, lng: 180 }],
    ['52.1', '4.2', { lat: 52.1, lng: 4.2 }],
    [null, 4.89, null],
    [52.37, null, null],
    [undefined, undefined, null],
    [91, 0, null],
    [0, -181, null],
    [Number.NaN, 1, null],
    [Infinity, 1, null],
    ['', '4', null],
    ['abc', '4', null],
  ])('(%s, %s) → %j', (lat, lng, expected) => expect(toLatLng(lat, lng)).toEqual(expected));
});

describe('joinAddress', () => {
  it.each([
    [['Main St 1', '1011 AB', 'Amsterdam', 'Netherlands'], 'Main St 1, 1011 AB Amsterdam, Netherlands'],
    [['Main St 1', null, 'Amsterdam', 'Netherlands'], 'Main St 1, Amsterdam, Netherlands'],
    [[null, null, null, 'Netherlands'], 'Netherlands'],
    [['  ', '', null, undefined], ''],
  ] as [[string | null, string | null, string | null, string | undefined], string][])('%j → %s', (parts, expected) => expect(joinAddress(...parts)).toBe(expected));
});

describe('geocodeCacheKey', () => {
  it('prefixes geocode: and collapses whitespace', () => {
    expect(geocodeCacheKey('Main St 1, Amsterdam')).toBe('geocode:Main St 1, Amsterdam');
    expect(geocodeCacheKey('  Main St 1,   Amsterdam ')).toBe('geocode:Main St 1, Amsterdam');
  });
});

describe('parseGeocodeResponse', () => {
  it.each([
    ['GeoJSON center', { features: [{ center: [4.89, 52.37] }] }, { lat: 52.37, lng: 4.89 }],
    ['GeoJSON point', { features: [{ geometry: { type: 'Point', coordinates: [4.89, 52.37] } }] }, { lat: 52.37, lng: 4.89 }],
    ['Nominatim array', [{ lat: '52.37', lon: '4.89' }], { lat: 52.37, lng: 4.89 }],
    ['no features', { features: [] }, null],
    ['empty array', [], null],
    ['polygon only', { features: [{ geometry: { type: 'Polygon', coordinates: [] } }] }, null],
    ['garbage', 'nope', null],
    ['null', null, null],
  ])('%s', (_name, body, expected) => expect(parseGeocodeResponse(body)).toEqual(expected));
});

describe('geocodeAddress', () => {
  it('returns a cached position without a request', async () => {
    const cache = memoryCache({ 'geocode:Main St 1, Amsterdam': { lat: 1, lng: 2 } });
    const fetch = vi.fn<typeof globalThis.fetch>();
    expect(await geocodeAddress('Main St 1, Amsterdam', 'k', { cache, fetch })).toEqual({ ok: true, position: { lat: 1, lng: 2 } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches with the key, then caches the position under geocode:<address>', async () => {
    const cache = memoryCache();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json({ features: [{ center: [4.89, 52.37] }] }));
    expect(await geocodeAddress('Main St 1, Amsterdam', 'se cret', { cache, fetch })).toEqual({ ok: true, position: { lat: 52.37, lng: 4.89 } });
    const url = String(fetch.mock.calls[0]?.[0]);
    expect(url).toContain(encodeURIComponent('Main St 1, Amsterdam'));
    expect(url).toContain('key=se%20cret');
    expect(cache.store.get('geocode:Main St 1, Amsterdam')).toEqual({ lat: 52.37, lng: 4.89 });
  });

  it.each([
    ['an HTTP error', async () => json({ message: 'Invalid key' }, 403), '403'],
    ['no result', async () => json({ features: [] }), 'ZERO_RESULTS'],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch')), 'NETWORK_ERROR'],
    ['a non-JSON body', async () => new Response('<html>', { status: 200 }), 'INVALID_RESPONSE'],
  ])('reports %s as a status and caches nothing', async (_name, respond, status) => {
    const cache = memoryCache();
    const fetch = vi.fn<typeof globalThis.fetch>(respond);
    expect(await geocodeAddress('Nowhere 1', 'k', { cache, fetch })).toEqual({ ok: false, status });
    expect(cache.store.size).toBe(0);
  });

  it('lets an abort pass untouched', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(geocodeAddress('Main St 1', 'k', { cache: memoryCache(), fetch })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ignores a malformed cache entry and geocodes again', async () => {
    const cache = memoryCache({ 'geocode:Main St 1': 'junk' });
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json([{ lat: '1', lon: '2' }]));
    expect(await geocodeAddress('Main St 1', 'k', { cache, fetch })).toEqual({ ok: true, position: { lat: 1, lng: 2 } });
  });
});

describe('geocodeMessage', () => {
  it('is the SPEC §8 text', () => expect(geocodeMessage('ZERO_RESULTS')).toBe('Failed to geocode address: ZERO_RESULTS'));
});

describe('mapAppLinks', () => {
  it.each([
    [
      'a stored position, labelled (parentheses in the label escaped)',
      { lat: 52.37, lng: 4.89 },
      'Damrak 1, 1012 LG Amsterdam',
      'Cats & Co (Amsterdam)',
      {
        geo: 'geo:52.37,4.89?q=52.37,4.89(Cats%20%26%20Co%20%28Amsterdam%29)',
        web: 'https://www.openstreetmap.org/?mlat=52.37&mlon=4.89#map=15/52.37/4.89',
      },
    ],
    [
      'no position: the address is the query',
      null,
      ' Damrak 1,  Amsterdam ',
      'Venue',
      { geo: 'geo:0,0?q=Damrak%201%2C%20Amsterdam', web: 'https://www.openstreetmap.org/search?query=Damrak%201%2C%20Amsterdam' },
    ],
    ['neither', null, '  ', 'Venue', null],
  ] as const)('%s', (_label, position, address, label, expected) => {
    expect(mapAppLinks(position, address, label)).toEqual(expected);
  });
});

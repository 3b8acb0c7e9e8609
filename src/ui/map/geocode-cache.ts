// Where maps keep geocoded positions between visits: the app provides one (the mirror's meta table);
// without a provider they live in memory for the page's life. Apart from show-map.tsx so the shell
// provides it without loading the map.
import { createContext } from 'react';
import type { GeocodeCache } from './geo.ts';

function memoryGeocodeCache(): GeocodeCache {
  const entries = new Map<string, unknown>();
  return {
    get: async (key) => (entries.has(key) ? { key, value: entries.get(key) } : undefined),
    put: async ({ key, value }) => entries.set(key, value),
  };
}

export const GeocodeCacheContext = createContext<GeocodeCache>(memoryGeocodeCache());

import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * .env.example holds working local defaults, so a fresh checkout builds without a .env. They fill in
 * only what neither the environment nor a .env file sets.
 */
function applyExampleDefaults(mode: string): void {
  const defined = loadEnv(mode, process.cwd(), 'VITE_');
  const example = parseEnv(readFileSync(new URL('./.env.example', import.meta.url), 'utf8'));
  for (const [key, value] of Object.entries(example)) {
    if (key.startsWith('VITE_') && defined[key] === undefined && process.env[key] === undefined) process.env[key] = value;
  }
}

/** Largest file the service worker precaches; route chunks must never be left out for size. */
const MAX_PRECACHE_FILE_BYTES = 5 * 1024 * 1024;

export default defineConfig(({ mode }) => {
  applyExampleDefaults(mode);
  // One trailing slash, as Vite's base, the manifest's scope and the worker's routes expect.
  const base = `${(process.env.VITE_BASE_PATH || '/').replace(/\/+$/, '')}/`;
  return {
    base,
    plugins: [
      react(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        // src/app/pwa.ts registers the worker itself and shows "A new version is available — Reload".
        injectRegister: null,
        registerType: 'prompt',
        includeManifestIcons: false,
        manifest: {
          id: base,
          name: 'PurrFect Show',
          short_name: 'PurrFect',
          description:
            'A public web app for visitors to a cat show or pet expo: browse cat breeds, certified breeders, litters of kittens, pet-product advertisers with vouchers, events and a schedule.',
          lang: 'en',
          start_url: base,
          scope: base,
          display: 'standalone',
          theme_color: '#6d28d9',
          background_color: '#faf7ff',
          categories: ['entertainment', 'lifestyle'],
          icons: [
            { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
            { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
            { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        injectManifest: {
          // Every JS chunk (each lazy route included), so any screen opens offline after one visit.
          globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
          maximumFileSizeToCacheInBytes: MAX_PRECACHE_FILE_BYTES,
        },
      }),
    ],
    build: {
      // bench/ reads the manifest to measure the first route's JavaScript.
      manifest: true,
      target: 'es2022',
      sourcemap: true,
    },
    server: { port: 5173, strictPort: false },
  };
});

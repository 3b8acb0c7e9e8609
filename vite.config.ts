import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ORIGIN, INVALID_BUILD_CONFIG, parseConfig } from './src/config-schema.ts';
import { contentSecurityPolicy, CSP_FILE, type ContentSecurityPolicy } from './shared/csp.ts';
import {
  ACCOUNT_CHUNK,
  ACCOUNT_SOURCE_DIR,
  LEGAL_CHUNK,
  LEGAL_SOURCES,
  BACKEND_CHUNK,
  FLOOR_PLAN_SOURCE_DIR,
  LEAFLET_CHUNK,
  ORGANISER_SOURCE_DIR,
  organiserOnlyFiles,
  secondPhaseFiles,
  type ManifestChunk,
} from './shared/precache.ts';
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE, SHELL_FILE, type SecondPhaseEntry } from './shared/sw-protocol.ts';
import { staticHostHeaders, staticHostRedirects } from './shared/static-headers.ts';
import { BUILD_INFO_FILE, buildInfoJson } from './server/build-info.ts';
import { SYNC_CONTRACT_VERSION } from './src/data/sync/contract.ts';

/**
 * .env.example holds working local defaults, so a fresh checkout builds without a .env. They fill in
 * only what neither the environment nor a .env file sets.
 */
function applyExampleDefaults(mode: string): void {
  const defined = loadEnv(mode, process.cwd(), 'VITE_');
  // The venue server's own ANON_KEY (`npm run keys`, the environment, .env*) is the app's key unless
  // VITE_SUPABASE_ANON_KEY names another: `npm start` then builds an app its server accepts.
  const serverKey = loadEnv(mode, process.cwd(), 'ANON_KEY').ANON_KEY;
  const appKeySet = ['VITE_SUPABASE_ANON_KEY', 'VITE_SUPABASE_PUBLISHABLE_KEY'].some((k) => defined[k] !== undefined || process.env[k] !== undefined);
  if (serverKey && !appKeySet) {
    process.env.VITE_SUPABASE_ANON_KEY = serverKey;
  }
  const example = parseEnv(readFileSync(new URL('./.env.example', import.meta.url), 'utf8'));
  // A publishable key set anywhere is the app's key: the example's anon key must not become a second one.
  const publishable = defined.VITE_SUPABASE_PUBLISHABLE_KEY ?? process.env.VITE_SUPABASE_PUBLISHABLE_KEY;
  for (const [key, value] of Object.entries(example)) {
    if (publishable && key === 'VITE_SUPABASE_ANON_KEY') continue;
    if (key.startsWith('VITE_') && defined[key] === undefined && process.env[key] === undefined) process.env[key] = value;
  }
}

/**
 * The app's settings parsed with zod here, at build time, and compiled in as __PURRFECT_CONFIG__ (see
 * src/config.ts): the visitor's phone never downloads the parser. A build with an invalid setting fails
 * with the problems (an error screen must not ship); the dev server still shows them in the app's error
 * screen. vitest.config.ts uses the same for unit tests.
 */
export function compiledConfig(mode: string, command: 'build' | 'serve' = 'serve'): Record<string, string> {
  applyExampleDefaults(mode);
  const result = parseConfig(loadEnv(mode, process.cwd(), 'VITE_'), APP_ORIGIN);
  if (command === 'build' && !result.ok) {
    throw new Error(
      `${INVALID_BUILD_CONFIG}\n${result.problems.map((p) => `  ${p}`).join('\n')}\nSet them in .env or the environment (see .env.example) and build again.`,
    );
  }
  return { __PURRFECT_CONFIG__: JSON.stringify(result) };
}

/**
 * The Content-Security-Policy of this build's settings: a <meta> in index.html, so it holds on any static
 * host and in the service worker's offline shell, and dist/content-security-policy.txt with frame-ancestors,
 * which the venue server sends as a header. Build only: Vite's dev server injects inline scripts.
 */
function contentSecurityPolicyPlugin(): Plugin {
  let policy: ContentSecurityPolicy;
  let base = '/';
  return {
    name: 'purrfect-csp',
    apply: 'build',
    configResolved(config) {
      policy = contentSecurityPolicy(config.env);
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const charset = /<meta charset="utf-8"\s*\/?>/i;
        if (!charset.test(html)) throw new Error('purrfect-csp: index.html needs <meta charset="UTF-8" /> to place the policy after');
        const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.meta.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" />`;
        // Right after the charset, before any script or stylesheet it governs.
        return html.replace(charset, (m) => `${m}\n    ${meta}`);
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: CSP_FILE, source: `${policy.header}\n` });
      // For a static host (README, "Deploy to hosted Supabase"): the venue server's headers and deep links.
      this.emitFile({ type: 'asset', fileName: '_headers', source: staticHostHeaders(policy.header, base) });
      this.emitFile({ type: 'asset', fileName: '_redirects', source: staticHostRedirects(base) });
    },
  };
}

/**
 * dist/build-info.json (server/build-info.ts): the app version, sync contract and a hash of the anon key this
 * build carries, for `npm run venue:check`. A separate asset: the JS bundle stays as it was, and *.json is
 * outside the service worker's precache globs.
 */
function buildInfoPlugin(): Plugin {
  let env: Record<string, string>;
  return {
    name: 'purrfect-build-info',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
      const source = buildInfoJson({
        appVersion: pkg.version,
        syncContractVersion: SYNC_CONTRACT_VERSION,
        anonKey: env.VITE_SUPABASE_PUBLISHABLE_KEY ?? env.VITE_SUPABASE_ANON_KEY ?? '',
        supabaseUrl: env.VITE_SUPABASE_URL ?? '',
      });
      this.emitFile({ type: 'asset', fileName: BUILD_INFO_FILE, source });
    },
  };
}

/** The sync worker's entry and the module that names its URL to the page (src/data/sync/sync-worker-url.ts). */
const SYNC_WORKER_ENTRY = 'src/data/sync/sync-worker.ts';
const SYNC_WORKER_URL_MODULE = 'src/data/sync/sync-worker-url.ts';
/** The service worker's entry, built with the page as SERVICE_WORKER_FILE (and alone, classic, by vite-plugin-pwa). */
const SERVICE_WORKER_ENTRY = 'sw/sw.ts';

type OutputBundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/**
 * Fails the build if a worker's chunk (its file name in the bundle) imports a chunk that would run the page
 * (another entry, React) or that has CSS: a worker has no document. The chain is printed as well:
 * vite-plugin-pwa's own error on the missing build (closeBundle) would hide this one.
 */
function checkWorkerGraph(plugin: { error(message: string): never }, bundle: OutputBundle, workerFile: string, what: string): void {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const worker = chunks.get(workerFile);
  const fail = (message: string): never => {
    console.error(`purrfect-workers: ${message}`);
    return plugin.error(message);
  };
  if (!worker) return fail(`the ${what} chunk is missing`);
  const trail: string[] = [];
  const visit = (fileName: string, path: string[]) => {
    const chunk = chunks.get(fileName);
    if (!chunk || trail.includes(fileName)) return;
    trail.push(fileName);
    const page = chunk.isEntry && chunk !== worker;
    const react = chunk.moduleIds.some((m) => /\/node_modules\/(react|react-dom|react-router)\//.test(m));
    if (page || react || (chunk.viteMetadata?.importedCss.size ?? 0) > 0) {
      const parent = chunks.get(path.at(-1) ?? '');
      const base = fileName.split('/').at(-1) ?? fileName;
      const names = parent?.code.match(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["'][^"']*${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))?.[1]?.trim() ?? '';
      fail(
        `the ${what} would load ${[...path, fileName].join(' → ')} (for ${names || 'its side effects'}), which ${page ? 'runs the page' : react ? 'holds React' : 'has CSS'}; see CHUNK_GROUPS`,
      );
    }
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next, [...path, fileName]);
  };
  visit(worker.fileName, []);
}

/**
 * The sync worker as a chunk of the page's own build (a module worker), not a bundle of its own: it imports
 * the page's Dexie, zod and PostgREST chunks, which the page loads anyway, so a first visit downloads them
 * once (a separate bundle would be ~45 KB more on the hall's air).
 */
/** The tab's icon (index.html names it by this source path). */
const TAB_ICON = 'src/assets/favicon.svg';

/**
 * The tab's icon written into index.html as a data: URL (the policy allows data: pictures): 320 bytes of
 * SVG are cheaper inside the page than as a request of their own, with its headers, on a first visit.
 */
function inlineTabIconPlugin(): Plugin {
  let root = '';
  return {
    name: 'purrfect-inline-tab-icon',
    configResolved: (config) => void (root = config.root),
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => {
        const svg = readFileSync(resolve(root, TAB_ICON), 'utf8').trim();
        const href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
        if (!html.includes(`"/${TAB_ICON}"`)) throw new Error(`index.html does not name the tab's icon ${TAB_ICON}`);
        return html.replace(`"/${TAB_ICON}"`, `"${href}"`);
      },
    },
  };
}

/** The chunk group of what the first screen loads after the shell (CHUNK_GROUPS). */
const FIRST_SCREEN_CHUNK = 'start';

function syncWorkerChunkPlugin(): Plugin {
  let root = '';
  let reference = '';
  let base = '/';
  return {
    name: 'purrfect-sync-worker',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
      base = config.base;
    },
    buildStart() {
      reference = this.emitFile({ type: 'chunk', id: resolve(root, SYNC_WORKER_ENTRY), name: 'sync-worker' });
    },
    load(id) {
      if (id.replaceAll('\\', '/').endsWith(SYNC_WORKER_URL_MODULE)) {
        // Vite writes the file's URL from the base ('/assets/…'), or relative to this chunk with a relative base.
        return `export const syncWorkerUrl = () => new URL(import.meta.ROLLUP_FILE_URL_${reference}, import.meta.url);\n`;
      }
      return null;
    },
    generateBundle(_options, bundle) {
      checkWorkerGraph(this, bundle, this.getFileName(reference), 'sync worker');
    },
    // The first pull waits for a chain: the page's script, then the worker's file, then the files it imports.
    // Named in the page's head, the worker's files come with the page's own (the worker's imports are then
    // answered from the HTTP cache), and the first screen's too: the first pull, and with it the first screen
    // and the moment the phone is offline-ready, come round trips sooner.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (files.has(name) || chunk?.type !== 'chunk') return;
          files.add(name);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && (chunk.name === 'sync-worker' || chunk.name === FIRST_SCREEN_CHUNK)) visit(chunk.fileName);
        const named = new Set([...html.matchAll(/(?:src|href)="[^"]*?\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
        const links = [...files].filter((f) => !named.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`);
        return links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
      },
    },
  };
}

/**
 * The service worker as a module of the page's build, at the root (its scope is the app): it imports the
 * page's Dexie, outbox and PostgREST chunks, which a visit has in its HTTP cache already, instead of
 * carrying its own copies (the classic sw.js is ~50 KB gzip, over half of it Dexie). Its precache manifest
 * is injected with vite-plugin-pwa's own settings (the VitePWA integration below).
 */
function serviceWorkerChunkPlugin(): Plugin {
  let root = '';
  let reference = '';
  return {
    name: 'purrfect-service-worker',
    apply: 'build',
    configResolved: (config) => void (root = config.root),
    buildStart() {
      reference = this.emitFile({ type: 'chunk', id: resolve(root, SERVICE_WORKER_ENTRY), fileName: SERVICE_WORKER_FILE });
    },
    generateBundle(_options, bundle) {
      const fileName = this.getFileName(reference);
      checkWorkerGraph(this, bundle, fileName, 'service worker');
      // A new worker's install revalidates each script it imports (Chromium), a round trip per level of the
      // import graph: every file the worker needs is named in its own file, so all of them go at once. At
      // the end, and so after the imports that reach them: the order the modules run in does not change.
      const chunk = bundle[fileName];
      if (chunk?.type !== 'chunk') return;
      const direct = new Set(chunk.imports);
      const all = new Set<string>();
      const visit = (name: string) => {
        const next = bundle[name];
        if (all.has(name) || next?.type !== 'chunk') return;
        all.add(name);
        next.imports.forEach(visit);
      };
      chunk.imports.forEach(visit);
      const deeper = [...all].filter((name) => !direct.has(name));
      chunk.code += deeper.map((name) => `import"./${posix.relative(posix.dirname(fileName), name)}";`).join('');
    },
  };
}

/**
 * react-router's package exports only its development build, which differs from dist/production in one flag
 * (ENABLE_DEV_WARNINGS); the production build lets the minifier drop the warnings from the first route.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

/** Largest file the service worker precaches; route chunks must never be left out for size. */
const MAX_PRECACHE_FILE_BYTES = 5 * 1024 * 1024;

/** Whether a module id is one of these source files or folders (prefixes under src/). */
const inSrc =
  (...prefixes: string[]) =>
  (id: string) => {
    const path = id.replaceAll('\\', '/');
    return prefixes.some((p) => path.includes(`/src/${p}`));
  };
const inPackages =
  (...names: string[]) =>
  (id: string) => {
    const path = id.replaceAll('\\', '/');
    return names.some((n) => path.includes(`/node_modules/${n}/`));
  };
const isOrganiser = (id: string) => id.replaceAll('\\', '/').includes(`/${ORGANISER_SOURCE_DIR}`);
/** The floor plan's page and the parts of ui/ it draws with: left to the bundler, with the page's chunk (the second phase). */
const isFloorPlan = (id: string) => id.replaceAll('\\', '/').includes(`/${FLOOR_PLAN_SOURCE_DIR}`) || inSrc('ui/floor-plan/')(id);
/**
 * What loads once the phone is offline-ready (the second phase: shared/precache.ts): supabase-js and the
 * modules that import it. Not the outbox (data/outbox/outbox.ts): the vote and voucher screens queue into it offline, so it is in
 * their chunk, not in a file that may still be on its way when the network drops.
 */
const isBackend = (id: string) =>
  inSrc('data/supabase.ts', 'data/client.ts', 'data/backend-runtime.ts')(id) ||
  // supabase-js and the packages only it imports.
  inPackages('@supabase', 'tslib', 'iceberg-js')(id);
const isSyncWorkerEntry = inSrc(SYNC_WORKER_ENTRY.slice('src/'.length));
/** What only the service worker loads: its own sources and Workbox. */
const isServiceWorkerOnly = (id: string) =>
  id.replaceAll('\\', '/').includes('/sw/') ||
  inPackages('workbox-core', 'workbox-precaching', 'workbox-routing', 'workbox-strategies', 'workbox-cacheable-response')(id);
/** Shared files (the repository's shared/) the page and the workers import. */
const inShared =
  (...names: string[]) =>
  (id: string) =>
    names.some((n) => id.replaceAll('\\', '/').endsWith(`/shared/${n}`));
/** What the first route and the sync worker both load: the sync contract, its status store and messages. */
const isSyncShared = (id: string) =>
  inSrc('config.ts', 'data/sync/contract.ts', 'data/sync/protocol.ts', 'data/sync/status.ts', 'data/sync/messages.ts')(id) ||
  inShared('compare.ts', 'sw-protocol.ts', 'messages.ts', 'uuid.ts')(id) ||
  inSrc('data/outbox/backoff.ts')(id) ||
  id.replaceAll('\\', '/').includes('/node_modules/zustand/esm/vanilla');
/**
 * The rest of the sync worker's graph (not its entry, which would then run wherever the chunk loads), and
 * what the outbox's drain shares with the screens' outbox.
 */
const isSync = (id: string) =>
  inSrc('data/db.ts', 'data/sync/engine.ts', 'data/sync/worker-host.ts', 'data/quota.ts')(id) ||
  inSrc('data/sync/pull-cycle.ts', 'data/sync/pull-page.ts', 'data/sync/apply-page.ts', 'data/sync/mirror-bookkeeping.ts')(id) ||
  inSrc('data/outbox/classify.ts', 'data/outbox/lock.ts')(id) ||
  inShared('vote.ts', 'mirror-tables.ts', 'row-schemas.ts', 'zod-mini.ts')(id) ||
  inPackages('dexie', 'zod/v4/mini', 'zod/v4/core', 'zod/v4/locales')(id);
/**
 * The outbox's drain: the backend chunk's (a page drains once supabase-js is there) and the service worker's
 * (anonymous votes, when no page is open). With auth-js's error classes, it is no screen's.
 */
const isDrain = (id: string) => inSrc('data/outbox/drain.ts')(id) || id.replaceAll('\\', '/').includes('/node_modules/@supabase/auth-js/dist/module/lib/errors.js');
/** The worker's PostgREST client: its own file, which the backend chunk imports too, and no screen. */
const isPostgrest = (id: string) => inSrc('data/rpc-client.ts')(id) || inPackages('@supabase/postgrest-js')(id);
const isLeaflet = (id: string) => inPackages('leaflet', 'react-leaflet', '@react-leaflet')(id) || inSrc('ui/map/leaflet-map', 'ui/floor-plan/plan-map')(id);

/**
 * Few, larger chunks. Over the hall's 300 ms round trips each file costs a round trip whatever its size,
 * and the service worker gets three connections: dozens of files of 1–5 KB cost seconds
 * (bench/first-visit.ts measures it). Highest priority first; a module one group takes leaves the others. The backend
 * and Leaflet groups take only what they name (no dependencies): what they share with the screens stays
 * with the screens, so no screen loads supabase-js or Leaflet before it renders (bench/size.ts checks). The
 * organiser console's modules keep their own chunks (never precached: shared/precache.ts), and so do the
 * floor plan's (the second phase with Leaflet: shared/precache.ts).
 */
const CHUNK_GROUPS = [
  // The sync worker's modules (syncWorkerChunkPlugin), named file by file so that nothing of the page's
  // follows them in: what the first route shares with it, in a file of its own (a worker must never load
  // the first route's file: it runs the page); PostgREST, shared with the backend chunk; Dexie, zod/mini
  // and the sync engine, shared with the screens.
  { name: 'sync-shared', test: isSyncShared, includeDependenciesRecursively: false, priority: 60 },
  { name: 'postgrest', test: isPostgrest, includeDependenciesRecursively: false, priority: 57 },
  { name: 'sync', test: isSync, includeDependenciesRecursively: false, priority: 55 },
  { name: 'drain', test: isDrain, includeDependenciesRecursively: false, priority: 54 },
  // Everything the entry imports statically: the first route, one file.
  // (Not the sync worker's entry, which is $initial too: left alone, it is its own file, and the worker's first.)
  // Nor what only the service worker loads: left alone, it is in the worker's own file (SERVICE_WORKER_FILE).
  { name: 'shell', tags: ['$initial' as const], test: (id: string) => !isSyncWorkerEntry(id) && !isServiceWorkerOnly(id), priority: 50 },
  // Only a map loads Leaflet (ui/map/show-map.tsx imports leaflet-map.tsx lazily, ui/floor-plan/floor-plan-view.tsx plan-map.tsx).
  { name: LEAFLET_CHUNK, test: isLeaflet, includeDependenciesRecursively: false, priority: 45 },
  { name: BACKEND_CHUNK, test: isBackend, includeDependenciesRecursively: false, priority: 40 },
  // What the first screen loads after the shell: home, the page's database (Dexie), the outbox panel, and
  // the service worker's registration (the precache starts once the first pull is in).
  {
    name: FIRST_SCREEN_CHUNK,
    test: (id: string) => inSrc('features/home/home-page', 'data/mirror.ts', 'app/outbox-panel', 'app/register-sw')(id),
    priority: 30,
  },
  // The catalogue a visitor browses (and deep links and QR codes open): breeds, catteries, litters,
  // events, the schedule. Then every other visitor screen (pet products with their voucher forms and zod
  // among them). Each is one file, precached in one go and then opened from the cache; two, so that a deep
  // link into the catalogue parses only the catalogue's.
  { name: 'catalogue', test: inSrc('features/breeds/', 'features/breeders/', 'features/litters/', 'features/events/', 'features/schedule/'), priority: 25 },
  // The legal pages, and the account screens (sign in, register, the profile) with supabase-js they need:
  // the second phase's (shared/precache.ts). Only what they name: what they share stays with the screens.
  {
    name: LEGAL_CHUNK,
    test: (id: string) => LEGAL_SOURCES.some((source) => id.replaceAll('\\', '/').includes(`/${source}`)),
    includeDependenciesRecursively: false,
    priority: 22,
  },
  { name: ACCOUNT_CHUNK, test: (id: string) => id.replaceAll('\\', '/').includes(`/${ACCOUNT_SOURCE_DIR}`), includeDependenciesRecursively: false, priority: 22 },
  { name: 'screens', test: (id: string) => inSrc('')(id) && !isOrganiser(id) && !isFloorPlan(id) && !isSyncWorkerEntry(id), priority: 20 },
];

export default defineConfig(({ command, mode }) => {
  applyExampleDefaults(mode);
  // One trailing slash, as Vite's base, the manifest's scope and the worker's routes expect.
  const base = `${(process.env.VITE_BASE_PATH || '/').replace(/\/+$/, '')}/`;
  // The build's own output folder (a test may build elsewhere): its manifest says which chunks are the console's.
  let outDir = '';
  const outDirPlugin: Plugin = {
    name: 'purrfect-out-dir',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
  };
  return {
    base,
    define: compiledConfig(mode, command),
    resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
    plugins: [
      react(),
      outDirPlugin,
      contentSecurityPolicyPlugin(),
      buildInfoPlugin(),
      syncWorkerChunkPlugin(),
      serviceWorkerChunkPlugin(),
      inlineTabIconPlugin(),
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
        integration: {
          // Nor the web manifest (the plugin adds it after manifestTransforms): the browser keeps the
          // installed app's copy, and Workbox fetches an entry with a revision alone, bypassing the HTTP
          // cache: a round trip (300 ms in the hall) in every first visit's install, for a file no screen opens.
          beforeBuildServiceWorker: async (options) => {
            const extra = options.injectManifest.additionalManifestEntries;
            if (extra) options.injectManifest.additionalManifestEntries = extra.filter((e) => (typeof e === 'string' ? e : e.url) !== options.manifestFilename);
            // The module worker (serviceWorkerChunkPlugin) gets the same precache manifest as the classic one.
            const moduleWorker = resolve(outDir, SERVICE_WORKER_FILE);
            const { injectManifest } = await import('workbox-build');
            const { swSrc: _src, swDest: _dest, ...settings } = options.injectManifest;
            const result = await injectManifest({ ...settings, swSrc: moduleWorker, swDest: moduleWorker });
            for (const warning of result.warnings) console.warn(`${SERVICE_WORKER_FILE}: ${warning}`);
          },
        },
        injectManifest: {
          // Every JS chunk a visitor can load (each lazy route included), so any screen opens offline after one
          // visit: the second phase's too, marked (manifestTransforms below).
          globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
          // The manifest's icons are for the browser's install prompt and home screen, which fetch and keep
          // them themselves; no screen shows them, so a precache copy would be downloaded for nothing. (The
          // tab's icon is inside index.html: inlineTabIconPlugin.)
          // Nor the service workers themselves: the browser keeps its worker's scripts.
          globIgnores: ['**/node_modules/**/*', 'pwa-*.png', 'maskable-icon-*.png', 'apple-touch-icon.png', SERVICE_WORKER_FILE, CLASSIC_SERVICE_WORKER_FILE],
          maximumFileSizeToCacheInBytes: MAX_PRECACHE_FILE_BYTES,
          manifestTransforms: [
            (entries) => {
              const manifest = JSON.parse(readFileSync(resolve(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
              const consoleOnly = organiserOnlyFiles(manifest);
              const secondPhase = secondPhaseFiles(manifest);
              const file = (e: { url: string }) => e.url.replace(/^\//, '');
              // Not the organiser console's chunks (shared/precache.ts); the largest first, so they download
              // side by side rather than one of them last (sw/sw.ts). The second phase's files (hashed, so no
              // revision) are marked: the worker fetches them after the first visit, into their own cache.
              const critical = entries.filter((e) => !consoleOnly.has(file(e)) && !secondPhase.has(file(e))).sort((a, b) => b.size - a.size);
              const later = entries
                .filter((e) => secondPhase.has(file(e)))
                .map((e): SecondPhaseEntry & { size: number } => ({ url: e.url, revision: null, secondPhase: true, size: e.size }));
              // The shell's revision is its SHA-256, which the worker can check (crypto.subtle has no MD5):
              // it then takes the page's own navigation from the HTTP cache when it is this very file (sw/shell.ts).
              const shell = critical.find((e) => file(e) === SHELL_FILE);
              if (shell)
                shell.revision = createHash('sha256')
                  .update(readFileSync(resolve(outDir, SHELL_FILE)))
                  .digest('hex');
              return { manifest: [...critical, ...later] };
            },
          ],
        },
      }),
    ],
    build: {
      // bench/ reads the manifest to measure the first route's JavaScript.
      manifest: true,
      // Every browser the app supports (ES2022, service workers) has <link rel="modulepreload">: the
      // polyfill would only cost the first route bytes.
      modulePreload: { polyfill: false },
      // PURRFECT_DIST lets parallel runs (e2e, bench) build side by side without overwriting each other.
      outDir: process.env.PURRFECT_DIST || 'dist',
      emptyOutDir: true,
      target: 'es2022',
      // Maps are written next to the files (for tooling and crash triage) but not referenced from them,
      // and the venue server never serves *.map (server/static.ts): a 23 MB sw.js.map is not for the hall.
      sourcemap: 'hidden',
      rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    },
    server: { port: 5173, strictPort: false },
  };
});

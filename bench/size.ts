// Bytes of the build: what the first route loads and what the service worker precaches.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FLOOR_PLAN_SOURCE_DIR, ORGANISER_SOURCE_DIR, organiserOnlyFiles, reachableKeys, secondPhaseFiles, type ManifestChunk } from '../shared/precache.ts';
import { CLASSIC_SERVICE_WORKER_FILE, SERVICE_WORKER_FILE } from '../shared/sw-protocol.ts';
import { round, type BenchOptions, type Report } from './report.ts';

/** Source keys of the build manifest that the home page's first render needs (see src/main.tsx). */
const FIRST_RENDER = ['index.html'];

/**
 * The floor plan page's JavaScript beyond the critical files (its own chunks and Leaflet's), gzip: 49.0 KiB
 * measured with the page (its chunk 4.5 KiB; Leaflet's 44.4 KiB: Leaflet 1.9, react-leaflet 5, ui/map/leaflet-map
 * and ui/floor-plan/plan-map), rounded up.
 */
const PLAN_PAGE_JS_BUDGET_KIB = 50;
const PLAN_PAGE_JS_REASON = 'budget: 49.0 KiB measured with the floor plan page, rounded up';
const gzipKiB = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;
const brotliKiB = (path: string) => brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024;

export async function benchSize(report: Report, { distDir }: BenchOptions): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  // Everything the home page must download before it can render: the entry (index.html) with its static
  // imports, the app shell among them (home is part of it).
  const firstRoute = new Set<string>();
  const walk = (key: string) => {
    if (firstRoute.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
    firstRoute.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep);
  };
  for (const key of FIRST_RENDER) walk(key);
  const files = [...firstRoute].map((key) => manifest[key]!.file);
  const js = files.reduce((sum, file) => sum + gzipKiB(join(distDir, file)), 0);
  report.atMost('first-route JS of the home page (gzip)', round(js, 1), 'KiB', 120, 'exact', `${files.length} files: ${files.join(', ')}`);

  // What the first route's files hold, by the modules their source maps list (one file may hold many
  // modules, whatever its name).
  const firstRouteModules = files.flatMap((file) => sourcesOf(distDir, file));
  if (firstRouteModules.length === 0) throw new Error('the first route lists no modules: its source maps are missing');
  // The backend client loads after the first render (src/app/startup.ts, src/data/backend.ts), never before it.
  const backend = firstRouteModules.filter(isBackendClient);
  report.exactly('backend-client modules in the first route', backend.length, '', 0, backend.join(', '));
  const leaflet = firstRouteModules.filter(isLeaflet);
  report.exactly('leaflet modules in the first route', leaflet.length, '', 0, leaflet.join(', '));

  // A deep link (a QR code on a cattery's stand) renders its screen after the chunk holding it and the chunks
  // that chunk imports statically: none of them may hold supabase-js or Leaflet (vite.config.ts's chunk groups).
  const keyOf = new Map(Object.entries(manifest).map(([key, m]) => [m.file, key]));
  const screenFiles = Object.values(manifest)
    .map((m) => m.file)
    .filter((file) => sourcesOf(distDir, file).some(isVisitorScreen));
  if (screenFiles.length === 0) throw new Error('no chunk holds a visitor screen: the check below would prove nothing');
  const beforeScreen = new Set<string>();
  const walkStatic = (key: string) => {
    const file = manifest[key]?.file;
    if (!file || beforeScreen.has(file)) return;
    beforeScreen.add(file);
    for (const next of manifest[key]!.imports ?? []) walkStatic(next);
  };
  for (const file of screenFiles) walkStatic(keyOf.get(file)!);
  const heavy = [...beforeScreen].flatMap((file) =>
    sourcesOf(distDir, file)
      .filter((m) => isBackendClient(m) || isLeaflet(m))
      .map((m) => `${file}: ${m}`),
  );
  report.exactly(
    `supabase-js or Leaflet modules loaded before a visitor screen renders (${screenFiles.length} screen chunks)`,
    heavy.length,
    '',
    0,
    heavy.slice(0, 5).join(', '),
  );

  // The precache list exactly as the built worker will fetch it.
  const urls = precacheUrls(distDir);
  const rawBytes = urls.reduce((sum, url) => sum + statSync(join(distDir, url.replace(/^\//, ''))).size, 0);
  report.atMost(`total precache (${urls.length} entries, uncompressed)`, round(rawBytes / 1e6, 2), 'MB', 2, 'exact');
  // Every file a visitor's screens load is precached (any screen opens offline after one visit) or in the
  // second phase (fetched once the phone is offline-ready: shared/precache.ts); the organiser
  // console's own chunks are in neither (shared/precache.ts).
  const precached = new Set(urls.map((u) => u.replace(/^\//, '')));
  const consoleOnly = organiserOnlyFiles(manifest);
  const secondPhase = secondPhaseFiles(manifest);
  const later = new Set(secondPhaseUrls(distDir).map((u) => u.replace(/^\//, '')));
  const built = new Set(Object.values(manifest).flatMap((m) => [m.file, ...(m.css ?? [])]));
  // (The service worker's own script is the browser's to keep, not its precache's.)
  const missing = [...built].filter((f) => !consoleOnly.has(f) && !precached.has(f) && !later.has(f) && f !== SERVICE_WORKER_FILE);
  report.exactly('visitor JS and CSS files in neither the precache nor the second phase', missing.length, '', 0, missing.join(', '));
  benchSecondPhase(report, distDir, manifest, { secondPhase, precached, later, criticalBytes: rawBytes });
  if (consoleOnly.size === 0) throw new Error('no organiser console chunks found in the build manifest: the check below would prove nothing');
  const consolePrecached = [...consoleOnly].filter((f) => precached.has(f));
  report.exactly(`organiser console files in the precache (of ${consoleOnly.size})`, consolePrecached.length, '', 0, consolePrecached.join(', '));
  // What an install of an earlier build (and a browser refusing a module worker) gets: one classic script.
  report.atMost(
    `classic service worker ${CLASSIC_SERVICE_WORKER_FILE} (gzip; earlier builds' installs)`,
    round(gzipKiB(join(distDir, CLASSIC_SERVICE_WORKER_FILE)), 1),
    'KiB',
    59,
    'exact',
  );
  const bothLists = (worker?: string) => [...precacheUrls(distDir, worker), ...secondPhaseUrls(distDir, worker).map((u) => `second phase ${u}`)];
  const moduleUrls = bothLists();
  const classicUrls = bothLists(CLASSIC_SERVICE_WORKER_FILE);
  const differing = [...new Set([...moduleUrls, ...classicUrls])].filter((u) => moduleUrls.includes(u) !== classicUrls.includes(u));
  report.exactly(`precache entries the module and classic workers disagree on`, differing.length, '', 0, differing.join(', '));

  // The sync worker and the service worker are chunks of the page's build (vite.config.ts): what they load
  // that the page's own files do not is all they add to a first visit (bundles of their own were ~49 KiB
  // and ~50 KiB, supabase-js's and Dexie's copies).
  const filesOf = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file);
  // Everything a visitor's page can load, lazily too (a worker's entry is no import of the page's).
  const pageFiles = new Set(filesOf(reachableKeys(manifest, ['index.html'], () => true)));
  for (const [what, entry, budget] of [
    ['sync worker', 'src/data/sync/sync-worker.ts', 2],
    ['service worker', 'sw/sw.ts', 10],
  ] as const) {
    const workerKey = Object.keys(manifest).find((key) => key.endsWith(entry));
    if (!workerKey || !manifest[workerKey]!.isEntry) throw new Error(`the ${what} is not an entry of the build manifest`);
    const workerFiles = filesOf(reachableKeys(manifest, [workerKey], () => false));
    const workerOwn = workerFiles.filter((file) => !pageFiles.has(file));
    const workerAll = workerFiles.reduce((sum, file) => sum + gzipKiB(join(distDir, file)), 0);
    report.atMost(
      `${what}'s JS that the page does not load (gzip)`,
      round(
        workerOwn.reduce((sum, file) => sum + gzipKiB(join(distDir, file)), 0),
        1,
      ),
      'KiB',
      budget,
      'exact',
      `${workerOwn.join(', ')}; it loads ${workerFiles.length} files, ${round(workerAll, 1)} KiB, the others shared with the page`,
    );
  }

  // Strings only supabase-js's createClient brings: its auth client's name and the realtime and auth URLs it builds.
  const fullClientMarkers = ['GoTrueClient', 'realtime/v1', 'auth/v1'];
  const isFullClient = (file: string) => {
    const text = readFileSync(join(distDir, file), 'utf8');
    return fullClientMarkers.every((m) => text.includes(m));
  };
  // The page's chunk holding src/data/supabase.ts, by the sources its (unreferenced) source map lists (a
  // module grouped into a shared chunk has no manifest key of its own).
  const pageChunk = Object.values(manifest)
    .map((m) => m.file)
    .find((file) => sourcesOf(distDir, file).some((s) => s.endsWith('src/data/supabase.ts')));
  // Without the markers in the page's own chunk the count below would prove nothing.
  if (!pageChunk || !isFullClient(pageChunk)) throw new Error('the supabase-js markers are missing from the page chunk (src/data/supabase.ts)');
  const scripts = [
    SERVICE_WORKER_FILE,
    CLASSIC_SERVICE_WORKER_FILE,
    ...readdirSync(join(distDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => join('assets', f)),
  ];
  const copies = scripts.filter((f) => f !== pageChunk && isFullClient(f));
  report.exactly('supabase-js full client copies outside the page chunk', copies.length, '', 0, copies.join(', '));
}

/** Modules (as source maps name them) of the backend client and of Leaflet. */
const isBackendClient = (m: string) => /node_modules\/@supabase\/|src\/data\/(supabase|backend-runtime)\.ts$/.test(m);
const isLeaflet = (m: string) => /node_modules\/(leaflet|react-leaflet|@react-leaflet)\//.test(m);
/** A visitor screen's module (the organiser console's are not). */
const isVisitorScreen = (m: string) => /src\/features\/[^/]+\/[^/]+-page\.tsx$/.test(m) && !m.includes(ORGANISER_SOURCE_DIR);

/** The modules a built JS file holds, from its source map (written next to it, not referenced: vite.config.ts). */
function sourcesOf(distDir: string, file: string): string[] {
  const map = join(distDir, `${file}.map`);
  if (!file.endsWith('.js') || !existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** The entries of the manifest the build injected into a worker, with the second phase's mark. */
function workerManifest(distDir: string, worker: string): { url: string; secondPhase: boolean }[] {
  const sw = readFileSync(join(distDir, worker), 'utf8');
  const entries = [...sw.matchAll(/\{(?:"revision"|revision):(?:"[^"]*"|null),(?:(?:"secondPhase"|secondPhase):(true|!0),)?(?:"url"|url):"([^"]+)"\}/g)].map((m) => ({
    url: m[2]!,
    secondPhase: m[1] !== undefined,
  }));
  if (entries.length === 0) throw new Error(`no precache manifest found in ${worker}`);
  return entries;
}

/** The precache list exactly as the built worker will fetch it (a first visit waits for all of it). */
export function precacheUrls(distDir: string, worker = SERVICE_WORKER_FILE): string[] {
  return workerManifest(distDir, worker).flatMap((e) => (e.secondPhase ? [] : [e.url]));
}

/** The second phase's list (shared/precache.ts) as the built worker will fetch it once the phone is offline-ready. */
export function secondPhaseUrls(distDir: string, worker = SERVICE_WORKER_FILE): string[] {
  return workerManifest(distDir, worker).flatMap((e) => (e.secondPhase ? [e.url] : []));
}

/**
 * The second phase (shared/precache.ts): out of the critical precache and in the worker's own list, and what
 * it and the floor plan's page weigh.
 */
function benchSecondPhase(
  report: Report,
  distDir: string,
  manifest: Record<string, ManifestChunk>,
  lists: { secondPhase: Set<string>; precached: Set<string>; later: Set<string>; criticalBytes: number },
): void {
  const { secondPhase, precached, later } = lists;
  if (![...secondPhase].some((f) => f.endsWith('.js') && sourcesOf(distDir, f).some(isLeaflet))) {
    throw new Error('no second-phase chunk holds Leaflet: the checks below would prove nothing');
  }
  const inPrecache = [...secondPhase].filter((f) => precached.has(f));
  report.exactly(`second-phase files (shared/precache.ts) in the critical precache (of ${secondPhase.size})`, inPrecache.length, '', 0, inPrecache.join(', '));
  const notListed = [...secondPhase].filter((f) => !later.has(f));
  const extra = [...later].filter((f) => !secondPhase.has(f));
  report.exactly(`second-phase files the worker's second-phase list lacks or adds`, notListed.length + extra.length, '', 0, [...notListed, ...extra].join(', '));
  const files = [...secondPhase].sort();
  const raw = files.reduce((sum, f) => sum + statSync(join(distDir, f)).size, 0);
  const gzip = files.reduce((sum, f) => sum + gzipKiB(join(distDir, f)), 0);
  const brotli = files.reduce((sum, f) => sum + brotliKiB(join(distDir, f)), 0);
  report.atMost(
    `second phase: fetched once offline-ready (gzip, printed)`,
    round(gzip, 1),
    'KiB',
    Number.POSITIVE_INFINITY,
    'exact',
    `${files.length} files: ${files.join(', ')}; ${round(brotli, 1)} KiB brotli, ${round(raw / 1024, 1)} KiB raw; ` +
      `the critical precache ${round(lists.criticalBytes / 1e6, 2)} MB raw without them, ${round((lists.criticalBytes + raw) / 1e6, 2)} MB with them (before)`,
  );
  // The plan page's own JavaScript: what its lazy import loads beyond the critical files (its chunks, Leaflet).
  const planKeys = Object.keys(manifest).filter((k) => k.startsWith(FLOOR_PLAN_SOURCE_DIR) || (manifest[k]!.src ?? '').startsWith(FLOOR_PLAN_SOURCE_DIR));
  const planFiles = [...reachableKeys(manifest, planKeys, () => false)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js') && secondPhase.has(f));
  const leafletFiles = files.filter((f) => f.endsWith('.js') && sourcesOf(distDir, f).some(isLeaflet));
  const planJs = [...new Set([...planFiles, ...leafletFiles])].sort();
  const planGzip = planJs.reduce((sum, f) => sum + gzipKiB(join(distDir, f)), 0);
  const planBrotli = planJs.reduce((sum, f) => sum + brotliKiB(join(distDir, f)), 0);
  report.atMost(
    `floor plan page's JS beyond the critical files (gzip)`,
    round(planGzip, 1),
    'KiB',
    PLAN_PAGE_JS_BUDGET_KIB,
    'exact',
    `${planJs.join(', ')}; ${round(planBrotli, 1)} KiB brotli` +
      (planKeys.length ? '' : `; no module of ${FLOOR_PLAN_SOURCE_DIR} in this build: Leaflet alone`) +
      `; ${PLAN_PAGE_JS_REASON}`,
  );
}

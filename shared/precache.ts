// What the service worker precaches: every file a visitor's screens load, so any of them opens offline
// after one visit — but not the organiser console's own chunks, and not the second phase's. The console
// needs the server for every action (signed in, with the organiser role), so a copy on each visitor's phone
// would only cost the hall's air; an organiser online loads them on demand like any lazy route. The floor
// plan's page and Leaflet draw nothing on the first screens (Leaflet only with a maps key), so they are the
// second phase: out of the critical precache a first visit waits for, fetched by the service worker into a
// cache of their own once the phone is offline-ready (sw/second-phase.ts), so the plan still opens in
// airplane mode after one visit.

/** Where the organiser console's modules live; a lazy import of one starts the console's own chunks. */
export const ORGANISER_SOURCE_DIR = 'src/features/organiser/';
/** Where the floor plan's page lives; a lazy import of one of its modules starts the second phase's chunks. */
export const FLOOR_PLAN_SOURCE_DIR = 'src/features/floor-plan/';
/** The chunk group (vite.config.ts's CHUNK_GROUPS) holding Leaflet, react-leaflet and src/ui/map/leaflet-map. */
export const LEAFLET_CHUNK = 'leaflet';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The manifest keys `from` reaches through static imports and the dynamic imports `follow` lets through. */
export function reachableKeys(manifest: Manifest, from: Iterable<string>, follow: (key: string) => boolean): Set<string> {
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    reached.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (follow(next)) visit(next);
  };
  for (const key of from) visit(key);
  return reached;
}

const isConsole = (key: string) => key.startsWith(ORGANISER_SOURCE_DIR);

/** A chunk a lazy import of which starts the second phase: the floor plan's modules, or Leaflet's group. */
export function startsSecondPhase(manifest: Manifest, key: string): boolean {
  const chunk = manifest[key];
  return key.startsWith(FLOOR_PLAN_SOURCE_DIR) || (chunk?.src ?? '').startsWith(FLOOR_PLAN_SOURCE_DIR) || chunk?.name === LEAFLET_CHUNK;
}

const entriesOf = (manifest: Manifest) => Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [key] : []));
/** The dist-relative files (JS, CSS, assets) of these keys. */
const filesOf = (manifest: Manifest, keys: Iterable<string>) =>
  new Set([...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? []), ...(manifest[k]!.assets ?? [])]));

/** Every file a visitor's page can load, lazily too: all but the console's own. */
const visitorFiles = (manifest: Manifest) =>
  filesOf(
    manifest,
    reachableKeys(manifest, entriesOf(manifest), (key) => !isConsole(key)),
  );

/**
 * The build's files (JS and CSS, as dist-relative paths) that only the organiser console loads: those no
 * entry reaches without a lazy import of an organiser module.
 */
export function organiserOnlyFiles(manifest: Manifest): Set<string> {
  const visitor = visitorFiles(manifest);
  // Only what the console's own imports reach: an asset no chunk names (index.html's icon) is the page's.
  const consoleFiles = filesOf(
    manifest,
    reachableKeys(manifest, Object.keys(manifest).filter(isConsole), () => true),
  );
  return new Set([...consoleFiles].filter((f) => !visitor.has(f)));
}

/**
 * The second phase's files: those a visitor's page reaches only through a lazy import of the floor plan's
 * page or of Leaflet's chunk (what it shares with the other screens stays critical).
 */
export function secondPhaseFiles(manifest: Manifest): Set<string> {
  const critical = filesOf(
    manifest,
    reachableKeys(manifest, entriesOf(manifest), (key) => !isConsole(key) && !startsSecondPhase(manifest, key)),
  );
  return new Set([...visitorFiles(manifest)].filter((f) => !critical.has(f)));
}

// What the service worker precaches: every file a visitor's screens load, so any of them opens offline
// after one visit — but not the organiser console's own chunks, and not the second phase's. The console
// needs the server for every action (signed in, with the organiser role), so a copy on each visitor's phone
// would only cost the hall's air; an organiser online loads them on demand like any lazy route.
// What only some visitors open is the second phase: out of the critical precache a first visit waits for,
// fetched by the service worker into a cache of their own once the phone is offline-ready
// (src/app/offline-ready.ts, sw/second-phase.ts), so it still opens in airplane mode after one visit. That is
// the floor plan's page and Leaflet (which draws only with a maps key), supabase-js (sessions, the live show
// and Edge Functions: browsing, My show and a queued vote need none of it) with the account screens built on
// it, the QR code encoder (a coupon's, which needs an account, and the share sheet's), and the legal pages
// (privacy, terms, contact).

/** Where the organiser console's modules live; a lazy import of one starts the console's own chunks. */
export const ORGANISER_SOURCE_DIR = 'src/features/organiser/';
/** Where the floor plan's page lives; a lazy import of one of its modules starts the second phase's chunks. */
export const FLOOR_PLAN_SOURCE_DIR = 'src/features/floor-plan/';
/** Where the account screens live (sign in, register, the profile). */
export const ACCOUNT_SOURCE_DIR = 'src/features/account/';
/** The chunk group (vite.config.ts's CHUNK_GROUPS) holding Leaflet, react-leaflet and src/ui/map/leaflet-map. */
export const LEAFLET_CHUNK = 'leaflet';
/** The chunk group holding supabase-js and the page's modules that import it (src/data/backend-runtime.ts). */
export const BACKEND_CHUNK = 'backend';
/** The chunk group holding the account screens (ACCOUNT_SOURCE_DIR). */
export const ACCOUNT_CHUNK = 'account';
/** The chunk group holding the legal pages (privacy, terms, contact): read online, by few. */
export const LEGAL_CHUNK = 'legal';
/** The legal pages' modules (vite.config.ts's LEGAL_CHUNK group). */
export const LEGAL_SOURCES = ['src/features/static/privacy', 'src/features/static/terms-page', 'src/features/static/contact-page', 'src/features/static/mailbox-link'];
/** Sources a lazy import of which starts the second phase. */
const SECOND_PHASE_SOURCES = [FLOOR_PLAN_SOURCE_DIR, ACCOUNT_SOURCE_DIR, 'node_modules/qrcode-generator/'];
/** Chunk groups a lazy import of which starts the second phase. */
const SECOND_PHASE_CHUNKS: readonly string[] = [LEAFLET_CHUNK, BACKEND_CHUNK, ACCOUNT_CHUNK, LEGAL_CHUNK];

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

/** A chunk a lazy import of which starts the second phase: of its sources, or one of its groups. */
function startsSecondPhase(manifest: Manifest, key: string): boolean {
  const chunk = manifest[key];
  return SECOND_PHASE_SOURCES.some((dir) => key.startsWith(dir) || (chunk?.src ?? '').startsWith(dir)) || SECOND_PHASE_CHUNKS.includes(chunk?.name ?? '');
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
 * The second phase's files: those a visitor's page reaches only through a lazy import that starts the second
 * phase (what they share with the other screens stays critical).
 */
export function secondPhaseFiles(manifest: Manifest): Set<string> {
  const critical = filesOf(
    manifest,
    reachableKeys(manifest, entriesOf(manifest), (key) => !isConsole(key) && !startsSecondPhase(manifest, key)),
  );
  return new Set([...visitorFiles(manifest)].filter((f) => !critical.has(f)));
}

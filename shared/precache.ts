// What the service worker precaches: every file a visitor's screens load, so any of them opens offline
// after one visit — but not the organiser console's own chunks. The console needs the server for every
// action (signed in, with the organiser role), so a copy on each visitor's phone would only cost the
// hall's air; an organiser online loads them on demand like any lazy route.

/** Where the organiser console's modules live; a lazy import of one starts the console's own chunks. */
export const ORGANISER_SOURCE_DIR = 'src/features/organiser/';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** The manifest keys `from` reaches through static imports and the dynamic imports `follow` lets through. */
export function reachableKeys(manifest: Record<string, ManifestChunk>, from: Iterable<string>, follow: (key: string) => boolean): Set<string> {
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

/**
 * The build's files (JS and CSS, as dist-relative paths) that only the organiser console loads: those no
 * entry reaches without a lazy import of an organiser module.
 */
export function organiserOnlyFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const reach = (from: Iterable<string>, follow: (key: string) => boolean) => reachableKeys(manifest, from, follow);
  const isConsole = (key: string) => key.startsWith(ORGANISER_SOURCE_DIR);
  const entries = Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [key] : []));
  const files = (keys: Iterable<string>) => new Set([...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? []), ...(manifest[k]!.assets ?? [])]));
  const visitorFiles = files(reach(entries, (key) => !isConsole(key)));
  // Only what the console's own imports reach: an asset no chunk names (index.html's icon) is the page's.
  const consoleFiles = files(reach(Object.keys(manifest).filter(isConsole), () => true));
  return new Set([...consoleFiles].filter((f) => !visitorFiles.has(f)));
}

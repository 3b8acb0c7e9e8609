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

/**
 * The build's files (JS and CSS, as dist-relative paths) that only the organiser console loads: those no
 * entry reaches without a lazy import of an organiser module.
 */
export function organiserOnlyFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const reached = new Set<string>();
  const visit = (key: string) => {
    if (reached.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    reached.add(key);
    for (const next of chunk.imports ?? []) visit(next);
    for (const next of chunk.dynamicImports ?? []) if (!next.startsWith(ORGANISER_SOURCE_DIR)) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const files = (keys: Iterable<string>) => new Set([...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]));
  const visitorFiles = files(reached);
  return new Set([...files(Object.keys(manifest))].filter((f) => !visitorFiles.has(f)));
}

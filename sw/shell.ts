// The shell's precache entry from the page's own navigation. A first visit's page arrived as the answer to
// its navigation (/, or a deep link: every path is answered with index.html), and Workbox would then fetch
// index.html again over the network for the precache, bypassing the HTTP cache. When a window's address is
// in the HTTP cache with this build's shell — its SHA-256 is the entry's revision (vite.config.ts) — that
// copy is taken instead; anything else (another build's page, nothing cached) goes to the network as before.
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface ShellEntry {
  /** Absolute URL of the shell's precache entry. */
  url: string;
  /** Hex SHA-256 of the shell's bytes. */
  revision: string;
}

export interface ShellDeps {
  /** Addresses of the app's windows, the page being installed from among them. */
  windowUrls(): Promise<string[]>;
  /** Whether a window's address is answered with the shell (a navigation the worker's route serves). */
  isShellPath(url: URL): boolean;
  fetch: typeof fetch;
  digest(bytes: ArrayBuffer): Promise<ArrayBuffer>;
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A window's address whose copy in the HTTP cache is this build's shell, if any. */
async function cachedShellAddress(entry: ShellEntry, deps: ShellDeps): Promise<string | null> {
  const origin = new URL(entry.url).origin;
  for (const address of await deps.windowUrls()) {
    const url = new URL(address);
    if (url.origin !== origin || !deps.isShellPath(url)) continue;
    url.hash = '';
    // force-cache: any stored copy, without asking the server (a miss goes to the network: checked below).
    const response = await deps.fetch(url.href, { cache: 'force-cache', credentials: 'same-origin' }).catch(() => null);
    if (!response?.ok || response.redirected) continue;
    if (hex(await deps.digest(await response.arrayBuffer())) === entry.revision) return url.href;
  }
  return null;
}

/**
 * A plugin for the precache: the shell's entry is fetched from the address of a window whose copy in the
 * HTTP cache is this very file (force-cache: no request leaves the phone), else as Workbox asks.
 */
export function shellFromNavigation(entry: ShellEntry | undefined, deps: ShellDeps): WorkboxPlugin {
  return {
    requestWillFetch: async ({ request }) => {
      if (!entry || request.url !== entry.url) return request;
      const address = await cachedShellAddress(entry, deps).catch(() => null);
      return address ? new Request(address, { cache: 'force-cache', credentials: 'same-origin' }) : request;
    },
  };
}
